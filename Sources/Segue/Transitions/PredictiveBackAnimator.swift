import Geometry
import Motion

/// Going back as Android's predictive back shows it (Android 14 design guidance, in numbers in
/// docs/MOTION.md target 10): while the back gesture is held the leaving page shrinks towards
/// 90 % about its centre and slides towards the trailing side until an 8-unit margin is left
/// there, drifts a little with the finger's vertical movement, and the page it goes back to
/// shows beneath it, whole and still. From 35 % of the way on, the leaving page fades out, so
/// that past the commit point it is clearly on its way out. Let go short of the commit point and
/// it grows back into place.
///
/// Used for pops when ``NavigationController/backTransitionStyle`` is ``NavigationController/BackTransitionStyle/predictive``.
/// A gesture scrubs it linearly; the shape comes from the spec's curve, applied to the gesture's
/// progress, so the page answers fast at first and slows as it approaches its smallest size.
@MainActor
public final class PredictiveBackAnimator: AnimatedTransitioning {
    /// The leaving page's scale at the end of the gesture.
    public static let minimumScale = 0.9
    /// What is left between the shrunk page and the container's trailing edge, in logical pixels.
    public static let edgeMargin = 8.0
    /// The progress from which the leaving page fades out (fully transparent at the end).
    public static let fadeStart = 0.35
    /// The spec's interpolator, cubic-bezier(0.1, 0.1, 0, 1): quick to leave, slow to land.
    public static let curve = TimingCurve(controlPoints: 0.1, 0.1, 0, 1)

    /// How long the pop lasts when no gesture drives it (the Back button, a key), in seconds.
    public var duration: Double

    /// The vertical travel of the gesture that holds the page, in logical pixels, or nil once
    /// nothing holds it (let go, or no gesture at all): read at every frame. The navigation
    /// controller sets it to its back gestures'.
    public var verticalTravel: (() -> Double?)?
    /// The travel and progress of the last frame a gesture held the page: once let go, the
    /// drift goes back with the progress (``verticalOffset(progress:containerHeight:)``).
    private var travelAtRelease = 0.0
    private var progressAtRelease = 0.0

    /// A predictive back lasting `duration` seconds when nobody drags.
    public init(duration: Double = 0.35) {
        self.duration = duration
    }

    /// ``duration``, whatever the transition.
    public func transitionDuration(using context: TransitionContext?) -> Double { duration }

    /// The leaving page's scale at `progress` (0…1).
    public static func scale(progress: Double) -> Double {
        1 - (1 - minimumScale) * curve.value(at: progress)
    }

    /// How far the leaving page's centre moves towards the trailing side at `progress`, in a
    /// container `width` wide: at the end its trailing edge is ``edgeMargin`` from the container's.
    public static func trailingShift(progress: Double, width: Double) -> Double {
        max(0, width * (1 - minimumScale) / 2 - edgeMargin) * curve.value(at: progress)
    }

    /// The leaving page's opacity at `progress`: whole until ``fadeStart``, then linearly to 0.
    public static func opacity(progress: Double) -> Double {
        progress <= fadeStart ? 1 : max(0, 1 - (progress - fadeStart) / (1 - fadeStart))
    }

    /// How far the page drifts down (up, negative) for the finger's vertical `travel` in a
    /// container `height` tall: it eases out (slope 2 at the start, flat at a whole height) to at
    /// most the same margin as across, `height × 0.05 − 8`.
    public static func verticalDrift(travel: Double, height: Double) -> Double {
        guard height > 0 else { return 0 }
        let reach = max(0, height * (1 - minimumScale) / 2 - edgeMargin)
        let f = min(abs(travel) / height, 1)
        return (travel < 0 ? -1 : 1) * reach * (1 - (1 - f) * (1 - f))
    }

    /// The vertical drift shown at `progress`: the finger's while it holds the page; once let
    /// go, what it was then, shrinking with the progress as the page settles.
    func verticalOffset(progress: Double, containerHeight: Double) -> Double {
        if let travel = verticalTravel?() {
            travelAtRelease = travel
            progressAtRelease = progress
            return Self.verticalDrift(travel: travel, height: containerHeight)
        }
        let drift = Self.verticalDrift(travel: travelAtRelease, height: containerHeight)
        return progressAtRelease > 0 ? drift * min(1, progress / progressAtRelease) : 0
    }

    /// Puts the page gone back to beneath the leaving one, whole, then shapes the leaving page
    /// from the transition's progress at every frame.
    public func animateTransition(using context: TransitionContext) {
        let container = context.containerView
        let fromView = context.view(forKey: .from), toView = context.view(forKey: .to)
        if let toView {
            let finalFrame = context.finalFrame(for: context.toViewController)
            toView.frame = finalFrame.isEmpty ? container.bounds : finalFrame
            toView.transform = .identity
            toView.alpha = 1
            if toView.superview !== container {
                if let fromView, fromView.superview === container {
                    container.insertSubview(toView, belowSubview: fromView)
                } else {
                    container.insertSubview(toView, at: 0)
                }
            }
        }
        let direction = container.isRightToLeft ? -1.0 : 1.0
        // The timeline runs linearly (a gesture's progress, or time without one); the curve is
        // applied inside, so that the gesture and the Back button draw the same shapes.
        context.addAnimation(easing: TimingCurve.linear) { [weak self] progress in
            guard let self, let fromView else { return }
            let size = container.bounds.size
            let scale = Self.scale(progress: progress)
            var transform = AffineTransform(scaleX: scale, y: scale)
            transform.tx = direction * Self.trailingShift(progress: progress, width: size.width)
            transform.ty = self.verticalOffset(progress: progress, containerHeight: size.height)
            fromView.transform = transform
            fromView.alpha = Self.opacity(progress: progress)
        }
        context.addCompletion { _ in
            fromView?.transform = .identity
            fromView?.alpha = 1
            toView?.transform = .identity
            context.completeTransition(!context.transitionWasCancelled)
        }
    }
}
