import Geometry
import Canvas
import Motion

/// Slow animations, as the iOS Simulator's Debug ▸ Slow Animations and GTK's
/// `GTK_SLOWDOWN`: the window's animation clock runs `factor` times slower than its frame
/// clock, so every timeline — transitions, their settles, scroll deceleration — takes
/// `factor` times longer in exact proportion. Input is not slowed: a gesture still follows
/// the pointer 1:1, and a release hands its velocity on in real time.
///
/// The clock is piecewise linear: changing the factor re-anchors it at the current time, so
/// a toggle in the middle of an animation changes its pace without a jump.
struct AnimationClock {
    /// Animation seconds per real second is 1 / factor (> 0, finite).
    private(set) var factor = 1.0
    private var anchorReal = 0.0
    private var anchorAnimation = 0.0

    /// Animation time at real time `real` (≥ the last anchor).
    func animationTime(at real: Double) -> Double {
        anchorAnimation + (real - anchorReal) / factor
    }

    /// Changes the factor from real time `real` on.
    mutating func setFactor(_ newFactor: Double, at real: Double) {
        precondition(newFactor > 0 && newFactor.isFinite, "the slow-animation factor must be finite and > 0")
        anchorAnimation = animationTime(at: real)
        anchorReal = real
        factor = newFactor
    }
}

extension Window {
    /// Reads a slow-animation factor (`--slow N`, `SEGUE_SLOWDOWN=N`): a finite number > 0,
    /// or nil for anything else ("0", "-2", "nan", "inf", "fast", "").
    nonisolated package static func parseSlowdown(_ text: String) -> Double? {
        guard let value = Double(text), value.isFinite, value > 0 else { return nil }
        return value
    }
}
