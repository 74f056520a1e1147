import Geometry
import CCairo
import CPixelKernels

/// An opaque image scaled into an axis-aligned rectangle with rounded corners, the flat zoom's
/// flying picture: pixman's bilinear paint of it was 80% of the frame (about 1.6 ns per
/// pixel); CPixelKernels' row-wise kernel takes about half of that with AVX2 (two thirds near
/// scale 1 without), and filling the rounded shape needs no clip mask.
extension Canvas {
    /// Draws the opaque `image` scaled to fill `rect` (user space) with the bilinear filter, its
    /// corners rounded by `cornerRadius` (clamped to half the shorter side), under the current
    /// transform and clip: what ``draw(_:in:alpha:filter:)`` with `.fast` draws, clipped to
    /// the rounded rectangle.
    ///
    /// Pass only an image opaque but for its outermost row and column: where the transform is
    /// an axis-aligned scale that does not shrink the image to less than half and the clip is
    /// whole rectangles, the whole pixels inside the rounded shape (less those sampling the
    /// outer two image pixels) are written directly, replacing what was there; Cairo paints
    /// only the rest (the antialiased edges, the corners). Anything else is Cairo's bilinear
    /// fill of the rounded shape.
    public func drawOpaque(_ image: Surface, in rect: Rect, cornerRadius: Double = 0) {
        guard !rect.isEmpty, image.width > 0, image.height > 0 else { return }
        let radius = min(max(cornerRadius, 0), rect.width / 2, rect.height / 2)
        let m = transform
        guard m.b == 0, m.c == 0, m.a > 0, m.d > 0 else {
            return fillScaled(image, in: rect, cornerRadius: radius, holes: [])
        }
        let device = Rect(x: m.a * rect.minX + m.tx, y: m.d * rect.minY + m.ty,
                          width: m.a * rect.width, height: m.d * rect.height)
        let mapping = ScaleMapping(image: image, device: device)
        // Shrinking, the kernel gathers pixels one by one: with AVX2 still about 1.6x pixman
        // down to half size (880x660 -> 500x375: 0.37 vs 0.62 ms), as fast as it without.
        // Further down, bilinear samples too sparsely anyway (a pyramid level comes first).
        guard mapping.stepX <= 2, mapping.stepY <= 2, let clips = deviceClipRects() else {
            return fillScaled(image, in: rect, cornerRadius: radius, holes: [])
        }
        // Whole pixels inside the rounded shape, as a plus: a full-height middle column and the
        // two sides of the full-width middle band (the corners' squares left to Cairo).
        // An image drawn at a fractional size has a half-covered outer row or column: pixels
        // sampling the outer two image pixels are left to Cairo's blend.
        let marginX = 2 / mapping.stepX + 1, marginY = 2 / mapping.stepY + 1
        let rx = max(radius * m.a, marginX), ry = max(radius * m.d, marginY)
        let left = (device.minX + marginX).rounded(.up), right = (device.maxX - marginX).rounded(.down)
        let top = (device.minY + marginY).rounded(.up), bottom = (device.maxY - marginY).rounded(.down)
        let innerLeft = (device.minX + rx).rounded(.up), innerRight = (device.maxX - rx).rounded(.down)
        let innerTop = (device.minY + ry).rounded(.up), innerBottom = (device.maxY - ry).rounded(.down)
        let pieces = [
            PixelRect(left: innerLeft, top: top, right: innerRight, bottom: bottom),
            PixelRect(left: left, top: innerTop, right: min(innerLeft, right), bottom: innerBottom),
            PixelRect(left: max(innerRight, left), top: innerTop, right: right, bottom: innerBottom),
        ].filter { !$0.isEmpty }
        var holes: [Rect] = []
        for piece in pieces {
            var drawn = true
            for clip in clips {
                let part = piece.intersection(clip)
                guard !part.isEmpty else { continue }
                if !scale(image, into: surface, at: part, origin: (0, 0), mapping: mapping) { drawn = false }
            }
            if drawn { holes.append(piece.rect) }
        }
        fillScaled(image, in: rect, cornerRadius: radius, holes: holes)
    }

    /// Draws the opaque image of `pyramid` scaled to fill `rect`, its corners rounded by
    /// `cornerRadius`, as ``drawOpaque(_:in:cornerRadius:)`` does, starting from the pyramid's
    /// nearest larger copy (as ``draw(_:in:cornerRadius:alpha:)`` does): every step of a
    /// shrinking page then lies within the kernel's reach.
    public func drawOpaque(_ pyramid: ImagePyramid, in rect: Rect, cornerRadius: Double = 0) {
        let image = pyramid.image
        guard !rect.isEmpty, image.width > 0, image.height > 0 else { return }
        let t = transform
        let deviceX = (t.a * t.a + t.b * t.b).squareRoot(), deviceY = (t.c * t.c + t.d * t.d).squareRoot()
        drawOpaque(pyramid.level(scaleX: rect.width * deviceX / Double(image.width),
                                 scaleY: rect.height * deviceY / Double(image.height)),
                   in: rect, cornerRadius: cornerRadius)
    }

