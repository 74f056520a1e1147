import SegueKit

/// Zooming into the picture: a pinch (touchpad, or Ctrl and the scroll wheel) scales it about
/// the fingers, a double-click goes between whole and ``PictureView/doubleClickZoomScale``
/// about the click, and while zoomed a drag moves it. Past the limits — smaller than whole,
/// larger than ``PictureView/maximumZoomScale``, or dragged past an edge — it resists as a
/// rubber band and comes back when let go. A pinch in on a whole picture is left to the page,
/// whose zoom transition closes into the grid.
///
/// The zoom is the view's own transform (a scale about its middle and a shift), so the pager's
/// clip cuts it to the page and a view animation brings it back.
extension PictureView {
    /// The most a picture is zoomed into.
    public static let maximumZoomScale = 4.0
    /// Where a double-click on a whole picture zooms to.
    public static let doubleClickZoomScale = 2.5
    /// How much smaller than whole (and larger than the maximum, in proportion) a pinch can show
    /// the picture at most, resisting more the further it goes.
    public static let zoomRubberBand = 0.15
    /// How far past an edge a drag can show the zoomed picture at most, in points.
    public static let panRubberBand = 60.0
    /// How long the picture takes to come back within its limits, in seconds.
    public static let zoomSettleDuration = 0.25
    /// The longest pause between the two clicks of a double-click, in seconds, and how far apart
    /// they may land, in points.
    static let doubleClickInterval = 0.4
    static let doubleClickSlop = 16.0

    func installZoomGestures() {
        // Whole, a pinch in is not the picture's: it passes to the page, whose zoom closes
        // into the grid; a spread zooms in. Zoomed, every pinch is the picture's.
        zoomPinch.waitsForScaleChange = true
        zoomPinch.shouldBegin = { [weak self] pinch in
            guard let self, let pinch = pinch as? PinchGestureRecognizer else { return false }
            return self.zoomScale > 1 || pinch.scale > 1
        }
        zoomPinch.onChange = { [weak self] _ in self?.pinchChanged() }
        addGestureRecognizer(zoomPinch)
        zoomPan.shouldBegin = { [weak self] _ in (self?.zoomScale ?? 1) > 1 }
        zoomPan.onChange = { [weak self] _ in self?.panChanged() }
        addGestureRecognizer(zoomPan)
        zoomTap.onChange = { [weak self] _ in self?.tapped() }
        addGestureRecognizer(zoomTap)
    }

    /// Whole again at once (another picture came into the view).
    func resetZoom() {
        zoomScale = 1
        transform = .identity
    }

    /// The shown scale for a pinch that asks for `raw`: itself within the limits, resisting
    /// past them.
    public static func rubberBandedScale(_ raw: Double) -> Double {
        if raw < 1 { return 1 - RubberBand.apply(1 - raw, limit: zoomRubberBand) }
        if raw > maximumZoomScale {
            return maximumZoomScale + RubberBand.apply(raw - maximumZoomScale, limit: maximumZoomScale * zoomRubberBand)
        }
        return raw
    }

    /// How far the picture at `scale` may be shifted from the middle, each way, before an edge
    /// of it comes inside the view.
    func shiftLimit(at scale: Double) -> Point {
        let rect = shownRect
        return Point(x: max(0, (rect.width * scale - bounds.width) / 2), y: max(0, (rect.height * scale - bounds.height) / 2))
    }

    /// The point `location` (window coordinates) in the superview's coordinates, where the
    /// transform's shift is measured.
    private func inSuperview(_ location: Point) -> Point {
        guard let superview, let inverse = superview.transformToRoot.inverted() else { return location }
        return inverse.apply(to: location)
    }

    /// Sets the zoom to `scale` keeping the picture's point under `anchor` (superview
    /// coordinates) under it, from the zoom (`base`) the gesture started at.
    private func zoom(to scale: Double, about anchor: Point, from base: (scale: Double, translation: Point)) {
        let middle = Point(x: frame.midX, y: frame.midY)
        let ratio = scale / base.scale
        let shift = Point(x: anchor.x - middle.x - ratio * (anchor.x - middle.x - base.translation.x),
                          y: anchor.y - middle.y - ratio * (anchor.y - middle.y - base.translation.y))
        zoomScale = scale
        var t = AffineTransform(scaleX: scale, y: scale)
        t.tx = shift.x
        t.ty = shift.y
        transform = t
    }

    /// Back within the limits (scale and shift), animated.
    private func settleZoom(about anchor: Point) {
        animateZoom(to: min(max(zoomScale, 1), Self.maximumZoomScale), about: anchor)
    }

    /// To `target` about `anchor` (superview coordinates), the shift kept within the limits, animated.
    private func animateZoom(to target: Double, about anchor: Point) {
        let base = (scale: zoomScale, translation: Point(x: transform.tx, y: transform.ty))
        View.animate(withDuration: Self.zoomSettleDuration, delay: 0, options: [.curveEaseOut], animations: {
            self.zoom(to: target, about: anchor, from: base)
            let limit = self.shiftLimit(at: target)
            var t = self.transform
            t.tx = min(max(t.tx, -limit.x), limit.x)
            t.ty = min(max(t.ty, -limit.y), limit.y)
            self.transform = t
        })
        zoomScale = target
        // Zoomed into, it is worth decoding more pixels; whole, the view's size is enough.
        setNeedsLayout()
    }

    private func pinchChanged() {
        let anchor = inSuperview(zoomPinch.currentLocation)
        switch zoomPinch.state {
        case .began:
            zoomAtGestureStart = (zoomScale, Point(x: transform.tx, y: transform.ty))
        case .changed:
            zoom(to: Self.rubberBandedScale(zoomAtGestureStart.scale * zoomPinch.scale), about: anchor, from: zoomAtGestureStart)
        case .ended, .cancelled, .failed:
            settleZoom(about: anchor)
        case .possible:
            break
        }
    }

    private func panChanged() {
        switch zoomPan.state {
        case .began:
            zoomAtGestureStart = (zoomScale, Point(x: transform.tx, y: transform.ty))
        case .changed:
            let limit = shiftLimit(at: zoomScale)
            func banded(_ x: Double, _ l: Double) -> Double {
                x > l ? l + RubberBand.apply(x - l, limit: Self.panRubberBand)
                    : x < -l ? -l - RubberBand.apply(-l - x, limit: Self.panRubberBand) : x
            }
            let moved = zoomPan.translation(in: superview)
            var t = transform
            t.tx = banded(zoomAtGestureStart.translation.x + moved.x, limit.x)
            t.ty = banded(zoomAtGestureStart.translation.y + moved.y, limit.y)
            transform = t
        case .ended, .cancelled, .failed:
            settleZoom(about: Point(x: frame.midX, y: frame.midY))
        case .possible:
            break
        }
    }

    /// A second click soon after the first, close to it: whole pictures zoom in about it,
    /// zoomed ones go back to whole.
    private func tapped() {
        guard zoomTap.state == .ended else { return }
        let location = zoomTap.currentLocation, time = zoomTap.currentTime
        // The click after a double-click starts a new pair: it never pairs with the second.
        guard let last = lastTap, time - last.time <= Self.doubleClickInterval,
              abs(location.x - last.location.x) <= Self.doubleClickSlop,
              abs(location.y - last.location.y) <= Self.doubleClickSlop else {
            lastTap = (time, location)
            return
        }
        lastTap = nil
        animateZoom(to: zoomScale > 1 ? 1 : Self.doubleClickZoomScale, about: inSuperview(location))
    }
}
