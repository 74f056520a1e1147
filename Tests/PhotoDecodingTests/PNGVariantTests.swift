import Geometry
@testable import PhotoDecoding
import Testing

/// PNG's colour types and depths that Cairo never writes, each expanded to premultiplied
/// ARGB32. The files are built here byte by byte, their image data in stored (uncompressed)
/// deflate blocks.
@Suite struct PNGVariantTests {
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return bigEndian32(UInt32(data.count)) + body + bigEndian32(crc32(body[...]))
    }

    /// A zlib stream holding `raw` in one stored block, with its Adler-32.
    static func zlibStored(_ raw: [UInt8]) -> [UInt8] {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in raw { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        let length = UInt16(raw.count)
        return [0x78, 0x01, 0x01, UInt8(length & 0xff), UInt8(length >> 8), UInt8(~length & 0xff), UInt8(~length >> 8)]
            + raw + bigEndian32(b << 16 | a)
    }

    /// A PNG of `rows` (each already packed, without its filter byte), colour type and depth.
    static func png(width: Int, colorType: UInt8, depth: UInt8, rows: [[UInt8]], extra: [UInt8] = []) -> [UInt8] {
        let header = bigEndian32(UInt32(width)) + bigEndian32(UInt32(rows.count)) + [depth, colorType, 0, 0, 0]
        let raw: [UInt8] = rows.flatMap { row -> [UInt8] in [0] + row }
        return [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] + chunk("IHDR", header) + extra
            + chunk("IDAT", zlibStored(raw)) + chunk("IEND", [])
    }

    func decodedRow(_ bytes: [UInt8]) throws -> [UInt32] {
        let fixtures = Fixtures()
        let picture = try PictureDecoder.decode(path: fixtures.write("v.png", bytes), fitting: nil)
        return (0..<picture.surface.width).map { picture.surface.rawPixel(x: $0, y: 0) }
    }

    @Test func paletteWithTransparency() throws {
        let bytes = Self.png(width: 2, colorType: 3, depth: 8, rows: [[0, 1]],
                             extra: Self.chunk("PLTE", [255, 0, 0, 0, 0, 255]) + Self.chunk("tRNS", [255, 128]))
        #expect(try decodedRow(bytes) == [0xffff_0000, 0x8000_0080])
    }

    @Test func sixteenBitGray() throws {
        let bytes = Self.png(width: 2, colorType: 0, depth: 16, rows: [[0xff, 0xff, 0x80, 0x80]])
        #expect(try decodedRow(bytes) == [0xffff_ffff, 0xff80_8080])
    }

    @Test func grayWithAlpha() throws {
        // 200 at alpha 100: 200 · 100 / 255 = 78.4, premultiplied to 78 (0x4E).
        let bytes = Self.png(width: 1, colorType: 4, depth: 8, rows: [[200, 100]])
        #expect(try decodedRow(bytes) == [0x644e_4e4e])
    }

    @Test func oneBitGray() throws {
        let bytes = Self.png(width: 4, colorType: 0, depth: 1, rows: [[0b1010_0000]])
        #expect(try decodedRow(bytes) == [0xffff_ffff, 0xff00_0000, 0xffff_ffff, 0xff00_0000])
    }

    @Test func sixteenBitRGBAIsPremultiplied() throws {
        // Red at half alpha, in 16 bits a channel.
        let bytes = Self.png(width: 1, colorType: 6, depth: 16, rows: [[0xff, 0xff, 0, 0, 0, 0, 0x80, 0x80]])
        #expect(try decodedRow(bytes) == [0x8080_0000])
    }
}
