import Motion

/// A change from one layout to another driven by a progress, as UIKit's
/// `UICollectionViewTransitionLayout`: ``transitionProgress`` goes from 0 (the current layout)
/// to 1 (the new one) and the owner places every item at its interpolated frame.
///
/// Interactive (`startInteractiveTransition(to:)`): a gesture sets ``update(_:)``, then
/// ``release(velocity:)`` applies the ``commitRule`` with the gesture's velocity and the
/// progress settles on ``settleSpring`` from that velocity to 1 (`finishInteractiveTransition`)
/// or to 0 (`cancelInteractiveTransition`). Animated (`setCollectionViewLayout(_:animated:)`):
/// ``animate()`` settles from rest on ``animatedSpring``. A gesture arriving while it settles
/// calls ``interrupt()`` and drives it on from where it is.
///
/// `completion` runs exactly once with `true` at 1 or `false` at 0; a cancel ends at exactly
/// 0, so the owner's frames are exactly the old layout's again.
@MainActor
public final class LayoutTransition {
    /// The spring after a release (the swipes' settle).
    public var settleSpring = Spring.interactiveSettle
    /// The spring of a transition started by a button, from rest.
    public static let animatedSpring = Spring(response: 0.35, dampingRatio: 1)
    /// Whether a release finishes; the toolkit default lets a flick go its way.
    public var commitRule = CommitRule.standard
    /// 0 = the old layout, 1 = the new one.
    public var transitionProgress: Double { timeline.fractionComplete }
    /// True while the progress settles towards an end.
    public var isSettling: Bool { timeline.state == .settling }
    /// True once it has reached an end.
    public var isComplete: Bool { timeline.state == .ended }

    // A timeline of 1 s: its fraction is the progress and its velocity progress per second.
    private let timeline = Timeline(duration: 1)
    private weak var window: Window?
    /// Bumped by every gesture move and interrupt: a settle asked for before it is dropped.
    private var generation = 0

    /// A transition in `window` at progress 0; `apply` places the items for a progress, and
    /// `completion` runs once at the end.
    public init(in window: Window, apply: @escaping (Double) -> Void, completion: @escaping (Bool) -> Void) {
        self.window = window
        // Half a pixel on a 1000 px move.
        timeline.settleTolerance = 0.0005
        timeline.addAnimation { apply($0) }
        timeline.addCompletion { finished in completion(finished) }
        timeline.scrub(to: 0)
        window.run(timeline)
    }

    /// Sets the progress (clamped to 0…1) while a gesture drives it.
    public func update(_ progress: Double) {
        generation += 1
        timeline.scrub(to: progress)
        window?.setNeedsDisplay()
    }

    /// The gesture let go at `velocity` (progress per second, positive towards the new
    /// layout): finish or cancel by ``commitRule``. Returns whether it finishes.
    @discardableResult
    public func release(velocity: Double) -> Bool {
        let handOff = SettleHandOff(progress: transitionProgress, velocity: velocity, rule: commitRule)
        settle(toEnd: handOff.toEnd, velocity: handOff.initialVelocity, spring: settleSpring)
        return handOff.toEnd
    }

    /// Settles to the new layout (`finishInteractiveTransition`).
    public func finish(velocity: Double = 0) { settle(toEnd: true, velocity: velocity, spring: settleSpring) }

    /// Settles back to the old layout (`cancelInteractiveTransition`).
    public func cancel(velocity: Double = 0) { settle(toEnd: false, velocity: velocity, spring: settleSpring) }

    /// Goes to the new layout from rest, as an animated layout change.
    public func animate() { settle(toEnd: true, velocity: 0, spring: Self.animatedSpring) }

    /// Stops a settle where it is now, so a gesture can drive it again; returns the velocity
    /// it had (progress per second).
    @discardableResult
    public func interrupt() -> Double {
        generation += 1
        guard isSettling, let window else { return 0 }
        return timeline.interrupt(at: window.now)
    }

    private func settle(toEnd: Bool, velocity: Double, spring: Spring) {
        guard let window else { return }
        // As every timeline here: applied at the next frame, with that frame's time.
        let asked = generation
        window.atNextFrame { [weak self, timeline] time in
            guard let self, self.generation == asked, timeline.state == .paused else { return }
            timeline.settle(toEnd: toEnd, at: time, spring: spring, initialVelocity: velocity)
        }
    }
}
