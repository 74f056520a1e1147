import Motion

/// A click or tap: press and release within ``slop`` pixels and ``maximumDuration``.
@MainActor
public final class TapGestureRecognizer: GestureRecognizer {
    public var slop = GestureThresholds.slop
    public var maximumDuration = GestureThresholds.tapMaximumDuration

    public override func pointerMoved(to point: Point, time: Double) {
        super.pointerMoved(to: point, time: time)
        let d = point - startLocation
        if (d.x * d.x + d.y * d.y).squareRoot() > slop { state = .failed }
    }

    public override func pressEnded(at point: Point, time: Double) {
        super.pressEnded(at: point, time: time)
        guard state == .possible, time - startTime <= maximumDuration else { return }
        transition(to: .ended)
    }
}
