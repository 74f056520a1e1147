import Geometry
import CCairo

/// An image with copies of itself halved along either axis (a mipmap per axis), built on
/// demand and kept.
///
/// Shrinking a large image with Cairo's "good" filter costs a convolution as wide as the
/// shrink, every frame: tens of milliseconds for a full-window image squeezed into a card.
/// ``Canvas/draw(_:in:cornerRadius:alpha:)`` starts instead from the smallest copy that is
/// still at least as large as the target along each axis, so what is left is a shrink by
/// less than two, which the cheap bilinear filter does without visible aliasing. Each copy is
/// a 2:1 box average of the one before it, made once.
public final class ImagePyramid {
    /// The full-size image.
    public let image: Surface
    /// Copies by (halvings along x, halvings along y).
    private var levels: [Level: Surface] = [:]

    private struct Level: Hashable {
        var x: Int
        var y: Int
    }

    /// A pyramid over `image` (only the image itself until a smaller copy is asked for).
    public init(_ image: Surface) {
        self.image = image
    }

    /// The copy to draw `image` with at `scaleX` × `scaleY` target pixels per image pixel.
    func level(scaleX: Double, scaleY: Double) -> Surface {
        surface(at: Level(x: Self.halvings(scaleX, size: image.width), y: Self.halvings(scaleY, size: image.height)))
    }

    /// How many times the image can be halved along an axis and stay at least `scale` of its size.
    private static func halvings(_ scale: Double, size: Int) -> Int {
        var count = 0, factor = 0.5
        // Stop before copies a few pixels small (their edges would weigh too much).
        while scale <= factor, size >> (count + 1) >= 8 {
            count += 1
            factor /= 2
        }
        return count
    }

    private func surface(at level: Level) -> Surface {
        if level.x == 0, level.y == 0 { return image }
        if let surface = levels[level] { return surface }
        // From the copy one halving less, along the axis with more halvings.
        let parentLevel = level.x >= level.y ? Level(x: level.x - 1, y: level.y) : Level(x: level.x, y: level.y - 1)
        let parent = surface(at: parentLevel)
        let halveX = parentLevel.x < level.x
        let width = halveX ? max(1, parent.width / 2) : parent.width
        let height = halveX ? parent.height : max(1, parent.height / 2)
        let surface = Surface(width: width, height: height)
        let cr = cairo_create(surface.raw)!
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        Canvas.setSource(cr, stretching: parent, over: Rect(x: 0, y: 0, width: Double(width), height: Double(height)),
                         filter: CAIRO_FILTER_GOOD)
        cairo_paint(cr)
        cairo_destroy(cr)
        levels[level] = surface
        return surface
    }
}
