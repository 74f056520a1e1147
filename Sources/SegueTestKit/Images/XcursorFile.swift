import Foundation

/// An Xcursor file (a cursor theme's `cursors/NAME`), read here without libXcursor or
/// libwayland-cursor, so that tests know a cursor's size and hotspot independently of the app.
///
/// The format (Xcursor(3)): a header `Xcur`, header size, version, TOC count; TOC entries of
/// (type, subtype, position); image chunks of type 0xfffd0002 whose subtype is the nominal size,
/// with a 36-byte header (size, type, subtype, version, width, height, xhot, yhot, delay) and
/// then width × height premultiplied ARGB pixels. All little-endian.
public struct XcursorFile: Sendable {
    public struct Image: Sendable, Equatable {
        public var nominalSize: Int
        public var width: Int, height: Int
        public var xhot: Int, yhot: Int
        /// Premultiplied ARGB, row by row.
        public var pixels: [UInt32]
    }

    /// The images in file order.
    public let images: [Image]

    public init(path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw HarnessError("cannot read the cursor file \(path)")
        }
        let bytes = [UInt8](data)
        func u32(_ at: Int) throws -> Int {
            guard at + 4 <= bytes.count else { throw HarnessError("\(path): truncated Xcursor file") }
            return Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24
        }
        guard bytes.count >= 16, Array(bytes[0..<4]) == Array("Xcur".utf8) else {
            throw HarnessError("\(path) is not an Xcursor file")
        }
        let headerSize = try u32(4), count = try u32(12)
        var images: [Image] = []
        for entry in 0..<count {
            let base = headerSize + entry * 12
            guard try u32(base) == 0xfffd0002 else { continue }
            let position = try u32(base + 8)
            let width = try u32(position + 16), height = try u32(position + 20)
            let pixelStart = position + (try u32(position))
            var pixels: [UInt32] = []
            pixels.reserveCapacity(width * height)
            for i in 0..<(width * height) { pixels.append(UInt32(try u32(pixelStart + 4 * i))) }
            images.append(Image(nominalSize: try u32(position + 8), width: width, height: height,
                                xhot: try u32(position + 24), yhot: try u32(position + 28), pixels: pixels))
        }
        guard !images.isEmpty else { throw HarnessError("\(path) holds no image") }
        self.images = images
    }

    /// The first image of the nominal size nearest `size` (what libXcursor and
    /// libwayland-cursor load for a theme opened at `size`; the first is a still cursor's only frame).
    public func image(nearest size: Int) -> Image {
        let best = images.map(\.nominalSize).min { abs($0 - size) < abs($1 - size) }!
        return images.first { $0.nominalSize == best }!
    }

    /// `/usr/share/icons/THEME/cursors/NAME`.
    public static func path(theme: String, name: String) -> String { "/usr/share/icons/\(theme)/cursors/\(name)" }
}
