import Motion

/// Binds a pan gesture to percent-driven transitions, the one place where a drag becomes
/// progress: it starts a transition when the drag begins, scrubs it, lets go by a
/// `CommitRule` with the release velocity, and — pressed again while that transition
/// settles — takes it over where it is, keeping its speed.
///
/// Containers configure it with the geometry of their gesture (which axis, which way is
/// "forward", how far is a whole transition) and a closure that starts the transition.
@MainActor
public final class InteractiveSwipe {
    /// Which way a drag must go to move the transition forward.
    public enum Direction: Sendable {
        /// Forward is a drag rightwards, leftwards, downwards or upwards.
        case right, left, down, up

        func component(_ p: Point) -> Double {
            switch self {
            case .right: p.x
            case .left: -p.x
            case .down: p.y
            case .up: -p.y
            }
        }
    }

    /// The pan that drives it (attach it to a view).
    public let recognizer: PanGestureRecognizer
    /// When release completes the transition; the toolkit default projects the flick.
    public var commitRule: CommitRule = .standard
    /// The settle after release: a spring from the release velocity (unless the animator
    /// has a timing of its own, ``AnimatedTransitioning/settleTiming(using:)``).
    public var settleSpring: Spring? = Spring.interactiveSettle
    /// Handed to each interaction controller: how much faster than the transition's own pace
    /// the rest plays after release (UIKit's `completionSpeed`, > 0).
    public var completionSpeed = 1.0
    /// Handed to each interaction controller: the pace of the rest after release for an
    /// animator that settles on its curve (UIKit's `completionCurve`).
    public var completionCurve = TimingCurve.linear
    /// The distance of a whole transition, in pixels (a page width, 200 px for the card flip).
    public var distance: () -> Double = { 1 }
    /// Where a fresh drag starts in progress: 0, or the press position for "the edge stays
    /// under the pointer" (the navigation pop).
    public var initialProgress: (_ pressLocation: Point) -> Double = { _ in 0 }
    /// Clamps progress; default 0…1.
    public var clamp: (Double) -> Double = { min(max($0, 0), 1) }
    /// Starts the transition for a drag heading `direction`-wise; return false when none applies.
    /// The transition must ask ``interactionController`` for its interaction controller.
    public var startTransition: (_ translation: Point) -> Direction? = { _ in nil }

    /// The interaction controller while a drag drives a transition; nil otherwise, so a
    /// click-started transition is never offered one.
    public private(set) var interactionController: PercentDrivenInteractiveTransition?
    private var direction = Direction.right
    private var baseProgress = 0.0
    private weak var settling: TransitionContext?

    /// Drives transitions with a new pan along `axis`.
    public init(axis: PanGestureRecognizer.Axis) {
        recognizer = PanGestureRecognizer(axis: axis)
        recognizer.onChange = { [weak self] gesture in
            guard let self, let pan = gesture as? PanGestureRecognizer else { return }
            self.handle(pan)
        }
    }

    /// Uses `recognizer` (e.g. a screen-edge pan) instead of a plain pan.
    public init(recognizer: PanGestureRecognizer) {
        self.recognizer = recognizer
        recognizer.onChange = { [weak self] gesture in
            guard let self, let pan = gesture as? PanGestureRecognizer else { return }
            self.handle(pan)
        }
    }

    /// The transition this swipe drives has started: a press during its settle can take it over.
    private func transitionStarted(_ context: TransitionContext) {
        settling = context
        // The context owns this handler: a strong capture would keep it alive past its window.
        context.interruptHandler = { [weak self, weak context] point, time in
            guard let context else { return nil }
            return self?.takeOver(context, at: point, time: time)
        }
    }

    private func handle(_ pan: PanGestureRecognizer) {
        let span = max(distance(), 1)
        switch pan.state {
        case .began:
            guard interactionController == nil else { return update(pan, span: span) }
            let interaction = PercentDrivenInteractiveTransition()
            interaction.settleSpring = settleSpring
            interaction.completionSpeed = completionSpeed
            interaction.completionCurve = completionCurve
            interaction.onStart = { [weak self] context in self?.transitionStarted(context) }
            interactionController = interaction
            guard let started = startTransition(pan.translation) else {
                interactionController = nil
                return
            }
            direction = started
            // A touchpad swipe starts from nothing wherever the pointer is.
            baseProgress = pan.isScrollSequence ? 0 : initialProgress(pan.startLocation)
            update(pan, span: span)
        case .changed:
            update(pan, span: span)
        case .ended:
            guard let interaction = interactionController else { return }
            let progress = progress(of: pan, span: span)
            let velocity = direction.component(pan.velocity) / span
            if commitRule.shouldCommit(progress: progress, velocity: velocity) {
                interaction.finish(velocity: velocity)
            } else {
                interaction.cancel(velocity: velocity)
            }
            interactionController = nil
        case .cancelled, .failed:
            interactionController?.cancel()
            interactionController = nil
        case .possible:
            break
        }
    }

    private func progress(of pan: PanGestureRecognizer, span: Double) -> Double {
        clamp(baseProgress + direction.component(pan.translation) / span)
    }

    private func update(_ pan: PanGestureRecognizer, span: Double) {
        interactionController?.update(progress(of: pan, span: span))
    }

    /// A press landed while `context` settles: stop it where it is and drive it again.
    private func takeOver(_ context: TransitionContext, at point: Point, time: Double) -> GestureRecognizer? {
        guard !context.isComplete, !context.isInteractive, settleSpring != nil else { return nil }
        context.pauseForInteraction()
        let interaction = PercentDrivenInteractiveTransition()
        interaction.settleSpring = settleSpring
        interaction.completionSpeed = completionSpeed
        interaction.completionCurve = completionCurve
        interaction.resume(context)
        interactionController = interaction
        baseProgress = context.percentComplete
        return recognizer
    }
}
