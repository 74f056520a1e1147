import Geometry
import Canvas
import Motion
import RealModule

/// A view that shows part of a larger content and scrolls it, as `UIScrollView`: the content
/// (``contentView``'s subviews, in content coordinates) is ``contentSize`` big, and
/// ``contentOffset`` — the content point at the view's top-left corner — stays clamped to
/// `0…contentSize − bounds.size` on each axis (no rubber band).
///
/// Inputs (routed by the window):
/// - a mouse wheel: each discrete step moves the content by the event's distance at once;
/// - touchpad two-finger scrolling: follows the fingers 1:1, and when they lift the content
///   keeps going from the measured velocity and slows down as `UIScrollView`'s normal
///   deceleration does (the speed falls by ``decelerationRate`` every millisecond) until it
///   stops or reaches an end;
/// - a vertical drag (touch or pointer) on the view: the content follows it, and decelerates
///   the same way after release. Horizontal drags are left to others (a tab swipe), and an
///   edge pan, which has priority, still pops.
///
/// A new press on the view, or a new scroll, stops a deceleration where it is; such a press
/// is not a click on the row under it.
///
/// Scrolling moves ``contentView`` (a change of its frame's origin): the content's cached
/// drawings are recomposited at the new place, never redrawn.
///
/// ```swift
/// let scroll = ScrollView { bounds in
///     for (i, row) in rows.enumerated() { row.frame = Rect(x: 0, y: Double(i) * 56, width: bounds.width, height: 56) }
///     return Size(width: bounds.width, height: Double(rows.count) * 56)
/// }
/// rows.forEach(scroll.contentView.addSubview)
/// ```
@MainActor
open class ScrollView: View {
    /// `UIScrollView.DecelerationRate.normal`: the share of its speed the content keeps per
    /// millisecond while it decelerates.
    public static let decelerationRate = 0.998
    /// Below this speed (px/s) a release or a lift starts no deceleration.
    public static let minimumFlingSpeed = 20.0
    /// A deceleration ends once less than this distance (px) is left to travel.
    public static let stopDistance = 0.5

    /// Holds the content: add subviews here, in content coordinates.
    public let contentView = View()
    /// The vertical drag that scrolls (touch, or a pointer press).
    public let panGestureRecognizer: PanGestureRecognizer = ScrollPanGestureRecognizer()
    /// Called whenever ``contentOffset`` changes.
    public var onScroll: ((ScrollView) -> Void)?
    /// Whether input scrolls the view (setting ``contentOffset`` always works).
    public var isScrollEnabled = true

    /// The size of the content; the offset is clamped again when it changes.
    public var contentSize: Size = .zero {
        didSet { if contentSize != oldValue { applyOffset(contentOffset) } }
    }

    /// The content point shown at the view's top-left corner, always within
    /// `0…maximumContentOffset`. Setting it stops a deceleration.
    public var contentOffset: Point {
        get { offset }
        set {
            stopDecelerating()
            applyOffset(newValue)
        }
    }

    /// The largest offset on each axis: `contentSize − bounds.size`, at least 0.
    public var maximumContentOffset: Point {
        Point(x: max(0, contentSize.width - bounds.width), y: max(0, contentSize.height - bounds.height))
    }

    /// True while a drag or a touchpad scroll moves the content.
    public private(set) var isDragging = false
    /// True while the content moves on after a release or a lift.
    public var isDecelerating: Bool { deceleration != nil }

    private var offset = Point.zero
    private let layoutContent: ((Rect) -> Size)?
    private var deceleration: Timeline?
    private var dragStartOffset = Point.zero
    private var dragAnchor = Point.zero

