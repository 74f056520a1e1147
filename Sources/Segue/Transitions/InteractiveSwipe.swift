import Geometry
import Motion

/// Binds a pan gesture to percent-driven transitions, the one place where a drag becomes
/// progress: it starts a transition when the drag begins, scrubs it (resisting past either
/// end), lets go by a `CommitRule` with the release velocity, and — pressed again while that
/// transition settles — takes it over where it is, keeping its speed.
///
/// The container it drives answers for the geometry of the gesture and starts the transition,
/// as its ``swipeable`` (libadwaita's swipe tracker and `AdwSwipeable`).
@MainActor
public final class InteractiveSwipe {
    /// The container this swipe drives; without one no drag starts anything.
    public weak var swipeable: Swipeable?
    /// The pan that drives it (attach it to a view).
    public let recognizer: PanGestureRecognizer
    /// When release completes the transition; the toolkit default projects the flick.
    public var commitRule = GestureThresholds.commitRule
    /// The settle after release: a spring from the release velocity (unless the animator
    /// has a timing of its own, ``AnimatedTransitioning/settleTiming(using:)``).
    public var settleSpring: Spring? = Spring.interactiveSettle
    /// Handed to each interaction controller: how much faster than the transition's own pace
    /// the rest plays after release (UIKit's `completionSpeed`, > 0).
    public var completionSpeed = 1.0
    /// Handed to each interaction controller: the pace of the rest after release for an
    /// animator that settles on its curve (UIKit's `completionCurve`).
    public var completionCurve = TimingCurve.linear
    /// How a drag past either end resists, in pixels: `x` px beyond the end move the
    /// transition `x / (1 + x / limit)` px, and the settle comes back from there. nil (the
    /// default) stops it hard at the ends, as UIKit's percent-driven transitions; the tab
    /// swipe uses ``GestureThresholds/rubberBandLimit``. A limit of 0 or less stops hard too.
    public var rubberBandLimit: Double?

    /// The interaction controller while a drag drives a transition; nil otherwise, so a
    /// click-started transition is never offered one.
    public private(set) var interactionController: PercentDrivenInteractiveTransition?
    private var direction = Direction.right
    private var baseProgress = 0.0
    private weak var settling: TransitionContext?

    /// A swipe driven by a plain pan along `axis`.
    public convenience init(axis: PanGestureRecognizer.Axis) {
        self.init(recognizer: PanGestureRecognizer(axis: axis))
    }

    /// Uses `recognizer` (e.g. a screen-edge pan) instead of a plain pan; the swipe answers its
    /// ``GestureRecognizer/shouldBegin`` and ``GestureRecognizer/onChange``.
    public init(recognizer: PanGestureRecognizer) {
        self.recognizer = recognizer
        recognizer.coalescesMotion = true
        recognizer.shouldBegin = { [weak self] gesture in
            guard let self, let swipeable = self.swipeable, let pan = gesture as? PanGestureRecognizer else { return false }
            return swipeable.swipeShouldBegin(self, pan: pan)
        }
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
        let span = max(swipeable?.swipeDistance(self) ?? 1, 1)
        switch pan.state {
        case .began:
            guard interactionController == nil else { return update(pan, span: span) }
            let interaction = PercentDrivenInteractiveTransition()
            interaction.settleSpring = settleSpring
            interaction.completionSpeed = completionSpeed
            interaction.completionCurve = completionCurve
            interaction.onStart = { [weak self] context in self?.transitionStarted(context) }
            interactionController = interaction
            guard let started = swipeable?.swipe(self, beginTransitionFor: pan.translation) else {
                interactionController = nil
                return
            }
            direction = started
            // A touchpad swipe starts from nothing wherever the pointer is.
            baseProgress = pan.isScrollSequence ? 0 : swipeable?.swipe(self, initialProgressAt: pan.startLocation) ?? 0
            update(pan, span: span)
        case .changed:
            update(pan, span: span)
        case .ended:
            guard let interaction = interactionController else { return }
            let progress = progress(of: pan, span: span)
            let handOff = SettleHandOff(progress: progress, velocity: shownVelocity(of: pan, span: span),
                                        rule: commitRule)
            interaction.context?.releaseReason = handOff.reason
            if handOff.toEnd {
                interaction.finish(velocity: handOff.initialVelocity)
            } else {
                interaction.cancel(velocity: handOff.initialVelocity)
            }
            interactionController = nil
        case .cancelled, .failed:
            interactionController?.cancel()
            interactionController = nil
        case .possible:
            break
        }
    }

    /// The drag's progress, with resistance past 0 and 1 (docs/MOTION.md target 6).
    private func progress(of pan: PanGestureRecognizer, span: Double) -> Double {
        let progress = baseProgress + direction.component(of: pan.translation) / span
        guard let rubberBandLimit, rubberBandLimit > 0 else { return min(max(progress, 0), 1) }
        return RubberBand.progress(progress, limit: rubberBandLimit / span)
    }

    /// The page's own velocity at release (progress per second): the finger's, times the rubber
    /// band's slope where the drag is past an end. Without it a flick released far past the end
    /// (a second swipe catching the first one's settle) would start the settle at the finger's
    /// full speed, carrying the page out much further than the rubber band ever showed it.
    private func shownVelocity(of pan: PanGestureRecognizer, span: Double) -> Double {
        let velocity = direction.component(of: pan.velocity) / span
        guard let rubberBandLimit, rubberBandLimit > 0 else { return velocity }
        let raw = baseProgress + direction.component(of: pan.translation) / span
        return velocity * RubberBand.progressSlope(raw, limit: rubberBandLimit / span)
    }

    /// The undamped progress that ``progress(of:span:)`` shows as `shown`: with a rubber band, a
    /// press on a settle that is past an end picks the drag up there without a jump; without
    /// one the drag cannot go past an end, so it starts at the end (a bounce's overshoot drops).
    private func rawProgress(shown: Double, span: Double) -> Double {
        guard let rubberBandLimit, rubberBandLimit > 0, span > 0 else { return min(max(shown, 0), 1) }
        return RubberBand.rawProgress(shown, limit: rubberBandLimit / span)
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
        baseProgress = rawProgress(shown: context.percentComplete, span: max(swipeable?.swipeDistance(self) ?? 1, 1))
        return recognizer
    }
}
