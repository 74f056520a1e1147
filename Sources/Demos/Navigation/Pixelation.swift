import Geometry
import Canvas

/// Draws images as square blocks, for the pixelate dissolve (tutorial 003): each block takes the
/// image's colour at the block's centre (bilinear, as Core Image's `CIPixellate` and GPUImage's
/// pixellate filter sample), the grid starting at the image's top-left corner, the last row and
/// column (partial when the block size does not divide the size) clamped to the image's edge.
///
/// The image is shrunk to ⌈w / block⌉ × ⌈h / block⌉ pixels, then enlarged with the nearest
/// filter. Sampling rather than averaging keeps a full-window frame well under a millisecond (a
/// box-filtered shrink costs several). The small surfaces are kept by size, so an animation
/// allocates only when its block size changes.
final class Pixelation {
    private struct Size: Hashable {
        var width: Int
        var height: Int
    }

    private var scratch: [Size: Surface] = [:]

    /// Draws `image` into `rect` of `canvas` in blocks of `blockSize` user units; a block size
    /// of at most 1 draws the image as it is.
    func draw(_ image: Surface, in rect: Rect, blockSize: Double, alpha: Double = 1, on canvas: Canvas) {
        guard blockSize > 1 else {
            canvas.draw(image, in: rect, alpha: alpha)
            return
        }
        guard !rect.isEmpty, image.width > 0, image.height > 0, alpha > 0 else { return }
        let columns = Int((rect.width / blockSize).rounded(.up))
        let rows = Int((rect.height / blockSize).rounded(.up))
        let small = surface(width: columns, height: rows)

        // Shrink: the image spans rect.width / blockSize small pixels, so small pixel i samples
        // the centre of block i; a partial last block reads the image's edge.
        let shrink = Canvas(surface: small)
        shrink.clear(Rect(x: 0, y: 0, width: Double(columns), height: Double(rows)))
        shrink.draw(image, stretchedOver: Rect(x: 0, y: 0, width: rect.width / blockSize, height: rect.height / blockSize),
                    filter: .fast)

        // Enlarge: each small pixel becomes one block, cut at `rect`.
        canvas.withSavedState {
            canvas.clip(to: rect)
            canvas.draw(small, stretchedOver: Rect(x: rect.minX, y: rect.minY, width: Double(columns) * blockSize,
                                                   height: Double(rows) * blockSize),
                        alpha: alpha, filter: .nearest)
        }
    }

    /// A kept surface of the given size; its contents are whatever was last drawn into it.
    private func surface(width: Int, height: Int) -> Surface {
        let key = Size(width: width, height: height)
        if let surface = scratch[key] { return surface }
        if scratch.count >= 4 { scratch.removeAll() }
        let surface = Surface(width: width, height: height)
        scratch[key] = surface
        return surface
    }
}
