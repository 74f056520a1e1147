import Motion

/// How the rest of an interactive transition runs after release: the animator's own timing,
/// as the timing parameters UIKit's `UIViewPropertyAnimator.continueAnimation(
/// withTimingParameters:durationFactor:)` takes. Every kind starts at the release velocity.
///
/// An animator returns one from ``AnimatedTransitioning/settleTiming(using:)``; nil leaves
/// the toolkit's settle (the interaction controller's spring: critically damped for pages,
/// `Spring.sheetSettle` for sheets).
public enum SettleTiming: Sendable, Hashable {
    /// A spring from the release velocity, as `UISpringTimingParameters(dampingRatio:
    /// initialVelocity:)`. With `bounces` an under-damped spring swings past the end and back
    /// (a ζ 0.5 zoom lands in its cell with a bounce); without, it stops at the end.
    /// The interaction controller's `completionSpeed` runs it that much faster. A press
    /// mid-bounce takes the transition over at its place: a gesture's progress is 0…1, so the
    /// overshoot (a few pixels) is dropped there.
    case spring(Spring, bounces: Bool)
    /// The transition's own pace: the remaining fraction at the interaction controller's
    /// `completionSpeed` on its `completionCurve` (UIKit's `finishInteractiveTransition`),
    /// bent at its start to the release velocity. Every animation keeps its own easing over
    /// the timeline, so keyframed transitions finish on their curves.
    case curve
}

extension Spring {
    /// The same spring run `speed` times faster (ω₀ × speed, same damping ratio): a settle at
    /// an interaction controller's `completionSpeed`. Returns self for speed 1.
    func fasterBy(_ speed: Double) -> Spring {
        guard speed != 1, speed > 0 else { return self }
        return Spring(mass: mass, stiffness: stiffness * speed * speed, damping: damping * speed)
    }
}