    /// A scroll view; `layout`, if given, lays out the content for the view's bounds whenever
    /// they change size (or on ``View/setNeedsLayout()``) and returns the content size.
    public init(frame: Rect = .zero, layout: ((Rect) -> Size)? = nil) {
        layoutContent = layout
        super.init(frame: frame)
        clipsToBounds = true
        contentView.isUserInteractionEnabled = true
        addSubview(contentView)
        panGestureRecognizer.shouldBegin = { [weak self] _ in
            guard let self else { return false }
            return self.isScrollEnabled && self.maximumContentOffset.y > 0
        }
        panGestureRecognizer.onChange = { [weak self] gesture in
            self?.panChanged(gesture as! PanGestureRecognizer)
        }
        addGestureRecognizer(panGestureRecognizer)
    }

    /// Lays out the content (the `layout` closure given at init), then keeps the offset in range.
    /// A subclass that lays out its own content sets ``contentSize`` and calls super.
    open override func layoutSubviews() {
        if let layoutContent { contentSize = layoutContent(bounds) }
        applyOffset(offset)
    }

    /// Whether the content is larger than the view along `axis`, so that it can scroll.
    public func canScroll(horizontally: Bool) -> Bool {
        horizontally ? maximumContentOffset.x > 0 : maximumContentOffset.y > 0
    }

    /// Moves the content by `delta` (clamped); returns the distance it actually moved.
    @discardableResult
    public func scroll(by delta: Point) -> Point {
        let before = offset
        contentOffset = Point(x: offset.x + delta.x, y: offset.y + delta.y)
        return offset - before
    }

    /// Scrolls the least distance that shows `rect` (content coordinates) whole, or as much of
    /// it as fits, from its top-left.
    public func scrollRectToVisible(_ rect: Rect) {
        var target = offset
        for horizontal in [true, false] {
            let minEdge = horizontal ? rect.minX : rect.minY, maxEdge = horizontal ? rect.maxX : rect.maxY
            let visible = horizontal ? bounds.width : bounds.height
            var value = horizontal ? target.x : target.y
            if maxEdge > value + visible { value = maxEdge - visible }
            if minEdge < value { value = minEdge }
            if horizontal { target.x = value } else { target.y = value }
        }
        contentOffset = target
    }

    // MARK: input

    /// A mouse wheel step of `delta` (the event's distance, positive: down or right).
    /// Returns false when the view could not move that way (an enclosing view may take it).
    func wheel(_ delta: Point) -> Bool {
        guard isScrollEnabled else { return false }
        let moved = scroll(by: Point(x: canScroll(horizontally: true) ? delta.x : 0,
                                     y: canScroll(horizontally: false) ? delta.y : 0))
        return moved != .zero || (delta.y != 0 && canScroll(horizontally: false))
            || (delta.x != 0 && canScroll(horizontally: true))
    }

    /// A press on the view or a new scroll: a deceleration stops where it is. Returns whether
    /// one was running (the press then only stops it).
    func pressBegan() -> Bool {
        let wasDecelerating = isDecelerating
        stopDecelerating()
        return wasDecelerating
    }

    private func panChanged(_ pan: PanGestureRecognizer) {
        // A touchpad's scroll sequence reaches gestures scaled to the window (a page per
        // 400 units): scroll by the fingers' own distance.
        let scale = pan.isScrollSequence ? max(pan.scrollPointsPerUnit, 1e-9) : 1
        switch pan.state {
        case .began, .changed:
            if pan.state == .began {
                stopDecelerating()
                isDragging = true
                dragStartOffset = offset
                // A drag counts from where it began (past its slop), so the content does not
                // jump; touchpad fingers count from their first event, 1:1.
                dragAnchor = pan.isScrollSequence ? .zero : pan.translation
            }
            let t = (pan.translation - dragAnchor).scaled(by: 1 / scale)
            // Content follows the finger: dragging up (negative y) scrolls down.
            applyOffset(Point(x: dragStartOffset.x, y: dragStartOffset.y - t.y))
        case .ended:
            isDragging = false
            let v = pan.velocity.scaled(by: 1 / scale)
            decelerate(from: Point(x: 0, y: -v.y))
        case .cancelled, .failed, .possible:
            isDragging = false
        }
    }

