import Geometry
import Motion

/// Everything one transition needs, as `UIViewControllerContextTransitioning`: the roles, the
/// container view that exists while it runs, its timeline, and the calls that end it.
///
/// Animations submitted through ``animate(relativeStart:relativeDuration:easing:_:completion:)``
/// run on one `Timeline` with media-timing semantics: a gesture scrubs it, and release plays
/// the remainder forwards or backwards along the same curves, starting at the gesture's speed.
/// Every transition ends in exactly one ``completeTransition(_:)``.
@MainActor
public final class TransitionContext {
    /// Which transition this is (push, pop, tab …), for traces.
    public let kind: TransitionKind
    /// The view the transition happens in; it holds the from view when the transition begins.
    public let containerView: View
    /// The controller whose view is on screen when the transition begins.
    public let fromViewController: ViewController
    /// The controller whose view is on screen when the transition completes.
    public let toViewController: ViewController
    /// False for an instant transition: it completes at once without animating.
    public let isAnimated: Bool
    /// True while a gesture drives the transition; false once it was released.
    public private(set) var isInteractive: Bool
    /// Whether a gesture drove the transition from its start (it stays so after release).
    public let initiallyInteractive: Bool
    /// The transition's own curve: the easing of the first animation the animator ran over the
    /// whole transition (nil until it did); alongside animations follow it.
    public private(set) var primaryEasing: (any Easing)?
    /// Set when an interactive transition was cancelled: the animation plays back to the start.
    public private(set) var transitionWasCancelled = false
    /// The transition's progress as the gesture last set it (past 0 or 1 while a drag is
    /// rubber-banded beyond an end).
    public private(set) var percentComplete = 0.0
    /// The timeline every animation of this transition runs on.
    public private(set) var timeline: Timeline!
    /// Alongside animations and interaction-end notifications.
    public private(set) var coordinator: TransitionCoordinator!
    /// How the settle after release moves when the animator has no timing of its own
    /// (``AnimatedTransitioning/settleTiming(using:)``): a spring from the release velocity
    /// (default) or, when nil, the interaction controller's completion speed and curve.
    public var settleSpring: Spring? = Spring.interactiveSettle

    private var initialFrames: [ObjectIdentifier: Rect] = [:]
    private var finalFrames: [ObjectIdentifier: Rect] = [:]
    private weak var window: Window?
    /// The container's bookkeeping, run once by ``completeTransition(_:)``.
    var onComplete: ((Bool) -> Void)?
    /// The animation controller the container chose.
    public internal(set) var animationController: AnimatedTransitioning?
    /// Set by the gesture that drove this transition: a press during its settle calls it to take
    /// the transition over; it returns the recognizer that owns the drag from then on.
    var interruptHandler: ((Point, Double) -> GestureRecognizer?)?
    /// The interaction controller, when a gesture drives the transition.
    weak var interactionController: InteractiveTransitioning?

    /// A context for one transition in `containerView`; `interactive` when a gesture drives it from
    /// the start.
    /// ``ViewController/startTransition(_:from:to:in:animated:animator:interactionController:appearance:prepare:willBegin:didEnd:completion:)``
    /// makes it, with its frames, timeline and coordinator; containers rarely need to.
    package init(kind: TransitionKind, containerView: View, from: ViewController, to: ViewController,
                animated: Bool, interactive: Bool, window: Window?) {
        self.kind = kind
        self.containerView = containerView
        fromViewController = from
        toViewController = to
        isAnimated = animated
        isInteractive = interactive
        initiallyInteractive = interactive
        self.window = window
        coordinator = TransitionCoordinator(context: self)
    }

    /// Creates the timeline once the animator has said how long the transition lasts.
    package func prepareTimeline(duration: Double) {
        timeline = Timeline(duration: max(duration, 0.001))
    }

    /// A timeline that ends as soon as it starts: the transition completes at the next frame
    /// (animations turned off by the user).
    package func prepareInstantTimeline() {
        timeline = Timeline(duration: 0)
    }

    /// The from controller's view.
    public var fromView: View { fromViewController.view }
    /// The to controller's view.
    public var toView: View { toViewController.view }

    private var animatesFromView = true
    private var animatesToView = true

    /// The view an animator may move and insert into the container, or nil when it must not
    /// touch it (a custom presentation's presenter: it stays where it is, never re-parented).
    public func view(forKey key: TransitionViewKey) -> View? {
        switch key {
        case .from: animatesFromView ? fromView : nil
        case .to: animatesToView ? toView : nil
        }
    }

    /// Whether the container owns the to view's frame: then the view is put at
    /// ``finalFrame(for:)`` and laid out before the animator runs, as UIKit's navigation and tab
    /// controllers and full-screen presentations do (an animator that does not size the incoming
    /// view still finds it sized). True by default; false for a custom presentation, whose
    /// animator places the presented view itself.
    public var containerOwnsToViewFrame = true