    /// The clip as whole device-pixel rectangles inside the surface (fractional edges rounded
    /// in: Cairo paints what is left), or nil when it is not a union of rectangles.
    private func deviceClipRects() -> [PixelRect]? {
        cairo_save(cr)
        cairo_identity_matrix(cr)
        let list = cairo_copy_clip_rectangle_list(cr)
        cairo_restore(cr)
        guard let list else { return nil }
        defer { cairo_rectangle_list_destroy(list) }
        guard list.pointee.status == CAIRO_STATUS_SUCCESS else { return nil }
        let bounds = PixelRect(left: 0, top: 0, right: Double(surface.width), bottom: Double(surface.height))
        return (0..<Int(list.pointee.num_rectangles)).map { i in
            let r = list.pointee.rectangles[i]
            return PixelRect(left: r.x.rounded(.up), top: r.y.rounded(.up),
                             right: (r.x + r.width).rounded(.down), bottom: (r.y + r.height).rounded(.down))
                .intersection(bounds)
        }.filter { !$0.isEmpty }
    }

    /// Scales `image` into `part` (device pixels of the canvas's surface) of `target`, whose
    /// pixel (0, 0) lies at device pixel `origin`. False when nothing was drawn.
    private func scale(_ image: Surface, into target: Surface, at part: PixelRect, origin: (x: Int, y: Int),
                       mapping: ScaleMapping) -> Bool {
        let x = Int(part.left) - origin.x, y = Int(part.top) - origin.y
        let width = Int(part.right - part.left), height = Int(part.bottom - part.top)
        guard x >= 0, y >= 0, x + width <= target.width, y + height <= target.height else { return false }
        let pixels = target.data.assumingMemoryBound(to: UInt8.self) + y * target.stride + x * 4
        let done = segue_scale_bilinear(pixels, target.stride, width, height,
                                        image.data.assumingMemoryBound(to: UInt8.self), image.stride,
                                        image.width, image.height,
                                        mapping.x(part.left), mapping.dx, mapping.y(part.top), mapping.dy)
        guard done != 0 else { return false }
        cairo_surface_mark_dirty_rectangle(target.raw, Int32(x), Int32(y), Int32(width), Int32(height))
        return true
    }

    /// Cairo's bilinear paint of `image` over the rounded rectangle, leaving out `holes`
    /// (device rectangles inside it, already drawn).
    private func fillScaled(_ image: Surface, in rect: Rect, cornerRadius: Double, holes: [Rect]) {
        cairo_save(cr)
        defer { cairo_restore(cr) }
        setRoundedRectPath(rect, radius: cornerRadius)
        if !holes.isEmpty {
            // Each hole lies inside the shape: even-odd leaves the ring around them.
            var m = cairo_matrix_t()
            cairo_get_matrix(cr, &m)
            cairo_identity_matrix(cr)
            for hole in holes { cairo_rectangle(cr, hole.minX, hole.minY, hole.width, hole.height) }
            cairo_set_matrix(cr, &m)
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
        }
        Canvas.setSource(cr, stretching: image, over: rect, filter: CAIRO_FILTER_BILINEAR)
        cairo_fill(cr)
    }
}

/// Where a device pixel's centre samples the image, in pixman's 16.16 fixed point (pixman's
/// bilinear filter samples at the centre, less half a pixel).
private struct ScaleMapping {
    var dx: Int64, dy: Int64
    var stepX: Double, stepY: Double
    private var originX: Double, originY: Double

    init(image: Surface, device: Rect) {
        stepX = Double(image.width) / device.width
        stepY = Double(image.height) / device.height
        originX = device.minX
        originY = device.minY
        dx = Int64((stepX * 65536).rounded())
        dy = Int64((stepY * 65536).rounded())
    }

    func x(_ pixel: Double) -> Int64 { Int64((((pixel + 0.5 - originX) * stepX - 0.5) * 65536).rounded(.down)) }
    func y(_ pixel: Double) -> Int64 { Int64((((pixel + 0.5 - originY) * stepY - 0.5) * 65536).rounded(.down)) }
}

/// A rectangle of whole device pixels, by its edges.
private struct PixelRect {
    var left: Double, top: Double, right: Double, bottom: Double

    var isEmpty: Bool { right <= left || bottom <= top }
    var rect: Rect { Rect(x: left, y: top, width: right - left, height: bottom - top) }

    func intersection(_ other: PixelRect) -> PixelRect {
        PixelRect(left: max(left, other.left), top: max(top, other.top),
                  right: min(right, other.right), bottom: min(bottom, other.bottom))
    }
}
