import Geometry
import Canvas
import Foundation
import Motion
import SegueTesting
import Testing

/// Helpers shared by the Canvas tests.
enum Fixture {
    /// A deterministic image: a smooth colour ramp with seeded noise, optionally translucent.
    static func image(width: Int, height: Int, translucent: Bool = false, seed: UInt64 = 1) -> Surface {
        let surface = Surface(width: width, height: height)
        let canvas = Canvas(surface: surface)
        canvas.fillLinearGradient(Rect(x: 0, y: 0, width: Double(width), height: Double(height)),
                                  from: .zero, to: Point(x: Double(width), y: Double(height)),
                                  stops: [(0, Color(hex: 0xd03030)), (0.5, Color(hex: 0x30a050)), (1, Color(hex: 0x3050e0))])
        var state = seed
        for _ in 0..<(width * height / 40 + 1) {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let x = Double((state >> 33) % UInt64(max(width, 1)))
            let y = Double((state >> 13) % UInt64(max(height, 1)))
            canvas.fill(Rect(x: x, y: y, width: 2, height: 2), color: Color(hex: UInt32(truncatingIfNeeded: state >> 40)))
        }
        if translucent {
            let mask = Surface(width: width, height: height)
            let maskCanvas = Canvas(surface: mask)
            maskCanvas.draw(surface, at: .zero, alpha: 0.6)
            maskCanvas.fill(Rect(x: 0, y: 0, width: Double(width) / 3, height: Double(height)), color: Color.white.withAlpha(0.2))
            return mask
        }
        return surface
    }

    /// A surface filled with one colour.
    static func solid(width: Int, height: Int, color: Color) -> Surface {
        let surface = Surface(width: width, height: height)
        surface.clear(to: color)
        return surface
    }
}

extension Surface {
    /// The pixel as 0…255 premultiplied-free channel bytes (r, g, b, a), for readable asserts.
    func bytes(x: Int, y: Int) -> [Int] {
        let c = pixel(x: x, y: y)
        return [c.red, c.green, c.blue, c.alpha].map { Int(($0 * 255).rounded()) }
    }

    /// The alpha of a pixel, 0…255.
    func alpha255(x: Int, y: Int) -> Int { Int((pixel(x: x, y: y).alpha * 255).rounded()) }

    /// Columns (in order) holding at least one pixel with alpha > 0.
    func paintedColumns() -> [Int] {
        (0..<width).filter { x in (0..<height).contains { alpha255(x: x, y: $0) > 0 } }
    }

    /// Rows (in order) of column `x` with alpha > 0.
    func paintedRows(inColumn x: Int) -> [Int] {
        (0..<height).filter { alpha255(x: x, y: $0) > 0 }
    }

    /// The largest per-channel difference (premultiplied bytes) at each pixel.
    func channelDifferences(to other: Surface) -> [Int] {
        precondition(width == other.width && height == other.height)
        var result: [Int] = []
        result.reserveCapacity(width * height)
        for y in 0..<height {
            for x in 0..<width {
                let a = premultiplied(x: x, y: y), b = other.premultiplied(x: x, y: y)
                result.append(zip(a, b).map { abs($0 - $1) }.max()!)
            }
        }
        return result
    }

    /// Premultiplied channel bytes as stored (a, r, g, b), reconstructed from `pixel`.
    func premultiplied(x: Int, y: Int) -> [Int] {
        let c = pixel(x: x, y: y)
        let a = c.alpha
        return [a, c.red * a, c.green * a, c.blue * a].map { Int(($0 * 255).rounded()) }
    }
}
