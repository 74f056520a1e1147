import Geometry
import CCairo

/// A drawing context on a ``Surface``: a Cairo context with a current transform and clip.
///
/// Coordinates are user units, mapped to device pixels by ``transform`` (initially the
/// identity). Every operation composites with "over" unless it says otherwise. Colours are
/// straight-alpha sRGB; the surface stores them premultiplied.
///
/// ```swift
/// let canvas = Canvas(surface: surface)
/// canvas.withSavedState {
///     canvas.translate(x: 20, y: 20)
///     canvas.drawShadow(roundedRect: card, radius: 12, blur: 16, offset: Point(x: 0, y: 4),
///                       color: Color.black.withAlpha(0.3))
///     canvas.fill(roundedRect: card, radius: 12, color: .white)
/// }
/// ```
///
/// Keep one canvas per surface and reuse it across frames: it caches shadow masks. Not
/// thread-safe.
public final class Canvas {
    /// The surface drawn into.
    public let surface: Surface
    /// The Cairo context (`cairo_t *`).
    let cr: OpaquePointer
    /// Blurred rounded-rectangle masks for ``drawShadow(roundedRect:radius:blur:offset:color:)``.
    let shadowMasks = ShadowMaskCache()

    /// Makes a context drawing into `surface`, with the identity transform and no clip.
    public init(surface: Surface) {
        self.surface = surface
        cr = cairo_create(surface.raw)!
    }

    deinit {
        cairo_destroy(cr)
    }

    /// Throws if Cairo has put this context into an error state.
    ///
    /// Cairo errors are sticky: after one (e.g. an unbalanced ``restore()``), every later
    /// drawing call does nothing. Call this after a frame to find out.
    public func check() throws {
        try cairo_status(cr).check("drawing failed")
    }

    // MARK: State

    /// Pushes a copy of the transform, clip and drawing settings.
    public func save() {
        cairo_save(cr)
    }

    /// Pops the state pushed by the matching ``save()``.
    public func restore() {
        cairo_restore(cr)
    }

    /// Runs `body` between ``save()`` and ``restore()``, restoring even when it throws.
    public func withSavedState<T>(_ body: () throws -> T) rethrows -> T {
        cairo_save(cr)
        defer { cairo_restore(cr) }
        return try body()
    }

    // MARK: Transform

    /// Moves the origin of user space by (`x`, `y`) user units.
    public func translate(x: Double, y: Double) {
        cairo_translate(cr, x, y)
    }

    /// Scales user space. A zero factor collapses drawing to nothing rather than breaking the
    /// context (Cairo refuses singular matrices).
    public func scale(x: Double, y: Double) {
        concatenate(AffineTransform(scaleX: x, y: y))
    }

    /// Applies `t` to user space before the current transform (as `CGContextConcatCTM`).
    public func concatenate(_ t: AffineTransform) {
        transform = t.concatenating(transform)
    }

    /// The current user-to-device transform.
    ///
    /// Setting a singular or non-finite transform collapses drawing to nothing (a tiny
    /// scale at its translation) instead of putting Cairo into an error state.
    public var transform: AffineTransform {
        get {
            var m = cairo_matrix_t()
            cairo_get_matrix(cr, &m)
            return AffineTransform(a: m.xx, b: m.yx, c: m.xy, d: m.yy, tx: m.x0, ty: m.y0)
        }
        set {
            var t = newValue
            let det = t.a * t.d - t.b * t.c
            if !det.isFinite || abs(det) < 1e-18 || !t.tx.isFinite || !t.ty.isFinite {
                t = AffineTransform(a: 1e-6, b: 0, c: 0, d: 1e-6,
                                    tx: t.tx.isFinite ? t.tx : 0, ty: t.ty.isFinite ? t.ty : 0)
            }
            var m = cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
            cairo_set_matrix(cr, &m)
        }
    }

    // MARK: Clipping

    /// The bounding box of what can still be painted (the clip and the surface), in user space:
    /// a drawing wholly outside it changes nothing.
    public var clipExtents: Rect {
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_clip_extents(cr, &x1, &y1, &x2, &y2)
        return Rect(x: x1, y: y1, width: x2 - x1, height: y2 - y1)
    }

    /// Intersects the clip with `rect` (in user space). Undone by ``restore()``.
    public func clip(to rect: Rect) {
        cairo_new_path(cr)
        cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
        cairo_clip(cr)
    }

    /// Intersects the clip with a rounded rectangle (antialiased). Undone by ``restore()``.
    public func clip(toRoundedRect rect: Rect, radius: Double) {
        setRoundedRectPath(rect, radius: radius)
        cairo_clip(cr)
    }

