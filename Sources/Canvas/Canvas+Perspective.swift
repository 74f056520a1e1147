import Geometry
import CCairo
import RealModule

extension Canvas {
    /// The user-space rectangle that
    /// ``drawPerspective(_:in:angleY:eyeDistance:alpha:cornerRadius:vanishingPoint:)`` with the
    /// same arguments paints into (a bounding box, with a margin for antialiased edges); nil
    /// when it paints nothing.
    ///
    /// A turning view damages this rather than the whole window: most of a flip's frames
    /// touch only part of it.
    public static func perspectiveBounds(of rect: Rect, angleY: Double, eyeDistance: Double = 500,
                                         vanishingPoint: Point? = nil) -> Rect? {
        guard !rect.isEmpty, abs(angleY) < Double.pi / 2, eyeDistance > 0 else { return nil }
        guard angleY != 0 else { return rect }
        let eye = vanishingPoint ?? rect.center
        let projection = PerspectiveProjection(angle: angleY, eyeDistance: eyeDistance, axisOffset: rect.midX - eye.x)
        let halfWidth = rect.width / 2
        let uLeft = max(-halfWidth, projection.nearLimit(side: -1))
        let uRight = min(halfWidth, projection.nearLimit(side: 1))
        guard uLeft < uRight else { return nil }
        let left = eye.x + projection.x(uLeft), right = eye.x + projection.x(uRight)
        // Every column's scale lies between the two ends' (w is linear in u); the top and
        // bottom edges are scaled towards the eye's height.
        let scales = [projection.yScale(uLeft), projection.yScale(uRight)]
        let ys = scales.flatMap { [eye.y + (rect.minY - eye.y) * $0, eye.y + (rect.maxY - eye.y) * $0] }
        let top = ys.min()!, bottom = ys.max()!
        // One unit of margin covers the strips' overlap and antialiasing.
        return Rect(x: min(left, right) - 1, y: top - 1, width: abs(right - left) + 2, height: bottom - top + 2)
    }

