import Motion

/// Animates one transition, as `UIViewControllerAnimatedTransitioning`.
///
/// It sees only the from and to controllers, never the kind of transition, so one animator
/// serves navigation, tabs, modals and custom containers.
@MainActor
public protocol AnimatedTransitioning: AnyObject {
    /// The duration of the whole transition, in seconds. The context is optional, as in UIKit
    /// (Segue always passes one; an animator may be asked outside a transition).
    func transitionDuration(using context: TransitionContext?) -> Double
    /// Adds the views to the container and submits animations through
    /// ``TransitionContext/animate(relativeStart:relativeDuration:easing:_:completion:)``;
    /// one completion must call ``TransitionContext/completeTransition(_:)``.
    func animateTransition(using context: TransitionContext)
    /// Called after the transition ended, completed or not.
    func animationEnded(_ transitionCompleted: Bool)
    /// How the rest runs after a gesture lets go (see ``SettleTiming``); nil (the default)
    /// leaves it to the interaction controller's settle spring.
    func settleTiming(using context: TransitionContext) -> SettleTiming?
    /// What plays instead when the user asked for reduced motion (``MotionPreferences``) and no
    /// gesture drives the transition: an animator without slides, turns, zooms or bounces. nil
    /// (the default) plays a ``CrossFadeAnimator``.
    func reducedMotionVariant(using context: TransitionContext) -> AnimatedTransitioning?
}

extension AnimatedTransitioning {
    /// Does nothing.
    public func animationEnded(_ transitionCompleted: Bool) {}
    /// nil: the interaction controller's settle spring decides.
    public func settleTiming(using context: TransitionContext) -> SettleTiming? { nil }
    /// nil: reduced motion cross-fades.
    public func reducedMotionVariant(using context: TransitionContext) -> AnimatedTransitioning? { nil }
}

/// Drives a transition from outside (a gesture), as `UIViewControllerInteractiveTransitioning`.
@MainActor
public protocol InteractiveTransitioning: AnyObject {
    /// Takes over `context`, paused at 0 with its timeline running: the animator has not been asked
    /// to animate yet. Call ``AnimatedTransitioning/animateTransition(using:)`` (or set up your own
    /// animations), then drive the progress with
    /// ``TransitionContext/updateInteractiveTransition(_:)`` and end with
    /// ``TransitionContext/finishInteractiveTransition(velocity:)`` or
    /// ``TransitionContext/cancelInteractiveTransition(velocity:)``.
    func startInteractiveTransition(_ context: TransitionContext)
    /// How much faster than the transition's own pace the remainder plays after release.
    var completionSpeed: Double { get }
    /// The pace of the remainder after release.
    var completionCurve: TimingCurve { get }
}

/// What kind of transition runs, for traces and delegates.
public enum TransitionKind: String, Sendable {
    /// A navigation push or pop, a tab bar switch, a ``TopTabBarController`` switch (and custom
    /// containers'), a presentation or a dismissal; the raw value is the trace's `"kind"`.
    case push, pop, tab, container, present, dismiss
}
