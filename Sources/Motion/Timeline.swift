/// A transition's clock with media-timing semantics: it plays, pauses, scrubs, finishes,
/// cancels and settles on a spring, driving any number of animations from one fraction.
///
/// The *fraction* (``fractionComplete``, 0…1) is the linear timeline position; each animation
/// maps it through its own phase and easing. Everything is driven by explicit times in
/// seconds (compositor frame times), so a `Timeline` is deterministic.
///
/// A non-interactive transition:
/// ```swift
/// let timeline = Timeline(duration: 0.5)
/// timeline.addAnimation(easing: TimingCurve.easeInOut) { p in toView.x = width * (1 - p) }
/// timeline.addCompletion { finished in … }
/// timeline.start(at: now)
/// // every frame while timeline.needsFrames:
/// timeline.tick(at: frameTime)
/// ```
/// An interactive one: ``scrub(to:overshoots:)`` while the finger moves, then on release
/// ``settle(toEnd:at:spring:initialVelocity:bounces:)`` (or ``finish(at:completionSpeed:completionCurve:)``
/// / ``cancel(at:completionSpeed:completionCurve:)`` as UIKit's percent-driven transitions);
/// a press during the settle calls ``interrupt(at:)`` and scrubbing takes over again.
///
/// The completion fires exactly once, when the fraction reaches 1 (`true`) or 0 (`false`)
/// while moving; after that every call is ignored. Not thread-safe: use it from one thread
/// (the main actor).
public final class Timeline {
    /// What the timeline is doing.
    public enum State: Hashable, Sendable {
        /// Created, not yet started, paused or scrubbed.
        case idle
        /// Playing forward at speed 1 (``start(at:)``).
        case running
        /// Holding still (``pause(at:)``, ``scrub(to:overshoots:)``, ``interrupt(at:)``).
        case paused
        /// Heading for an end after ``finish(at:completionSpeed:completionCurve:)``,
        /// ``cancel(at:completionSpeed:completionCurve:)`` or
        /// ``settle(toEnd:at:spring:initialVelocity:bounces:)``.
        case settling
        /// Reached an end; the completion has fired.
        case ended
    }

    /// The length of the timeline at speed 1, in seconds.
    public let duration: Double
    /// The linear timeline position, 0…1.
    public private(set) var fractionComplete: Double = 0
    /// What the timeline is doing.
    public private(set) var state: State = .idle
    /// How far a bouncing settle (``settle(toEnd:at:spring:initialVelocity:bounces:)``) has
    /// carried the animations past an end: > 0 beyond 1, < 0 below 0; 0 otherwise.
    public private(set) var overshoot = 0.0
    /// Once ended: `true` if it finished at 1, `false` if it ended at 0; `nil` before.
    public private(set) var outcome: Bool?

    /// How close (in fraction) a settle must come to its end, in position and in velocity
    /// ÷ ω₀, before the timeline snaps to the end and completes. 0.0002 is 0.5 px on a 2500 px
    /// transition; set 0.5 / distance for half a pixel on yours.
    public var settleTolerance = 0.0002

    /// How long (seconds) a settle keeps the release velocity before the spring takes over:
    /// one 60 Hz frame by default, so the first frame after release moves at the finger's
    /// speed (docs/MOTION.md target 3). The spring then starts from that position with that
    /// velocity, so position and velocity stay continuous. 0 gives a pure spring, whose
    /// velocity also equals the release velocity at the first instant but which accelerates
    /// within the first frame (a stiff spring from a slow release covers several times the
    /// finger's distance in it).
    public var handOffDuration = 1.0 / 60

    /// A timeline of `duration` seconds (≥ 0; 0 ends as soon as it moves).
    public init(duration: Double) {
        precondition(duration >= 0, "Timeline duration must be ≥ 0")
        self.duration = duration
    }

