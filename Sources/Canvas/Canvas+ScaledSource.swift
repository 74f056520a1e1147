import Geometry
import CCairo

extension Canvas {
    /// Makes `image`, stretched over `rect` (in `cr`'s current user space), the source of `cr`,
    /// sampled with `filter` and padded at its edges (a stretched image's last row and column
    /// clamp instead of fading to transparent). The context's transform moves to the image's
    /// pixels: set paths before, and save and restore around it.
    static func setSource(_ cr: OpaquePointer, stretching image: Surface, over rect: Rect, filter: cairo_filter_t) {
        cairo_translate(cr, rect.minX, rect.minY)
        cairo_scale(cr, rect.width / Double(image.width), rect.height / Double(image.height))
        cairo_set_source_surface(cr, image.raw, 0, 0)
        let pattern = cairo_get_source(cr)
        cairo_pattern_set_filter(pattern, filter)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
    }
}