    // MARK: deceleration

    /// Continues from the current offset at `velocity` (offset px/s), slowing down by
    /// ``decelerationRate`` per millisecond, on the window's animation clock:
    /// `offset(t) = o₀ + v₀ (1 − r^(1000 t)) / (−1000 ln r)`, until less than
    /// ``stopDistance`` is left to travel or an end is reached (where it stops).
    public func decelerate(from velocity: Point) {
        stopDecelerating()
        guard isScrollEnabled, let window else { return }
        let k = 1000 * Double.log(ScrollView.decelerationRate)   // < 0, per second
        let start = offset, limit = maximumContentOffset
        // Per axis: how long the motion lasts, and the end it stops at if it reaches one.
        func course(_ v: Double, _ position: Double, _ maximum: Double) -> (duration: Double, end: Double?) {
            guard abs(v) >= ScrollView.minimumFlingSpeed, maximum > 0 else { return (0, nil) }
            let toStop = max(Double.log(ScrollView.stopDistance * -k / abs(v)) / k, 0)
            let room = v > 0 ? maximum - position : position
            guard room > 0 else { return (0, nil) }
            // offset(t) reaches the end when 1 − e^(kt) = room·(−k)/|v|.
            let fraction = room * -k / abs(v)
            guard fraction < 1 else { return (toStop, nil) }
            let toEnd = Double.log(1 - fraction) / k
            return toEnd <= toStop ? (toEnd, v > 0 ? maximum : 0) : (toStop, nil)
        }
        let (tx, endX) = course(velocity.x, start.x, limit.x), (ty, endY) = course(velocity.y, start.y, limit.y)
        let total = max(tx, ty)
        guard total > 0 else { return }
        let timeline = Timeline(duration: total)
        deceleration = timeline
        timeline.addAnimation { [weak self, weak timeline] fraction in
            guard let self, let timeline, self.deceleration === timeline else { return }
            let t = fraction * total
            func position(_ o: Double, _ v: Double, _ duration: Double, _ end: Double?) -> Double {
                guard duration > 0 else { return o }
                if t >= duration, let end { return end }
                return o + v * (1 - Double.exp(k * min(t, duration))) / -k
            }
            self.applyOffset(Point(x: position(start.x, velocity.x, tx, endX),
                                   y: position(start.y, velocity.y, ty, endY)))
        }
        timeline.addCompletion { [weak self, weak timeline] _ in
            guard let self, self.deceleration === timeline else { return }
            self.deceleration = nil
        }
        window.run(timeline)
    }

    /// Stops a deceleration where the content is now.
    public func stopDecelerating() {
        guard let timeline = deceleration else { return }
        deceleration = nil
        // Ends it at the next tick; its animation no longer touches the offset.
        timeline.finish(at: window?.animationTime ?? 0, completionSpeed: 1e9)
    }

    private func applyOffset(_ proposed: Point) {
        let limit = maximumContentOffset
        let clamped = Point(x: min(max(proposed.x, 0), limit.x), y: min(max(proposed.y, 0), limit.y))
        let frame = Rect(x: -clamped.x, y: -clamped.y, width: max(contentSize.width, 0), height: max(contentSize.height, 0))
        if contentView.frame != frame { contentView.frame = frame }
        guard clamped != offset else { return }
        offset = clamped
        onScroll?(self)
    }
}

private extension Point {
    func scaled(by factor: Double) -> Point { Point(x: x * factor, y: y * factor) }
}

/// The scroll view's vertical pan: a press on the view stops its deceleration first.
@MainActor
private final class ScrollPanGestureRecognizer: PanGestureRecognizer {
    init() { super.init(axis: .vertical) }

    override func pressBegan(at point: Point, time: Double) {
        super.pressBegan(at: point, time: time)
        if let scrollView = view as? ScrollView, scrollView.pressBegan() { claimsPress = true }
    }
}
