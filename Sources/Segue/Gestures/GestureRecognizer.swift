import Geometry
import Motion

/// Turns a press-move-release sequence into a gesture, as `UIGestureRecognizer`.
///
/// The window offers every press to the recognizers on the pressed view and its ancestors;
/// the first to begin owns the drag, the others are reset, and a control under the press
/// stops tracking (a press that becomes a drag is not a click).
@MainActor
open class GestureRecognizer {
    /// Where a recognizer is in its sequence, as `UIGestureRecognizer.State`.
    public enum State: Sendable, Equatable {
        /// `possible` until it recognizes (or not); then `began`, `changed` on each move, and
        /// `ended` (released) or `cancelled` (taken away); `failed` when the sequence was not this
        /// gesture.
        case possible, began, changed, ended, cancelled, failed
    }

    /// Where the recognizer is in the current sequence; ``reset()`` returns it to `.possible`.
    public internal(set) var state: State = .possible
    /// The view the recognizer is attached to.
    public internal(set) weak var view: View?
    /// A disabled recognizer is not offered presses.
    public var isEnabled = true
    /// Called on every state change past `.possible`.
    public var onChange: ((GestureRecognizer) -> Void)?
    /// The target-action pairs of ``addTarget(_:action:)``, called after ``onChange``.
    private var actions: [(GestureRecognizer) -> Void] = []
    /// Asked before the recognizer begins; return false to fail it instead.
    public var shouldBegin: ((GestureRecognizer) -> Bool)?

    /// Where the press started and where the pointer is, in window coordinates.
    public internal(set) var startLocation = Point.zero
    /// The pointer's latest location, in window coordinates.
    public internal(set) var currentLocation = Point.zero
    /// When the press started, in event seconds.
    public internal(set) var startTime = 0.0
    /// The latest event's time, in event seconds.
    public internal(set) var currentTime = 0.0
    /// True when a touchpad scroll, not a press, drives this sequence.
    public internal(set) var isScrollSequence = false
    /// In a scroll sequence, the window pixels the drag moves per touchpad scroll unit (the
    /// window maps a page of scrolling to a window width); 1 otherwise.
    public internal(set) var scrollPointsPerUnit = 1.0
    /// Set by a recognizer whose view swallows the press it just got (a press that stops a
    /// scroll view's deceleration is not a click on the control under it).
    var claimsPress = false

    /// A recognizer, not yet attached to a view, that calls `onChange` on each state change.
    public init(onChange: ((GestureRecognizer) -> Void)? = nil) {
        self.onChange = onChange
    }

    /// A recognizer that calls `action` on `target` on each state change, as
    /// `UIGestureRecognizer(target:action:)` (`UITapGestureRecognizer(target:action:)` …; see
    /// ``addTarget(_:action:)``).
    public convenience init<Target: AnyObject, Recognizer: GestureRecognizer>(
        target: Target, action: @escaping @MainActor (Target) -> (Recognizer) -> Void
    ) {
        self.init(onChange: nil)
        addTarget(target, action: action)
    }

    /// Higher priority recognizers get to begin first when several could (edge pans > pans).
    open var priority: Int { 0 }

    /// The pointer location in `view`'s coordinates (nil: window).
    public func location(in view: View?) -> Point {
        guard let view, let inverse = view.transformToRoot.inverted() else { return currentLocation }
        return inverse.apply(to: currentLocation)
    }

    // MARK: subclass hooks (window coordinates, event seconds)

    /// A press started at `point` (window coordinates) at `time` (event seconds). Subclasses call
    /// `super`, which records the start.
    open func pressBegan(at point: Point, time: Double) {
        startLocation = point
        currentLocation = point
        startTime = time
        currentTime = time
    }

    /// The pointer moved to `point` at `time` during the press. Subclasses call `super`, which
    /// records the location.
    open func pointerMoved(to point: Point, time: Double) {
        currentLocation = point
        currentTime = time
    }

    /// The press was released at `point` at `time`. Subclasses call `super`, which records the
    /// location.
    open func pressEnded(at point: Point, time: Double) {
        currentLocation = point
        currentTime = time
    }

    /// The sequence was taken away (another recognizer won, the pointer left, a second button).
    open func cancel() {
        if state == .began || state == .changed { transition(to: .cancelled) } else { state = .failed }
    }

    /// Back to `.possible` for the next press.
    open func reset() {
        state = .possible
        claimsPress = false
        scrollPointsPerUnit = 1
    }

    /// Moves to `state` and tells the owner.
    public func transition(to newState: State) {
        if newState == .began, let shouldBegin, !shouldBegin(self) {
            state = .failed
            return
        }
        state = newState
        onChange?(self)
        sendActions()
    }

    /// Begins without asking ``shouldBegin`` (a press that takes over a settling transition).
    func beginImmediately() {
        state = .began
        onChange?(self)
        sendActions()
    }

    /// Calls every target's action, as UIKit's target-action does on each state change.
    private func sendActions() {
        for action in actions { action(self) }
    }

    /// Calls `action` on `target` (held weakly) on every state change past `.possible`, as
    /// `UIGestureRecognizer.addTarget(_:action:)`. The action is a method taking the recognizer
    /// typed as its own class, named without `#selector`:
    /// `recognizer.addTarget(self, action: SwipeController.handleGesture)`.
    public func addTarget<Target: AnyObject, Recognizer: GestureRecognizer>(
        _ target: Target, action: @escaping @MainActor (Target) -> (Recognizer) -> Void
    ) {
        actions.append { [weak target] recognizer in
            guard let target, let recognizer = recognizer as? Recognizer else { return }
            action(target)(recognizer)
        }
    }

    /// Removes every target's action (UIKit's `removeTarget(nil, action: nil)`).
    public func removeAllTargets() {
        actions.removeAll()
    }

    var isActive: Bool { state == .began || state == .changed }
}
