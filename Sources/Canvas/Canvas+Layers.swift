import CCairo

extension Canvas {
    /// Starts drawing into an offscreen group, so a subtree can be faded as one
    /// (alpha applied to the whole, not to each overlapping part). Pair with
    /// ``endTransparencyLayer(alpha:)``.
    public func beginTransparencyLayer() {
        cairo_push_group(cr)
    }

    /// Composites the group begun by ``beginTransparencyLayer()`` with `alpha`.
    public func endTransparencyLayer(alpha: Double) {
        cairo_pop_group_to_source(cr)
        cairo_paint_with_alpha(cr, alpha)
        // Drop the group pattern now rather than keeping it alive as the source.
        cairo_set_source_rgb(cr, 0, 0, 0)
    }
}
