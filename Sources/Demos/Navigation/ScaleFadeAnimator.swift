import Geometry
import Motion
import Segue

/// Tutorial 003's push: the old page shrinks to 0.1 about its centre while the new page fades
/// in on top, in 0.25 s; the old page's transform is reset afterwards.
@MainActor
final class ScaleFadeAnimator: AnimatedTransitioning {
    static let duration = 0.25
    static let finalScale = 0.1

    func transitionDuration(using context: TransitionContext?) -> Double { ScaleFadeAnimator.duration }

    func animateTransition(using context: TransitionContext) {
        guard let fromView = context.view(forKey: .from), let toView = context.view(forKey: .to) else {
            context.completeTransition(!context.transitionWasCancelled)
            return
        }
        let finalFrame = context.finalFrame(for: context.toViewController)
        toView.frame = finalFrame.isEmpty ? context.containerView.bounds : finalFrame
        toView.alpha = 0
        context.containerView.addSubview(toView)
        // A drag scrubs linearly, so the page follows the finger; on its own it eases.
        context.animate(easing: context.isInteractive ? TimingCurve.linear : TimingCurve.easeInOut, {
            fromView.transform = AffineTransform(scaleX: ScaleFadeAnimator.finalScale, y: ScaleFadeAnimator.finalScale)
            toView.alpha = 1
        }, completion: { _ in
            fromView.transform = .identity
            toView.alpha = 1
            context.completeTransition(!context.transitionWasCancelled)
        })
    }
}
