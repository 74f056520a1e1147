/// A spring run as an easing over a fixed duration, as UIKit's
/// `animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:)` does.
///
/// Normalized time 0…1 maps onto the spring's own settling time
/// (``Spring/settlingDuration(initialVelocity:epsilon:)`` with ε = 0.001). The residual
/// distance left at that time (≤ 0.001) is blended in linearly over the whole run, so the
/// easing reaches exactly 1 at t = 1 without a jump.
///
/// A bouncy push, 0.8 s, damping 0.5, initial velocity 0.5:
/// ```swift
/// let easing = SpringEasing(spring: Spring(duration: 0.8, dampingRatio: 0.5), initialVelocity: 0.5)
/// timeline.addAnimation(easing: easing) { progress in … }   // on an 0.8 s Timeline
/// ```
/// UIKit ignores curve options (ease-in, ease-in-out) on spring animations; so does this.
public struct SpringEasing: Easing, Hashable, Sendable {
    /// The spring.
    public let spring: Spring
    /// The initial velocity, relative to the distance per second of the spring's own time.
    public let initialVelocity: Double
    /// The spring time (seconds) that normalized time 1 corresponds to.
    public let duration: Double
    /// Where the free spring is at ``duration``; the difference to 1 is blended away.
    private let endValue: Double

    /// The tolerance defining the spring's settling time for this easing.
    public static let epsilon = 0.001

    /// A spring easing; `initialVelocity` is relative to the distance, as UIKit's
    /// `initialSpringVelocity`.
    public init(spring: Spring, initialVelocity: Double = 0) {
        self.spring = spring
        self.initialVelocity = initialVelocity
        let settle = spring.settlingDuration(initialVelocity: initialVelocity, epsilon: Self.epsilon)
        // An undamped spring never settles: fall back to ten periods.
        self.duration = settle.isFinite && settle > 0 ? settle : 10 * spring.response
        self.endValue = spring.value(at: duration, initialVelocity: initialVelocity)
    }

    /// The spring's progress at normalized time `t` (clamped to 0…1); may overshoot 1.
    public func value(at t: Double) -> Double {
        if t <= 0 { return 0 }
        if t >= 1 { return 1 }
        return spring.value(at: t * duration, initialVelocity: initialVelocity) + t * (1 - endValue)
    }
}