    /// The current rate as in `CAMediaTiming`: timeline seconds per second. 1 while running,
    /// 0 when idle, paused or ended; while settling, the rate at the last tick (negative
    /// when heading back to 0).
    public var speed: Double {
        switch state {
        case .running: return 1
        case .settling: return duration > 0 ? sample(at: lastTime).velocity * duration : 0
        default: return 0
        }
    }

    /// The current position in timeline seconds, `fractionComplete × duration`, as
    /// `CAMediaTiming.timeOffset` of a paused layer.
    public var timeOffset: Double { fractionComplete * duration }

    /// True while the timeline needs a tick each frame (running or settling).
    public var needsFrames: Bool { state == .running || state == .settling }

    // MARK: - Animations and completions

    private struct Animation {
        var phase: Phase
        var easing: any Easing
        var apply: (Double) -> Void
    }

    private var animations: [Animation] = []
    private var completions: [(Bool) -> Void] = []

    /// Adds an animation over part of the timeline with its own easing; `apply` gets the eased
    /// local progress (0…1 before easing; a spring easing may overshoot) on every tick, scrub
    /// and state change, and the final value at the end.
    ///
    /// `relativeStart` and `relativeDuration` are fractions of the timeline (see ``Phase``).
    /// Added to a timeline that is not idle, it is applied at once. Ignored once ended.
    public func addAnimation(relativeStart: Double = 0, relativeDuration: Double = 1,
                             easing: any Easing = TimingCurve.linear,
                             _ apply: @escaping (Double) -> Void)
    {
        guard state != .ended else { return }
        let animation = Animation(phase: Phase(relativeStart: relativeStart, relativeDuration: relativeDuration),
                                  easing: easing, apply: apply)
        animations.append(animation)
        if state != .idle { run(animation) }
    }

    /// Adds a completion, called exactly once with `true` when the timeline ended at 1
    /// (finished) or `false` when it ended at 0 (cancelled or reversed). Completions run in
    /// the order added, after the animations' final values. Added after the end, it is called
    /// at once with the outcome.
    public func addCompletion(_ completion: @escaping (Bool) -> Void) {
        if let outcome {
            completion(outcome)
        } else {
            completions.append(completion)
        }
    }

    /// Drops every animation and completion without calling them, for a timeline that can
    /// never end because the clock driving it is gone (a window closed mid-transition): the
    /// closures usually hold what they animate, and a completion often holds the owner of
    /// this timeline, so keeping them would keep both alive.
    public func invalidate() {
        animations = []
        completions = []
    }

    // MARK: - Control

    /// Plays forward from the current fraction at speed 1 (from idle: 0 → 1 in ``duration``).
    /// A tick at `time` itself leaves the fraction unchanged. Ends at once when already at 1.
    public func start(at time: Double) {
        guard advance(to: time) else { return }
        if fractionComplete >= 1 || duration == 0 { return end(finished: true) }
        course = .linear(startTime: time, startFraction: fractionComplete)
        state = .running
        applyAnimations()
    }

    /// Stops where the timeline is at `time` (speed 0) and holds.
    public func pause(at time: Double) {
        guard advance(to: time) else { return }
        course = .still
        state = .paused
        applyAnimations()
    }

    /// Pauses and jumps to `fraction` (clamped to 0…1), as setting `timeOffset` to
    /// `fraction × duration` on a paused layer; applies the animations now. Scrubbing to an end
    /// does not complete: the gesture may still come back.
    ///
    /// With `overshoots`, a fraction past an end is not clamped away: ``fractionComplete``
    /// stays in 0…1 and the rest shows as ``overshoot``, as in a bouncing settle (a drag
    /// rubber-banded past the end); a settle then starts from there.
    public func scrub(to fraction: Double, overshoots: Bool = false) {
        guard state != .ended else { return }
        course = .still
        state = .paused
        fractionComplete = min(max(fraction, 0), 1)
        overshoot = overshoots && fraction.isFinite ? fraction - fractionComplete : 0
        applyAnimations()
    }

