import Geometry
import Canvas
import Foundation
import Motion
import SegueTesting
import Testing

/// Helpers shared by the Canvas tests.
enum Fixture {
    /// A deterministic image (SegueTesting's ``FixtureImages/noisyRamp(width:height:translucent:seed:)``).
    static func image(width: Int, height: Int, translucent: Bool = false, seed: UInt64 = 1) -> Surface {
        FixtureImages.noisyRamp(width: width, height: height, translucent: translucent, seed: seed)
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