    /// Draws `image` filling `rect`, rotated by `angleY` radians about the rect's vertical
    /// centre line, seen in perspective from `eyeDistance` user units (Core Animation's
    /// `CATransform3DRotate(m34 = −1 / eyeDistance, angleY, 0, 1, 0)`).
    ///
    /// A point `u` right of the centre line lands at `u·cos θ / (1 + u·sin θ / e)` right of it,
    /// and its column is scaled vertically about `rect.midY` by `1 / (1 + u·sin θ / e)`: a
    /// positive angle swings the right edge away from the viewer. |angle| ≥ π/2 draws nothing
    /// (edge-on, or the back face). Any part of the plane nearer than 1/20 of `eyeDistance`
    /// to the eye is not drawn.
    ///
    /// Cairo is affine-only, so the image is drawn as vertical strips, each with its own
    /// affine scale. Under an axis-aligned transform the strips meet on whole device pixels,
    /// so there are no seams; under a rotated one they overlap slightly (composited as one
    /// group when `alpha` < 1). Strips are as wide as keeps the edges within about half a
    /// pixel of the exact projection (2 device pixels at least).
    ///
    /// `vanishingPoint` (same coordinates as `rect`; default its centre) is where the eye
    /// looks from: a container's perspective (`sublayerTransform.m34` on UIKit's container)
    /// puts it at the container's centre for every view turning inside it. A point (x, y) of
    /// the turned plane, u right of the axis, then lands at
    /// `v + ((midX − v.x + u·cos θ) / w, (y − v.y) / w)` with `w = 1 + u·sin θ / e`.
    public func drawPerspective(_ image: Surface, in rect: Rect, angleY: Double, eyeDistance: Double = 500,
                                alpha: Double = 1, cornerRadius: Double = 0, vanishingPoint: Point? = nil) {
        guard !rect.isEmpty, image.width > 0, image.height > 0, alpha > 0,
              abs(angleY) < Double.pi / 2, eyeDistance > 0 else { return }
        if angleY == 0 {
            withSavedState {
                if cornerRadius > 0 { clip(toRoundedRect: rect, radius: cornerRadius) }
                draw(image, in: rect, alpha: alpha)
            }
            return
        }
        let eye = vanishingPoint ?? rect.center
        let projection = PerspectiveProjection(angle: angleY, eyeDistance: eyeDistance, axisOffset: rect.midX - eye.x)
        let halfWidth = rect.width / 2, halfHeight = rect.height / 2
        // The visible span of the plane, in u (user units right of the centre line).
        let uLeft = max(-halfWidth, projection.nearLimit(side: -1))
        let uRight = min(halfWidth, projection.nearLimit(side: 1))
        guard uLeft < uRight else { return }
        let left = eye.x + projection.x(uLeft), right = eye.x + projection.x(uRight)

        let boundaries = stripBoundaries(left: left, right: right, projection: projection,
                                         height: rect.height, uLeft: uLeft, uRight: uRight)
        let overlap = boundaries.overlap
        let radius = min(max(cornerRadius, 0), halfWidth, halfHeight)
        let grouped = overlap > 0 && alpha < 1
        let stripAlpha = grouped ? 1 : alpha

        cairo_save(cr)
        defer { cairo_restore(cr) }
        if grouped { cairo_push_group(cr) }
        let xs = boundaries.xs
        for i in 0..<(xs.count - 1) {
            let x0 = xs[i], x1 = xs[i + 1]
            guard x1 > x0 else { continue }
            let p0 = x0 - eye.x, p1 = x1 - eye.x
            let u0 = projection.u(p0), u1 = projection.u(p1)
            guard u1 > u0 else { continue }
            let kx = (p1 - p0) / (u1 - u0)
            let f = projection.yScale((u0 + u1) / 2)
            let extra = i < xs.count - 2 ? overlap : 0
            // The column's top edge, scaled towards the eye's height.
            let top = eye.y + (rect.minY - eye.y) * f

            cairo_save(cr)
            cairo_new_path(cr)
            cairo_rectangle(cr, x0, top, x1 + extra - x0, 2 * f * halfHeight)
            cairo_clip(cr)
            // Rect-local space of this strip: (0, 0)…(w, h) is the unrotated rect.
            cairo_translate(cr, eye.x + p0 - kx * (u0 + halfWidth), top)
            cairo_scale(cr, kx, f)
            if radius > 0 && (u0 < -halfWidth + radius || u1 > halfWidth - radius) {
                setRoundedRectPath(Rect(x: 0, y: 0, width: rect.width, height: rect.height), radius: radius)
                cairo_clip(cr)
            }
            cairo_scale(cr, rect.width / Double(image.width), rect.height / Double(image.height))
            paint(image, alpha: stripAlpha, filter: .fast, extend: CAIRO_EXTEND_PAD)
            cairo_restore(cr)
        }
        if grouped {
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, alpha)
        }
    }

    /// Strip edges in user x, ascending from `left` to `right`, and how far each strip
    /// should reach past its right edge (0 when the edges fall on whole device pixels).
    private func stripBoundaries(left: Double, right: Double, projection: PerspectiveProjection,
                                 height: Double, uLeft: Double, uRight: Double) -> (xs: [Double], overlap: Double) {
        let t = transform
        let axisAligned = t.b == 0 && t.c == 0
        let deviceScaleX = axisAligned ? abs(t.a) : (t.a * t.a + t.b * t.b).squareRoot()
        let deviceScaleY = axisAligned ? abs(t.d) : (t.c * t.c + t.d * t.d).squareRoot()
        // Enough strips that the top and bottom edges step by ≤ ½ device pixel ...
        let heightChange = abs(projection.yScale(uLeft) - projection.yScale(uRight)) * height * deviceScaleY
        let widthDevice = (right - left) * deviceScaleX
        var step = widthDevice / max(1, heightChange)
        // ... and that a strip's linear map strays ≤ ½ pixel from the projective one
        // (error ≈ |sin θ|·L² / 4e for a strip of length L).
        step = min(step, (2 * projection.eyeDistance / max(abs(projection.sine), 1e-9)).squareRoot() * deviceScaleX)
        step = max(2, step.rounded(.down))

        guard axisAligned else {
            let userStep = step / deviceScaleX
            var xs: [Double] = []
            var x = left
            while x < right {
                xs.append(x)
                x += userStep
            }
            xs.append(right)
            return (xs, 0.5 / deviceScaleX)
        }
        // Edges on whole device columns: strips share exact pixel boundaries.
        let d0 = t.a * left + t.tx, d1 = t.a * right + t.tx
        let lo = min(d0, d1), hi = max(d0, d1)
        var devices: [Double] = [lo]
        var column = (lo / step).rounded(.down) * step + step
        while column < hi {
            if column - lo >= 1 { devices.append(column) }  // no sliver strip at the start
            column += step
        }
        devices.append(hi)
        var xs = devices.map { ($0 - t.tx) / t.a }
        if t.a < 0 { xs.reverse() }
        xs[0] = left
        xs[xs.count - 1] = right
        return (xs, 0)
    }
}

/// The y-axis perspective rotation of ``Canvas/drawPerspective(_:in:angleY:eyeDistance:alpha:cornerRadius:vanishingPoint:)``,
/// along one row: u is the distance right of the rotation axis before projection, x the
/// projected distance right of the eye.
struct PerspectiveProjection {
    let cosine: Double
    let sine: Double
    let eyeDistance: Double
    /// How far right of the eye the rotation axis is.
    let axisOffset: Double

    init(angle: Double, eyeDistance: Double, axisOffset: Double = 0) {
        cosine = Double.cos(angle)
        sine = Double.sin(angle)
        self.eyeDistance = eyeDistance
        self.axisOffset = axisOffset
    }

    /// The perspective divide at u: 1 + u·sin θ / e (≤ 0 behind the eye).
    func w(_ u: Double) -> Double { 1 + u * sine / eyeDistance }

    /// Projected distance right of the eye.
    func x(_ u: Double) -> Double { (axisOffset + u * cosine) / w(u) }

    /// Vertical scale of the column at u.
    func yScale(_ u: Double) -> Double { 1 / w(u) }

    /// The u that projects to x (the inverse of ``x(_:)``).
    func u(_ x: Double) -> Double { (x - axisOffset) / (cosine - x * sine / eyeDistance) }

    /// The farthest u on one side (−1 left, +1 right) whose divide stays ≥ 1/20.
    func nearLimit(side: Double) -> Double {
        // w(u) = 0.05 ⇔ u = −0.95·e / sin θ; only the side moving towards the eye has a limit.
        guard sine != 0, side * sine < 0 else { return side * .infinity }
        return -0.95 * eyeDistance / sine
    }
}