    /// Where the animations are: the fraction plus any ``overshoot``. Settles start here.
    private var shownFraction: Double { fractionComplete + overshoot }

    /// Completes forward from the position at `time`, as UIKit's `finishInteractiveTransition`:
    /// the remaining time is `(1 − f) × duration ÷ completionSpeed`, and over it the fraction
    /// goes from f to 1 following `completionCurve`. `completionSpeed` must be > 0.
    public func finish(at time: Double, completionSpeed: Double = 1, completionCurve: TimingCurve = .linear) {
        precondition(completionSpeed > 0, "completionSpeed must be > 0")
        guard advance(to: time) else { return }
        head(to: 1, at: time, length: (1 - fractionComplete) * duration / completionSpeed, curve: completionCurve)
    }

    /// Goes back to 0 from the position at `time`, as UIKit's `cancelInteractiveTransition`:
    /// the fraction runs backwards (following `completionCurve` in time) over
    /// `f × duration ÷ completionSpeed`, and every animation's easing is evaluated at the
    /// decreasing fraction, so each retraces its own curve. `completionSpeed` must be > 0.
    public func cancel(at time: Double, completionSpeed: Double = 1, completionCurve: TimingCurve = .linear) {
        precondition(completionSpeed > 0, "completionSpeed must be > 0")
        guard advance(to: time) else { return }
        head(to: 0, at: time, length: fractionComplete * duration / completionSpeed, curve: completionCurve)
    }

    /// Settles on a spring from the position at `time` to 1 (`toEnd`) or 0, starting at
    /// `initialVelocity` in fraction per second (positive towards 1): px/s ÷ distance in px,
    /// as UIKit's `continueAnimation(withTimingParameters: UISpringTimingParameters(…))`.
    ///
    /// - The fraction does not jump, and its velocity at the first instant is exactly
    ///   `initialVelocity`; for ``handOffDuration`` it keeps that velocity, then the spring takes
    ///   over from there with the same position and velocity.
    /// - Without `bounces` the fraction is clamped to 0…1: a spring that would overshoot stops
    ///   at the end, and the timeline ends the moment it gets there. A settle from past an end
    ///   (``scrub(to:overshoots:)``) starts there and comes back as ``overshoot``.
    /// - With `bounces` the spring swings past the end and back as it will (an under-damped
    ///   spring bounces); ``fractionComplete`` stays in 0…1 while the animations see the
    ///   overshoot (``overshoot``).
    /// - Otherwise it ends, snapping the last ≤ ``settleTolerance``, once the spring has
    ///   settled within ``settleTolerance``. Settling at the end it is already at ends at once.
    public func settle(toEnd: Bool, at time: Double, spring: Spring, initialVelocity: Double, bounces: Bool = false) {
        guard advance(to: time) else { return }
        let target: Double = toEnd ? 1 : 0
        let start = shownFraction
        let displacement = start - target
        if displacement == 0 { return end(finished: toEnd) }
        let handOff = max(handOffDuration, 0)
        let springDisplacement = displacement + initialVelocity * handOff
        let settleTime = handOff + spring.settlingDuration(
            displacement: springDisplacement, velocity: initialVelocity, epsilon: settleTolerance)
        course = .spring(startTime: time, startFraction: start, target: target,
                         velocity: initialVelocity, spring: spring, handOff: handOff,
                         settleTime: settleTime, bounces: bounces)
        state = .settling
        applyAnimations()
    }

