import Motion

extension View {
    /// How ``View/animate(withDuration:delay:options:animations:completion:)`` paces its changes,
    /// as `UIView.AnimationOptions` (its curve options, with UIKit's raw values).
    public struct AnimationOptions: OptionSet, Sendable {
        /// The options as UIKit's bits (the curve in bits 16–19).
        public let rawValue: UInt
        /// Options from UIKit's bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// Slow at both ends (the default), as `.curveEaseInOut`.
        public static let curveEaseInOut = AnimationOptions([])
        /// Slow at the start, as `.curveEaseIn`.
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        /// Slow at the end, as `.curveEaseOut`.
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        /// Even pace, as `.curveLinear`.
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)

        /// The timing curve these options name.
        public var curve: TimingCurve {
            switch (rawValue >> 16) & 0xF {
            case 1: .easeIn
            case 2: .easeOut
            case 3: .linear
            default: .easeInOut
            }
        }
    }

    /// How a keyframe animation moves between its keyframes, as
    /// `UIView.KeyframeAnimationOptions` (its calculation modes, with UIKit's raw values).
    public struct KeyframeAnimationOptions: OptionSet, Sendable {
        /// The options as UIKit's bits (the calculation mode in bits 10–12).
        public let rawValue: UInt
        /// Options from UIKit's bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// Each keyframe at an even pace (the default), as `.calculationModeLinear`.
        public static let calculationModeLinear = KeyframeAnimationOptions([])
        /// Each keyframe jumps to its values at its end, as `.calculationModeDiscrete`.
        public static let calculationModeDiscrete = KeyframeAnimationOptions(rawValue: 1 << 10)
        /// As linear here, as `.calculationModePaced` (Segue does not re-time keyframes by distance).
        public static let calculationModePaced = KeyframeAnimationOptions(rawValue: 2 << 10)
        /// Each keyframe starts and ends softly, as `.calculationModeCubic`: here a cubic
        /// ease-in-out per keyframe. (Core Animation passes a Catmull-Rom spline through the values
        /// held between keyframes, which overshoots a value held still — a card flip's page
        /// swings about 7° past flat; Segue keeps the soft starts and ends without the wobble.)
        public static let calculationModeCubic = KeyframeAnimationOptions(rawValue: 3 << 10)
        /// As ``calculationModeCubic`` here, as `.calculationModeCubicPaced`.
        public static let calculationModeCubicPaced = KeyframeAnimationOptions(rawValue: 4 << 10)

        /// The easing of each keyframe under these options.
        public var keyframeEasing: any Easing {
            switch (rawValue >> 10) & 0x7 {
            case 1: DiscreteEasing()
            case 3, 4: TimingCurve.easeInOut
            default: TimingCurve.linear
            }
        }
    }

    /// Animates the changes `animations` makes to views, as
    /// `UIView.animate(withDuration:delay:options:animations:completion:)`: the block states the
    /// end values; each changed property runs from its value before to that value.
    ///
    /// Inside a transition's `animateTransition` (or an interaction controller's start) the
    /// animation joins the transition's timeline, at `delay` for `duration` seconds of the
    /// transition's ``AnimatedTransitioning/transitionDuration(using:)`` (clipped to it), so a
    /// gesture scrubs it and release plays it on or back, as UIKit's percent-driven transitions
    /// do with UIView animations. `completion` gets true when the transition's animations
    /// reached their end, false when they played back to the start (cancelled).
    ///
    /// Elsewhere it runs on the changed views' window clock (completion true at the end); with
    /// no window the changes apply at once and `completion(true)` runs at once.
    public static func animate(withDuration duration: Double, delay: Double = 0, options: AnimationOptions = [],
                               animations: () -> Void, completion: ((Bool) -> Void)? = nil) {
        let recorded = AnimationRecorder.capture(animations)
        submit([(recorded, delay, duration, options.curve)], total: delay + duration, completion: completion)
    }

    /// ``animate(withDuration:delay:options:animations:completion:)`` with no delay, on the
    /// ease-in-out curve, as `UIView.animate(withDuration:animations:completion:)`.
    public static func animate(withDuration duration: Double, animations: () -> Void,
                               completion: ((Bool) -> Void)? = nil) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: completion)
    }

    /// A spring animation, as
    /// `UIView.animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:options:animations:completion:)`:
    /// the changes run on a spring of `dampingRatio` (1: no bounce, lower: it swings past the end)
    /// that settles within `duration`, starting at `velocity` (distances per second, relative to
    /// each property's whole change, as UIKit's `initialSpringVelocity`). Curve options are
    /// ignored, as in UIKit. Runs where ``animate(withDuration:delay:options:animations:completion:)`` runs.
    public static func animate(withDuration duration: Double, delay: Double = 0,
                               usingSpringWithDamping dampingRatio: Double, initialSpringVelocity velocity: Double,
                               options: AnimationOptions = [], animations: () -> Void,
                               completion: ((Bool) -> Void)? = nil) {
        let recorded = AnimationRecorder.capture(animations)
        let easing = SpringEasing(spring: Spring(duration: max(duration, 0.001), dampingRatio: dampingRatio),
                                  initialVelocity: velocity)
        submit([(recorded, delay, duration, easing)], total: delay + duration, completion: completion)
    }

    /// A keyframe animation, as `UIView.animateKeyframes(withDuration:delay:options:animations:completion:)`:
    /// `animations` calls ``addKeyframe(withRelativeStartTime:relativeDuration:animations:)`` for
    /// each part; changes made in `animations` outside a keyframe span the whole duration. Runs
    /// where ``animate(withDuration:delay:options:animations:completion:)`` runs. A property
    /// changed in several keyframes runs through them in turn, each from where the previous one
    /// ended (before its first keyframe it holds its start value).
    public static func animateKeyframes(withDuration duration: Double, delay: Double = 0,
                                        options: KeyframeAnimationOptions = [],
                                        animations: () -> Void, completion: ((Bool) -> Void)? = nil) {
        let group = KeyframeGroup(easing: options.keyframeEasing)
        keyframeGroups.append(group)
        let direct = AnimationRecorder.capture(animations)
        keyframeGroups.removeLast()
        // Each keyframe left its end values in place for the next one: back to the start values.
        AnimationRecorder.withoutRecording {
            for keyframe in group.keyframes.reversed() {
                for animation in keyframe.animations.reversed() { animation.apply(0) }
            }
        }
        var parts: [([PropertyAnimation], Double, Double, any Easing)] = [(direct, delay, duration, options.keyframeEasing)]
        // A property changed in one keyframe animates in that keyframe's share; one changed in
        // several runs through them in turn, each from where the previous one ended.
        var keyframesOf: [PropertyAnimation.Key: Int] = [:]
        for keyframe in group.keyframes {
            for animation in keyframe.animations { if let key = animation.key { keyframesOf[key, default: 0] += 1 } }
        }
        var chained: [PropertyAnimation.Key: [(animation: PropertyAnimation, start: Double, duration: Double)]] = [:]
        for keyframe in group.keyframes {
            var own: [PropertyAnimation] = []
            for animation in keyframe.animations {
                if let key = animation.key, keyframesOf[key, default: 0] > 1 {
                    chained[key, default: []].append((animation, keyframe.start, keyframe.duration))
                } else {
                    own.append(animation)
                }
            }
            parts.append((own, delay + keyframe.start * duration, keyframe.duration * duration, group.easing))
        }
        for segments in chained.values {
            let sorted = segments.sorted { $0.start < $1.start }
            let easing = group.easing
            let composed = PropertyAnimation(view: sorted[0].animation.view) { t in
                // The last keyframe begun by `t` (the first one before any began).
                let segment = sorted.last(where: { $0.start <= t }) ?? sorted[0]
                let local = segment.duration > 0 ? min(max((t - segment.start) / segment.duration, 0), 1) : 1
                segment.animation.apply(easing.value(at: local))
            }
            parts.append(([composed], delay, duration, TimingCurve.linear))
        }
        submit(parts, total: delay + duration, completion: completion)
    }

    /// One keyframe of the enclosing ``animateKeyframes(withDuration:delay:options:animations:completion:)``,
    /// as `UIView.addKeyframe(withRelativeStartTime:relativeDuration:animations:)`: it starts at
    /// `frameStartTime` and lasts `frameDuration`, both fractions (0…1) of the group's duration.
    /// Outside a keyframe group the changes apply at once.
    public static func addKeyframe(withRelativeStartTime frameStartTime: Double, relativeDuration frameDuration: Double,
                                   animations: () -> Void) {
        guard let group = keyframeGroups.last else {
            animations()
            return
        }
        let recorded = AnimationRecorder.capture(animations)
        // The next keyframe of the group starts from this one's end values, as in UIKit.
        AnimationRecorder.withoutRecording {
            for animation in recorded { animation.apply(1) }
        }
        group.keyframes.append((recorded, frameStartTime, frameDuration))
    }

    // MARK: where the animations run

    private static var keyframeGroups: [KeyframeGroup] = []

    /// Adds `parts` (animations, start and length in seconds, easing) to the transition whose
    /// animator runs now, or runs them on a timeline of their own.
    private static func submit(_ parts: [([PropertyAnimation], Double, Double, any Easing)], total: Double,
                               completion: ((Bool) -> Void)?) {
        let parts = parts.filter { !$0.0.isEmpty }
        if let context = TransitionContext.current {
            let length = max(context.timeline.duration, 0.001)
            for (animations, start, duration, easing) in parts {
                let relativeStart = min(max(start / length, 0), 1)
                let relativeDuration = max(min(duration / length, 1 - relativeStart), 0.000_001)
                context.add(animations, relativeStart: relativeStart, relativeDuration: relativeDuration,
                            easing: easing, completion: nil)
            }
            if let completion { context.addCompletion(completion) }
            return
        }
        let window = parts.lazy.flatMap(\.0).compactMap { $0.view?.window }.first
        guard let window, total > 0 else {
            for (animations, _, _, _) in parts { for animation in animations { animation.apply(1) } }
            completion?(true)
            return
        }
        let timeline = Timeline(duration: total)
        for (animations, start, duration, easing) in parts {
            let relativeStart = min(max(start / total, 0), 1)
            let relativeDuration = max(min(duration / total, 1 - relativeStart), 0.000_001)
            timeline.addAnimation(relativeStart: relativeStart, relativeDuration: relativeDuration, easing: easing) { fraction in
                for animation in animations { animation.apply(fraction) }
            }
        }
        if let completion { timeline.addCompletion(completion) }
        window.run(timeline)
    }
}

/// The keyframes collected while an `animateKeyframes` block runs.
@MainActor
private final class KeyframeGroup {
    let easing: any Easing
    var keyframes: [(animations: [PropertyAnimation], start: Double, duration: Double)] = []
    init(easing: any Easing) { self.easing = easing }
}

/// Holds the start value until the end, then jumps (`calculationModeDiscrete`).
private struct DiscreteEasing: Easing {
    func value(at t: Double) -> Double { t >= 1 ? 1 : 0 }
}
