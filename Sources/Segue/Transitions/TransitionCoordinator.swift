import Motion

/// Lets others move in step with a transition, as `UIViewControllerTransitionCoordinator`.
///
/// The tab buttons' colours follow a swipe this way: `animate(alongside:)` with a progress
/// closure runs on the transition's own timeline, so it tracks the drag, the settle, and a
/// cancel's return, frame for frame.
@MainActor
public final class TransitionCoordinator {
    private unowned let context: TransitionContext
    private var interactionEndHandlers: [(TransitionCoordinator) -> Void] = []
    private var completionHandlers: [(TransitionCoordinator) -> Void] = []

    init(context: TransitionContext) {
        self.context = context
    }

    public var kind: TransitionKind { context.kind }
    public var isInteractive: Bool { context.isInteractive }
    public var isCancelled: Bool { context.transitionWasCancelled }
    public var percentComplete: Double { context.timeline.fractionComplete }
    public var fromViewController: ViewController { context.fromViewController }
    public var toViewController: ViewController { context.toViewController }

    /// Animates `changes` (recorded property changes) over the whole transition, linearly in
    /// its progress; `completion` runs when the transition has completed or been cancelled.
    public func animate(alongside changes: (() -> Void)?, completion: ((TransitionCoordinator) -> Void)? = nil) {
        if let changes { context.animate(easing: TimingCurve.linear, changes) }
        if let completion { completionHandlers.append(completion) }
    }

    /// Calls `progress` with the transition's progress (0…1) on every frame it changes.
    public func animate(alongsideProgress progress: @escaping (Double) -> Void,
                        completion: ((TransitionCoordinator) -> Void)? = nil) {
        context.addAnimation(progress)
        if let completion { completionHandlers.append(completion) }
    }

    /// Runs when the gesture lets go, before the transition settles; `isCancelled` tells which way.
    public func notifyWhenInteractionEnds(_ handler: @escaping (TransitionCoordinator) -> Void) {
        interactionEndHandlers.append(handler)
    }

    func interactionEnded() {
        let handlers = interactionEndHandlers
        interactionEndHandlers.removeAll()
        for handler in handlers { handler(self) }
    }

    func transitionCompleted() {
        let handlers = completionHandlers
        completionHandlers.removeAll()
        for handler in handlers { handler(self) }
    }
}
