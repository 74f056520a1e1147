import Geometry
import Canvas
import Motion

/// Pixel comparisons for assertions on renders and screenshots.
extension Surface {
    /// The largest per-channel difference (0…255) between two colours.
    public static func channelDistance(_ a: Color, _ b: Color) -> Int {
        Int((max(abs(a.red - b.red), abs(a.green - b.green), abs(a.blue - b.blue)) * 255).rounded())
    }

    /// The fraction of pixels whose channels differ by more than `tolerance` (0…255).
    public func fractionDiffering(from other: Surface, tolerance: Int = 2) -> Double {
        guard width == other.width, height == other.height else { return 1 }
        var differing = 0
        for y in 0..<height {
            for x in 0..<width where Surface.channelDistance(pixel(x: x, y: y), other.pixel(x: x, y: y)) > tolerance {
                differing += 1
            }
        }
        return Double(differing) / Double(width * height)
    }

    /// The first column in `row` (scanning right from `from`) whose pixel matches `predicate`.
    public func firstColumn(inRow y: Int, from x0: Int = 0, where predicate: (Color) -> Bool) -> Int? {
        (x0..<width).first { predicate(pixel(x: $0, y: y)) }
    }

    /// Same size and every pixel equal.
    public func isPixelEqual(to other: Surface) -> Bool {
        guard width == other.width, height == other.height else { return false }
        for y in 0..<height {
            for x in 0..<width where pixel(x: x, y: y) != other.pixel(x: x, y: y) {
                return false
            }
        }
        return true
    }
}
