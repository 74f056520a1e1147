import Geometry
import Canvas
import Motion
import SegueTesting

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
