import Canvas
import Motion

/// Pixel helpers for assertions on screenshots.
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
}

extension Surface {
    /// The centre of the first blob of `color` (each channel within `tolerance`/255) in raster
    /// order: the mean of the matching pixels within `radius` of the first one found. Nil when
    /// no pixel matches. For finding a window on a desktop by a mark of known colour.
    public func centroid(of color: Color, tolerance: Int = 3, radius: Int = 12) -> Point? {
        var first: (x: Int, y: Int)?
        search: for y in 0..<height {
            for x in 0..<width where Surface.channelDistance(pixel(x: x, y: y), color) <= tolerance {
                first = (x, y)
                break search
            }
        }
        guard let first else { return nil }
        var sumX = 0.0, sumY = 0.0, count = 0.0
        for y in max(0, first.y - radius)..<min(height, first.y + 2 * radius) {
            for x in max(0, first.x - 2 * radius)..<min(width, first.x + 2 * radius)
            where Surface.channelDistance(pixel(x: x, y: y), color) <= tolerance {
                sumX += Double(x) + 0.5
                sumY += Double(y) + 0.5
                count += 1
            }
        }
        return Point(x: sumX / count, y: sumY / count)
    }
}
