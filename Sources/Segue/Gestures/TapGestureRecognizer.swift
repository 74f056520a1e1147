import Geometry
import Motion

/// A click or tap: press and release within ``slop`` pixels and ``maximumDuration``.
@MainActor
public final class TapGestureRecognizer: GestureRecognizer {
    /// How far the pointer may move between press and release, in pixels: the desktop's drag threshold (8 px unless it
    /// says otherwise) until set.
    public var slop: Double {
        get { explicitSlop ?? view?.window?.settings.input.dragThreshold ?? GestureThresholds.slop }
        set { explicitSlop = newValue }
    }
    private var explicitSlop: Double?
    /// How long the press may last, in seconds (``GestureThresholds/tapMaximumDuration`` by default).
    public var maximumDuration = GestureThresholds.tapMaximumDuration

    /// Fails the tap once the pointer moved farther than ``slop`` from the press.
    public override func pointerMoved(to point: Point, time: Double) {
        super.pointerMoved(to: point, time: time)
        let d = point - startLocation
        if (d.x * d.x + d.y * d.y).squareRoot() > slop { state = .failed }
    }

    /// Recognizes the tap (`.ended`) when released in time and still within ``slop``.
    public override func pressEnded(at point: Point, time: Double) {
        super.pressEnded(at: point, time: time)
        guard state == .possible, time - startTime <= maximumDuration else { return }
        transition(to: .ended)
    }
}
