import Geometry

/// One pinch from its first event to its last, whatever drives it: a touchpad's fingers, Ctrl
/// and the wheel, or two fingers on a touchscreen.
///
/// The pinch recognizers under it are offered it innermost first, and the first to begin holds
/// it to the end. As the fingers land, each is offered it in turn until one that
/// ``PinchGestureRecognizer/waitsForScaleChange``: from there on, the offers wait until the
/// scale has moved past ``GestureThresholds/pinchSlop``, so that each sees which way it goes
/// (its `scale` already set when ``GestureRecognizer/shouldBegin`` is asked). So a picture
/// shown whole can take a spread and leave a pinch in to the page around it, which closes,
/// while a recognizer that catches what the fingers land on still begins at once.
@MainActor
final class PinchTracking {
    private var candidates: [PinchGestureRecognizer]
    private let start: Point
    private let startTime: Double
    /// The recognizer the pinch belongs to, once one began.
    private(set) var holder: PinchGestureRecognizer?

    /// A pinch at `location` (window coordinates) over `candidates`, innermost first.
    init(candidates: [PinchGestureRecognizer], at location: Point, time: Double) {
        self.candidates = candidates
        start = location
        startTime = time
        offer(scale: 1, upToWaiting: true)
    }

    /// Offers the pinch at `scale` to the candidates in turn (with `upToWaiting`, only those
    /// before the first that waits for a scale change) until one begins.
    private func offer(scale: Double, upToWaiting: Bool) {
        while holder == nil, let candidate = candidates.first {
            if upToWaiting && candidate.waitsForScaleChange { return }
            candidates.removeFirst()
            candidate.pinchBegan(at: start, time: startTime, scale: scale)
            if candidate.isActive { holder = candidate }
        }
    }

    /// The pinch's scale is now `scale` (relative to its start), at `location` when it moves
    /// (a touchscreen's fingers).
    func update(scale: Double, location: Point? = nil, time: Double) {
        if holder == nil {
            guard max(scale, 1 / scale) >= 1 + GestureThresholds.pinchSlop else { return }
            offer(scale: scale, upToWaiting: false)
            candidates = []
        }
        holder?.pinchChanged(scale: scale, location: location, time: time)
    }

    /// The fingers lifted (or the pinch was taken away, `cancelled`).
    func end(time: Double, cancelled: Bool) {
        candidates = []
        holder?.pinchEnded(time: time, cancelled: cancelled)
        holder = nil
    }
}
