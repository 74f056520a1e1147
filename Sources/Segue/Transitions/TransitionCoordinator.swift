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

    /// What kind of transition this is.
    public var kind: TransitionKind { context.kind }
    /// True while a gesture drives the transition.
    public var isInteractive: Bool { context.isInteractive }
    /// Whether a gesture drove the transition from its start, as UIKit's `initiallyInteractive`.
    public var initiallyInteractive: Bool { context.initiallyInteractive }
    /// True once the gesture let go towards the start: the transition is playing back and will not
    /// complete.
    public var isCancelled: Bool { context.transitionWasCancelled }
    /// The transition's progress on its timeline, 0…1 (eased animations follow their own curves).
    public var percentComplete: Double { context.timeline.fractionComplete }
    /// The controller whose view is on screen when the transition begins.
    public var fromViewController: ViewController { context.fromViewController }
    /// The controller whose view is on screen when the transition completes.
    public var toViewController: ViewController { context.toViewController }

    /// Animates `changes` (recorded property changes) over the whole transition on the
    /// transition's own curve (its animator's, e.g. the slide's ease-in-out; linear for a
    /// transition without one), as UIKit runs alongside animations with the animator's timing; it
    /// tracks a drag, the settle and a cancel's return. `completion` runs when the transition has
    /// completed or been cancelled.
    public func animate(alongside changes: (() -> Void)?, completion: ((TransitionCoordinator) -> Void)? = nil) {
        if let changes {
            // The animator may run after this is called (containers add alongside work first):
            // the curve is looked up at each frame.
            context.isRunningAlongside = true
            context.animate(easing: AlongsideEasing(context: context), changes)
            context.isRunningAlongside = false
        }
        if let completion { completionHandlers.append(completion) }
    }

    /// Calls `progress` with the transition's progress (0…1) on every frame it changes.
    public func animate(alongsideProgress progress: @escaping (Double) -> Void,
                        completion: ((TransitionCoordinator) -> Void)? = nil) {
        context.isRunningAlongside = true
        context.addAnimation(progress)
        context.isRunningAlongside = false
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

/// The transition's own curve, looked up when evaluated (``TransitionContext/primaryEasing``).
private struct AlongsideEasing: Easing, @unchecked Sendable {
    weak var context: TransitionContext?

    func value(at t: Double) -> Double {
        MainActor.assumeIsolated { context?.primaryEasing?.value(at: t) ?? t }
    }
}