    /// Puts the to view at its final frame and lays it out, when the container owns that frame.
    func sizeIncomingView() {
        guard containerOwnsToViewFrame, let toView = view(forKey: .to) else { return }
        let frame = finalFrame(for: toViewController)
        guard !frame.isEmpty else { return }
        toView.frame = frame
        toView.layoutIfNeeded()
    }

    /// Says which views take part (see ``view(forKey:)``); both do by default.
    public func setParticipatingViews(from: Bool, to: Bool) {
        animatesFromView = from
        animatesToView = to
    }

    /// Where a controller's view is when the transition begins (`.zero`: not on screen).
    public func initialFrame(for controller: ViewController) -> Rect {
        initialFrames[ObjectIdentifier(controller)] ?? .zero
    }

    /// Where a controller's view must be when the transition completes (`.zero`: removed).
    public func finalFrame(for controller: ViewController) -> Rect {
        finalFrames[ObjectIdentifier(controller)] ?? .zero
    }

    /// Sets the frame ``initialFrame(for:)`` returns for `controller`.
    public func setInitialFrame(_ frame: Rect, for controller: ViewController) {
        initialFrames[ObjectIdentifier(controller)] = frame
    }

    /// Sets the frame ``finalFrame(for:)`` returns for `controller`.
    public func setFinalFrame(_ frame: Rect, for controller: ViewController) {
        finalFrames[ObjectIdentifier(controller)] = frame
    }

    // MARK: animations

    /// Animates the property changes `changes` makes, over part of the transition, as
    /// `UIView.animate` within `animateTransition`. `completion` gets true when the timeline
    /// reached its end and false when it played back to its start (cancelled).
    public func animate(relativeStart: Double = 0, relativeDuration: Double = 1,
                        easing: any Easing = TimingCurve.easeInOut,
                        _ changes: () -> Void, completion: ((Bool) -> Void)? = nil) {
        add(AnimationRecorder.capture(changes), relativeStart: relativeStart, relativeDuration: relativeDuration,
            easing: easing, completion: completion)
    }

    /// Adds animations already captured (``View/animate(withDuration:delay:options:animations:completion:)``
    /// and keyframes capture first, then find where they run).
    func add(_ animations: [PropertyAnimation], relativeStart: Double, relativeDuration: Double,
             easing: any Easing, completion: ((Bool) -> Void)?) {
        noteEasing(easing, relativeStart: relativeStart, relativeDuration: relativeDuration)
        timeline.addAnimation(relativeStart: relativeStart, relativeDuration: relativeDuration, easing: easing) { fraction in
            for animation in animations { animation.apply(fraction) }
        }
        if let completion { timeline.addCompletion(completion) }
    }

    /// A per-frame animation: `apply` gets the eased progress of its part of the transition.
    public func addAnimation(relativeStart: Double = 0, relativeDuration: Double = 1,
                             easing: any Easing = TimingCurve.linear, _ apply: @escaping (Double) -> Void) {
        noteEasing(easing, relativeStart: relativeStart, relativeDuration: relativeDuration)
        timeline.addAnimation(relativeStart: relativeStart, relativeDuration: relativeDuration, easing: easing, apply)
    }

    /// Remembers the first whole-transition easing as the transition's own curve.
    private func noteEasing(_ easing: any Easing, relativeStart: Double, relativeDuration: Double) {
        if primaryEasing == nil, !isRunningAlongside, relativeStart == 0, relativeDuration == 1 { primaryEasing = easing }
    }

    /// Set while the coordinator adds an alongside animation (which must not become the curve).
    var isRunningAlongside = false

    /// Runs when the timeline ends: true at its end, false back at its start.
    public func addCompletion(_ completion: @escaping (Bool) -> Void) {
        timeline.addCompletion(completion)
    }

    /// The transitions whose animator runs now (`animateTransition`, or an interaction
    /// controller's `startInteractiveTransition`), innermost last: where `View.animate` and
    /// keyframes inside them are submitted.
    private static var animating: [TransitionContext] = []

    /// The transition whose animator runs now, if any.
    static var current: TransitionContext? { animating.last }

    /// Runs `body` (the animator's or interaction controller's start) with this context current.
    func whileCurrent(_ body: () -> Void) {
        Self.animating.append(self)
        body()
        Self.animating.removeLast()
    }

    // MARK: interaction

    /// Sets the progress while a gesture drives the transition; past 0 or 1 the animations
    /// go on past their ends (`Timeline.overshoot`), as a rubber-banded drag shows.
    public func updateInteractiveTransition(_ percent: Double) {
        guard isInteractive, !isComplete else { return }
        percentComplete = percent
        timeline.scrub(to: percent, overshoots: true)
        window?.setNeedsDisplay()
        trace(.update)
    }

