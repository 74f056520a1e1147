import Canvas
import Foundation
import Geometry
@testable import PhotoDecoding

/// Pictures the tests write for themselves, in a fresh temporary directory per test.
final class Fixtures {
    let directory: String

    init() {
        directory = NSTemporaryDirectory() + "photo-decoding-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: directory)
    }

    func path(_ name: String) -> String { directory + "/" + name }

    /// Writes `bytes` as `name` and returns the path.
    @discardableResult
    func write(_ name: String, _ bytes: [UInt8]) -> String {
        let path = path(name)
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        return path
    }

    func bytes(_ path: String) -> [UInt8] {
        [UInt8](FileManager.default.contents(atPath: path)!)
    }

    func jpeg(_ name: String, _ pixels: PixelBuffer, quality: Int = 95, progressive: Bool = false, app1: [UInt8]? = nil) -> String {
        write(name, try! PictureEncoder.jpeg(pixels, quality: quality, progressive: progressive, app1: app1))
    }

    func png(_ name: String, _ pixels: PixelBuffer) -> String {
        let path = path(name)
        try! pixels.surface.writePNG(to: path)
        return path
    }

    func webp(_ name: String, _ pixels: PixelBuffer, lossless: Bool = true) -> String {
        write(name, try! PictureEncoder.webp(pixels, quality: 95, lossless: lossless))
    }

    /// `pixels` written in `format` (each at its defaults) as `stem` with the format's extension.
    func file(_ format: PictureFormat, _ stem: String, _ pixels: PixelBuffer) -> String {
        switch format {
        case .jpeg: jpeg(stem + ".jpg", pixels)
        case .png: png(stem + ".png", pixels)
        case .webp: webp(stem + ".webp", pixels)
        }
    }
}

/// The four colours of the quadrant pictures, clockwise from the top left. Saturated but not
/// at 0 or 255, so that JPEG's ringing has room on both sides.
enum Quadrant: CaseIterable {
    case topLeft, topRight, bottomRight, bottomLeft

    var color: Color {
        switch self {
        case .topLeft: Color(hex: 0xD82828)      // red
        case .topRight: Color(hex: 0x28B040)     // green
        case .bottomRight: Color(hex: 0xE8D830)  // yellow
        case .bottomLeft: Color(hex: 0x3040D0)   // blue
        }
    }

    /// The quadrant at column `x` (0 left, 1 right) and row `y` (0 top, 1 bottom).
    static func at(x: Int, y: Int) -> Quadrant {
        switch (x, y) {
        case (0, 0): .topLeft
        case (1, 0): .topRight
        case (1, 1): .bottomRight
        default: .bottomLeft
        }
    }

    /// The mean of the four colours: the average of a picture split into equal quadrants.
    static var mean: Color {
        let all = allCases.map(\.color)
        let n = Double(all.count)
        return Color(red: all.map(\.red).reduce(0, +) / n, green: all.map(\.green).reduce(0, +) / n,
                     blue: all.map(\.blue).reduce(0, +) / n)
    }
}

/// A `width` × `height` picture of four quadrants; `colorAt` picks each quadrant's colour from
/// its column and row (the upright layout by default).
func quadrantPicture(width: Int, height: Int,
                     colorAt: (Int, Int) -> Color = { Quadrant.at(x: $0, y: $1).color }) -> PixelBuffer {
    let pixels = PixelBuffer(width: width, height: height)
    let canvas = Canvas(surface: pixels.surface)
    let halfWidth = Double(width / 2), halfHeight = Double(height / 2)
    for y in 0..<2 {
        for x in 0..<2 {
            let rect = Rect(x: Double(x) * halfWidth, y: Double(y) * halfHeight,
                            width: x == 0 ? halfWidth : Double(width) - halfWidth,
                            height: y == 0 ? halfHeight : Double(height) - halfHeight)
            canvas.fill(rect, color: colorAt(x, y))
        }
    }
    return pixels
}

/// The colour at the middle of a quadrant of `surface`, away from the edges where JPEG's
/// blocks and chroma subsampling blur one colour into the next.
func colorInQuadrant(_ surface: Surface, _ quadrant: Quadrant) -> Color {
    let (x, y): (Int, Int) = switch quadrant {
    case .topLeft: (1, 1)
    case .topRight: (3, 1)
    case .bottomRight: (3, 3)
    case .bottomLeft: (1, 3)
    }
    return surface.pixel(x: surface.width * x / 4, y: surface.height * y / 4)
}

/// Whether each component of `a` is within `tolerance` (0…1) of `b`'s.
func close(_ a: Color, _ b: Color, within tolerance: Double) -> Bool {
    abs(a.red - b.red) <= tolerance && abs(a.green - b.green) <= tolerance
        && abs(a.blue - b.blue) <= tolerance && abs(a.alpha - b.alpha) <= tolerance
}

/// PNG's chunk checksum (CRC-32, polynomial 0xEDB88320), for fixtures whose header is edited.
func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
    var crc: UInt32 = 0xffff_ffff
    for byte in bytes {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xedb8_8320 : crc >> 1 }
    }
    return ~crc
}

func bigEndian32(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8((value >> 16) & 0xff), UInt8((value >> 8) & 0xff), UInt8(value & 0xff)]
}
