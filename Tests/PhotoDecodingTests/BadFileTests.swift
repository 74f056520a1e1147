import Canvas
import Geometry
@testable import PhotoDecoding
import Testing

/// Every bad file gives exactly one error, from probe and decode alike, and never crashes.
@Suite struct BadFileTests {
    /// The error `body` throws, or nil when it returns.
    func error(_ body: () throws(PictureDecodeError) -> Void) -> PictureDecodeError? {
        do {
            try body()
            return nil
        } catch {
            return error
        }
    }

    func decodeError(_ path: String, fitting: Size? = nil) -> PictureDecodeError? {
        error { () throws(PictureDecodeError) in _ = try PictureDecoder.decode(path: path, fitting: fitting) }
    }

    func probeError(_ path: String) -> PictureDecodeError? {
        error { () throws(PictureDecodeError) in _ = try PictureDecoder.probe(path: path) }
    }

    /// A photo-like JPEG (noise, shapes), so that its entropy-coded data fills most of the file.
    func photoJPEG(_ fixtures: Fixtures) -> [UInt8] {
        var random = SeededRandom(seed: 3)
        return try! PictureEncoder.jpeg(PictureFolderGenerator.draw(width: 400, height: 300, random: &random), quality: 85)
    }

    @Test func emptyFile() {
        let fixtures = Fixtures()
        let path = fixtures.write("empty.jpg", [])
        #expect(probeError(path) == .empty)
        #expect(decodeError(path) == .empty)
    }

    @Test func textNamedJPG() {
        let fixtures = Fixtures()
        let path = fixtures.write("notes.jpg", Array("Not a picture, just some words.\n".utf8))
        #expect(probeError(path) == .unsupportedFormat)
        #expect(decodeError(path) == .unsupportedFormat)
    }

    @Test func missingFileAndDirectory() {
        let fixtures = Fixtures()
        #expect(decodeError(fixtures.path("nowhere.jpg")) == .unreadable(fixtures.path("nowhere.jpg") + ": No such file or directory"))
        #expect(probeError(fixtures.directory) == .unreadable(fixtures.directory + ": Is a directory"))
    }

    /// Cut in the middle of its image data, a JPEG is refused as truncated (not padded grey),
    /// though its header still probes.
    @Test func truncatedJPEG() throws {
        let fixtures = Fixtures()
        let whole = photoJPEG(fixtures)
        let path = fixtures.write("cut.jpg", Array(whole.prefix(whole.count / 2)))
        #expect(try PictureDecoder.probe(path: path).pixelWidth == 400)
        #expect(decodeError(path) == .truncated)
        #expect(decodeError(path, fitting: Size(width: 50, height: 50)) == .truncated)
        let header = fixtures.write("header-cut.jpg", Array(whole.prefix(100)))
        #expect(probeError(header) == .truncated)
        #expect(decodeError(header) == .truncated)
    }

    /// Every row present and only the EOI marker missing: the picture decodes.
    @Test func jpegWithoutEndMarkerDecodes() throws {
        let fixtures = Fixtures()
        let whole = photoJPEG(fixtures)
        #expect(Array(whole.suffix(2)) == [0xff, 0xd9])
        let path = fixtures.write("no-eoi.jpg", Array(whole.dropLast(2)))
        #expect(try PictureDecoder.decode(path: path, fitting: nil).surface.width == 400)
    }

    /// A progressive JPEG cut inside a scan is truncated too; with every scan but no EOI it
    /// decodes.
    @Test func truncatedProgressiveJPEG() throws {
        let fixtures = Fixtures()
        var random = SeededRandom(seed: 3)
        let whole = try PictureEncoder.jpeg(PictureFolderGenerator.draw(width: 400, height: 300, random: &random),
                                            quality: 85, progressive: true)
        let cut = fixtures.write("cut.jpg", Array(whole.prefix(whole.count / 2)))
        #expect(decodeError(cut) == .truncated)
        #expect(decodeError(cut, fitting: Size(width: 50, height: 50)) == .truncated)
        let noEnd = fixtures.write("no-eoi.jpg", Array(whole.dropLast(2)))
        #expect(try PictureDecoder.decode(path: noEnd, fitting: nil).surface.width == 400)
    }

    @Test func truncatedPNG() {
        let fixtures = Fixtures()
        var random = SeededRandom(seed: 4)
        let png = fixtures.bytes(fixtures.png("whole.png", PictureFolderGenerator.draw(width: 200, height: 150, random: &random)))
        let path = fixtures.write("cut.png", Array(png.prefix(png.count / 2)))
        #expect(decodeError(path) == .truncated)
        let header = fixtures.write("header-cut.png", Array(png.prefix(20)))
        #expect(probeError(header) == .truncated)
    }

