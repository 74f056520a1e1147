import Geometry
@testable import PhotoDecoding
import Testing

/// Files cut at every length and with bytes flipped at random: each gives a picture or one of
/// the errors, never a crash or a hang.
@Suite struct DamagedDataTests {
    enum Kind: String, CaseIterable { case jpeg, png, webp }

    func small(_ kind: Kind, _ fixtures: Fixtures) -> [UInt8] {
        var random = SeededRandom(seed: 9)
        let pixels = PictureFolderGenerator.draw(width: 24, height: 16, random: &random)
        return switch kind {
        case .jpeg: try! PictureEncoder.jpeg(pixels, quality: 80, app1: PictureEncoder.exifOrientation(6))
        case .png: fixtures.bytes(fixtures.png("small.png", pixels))
        case .webp: try! PictureEncoder.webp(pixels, quality: 80)
        }
    }

    /// The errors a damaged file may give (a flipped size byte can declare a huge picture);
    /// `.unreadable` and `.cancelled` cannot come from damage.
    func isDamageError(_ error: PictureDecodeError) -> Bool {
        switch error {
        case .empty, .unsupportedFormat, .truncated, .corrupt, .tooLarge: true
        case .unreadable, .cancelled: false
        }
    }

    @Test(arguments: Kind.allCases)
    func everyPrefix(kind: Kind) {
        let fixtures = Fixtures()
        let whole = small(kind, fixtures)
        let path = fixtures.path("cut")
        var truncatedCount = 0
        for length in 0..<whole.count {
            fixtures.write("cut", Array(whole.prefix(length)))
            do {
                let picture = try PictureDecoder.decode(path: path, fitting: Size(width: 8, height: 8))
                // Only a file missing nothing but its end marker may still decode.
                #expect(length >= whole.count - 12, "\(kind) cut to \(length) of \(whole.count) decoded")
                #expect(picture.surface.width > 0)
            } catch {
                #expect(isDamageError(error), "\(kind) cut to \(length): \(error)")
                if error == .truncated { truncatedCount += 1 }
            }
        }
        // Past the signature, cutting means truncation (not a vague "corrupt") nearly always.
        #expect(truncatedCount >= whole.count * 3 / 4, "\(kind): \(truncatedCount) of \(whole.count) prefixes truncated")
    }

    @Test(arguments: Kind.allCases)
    func flippedBytes(kind: Kind) {
        let fixtures = Fixtures()
        let whole = small(kind, fixtures)
        let path = fixtures.path("flipped")
        var random = SeededRandom(seed: 11)
        for _ in 0..<400 {
            var bytes = whole
            for _ in 0..<(1 + random.below(4)) {
                bytes[random.below(bytes.count)] ^= UInt8(1 + random.below(255))
            }
            fixtures.write("flipped", bytes)
            do {
                _ = try PictureDecoder.probe(path: path)
                _ = try PictureDecoder.decode(path: path, fitting: nil)
            } catch {
                #expect(isDamageError(error), "\(kind): \(error)")
            }
        }
    }
}