    /// Plays the rest from the position at `time` to 1 (`toEnd`) or 0 at the transition's own
    /// pace, as UIKit's `finishInteractiveTransition` / `cancelInteractiveTransition` with
    /// `completionSpeed` and `completionCurve`, but starting at `initialVelocity` (fraction per
    /// second, positive towards 1) instead of jumping to the curve's pace.
    ///
    /// For ``handOffDuration`` the fraction keeps the release velocity (as in
    /// ``settle(toEnd:at:spring:initialVelocity:bounces:)``); from there the remaining
    /// distance d takes d × duration ÷ `completionSpeed` along `completionCurve`, bent at its
    /// start to the release velocity (``VelocityMatchedCurve``), so position and velocity stay
    /// continuous and the landing is the curve's own. Reaching the end earlier ends it there.
    /// Like the spring, it starts from past an end when a scrub left it there.
    public func settle(toEnd: Bool, at time: Double, completionSpeed: Double, completionCurve: TimingCurve,
                       initialVelocity: Double) {
        precondition(completionSpeed > 0, "completionSpeed must be > 0")
        guard advance(to: time) else { return }
        let target: Double = toEnd ? 1 : 0
        let start = shownFraction
        if start == target { return end(finished: toEnd) }
        let handOff = max(handOffDuration, 0)
        let delta = target - (start + initialVelocity * handOff)
        let length = abs(delta) * duration / completionSpeed
        let startSlope = delta != 0 ? initialVelocity * length / delta : 0
        course = .matchedCurve(startTime: time, startFraction: start, target: target,
                               velocity: initialVelocity, handOff: handOff, length: length,
                               shape: VelocityMatchedCurve(curve: completionCurve, startSlope: startSlope))
        state = .settling
        applyAnimations()
    }

    /// Advances a running or settling timeline to `time`, applies the animations, and ends it
    /// (final values, then completions) when it reaches an end. Otherwise does nothing.
    public func tick(at time: Double) {
        guard state == .running || state == .settling else { return }
        advance(to: time)
    }

    /// The fraction's rate of change at `time` in fraction per second: for hand-offs and for
    /// "interrupt a settle, keep its velocity". 0 unless running or settling (and 0 once pinned
    /// at an end).
    public func velocity(at time: Double) -> Double {
        guard state == .running || state == .settling else { return 0 }
        let s = sample(at: time)
        return s.reached ? 0 : s.velocity
    }

    /// Stops a running or settling timeline where it is at `time` (pauses, keeping the
    /// fraction) and returns its velocity at that instant, to carry into the gesture that
    /// grabbed it and into the next settle. Returns 0 if nothing was moving (or if it reached
    /// its end at `time`, in which case it has ended).
    @discardableResult
    public func interrupt(at time: Double) -> Double {
        guard state == .running || state == .settling else { return 0 }
        let v = velocity(at: time)
        guard advance(to: time) else { return 0 }
        course = .still
        state = .paused
        return v
    }

    // MARK: - Course of the fraction

    private enum Course {
        case still
        case linear(startTime: Double, startFraction: Double)
        case curve(startTime: Double, startFraction: Double, target: Double, length: Double, curve: TimingCurve)
        case spring(startTime: Double, startFraction: Double, target: Double, velocity: Double,
                    spring: Spring, handOff: Double, settleTime: Double, bounces: Bool)
        case matchedCurve(startTime: Double, startFraction: Double, target: Double, velocity: Double,
                          handOff: Double, length: Double, shape: VelocityMatchedCurve)
    }

    private var course = Course.still
    private var lastTime = 0.0