    @Test func truncatedWebP() {
        let fixtures = Fixtures()
        var random = SeededRandom(seed: 5)
        let webp = try! PictureEncoder.webp(PictureFolderGenerator.draw(width: 200, height: 150, random: &random), lossless: false)
        let path = fixtures.write("cut.webp", Array(webp.prefix(webp.count / 2)))
        #expect(decodeError(path) == .truncated)
    }

    /// A JPEG declaring a precision libjpeg does not decode: corrupt, with libjpeg's reason.
    @Test func corruptJPEG() {
        let fixtures = Fixtures()
        var bytes = photoJPEG(fixtures)
        let frame = sofOffset(bytes)
        bytes[frame + 4] = 7 // sample precision: 8 is the only one this libjpeg takes
        let path = fixtures.write("precision.jpg", bytes)
        guard case .corrupt(let reason) = decodeError(path) else {
            Issue.record("expected .corrupt, got \(String(describing: decodeError(path)))")
            return
        }
        #expect(reason.contains("precision"), "\(reason)")
        #expect(probeError(path) == decodeError(path))
    }

    /// A damaged byte in the image data of a PNG: zlib's checksum and the chunk CRC catch it.
    @Test func corruptPNG() {
        let fixtures = Fixtures()
        var random = SeededRandom(seed: 6)
        var png = fixtures.bytes(fixtures.png("whole.png", PictureFolderGenerator.draw(width: 64, height: 64, random: &random)))
        let data = chunkOffset(png, "IDAT")
        png[data + 8 + 20] ^= 0xff
        let path = fixtures.write("damaged.png", png)
        guard case .corrupt = decodeError(path) else {
            Issue.record("expected .corrupt, got \(String(describing: decodeError(path)))")
            return
        }
    }

    /// 30000×30000 declared: refused from the header, before any pixel memory (3.6 GB) exists.
    @Test func hugeDeclaredJPEG() {
        let fixtures = Fixtures()
        var bytes = photoJPEG(fixtures)
        let frame = sofOffset(bytes)
        bytes.replaceSubrange(frame + 5..<frame + 9, with: [0x75, 0x30, 0x75, 0x30]) // height, width: 30000
        let path = fixtures.write("huge.jpg", bytes)
        #expect(probeError(path) == .tooLarge(width: 30000, height: 30000))
        #expect(decodeError(path) == .tooLarge(width: 30000, height: 30000))
        #expect(decodeError(path, fitting: Size(width: 100, height: 100)) == .tooLarge(width: 30000, height: 30000))
    }

    @Test func hugeDeclaredPNG() {
        let fixtures = Fixtures()
        var png = fixtures.bytes(fixtures.png("small.png", quadrantPicture(width: 16, height: 16)))
        let header = chunkOffset(png, "IHDR")
        png.replaceSubrange(header + 8..<header + 16, with: bigEndian32(30000) + bigEndian32(30000))
        // The CRC covers the type and the data: recomputed so that only the size is wrong.
        png.replaceSubrange(header + 21..<header + 25, with: bigEndian32(crc32(png[header + 4..<header + 21])))
        let path = fixtures.write("huge.png", png)
        #expect(probeError(path) == .tooLarge(width: 30000, height: 30000))
        #expect(decodeError(path) == .tooLarge(width: 30000, height: 30000))
    }

    /// The maximum itself: 100 megapixels, so 30000×30000 (900) is over and 10000×10000 is not.
    @Test func maximum() {
        #expect(PictureDecoder.maximumPixelCount == 100_000_000)
    }

    /// The offset of the JPEG's SOF0 marker (0xFFC0).
    func sofOffset(_ bytes: [UInt8]) -> Int {
        var at = 2
        while at + 4 < bytes.count {
            if bytes[at] == 0xff && bytes[at + 1] == 0xc0 { return at }
            at += 2 + Int(bytes[at + 2]) << 8 + Int(bytes[at + 3])
        }
        fatalError("no SOF0")
    }

    /// The offset of the first PNG chunk of `type` (its length field).
    func chunkOffset(_ bytes: [UInt8], _ type: String) -> Int {
        var at = 8
        while at + 8 <= bytes.count {
            let length = Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            if Array(bytes[at + 4..<at + 8]) == Array(type.utf8) { return at }
            at += 12 + length
        }
        fatalError("no \(type)")
    }
}
