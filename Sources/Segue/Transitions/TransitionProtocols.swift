import Motion

/// Animates one transition, as `UIViewControllerAnimatedTransitioning`.
///
/// It sees only the from and to controllers, never the kind of transition, so one animator
/// serves navigation, tabs, modals and custom containers.
@MainActor
public protocol AnimatedTransitioning: AnyObject {
    /// The duration of the whole transition, in seconds.
    func transitionDuration(using context: TransitionContext) -> Double
    /// Adds the views to the container and submits animations through
    /// ``TransitionContext/animate(relativeStart:relativeDuration:easing:_:completion:)``;
    /// one completion must call ``TransitionContext/completeTransition(_:)``.
    func animateTransition(using context: TransitionContext)
    /// Called after the transition ended, completed or not.
    func animationEnded(_ transitionCompleted: Bool)
    /// How the rest runs after a gesture lets go (see ``SettleTiming``); nil (the default)
    /// leaves it to the interaction controller's settle spring.
    func settleTiming(using context: TransitionContext) -> SettleTiming?
}

extension AnimatedTransitioning {
    public func animationEnded(_ transitionCompleted: Bool) {}
    public func settleTiming(using context: TransitionContext) -> SettleTiming? { nil }
}

/// Drives a transition from outside (a gesture), as `UIViewControllerInteractiveTransitioning`.
@MainActor
public protocol InteractiveTransitioning: AnyObject {
    func startInteractiveTransition(_ context: TransitionContext)
    /// How much faster than the transition's own pace the remainder plays after release.
    var completionSpeed: Double { get }
    /// The pace of the remainder after release.
    var completionCurve: TimingCurve { get }
}

/// What kind of transition runs, for traces and delegates.
public enum TransitionKind: String, Sendable {
    case push, pop, tab, container, present, dismiss
}
