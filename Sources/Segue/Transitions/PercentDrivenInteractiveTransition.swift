import Motion

/// An interaction controller a gesture drives by percent, as
/// `UIPercentDrivenInteractiveTransition`: it runs the animator on a paused timeline, scrubs it
/// with ``update(_:)``, and lets go with ``finish(velocity:)`` or ``cancel(velocity:)``.
///
/// Unlike UIKit's, release hands the gesture's velocity to the settle, so the page keeps the
/// finger's speed instead of jumping to a fixed pace.
@MainActor
open class PercentDrivenInteractiveTransition: InteractiveTransitioning {
    /// How much faster than the transition's own pace the rest plays after release (1: its pace);
    /// with a ``settleSpring``, the spring runs that much faster.
    public var completionSpeed: Double = 1
    /// The pace of the rest after release when there is no ``settleSpring``.
    public var completionCurve: TimingCurve = .linear
    /// The settle after release; nil plays the rest at ``completionSpeed`` on ``completionCurve``.
    public var settleSpring: Spring? = Spring.interactiveSettle
    /// The progress last set with ``update(_:)``, 0…1.
    public private(set) var percentComplete = 0.0
    /// The transition this controller drives now, if any.
    public private(set) weak var context: TransitionContext?
    /// Called when a transition starts under this controller (a gesture's hook to catch it later).
    public var onStart: ((TransitionContext) -> Void)?

    /// A controller at progress 0, settling with `Spring.interactiveSettle`.
    public init() {}

    /// Runs the animator on the paused timeline, then applies the progress set so far.
    public func startInteractiveTransition(_ context: TransitionContext) {
        self.context = context
        context.settleSpring = settleSpring
        context.interactionController = self
        context.animationController?.animateTransition(using: context)
        context.updateInteractiveTransition(percentComplete)
        onStart?(context)
    }

    /// Drives `context` again after a press took over its settle (its animations exist).
    public func resume(_ context: TransitionContext) {
        self.context = context
        context.settleSpring = settleSpring
        context.interactionController = self
        percentComplete = context.percentComplete
    }

    /// Sets the progress (0…1; a little past while a drag is rubber-banded) while the gesture moves.
    public func update(_ percent: Double) {
        percentComplete = percent
        context?.updateInteractiveTransition(percent)
    }

    /// Lets go towards the end; `velocity` in progress per second.
    public func finish(velocity: Double = 0) {
        context?.finishInteractiveTransition(velocity: velocity)
    }

    /// Lets go towards the start; `velocity` in progress per second (negative: backwards).
    public func cancel(velocity: Double = 0) {
        context?.cancelInteractiveTransition(velocity: velocity)
    }
}
