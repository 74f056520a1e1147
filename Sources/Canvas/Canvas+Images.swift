import Geometry
import CCairo

extension Canvas {
    /// Images at least this large (pixels) are copied by rows rather than by pixman's blit.
    static let largeCopyPixels = 256 * 256

    /// Draws `image` scaled to fill `rect` (user space), under the current transform.
    ///
    /// The image's edges are clamped (not faded into transparency) and cut at `rect`, so
    /// a scaled image keeps crisp edges. `alpha` multiplies the image's own alpha.
    public func draw(_ image: Surface, in rect: Rect, alpha: Double = 1, filter: ImageFilter = .good) {
        guard !rect.isEmpty, image.width > 0, image.height > 0, alpha > 0 else { return }
        withSavedState {
            clip(to: rect)
            cairo_translate(cr, rect.minX, rect.minY)
            cairo_scale(cr, rect.width / Double(image.width), rect.height / Double(image.height))
            paint(image, alpha: alpha, filter: filter, extend: CAIRO_EXTEND_PAD)
        }
    }

    /// Draws `pyramid`'s image scaled to fill `rect` (user space), its corners rounded by
    /// `cornerRadius` (clamped to half the shorter side), under the current transform.
    ///
    /// Shrunk, it is drawn from the pyramid's nearest larger copy with the bilinear filter, so
    /// an image whose size animates costs about one bilinear paint per frame at any size. The
    /// rounded shape is filled with the image rather than clipped (Cairo would build a clip
    /// mask as large as the shape every time).
    public func draw(_ pyramid: ImagePyramid, in rect: Rect, cornerRadius: Double = 0, alpha: Double = 1) {
        let image = pyramid.image
        guard !rect.isEmpty, image.width > 0, image.height > 0, alpha > 0 else { return }
        let t = transform
        let deviceX = (t.a * t.a + t.b * t.b).squareRoot(), deviceY = (t.c * t.c + t.d * t.d).squareRoot()
        let level = pyramid.level(scaleX: rect.width * deviceX / Double(image.width),
                                  scaleY: rect.height * deviceY / Double(image.height))
        cairo_save(cr)
        defer { cairo_restore(cr) }
        setRoundedRectPath(rect, radius: cornerRadius)
        Canvas.setSource(cr, stretching: level, over: rect, filter: CAIRO_FILTER_BILINEAR)
        if alpha >= 1 {
            cairo_fill(cr)
        } else {
            cairo_clip(cr)
            cairo_paint_with_alpha(cr, alpha)
        }
    }

    /// Draws `image` 1:1 (one image pixel per user unit) with its top-left corner at `origin`.
    ///
    /// When the current transform is a whole-pixel translation this is Cairo's plain copy
    /// path (a blend per pixel, or a straight copy with `opaque`). Pass `opaque: true` only
    /// when every pixel of `image` is fully opaque: at `alpha` 1 it then replaces the
    /// destination (operator "source") instead of blending: for a large image at a whole-pixel
    /// translation inside a clip of whole-pixel rectangles, one `memcpy` per row.
    ///
    /// Below alpha 1, at a whole-pixel translation inside a clip of whole-pixel rectangles, the
    /// image is blended in one pass by CPixelKernels (`drawMixed(_:atDevice:alpha:opaque:)`):
    /// Cairo's constant-alpha paint takes pixman's slow general path, and a page fading over
    /// the window with reduced motion was 3.2× the two-layer composite (issue 24).
    public func draw(_ image: Surface, at origin: Point, alpha: Double = 1, opaque: Bool = false) {
        guard image.width > 0, image.height > 0, alpha > 0 else { return }
        // An opaque copy pays for the clip lookup only when the image is large: pixman's own
        // blit is as fast for the many small content caches of a frame.
        if alpha < 1 || (opaque && image.width * image.height >= Canvas.largeCopyPixels) {
            let m = transform
            let x = m.tx + origin.x, y = m.ty + origin.y
            if m.a == 1, m.d == 1, m.b == 0, m.c == 0, x == x.rounded(), y == y.rounded(),
               drawMixed(image, atDevice: (Int(x), Int(y)), alpha: alpha, opaque: opaque) {
                return
            }
        }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_new_path(cr)
        cairo_rectangle(cr, origin.x, origin.y, Double(image.width), Double(image.height))
        cairo_set_source_surface(cr, image.raw, origin.x, origin.y)
        if alpha >= 1 {
            if opaque { cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE) }
            cairo_fill(cr)
        } else {
            cairo_clip(cr)
            cairo_paint_with_alpha(cr, alpha)
        }
    }

    /// Draws a soft shadow of a rounded rectangle: the shape offset by `offset`, blurred
    /// with a Gaussian of σ = `blur` / 2 (as CSS `box-shadow`), in `color`.
    ///
    /// The blurred mask is cached per size, radius and blur, and a resized shadow is
    /// stretched from a small blurred base (never re-blurred), so this is cheap every frame.
    /// The shadow is drawn under where the rectangle will be too, as Core Animation does.
    public func drawShadow(roundedRect rect: Rect, radius: Double, blur: Double, offset: Point, color: Color) {
        guard !rect.isEmpty, color.alpha > 0 else { return }
        let shifted = rect.offsetBy(dx: offset.x, dy: offset.y)
        guard blur >= 0.5 else {
            fill(roundedRect: shifted, radius: radius, color: color)
            return
        }
        let width = max(1, Int(rect.width.rounded())), height = max(1, Int(rect.height.rounded()))
        let mask = shadowMasks.mask(width: width, height: height, radius: radius, blur: blur)
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_translate(cr, shifted.minX, shifted.minY)
        cairo_scale(cr, rect.width / Double(width), rect.height / Double(height))
        setSource(color)
        cairo_mask_surface(cr, mask.surface, -Double(mask.pad), -Double(mask.pad))
    }

    /// Paints the whole current clip with `image` stretched so that it spans `rect` (user
    /// space), its edge pixels extended beyond `rect` in every direction.
    ///
    /// Unlike ``draw(_:in:alpha:filter:)``, which stops at `rect`, this fills whatever the clip
    /// allows: the way to resample an image onto a grid that overhangs it (a shrink whose last
    /// row and column are partial, an enlargement cut by a clip of its own).
    public func draw(_ image: Surface, stretchedOver rect: Rect, alpha: Double = 1, filter: ImageFilter = .good) {
        guard !rect.isEmpty, image.width > 0, image.height > 0, alpha > 0 else { return }
        withSavedState {
            cairo_translate(cr, rect.minX, rect.minY)
            cairo_scale(cr, rect.width / Double(image.width), rect.height / Double(image.height))
            paint(image, alpha: alpha, filter: filter, extend: CAIRO_EXTEND_PAD)
        }
    }

    /// Paints `image` at the user-space origin over the whole clip.
    func paint(_ image: Surface, alpha: Double, filter: ImageFilter, extend: cairo_extend_t) {
        cairo_set_source_surface(cr, image.raw, 0, 0)
        let pattern = cairo_get_source(cr)
        cairo_pattern_set_filter(pattern, filter.cairoFilter)
        cairo_pattern_set_extend(pattern, extend)
        if alpha >= 1 {
            cairo_paint(cr)
        } else {
            cairo_paint_with_alpha(cr, alpha)
        }
    }
}