    /// Intersects the clip with the inside of `path` (non-zero winding). Undone by ``restore()``.
    public func clip(to path: Path) {
        path.apply(to: cr)
        cairo_clip(cr)
    }

    // MARK: Shapes

    /// Fills a rectangle with a solid colour.
    public func fill(_ rect: Rect, color: Color) {
        cairo_new_path(cr)
        cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
        fillPath(color)
    }

    /// Fills a rectangle with corners of `radius` (clamped to half the shorter side).
    public func fill(roundedRect rect: Rect, radius: Double, color: Color) {
        setRoundedRectPath(rect, radius: radius)
        fillPath(color)
    }

    /// Strokes a rectangle's outline, centred on its edges.
    public func stroke(_ rect: Rect, color: Color, lineWidth: Double) {
        cairo_new_path(cr)
        cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
        strokePath(color, lineWidth: lineWidth)
    }

    /// Strokes a rounded rectangle's outline, centred on its edges.
    public func stroke(roundedRect rect: Rect, radius: Double, color: Color, lineWidth: Double) {
        setRoundedRectPath(rect, radius: radius)
        strokePath(color, lineWidth: lineWidth)
    }

    /// Fills the ellipse inscribed in `rect`.
    public func fillEllipse(in rect: Rect, color: Color) {
        guard !rect.isEmpty else { return }
        Path(ellipseIn: rect).apply(to: cr)
        fillPath(color)
    }

    /// Fills a path (non-zero winding).
    public func fill(_ path: Path, color: Color) {
        path.apply(to: cr)
        fillPath(color)
    }

    /// Strokes a path with lines of `lineWidth` (butt caps, miter joins: Cairo's defaults).
    public func stroke(_ path: Path, color: Color, lineWidth: Double) {
        path.apply(to: cr)
        strokePath(color, lineWidth: lineWidth)
    }

    /// Fills `rect` with a linear gradient running from `from` to `to` (user space).
    ///
    /// `stops` are (offset 0…1, colour) pairs in increasing offset; beyond the ends the end
    /// colours continue. Colours are interpolated premultiplied, as Cairo and Core Graphics do.
    public func fillLinearGradient(_ rect: Rect, from: Point, to: Point, stops: [(Double, Color)]) {
        guard let pattern = cairo_pattern_create_linear(from.x, from.y, to.x, to.y) else { return }
        defer { cairo_pattern_destroy(pattern) }
        for (offset, color) in stops {
            cairo_pattern_add_color_stop_rgba(pattern, offset, color.red, color.green, color.blue, color.alpha)
        }
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_new_path(cr)
        cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
        cairo_set_source(cr, pattern)
        cairo_fill(cr)
    }

    // MARK: Text

    /// Draws a text layout with its top-left corner at `origin`.
    public func drawText(_ layout: TextLayout, at origin: Point, color: Color) {
        cairo_new_path(cr)
        cairo_move_to(cr, origin.x, origin.y)
        setSource(color)
        layout.show(in: cr)
        cairo_new_path(cr)
    }

    // MARK: Helpers

    func setSource(_ color: Color) {
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
    }

    private func fillPath(_ color: Color) {
        setSource(color)
        cairo_fill(cr)
    }

    private func strokePath(_ color: Color, lineWidth: Double) {
        setSource(color)
        cairo_set_line_width(cr, lineWidth)
        cairo_stroke(cr)
    }

    /// Replaces the current path with a rounded rectangle, radius clamped to half the shorter side.
    func setRoundedRectPath(_ rect: Rect, radius: Double) {
        cairo_new_path(cr)
        let r = min(max(radius, 0), rect.width / 2, rect.height / 2)
        guard r > 0 else {
            cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
            return
        }
        let half = Double.pi / 2
        cairo_new_sub_path(cr)
        cairo_arc(cr, rect.maxX - r, rect.minY + r, r, -half, 0)
        cairo_arc(cr, rect.maxX - r, rect.maxY - r, r, 0, half)
        cairo_arc(cr, rect.minX + r, rect.maxY - r, r, half, 2 * half)
        cairo_arc(cr, rect.minX + r, rect.minY + r, r, 2 * half, 3 * half)
        cairo_close_path(cr)
    }
}

extension Canvas {
    /// Intersects the clip with the union of `rects`, given in device pixels (whole pixels
    /// give Cairo's fast rectangular clip). Undone by ``restore()``.
    public func clip<Rects: Sequence<Rect>>(toDeviceRects rects: Rects) {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        cairo_identity_matrix(cr)
        cairo_new_path(cr)
        for rect in rects { cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height) }
        cairo_clip(cr)
        cairo_set_matrix(cr, &m)
    }
}
