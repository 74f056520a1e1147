import Geometry
import Motion

/// A pinch, as `UIPinchGestureRecognizer`: ``scale`` is 1 when it begins and follows the
/// fingers (> 1 apart, < 1 together); ``velocity`` is the scale's rate in scale factor per
/// second.
///
/// The window drives it, never a press: a touchpad pinch (`zwp_pointer_gestures_v1`, where
/// the compositor offers it) goes to the innermost pinch recognizer under the pointer, and so
/// does scrolling while Ctrl is held (the desktop's zoom): ``GestureThresholds/ctrlScrollPerDoubling``
/// px of scrolling up doubles the scale, and letting go of Ctrl ends the pinch.
@MainActor
public final class PinchGestureRecognizer: GestureRecognizer {
    /// The scale since the pinch began.
    public private(set) var scale = 1.0
    /// The scale's rate at the last update, in scale factor per second (measured over the
    /// last ≈ 0.1 s of updates).
    public var velocity: Double { tracker.velocity(at: currentTime) }
    private var tracker = VelocityTracker()

    /// Whether the pinch begins only once its scale has moved past
    /// ``GestureThresholds/pinchSlop``, so that ``GestureRecognizer/shouldBegin`` can see which
    /// way it goes, leaving the other way to the views around (false, the default: it begins
    /// as the fingers land, and can catch what they land on).
    public var waitsForScaleChange = false

    /// A pinch recognizer, not yet attached to a view, that calls `onChange` on each state change.
    public override init(onChange: ((GestureRecognizer) -> Void)? = nil) {
        super.init(onChange: onChange)
    }

    /// The pinch began at `point` (window coordinates) at `time`, and has reached `scale`:
    /// ``GestureRecognizer/shouldBegin`` sees which way it goes.
    func pinchBegan(at point: Point, time: Double, scale: Double = 1) {
        reset()
        startLocation = point
        currentLocation = point
        startTime = time
        currentTime = time
        self.scale = scale
        tracker.reset()
        tracker.add(position: 1, time: time)
        transition(to: .began)
    }

    /// The fingers moved: the scale is now `scale` (relative to the beginning), and the point
    /// between them `location` when they are on a touchscreen (a touchpad's stays where the
    /// pointer was).
    func pinchChanged(scale: Double, location: Point? = nil, time: Double) {
        guard isActive else { return }
        self.scale = scale
        if let location { currentLocation = location }
        currentTime = time
        tracker.add(position: scale, time: time)
        transition(to: .changed)
    }

    /// The pinch ended (fingers lifted, Ctrl released) or was taken away (`cancelled`).
    func pinchEnded(time: Double, cancelled: Bool) {
        guard isActive else { return }
        currentTime = time
        transition(to: cancelled ? .cancelled : .ended)
    }
}
