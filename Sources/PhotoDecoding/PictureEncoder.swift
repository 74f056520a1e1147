import CImageCodecs

/// JPEG and WebP files from opaque pixels: what the folder generator writes, and the tests'
/// fixtures (with EXIF orientations of their choosing).
package enum PictureEncoder {
    /// A JPEG of `pixels` at `quality` (1…100), baseline or progressive, with `app1` (such as
    /// ``exifOrientation(_:bigEndian:)``'s) as its first segment.
    package static func jpeg(_ pixels: PixelBuffer, quality: Int, progressive: Bool = false,
                             app1: [UInt8]? = nil) throws(PictureWriteError) -> [UInt8] {
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = message.withUnsafeMutableBufferPointer { text in
            withOptionalBytes(app1) { segment, length in
                segue_jpeg_encode(pixels.bytes.assumingMemoryBound(to: UInt8.self), pixels.stride,
                                  UInt32(pixels.width), UInt32(pixels.height), Int32(quality), progressive ? 1 : 0,
                                  segment, length, &out, &size, text.baseAddress, text.count)
            }
        }
        defer { segue_codec_free(out) }
        guard status == SEGUE_CODEC_OK, let out else {
            throw PictureWriteError("JPEG encoder: \(message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })")
        }
        return Array(UnsafeBufferPointer(start: out, count: size))
    }

    /// A WebP of `pixels`: lossless, or lossy at `quality` (0…100).
    package static func webp(_ pixels: PixelBuffer, quality: Int = 90, lossless: Bool = false) throws(PictureWriteError) -> [UInt8] {
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        let status = segue_webp_encode(pixels.bytes.assumingMemoryBound(to: UInt8.self), pixels.stride,
                                       UInt32(pixels.width), UInt32(pixels.height), Int32(quality), lossless ? 1 : 0,
                                       &out, &size)
        defer { segue_codec_free(out) }
        guard status == SEGUE_CODEC_OK, let out else { throw PictureWriteError("WebP encoder failed") }
        return Array(UnsafeBufferPointer(start: out, count: size))
    }

    /// An APP1 payload holding only EXIF's orientation tag: "Exif\0\0", a TIFF header in
    /// either byte order, and IFD0 with one entry (0x0112, SHORT, 1 value).
    package static func exifOrientation(_ orientation: Int, bigEndian: Bool = false) -> [UInt8] {
        func u16(_ value: Int) -> [UInt8] {
            let bytes = [UInt8(value & 0xff), UInt8((value >> 8) & 0xff)]
            return bigEndian ? bytes.reversed() : bytes
        }
        func u32(_ value: Int) -> [UInt8] {
            let bytes = (0..<4).map { UInt8((value >> (8 * $0)) & 0xff) }
            return bigEndian ? bytes.reversed() : bytes
        }
        var payload = Array("Exif".utf8) + [0, 0]
        payload += bigEndian ? Array("MM".utf8) : Array("II".utf8)
        payload += u16(42) + u32(8)                 // IFD0 right after the 8-byte TIFF header
        payload += u16(1)                           // one entry
        payload += u16(0x0112) + u16(3) + u32(1)    // orientation, SHORT, one value
        payload += u16(orientation) + [0, 0]        // the value, left-justified in 4 bytes
        payload += u32(0)                           // no IFD1
        return payload
    }

    /// Writes `bytes` to `path`.
    package static func write(_ bytes: [UInt8], to path: String) throws(PictureWriteError) {
        try PictureFile.write(bytes, to: path)
    }

    private static func withOptionalBytes<T>(_ bytes: [UInt8]?, _ body: (UnsafePointer<UInt8>?, Int) -> T) -> T {
        guard let bytes else { return body(nil, 0) }
        return bytes.withUnsafeBufferPointer { body($0.baseAddress, $0.count) }
    }
}
