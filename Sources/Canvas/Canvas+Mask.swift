import Geometry
import CCairo

extension Canvas {
    /// Paints `color` through the alpha of `mask`, scaled into `rect`: glyphs and icons drawn
    /// once as a mask can change colour every frame without being drawn again.
    public func fill(mask: Surface, in rect: Rect, color: Color) {
        guard mask.width > 0, mask.height > 0, rect.width > 0, rect.height > 0 else { return }
        cairo_save(cr)
        cairo_translate(cr, rect.minX, rect.minY)
        cairo_scale(cr, rect.width / Double(mask.width), rect.height / Double(mask.height))
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
        cairo_mask_surface(cr, mask.raw, 0, 0)
        cairo_restore(cr)
    }
}
