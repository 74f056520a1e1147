import Geometry
import Motion

/// A drag, as `UIPanGestureRecognizer`: begins once the pointer moved past ``slop`` along its
/// ``axis``, reports translation and a velocity measured on event timestamps.
@MainActor
open class PanGestureRecognizer: GestureRecognizer {
    /// Which way a drag must mostly go to begin.
    public enum Axis: Sendable {
        /// Sideways: further along x than along y.
        case horizontal
        /// Up or down: further along y than along x.
        case vertical
        /// Any way: past the slop is enough.
        case any
    }

    /// Which way the drag must mostly go to begin.
    public var axis: Axis
    /// How far the pointer must move before the pan begins, in pixels: the desktop's drag threshold (8 px unless it
    /// says otherwise) until set..
    public var slop: Double {
        get { explicitSlop ?? view?.window?.settings.input.dragThreshold ?? GestureThresholds.slop }
        set { explicitSlop = newValue }
    }
    private var explicitSlop: Double?
    private var tracker = PointVelocityTracker()
    /// Set at release: the velocity measured then (px/s).
    private var releaseVelocity: Point?
    /// The sample the tracker took last, so a coalesced motion handed on at the frame is not counted twice.
    private var lastSample: (point: Point, time: Double)?

    /// A pan along `axis` with an 8 px slop.
    public init(axis: Axis = .any, onChange: ((GestureRecognizer) -> Void)? = nil) {
        self.axis = axis
        super.init(onChange: onChange)
    }

    /// A pan in any direction that calls `action` on `target` on each state change, as
    /// `UIPanGestureRecognizer(target:action:)` (see ``GestureRecognizer/addTarget(_:action:)``).
    public convenience init<Target: AnyObject, Recognizer: GestureRecognizer>(
        target: Target, action: @escaping @MainActor (Target) -> (Recognizer) -> Void
    ) {
        self.init(axis: .any)
        addTarget(target, action: action)
    }

    /// The movement since the press, in window pixels.
    public var translation: Point { currentLocation - startLocation }

    /// The movement since the press in `view`'s coordinate system (nil: the window's), as
    /// `UIPanGestureRecognizer.translation(in:)`: the window movement through the view's scale
    /// and rotation (not its position, so a view that moves under the drag does not change it).
    public func translation(in view: View?) -> Point {
        Self.vector(translation, in: view)
    }

    /// The pointer's velocity in px/s in `view`'s coordinate system (nil: the window's), as
    /// `UIPanGestureRecognizer.velocity(in:)`.
    public func velocity(in view: View?) -> Point {
        Self.vector(velocity, in: view)
    }

    /// A window vector in `view`'s coordinates: through the inverse of its linear part.
    private static func vector(_ v: Point, in view: View?) -> Point {
        guard let view, let inverse = view.transformToRoot.inverted() else { return v }
        return Point(x: inverse.a * v.x + inverse.c * v.y, y: inverse.b * v.x + inverse.d * v.y)
    }

    /// Pointer velocity in px/s: least squares over the last 100 ms of events, 0 after a pause.
    public var velocity: Point {
        if let releaseVelocity { return releaseVelocity }
        return tracker.velocity(at: currentTime)
    }

    /// Starts tracking velocity at the press.
    open override func pressBegan(at point: Point, time: Double) {
        super.pressBegan(at: point, time: time)
        releaseVelocity = nil
        tracker.reset()
        tracker.add(position: point, time: time)
        lastSample = (point, time)
    }

    /// Whether the input router may hold this pan's motions until the frame; set by
    /// ``InteractiveSwipe``, whose transition only shows at frames. A scroll view's pan stays
    /// per motion: its offset is read between events.
    package var coalescesMotion = false

    /// Feeds one motion to the velocity tracker without moving the pan: the input router calls
    /// it for each motion it holds until the frame.
    package func addSample(_ point: Point, time: Double) {
        tracker.add(position: point, time: time)
        lastSample = (point, time)
    }

    /// Tracks the move; begins once ``canBegin(translation:)`` says so (fails on
    /// ``shouldFail(translation:)``), then reports each move as `.changed`.
    open override func pointerMoved(to point: Point, time: Double) {
        super.pointerMoved(to: point, time: time)
        if lastSample?.point != point || lastSample?.time != time { addSample(point, time: time) }
        switch state {
        case .possible:
            if canBegin(translation: translation) { transition(to: .began) } else if shouldFail(translation: translation) {
                state = .failed
            }
        case .began, .changed:
            transition(to: .changed)
        default:
            break
        }
    }

    /// Ends the pan with the velocity measured at release; a press that never began fails.
    open override func pressEnded(at point: Point, time: Double) {
        super.pressEnded(at: point, time: time)
        guard isActive else {
            state = .failed
            return
        }
        releaseVelocity = tracker.velocity(at: time)
        transition(to: .ended)
    }

    /// Whether a drag by `translation` starts this pan (past the slop, along the axis).
    open func canBegin(translation t: Point) -> Bool {
        switch axis {
        case .horizontal: return abs(t.x) >= slop && abs(t.x) > abs(t.y)
        case .vertical: return abs(t.y) >= slop && abs(t.y) > abs(t.x)
        case .any: return (t.x * t.x + t.y * t.y).squareRoot() >= slop
        }
    }

    /// Whether a drag by `translation` rules this pan out (it went the other way first).
    open func shouldFail(translation t: Point) -> Bool {
        switch axis {
        case .horizontal: return abs(t.y) >= slop && abs(t.y) >= abs(t.x)
        case .vertical: return abs(t.x) >= slop && abs(t.x) >= abs(t.y)
        case .any: return false
        }
    }
}

