import Geometry
import CCairo

extension Canvas {
    /// Makes `rect` fully transparent, replacing what was there instead of blending.
    public func clear(_ rect: Rect) {
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_rgba(cr, 0, 0, 0, 0)
        cairo_new_path(cr)
        cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
        cairo_fill(cr)
    }

    /// Intersects the clip with the part of `area` outside the rounded rectangle `shape`: the
    /// corners a rounded window cuts from its square frame. Undone by ``restore()``.
    public func clip(to area: Rect, outsideRoundedRect shape: Rect, radius: Double) {
        // Even-odd over both outlines is "in exactly one of them"; within `area`, that is
        // `area` minus the shape.
        clip(to: area)
        var outline = Path(rect: shape, cornerRadius: radius)
        outline.move(to: Point(x: area.minX, y: area.minY))
        outline.addLine(to: Point(x: area.maxX, y: area.minY))
        outline.addLine(to: Point(x: area.maxX, y: area.maxY))
        outline.addLine(to: Point(x: area.minX, y: area.maxY))
        outline.close()
        outline.apply(to: cr)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
        cairo_clip(cr)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
    }
}