    /// The unclamped fraction and its velocity at `time`, and whether the course has reached
    /// its end (and which).
    private func sample(at time: Double) -> (fraction: Double, velocity: Double, reached: Bool, target: Double) {
        switch course {
        case .still:
            return (fractionComplete, 0, false, fractionComplete)
        case let .linear(startTime, startFraction):
            guard duration > 0 else { return (1, 0, true, 1) }
            let f = startFraction + max(time - startTime, 0) / duration
            return f >= 1 ? (1, 0, true, 1) : (f, 1 / duration, false, 1)
        case let .curve(startTime, startFraction, target, length, curve):
            let elapsed = max(time - startTime, 0)
            guard length > 0, elapsed < length else { return (target, 0, true, target) }
            let u = elapsed / length
            let distance = target - startFraction
            return (startFraction + distance * curve.value(at: u), distance * curve.slope(at: u) / length, false, target)
        case let .spring(startTime, startFraction, target, velocity, spring, handOff, settleTime, bounces):
            let elapsed = max(time - startTime, 0)
            if elapsed >= settleTime { return (target, 0, true, target) }
            let f: Double, v: Double
            if elapsed < handOff {
                f = startFraction + velocity * elapsed
                v = velocity
            } else {
                let s = spring.state(at: elapsed - handOff,
                                     displacement: startFraction - target + velocity * handOff,
                                     velocity: velocity)
                f = target + s.displacement
                v = s.velocity
            }
            // A bouncing spring swings past the end and back; it ends only once settled.
            if bounces { return (f, v, false, target) }
            // Reaching (or passing) the target ends the settle: the fraction never overshoots.
            if (f - target) * (startFraction - target) <= 0 { return (target, 0, true, target) }
            // Pinned at the far end (a release away from the target): no motion shows.
            if Self.isPinned(f, startingAt: startFraction) { return (min(max(f, 0), 1), 0, false, target) }
            return (f, v, false, target)
        case let .matchedCurve(startTime, startFraction, target, velocity, handOff, length, shape):
            let elapsed = max(time - startTime, 0)
            if elapsed >= handOff + length { return (target, 0, true, target) }
            let f: Double, v: Double
            if elapsed < handOff {
                f = startFraction + velocity * elapsed
                v = velocity
            } else {
                let from = startFraction + velocity * handOff
                let u = (elapsed - handOff) / length
                f = from + (target - from) * shape.value(at: u)
                v = (target - from) * shape.slope(at: u) / length
            }
            if (f - target) * (startFraction - target) <= 0 { return (target, 0, true, target) }
            if Self.isPinned(f, startingAt: startFraction) { return (min(max(f, 0), 1), 0, false, target) }
            return (f, v, false, target)
        }
    }

    /// Whether a settle that started at `start` holds still at an end rather than show `f`:
    /// past an end it was not already past (a release heading away from its target). Coming
    /// back from past an end (a rubber-banded drag) shows as overshoot.
    private static func isPinned(_ f: Double, startingAt start: Double) -> Bool {
        (f > 1 && start <= 1) || (f < 0 && start >= 0)
    }

    /// Moves the fraction along the course to `time`, applying animations, and ends the
    /// timeline if the course reached its end. Returns false if the timeline has ended.
    @discardableResult
    private func advance(to time: Double) -> Bool {
        guard state != .ended else { return false }
        lastTime = time
        guard state == .running || state == .settling else { return true }
        let s = sample(at: time)
        if s.reached {
            end(finished: s.target >= 1)
            return false
        }
        fractionComplete = min(max(s.fraction, 0), 1)
        overshoot = s.fraction - fractionComplete
        applyAnimations()
        return true
    }

    private func head(to target: Double, at time: Double, length: Double, curve: TimingCurve) {
        if length <= 0 || fractionComplete == target { return end(finished: target == 1) }
        course = .curve(startTime: time, startFraction: fractionComplete, target: target, length: length, curve: curve)
        state = .settling
        applyAnimations()
    }

    private func end(finished: Bool) {
        fractionComplete = finished ? 1 : 0
        overshoot = 0
        course = .still
        state = .ended
        outcome = finished
        applyAnimations()
        let pending = completions
        completions = []
        animations = []
        for completion in pending { completion(finished) }
    }

    private func applyAnimations() {
        for animation in animations { run(animation) }
    }

    private func run(_ animation: Animation) {
        if overshoot != 0 {
            return animation.apply(animation.easing.value(in: animation.phase, overshooting: overshoot))
        }
        animation.apply(animation.easing.value(at: animation.phase.localProgress(fractionComplete)))
    }
}
