import Canvas
import Geometry

/// A connected set of pixels: its bounding box (inclusive) and how many pixels it has.
public struct Blob: Sendable {
    public var minX: Int, minY: Int, maxX: Int, maxY: Int, count: Int
    public var width: Int { maxX - minX + 1 }
    public var height: Int { maxY - minY + 1 }
}

extension Surface {
    /// The 4-connected blobs of pixels matching `predicate` that contain a pixel of the
    /// `grid`-px sampling grid (every blob at least `grid` px wide and high is found; smaller
    /// ones may be missed). A coarse grid keeps a full-screen search cheap in debug builds.
    public func blobs(grid: Int = 1, where predicate: (Color) -> Bool) -> [Blob] {
        var seen = Set<Int>()
        var blobs: [Blob] = []
        for y0 in Swift.stride(from: 0, to: height, by: grid) {
            for x0 in Swift.stride(from: 0, to: width, by: grid) {
                let start = y0 * width + x0
                guard !seen.contains(start), predicate(pixel(x: x0, y: y0)) else { continue }
                var blob = Blob(minX: x0, minY: y0, maxX: x0, maxY: y0, count: 0)
                var stack = [start]
                seen.insert(start)
                while let index = stack.popLast() {
                    let x = index % width, y = index / width
                    blob.minX = min(blob.minX, x); blob.maxX = max(blob.maxX, x)
                    blob.minY = min(blob.minY, y); blob.maxY = max(blob.maxY, y)
                    blob.count += 1
                    for (nx, ny) in [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
                    where nx >= 0 && nx < width && ny >= 0 && ny < height {
                        let next = ny * width + nx
                        if !seen.contains(next) && predicate(pixel(x: nx, y: ny)) {
                            seen.insert(next)
                            stack.append(next)
                        }
                    }
                }
                blobs.append(blob)
            }
        }
        return blobs
    }

    /// The pixel at (x, y), or nil outside the surface.
    public func pixelIfInside(x: Int, y: Int) -> Color? {
        x >= 0 && x < width && y >= 0 && y < height ? pixel(x: x, y: y) : nil
    }
}
