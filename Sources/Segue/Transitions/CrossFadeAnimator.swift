import Geometry
import Motion

/// A cross-fade: the incoming page, at its final frame, fades in over the outgoing one (or, when
/// a dismissal brings no view in, the outgoing page fades out over what it covered). Nothing
/// moves, turns or scales, so every pixel that changes is the mix of its start and end at one
/// common fraction. What reduced motion plays instead of an animator's own motion, as
/// libadwaita's navigation view and UIKit's `prefersCrossFadeTransitions` do.
@MainActor
public final class CrossFadeAnimator: AnimatedTransitioning {
    /// A quarter of a second: libadwaita's reduced-motion fades are of that order, and a fade
    /// shorter than the slide it replaces keeps navigation brisk.
    public static let reducedMotionDuration = 0.25

    /// The fade's length, in seconds.
    public var duration: Double
    /// The fade's curve when nobody drags.
    public var curve: TimingCurve

    /// A cross-fade of `duration` seconds along `curve`.
    public init(duration: Double = CrossFadeAnimator.reducedMotionDuration, curve: TimingCurve = .easeInOut) {
        self.duration = duration
        self.curve = curve
    }

    /// ``duration``, whatever the transition.
    public func transitionDuration(using context: TransitionContext?) -> Double { duration }

    /// Puts the to view at its final frame, transparent, above the from view, and fades it in;
    /// with no to view, fades the from view out.
    public func animateTransition(using context: TransitionContext) {
        let container = context.containerView
        let fromView = context.view(forKey: .from), toView = context.view(forKey: .to)
        if let toView {
            let finalFrame = context.finalFrame(for: context.toViewController)
            toView.frame = finalFrame.isEmpty ? container.bounds : finalFrame
            if toView.superview !== container { container.addSubview(toView) }
            toView.transform = .identity
            toView.alpha = 0
        }
        // The still page composites from one cached image, so that an opaque page fading over
        // it is mixed with it in one pass (View+Crossfade.swift) instead of both being drawn.
        // A presentation's presenter takes no part (no from or to view of its own) but stays
        // put under the page fading in or out: it is the still page then, while it shows.
        let still: View?
        switch (fromView, toView) {
        case (let from?, _?): still = from
        case (nil, _?): still = Self.shownPresenter(context.fromViewController.view)
        case (_?, nil): still = Self.shownPresenter(context.toViewController.view)
        case (nil, nil): still = nil
        }
        let wasRasterized = still?.shouldRasterize ?? false
        still?.shouldRasterize = true
        context.animate(easing: context.isInteractive ? TimingCurve.linear : curve, {
            if let toView { toView.alpha = 1 } else { fromView?.alpha = 0 }
        }, completion: { _ in
            still?.shouldRasterize = wasRasterized
            toView?.alpha = 1
            fromView?.alpha = 1
            context.completeTransition(!context.transitionWasCancelled)
        })
    }

    /// `view` when it is on screen, under a presentation's container: nil when it is hidden or
    /// in no window (a presenter a full-screen page took off screen draws nothing to keep).
    private static func shownPresenter(_ view: View) -> View? {
        view.window != nil && !view.isHidden ? view : nil
    }
}