    /// The gesture let go towards the end. `velocity` is in progress per second.
    public func finishInteractiveTransition(velocity: Double = 0) {
        endInteraction(cancelled: false, velocity: velocity)
    }

    /// The gesture let go towards the start: the transition plays back and is cancelled.
    public func cancelInteractiveTransition(velocity: Double = 0) {
        endInteraction(cancelled: true, velocity: velocity)
    }

    /// A press caught the settling transition: it stops where it is and the gesture drives it
    /// again. Returns its velocity at that instant (progress per second).
    @discardableResult
    public func pauseForInteraction() -> Double {
        guard !isComplete, !isInteractive else { return 0 }
        // The timeline's velocity is per animation second; the gesture's is per real second.
        let velocity = timeline.interrupt(at: window?.animationTime ?? 0) / (window?.animationSlowdown ?? 1)
        // Where the pages are shown, past an end too (a rubber-banded settle's overshoot), so the
        // gesture that takes over starts from the picture, not from the clamped fraction.
        percentComplete = timeline.fractionComplete + timeline.overshoot
        isInteractive = true
        transitionWasCancelled = false
        trace(.interrupt)
        return velocity
    }

    /// Why the gesture that lets go next chose its end: set by the gesture where it decides,
    /// traced with the finish or cancel.
    package var releaseReason: String?

    private func endInteraction(cancelled: Bool, velocity: Double) {
        guard isInteractive, !isComplete else { return }
        isInteractive = false
        transitionWasCancelled = cancelled
        trace(cancelled ? .cancel : .finish, velocity: velocity, reason: releaseReason)
        releaseReason = nil
        coordinator.interactionEnded()
        let speed = interactionController?.completionSpeed ?? 1
        let curve = interactionController?.completionCurve ?? .linear
        let timing = animationController?.settleTiming(using: self)
            ?? settleSpring.map { SettleTiming.spring($0, bounces: false) } ?? .curve
        let timeline = self.timeline!
        // Slow animations: the timeline runs on the slowed clock, so the finger's velocity
        // (per real second) is that many times larger per animation second — the hand-off
        // stays continuous in real time.
        let slowdown = window?.animationSlowdown ?? 1
        let initialVelocity = velocity * slowdown
        // The settle starts at the frame the release belongs to (at most one frame back), so
        // the first frame after release already moves at the finger's speed.
        let releaseFrame = window?.animationTime ?? 0
        // The user's motion preferences: with animations off a release goes straight to its
        // end; with reduced motion a spring settles without a bounce.
        let motion = window?.settings.motion ?? MotionPreferences()
        let settle: (Double) -> Void = { frameTime in
            let time = max(releaseFrame, frameTime - 1.0 / 60 / slowdown)
            if !motion.animationsEnabled {
                if cancelled { timeline.cancel(at: time, completionSpeed: .infinity) } else {
                    timeline.finish(at: time, completionSpeed: .infinity)
                }
                return
            }
            switch timing {
            case let .spring(spring, bounces):
                timeline.settle(toEnd: !cancelled, at: time, spring: spring.fasterBy(speed),
                                initialVelocity: initialVelocity, bounces: bounces && !motion.reducesMotion)
            case .curve:
                timeline.settle(toEnd: !cancelled, at: time, completionSpeed: speed, completionCurve: curve,
                                initialVelocity: initialVelocity)
            }
        }
        if let window { window.atNextFrame(settle) } else { settle(0) }
    }

    /// Ends the transition; call exactly once, from the animation's completion.
    public func completeTransition(_ didComplete: Bool) {
        guard !isComplete else {
            assertionFailure("completeTransition called twice for one \(kind.rawValue) transition")
            return
        }
        isComplete = true
        interruptHandler = nil
        window?.transitionEnded(self)
        trace(.complete, completed: didComplete)
        onComplete?(didComplete)
        coordinator.transitionCompleted()
        onComplete = nil
    }

    /// Set by ``completeTransition(_:)``: the transition is over.
    public private(set) var isComplete = false

    /// Starts the animations: on the next frame, or paused at 0 for a gesture.
    func run() {
        if isInteractive { timeline.scrub(to: 0) }
        window?.transitionBegan(self)
        window?.run(timeline)
        trace(.begin)
    }

    func trace(_ event: TraceRecord.Event, velocity: Double? = nil, completed: Bool? = nil, reason: String? = nil) {
        // A rubber-banded drag past an end is traced at that end: progress stays in 0…1.
        let progress = event == .update ? min(max(percentComplete, 0), 1) : timeline.fractionComplete
        window?.trace(TraceRecord(event: event, kind: kind, progress: progress,
                                  interactive: isInteractive, time: window?.now ?? 0,
                                  velocity: velocity, completed: completed, reason: reason))
    }
}
