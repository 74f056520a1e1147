import Geometry
import Motion

/// A slide, as UIKit's navigation push: the new page comes in from one side while the old one leaves by the
/// other (a presentation moves only the presented page: the presenter stays put). One animator for navigation, tabs, modals and custom containers; it knows only
/// from and to.
@MainActor
public final class SlideAnimator: AnimatedTransitioning {
    /// The way the pages move: `.left` pushes (new page from the right), `.right` pops,
    /// `.up` presents a sheet from below, `.down` dismisses it. `.left` and `.right` are as in a
    /// left-to-right layout: in a container that lays out right to left
    /// (``View/effectiveUserInterfaceLayoutDirection``) they are mirrored, so a push enters from
    /// the left and a pop leaves by the right, as UIKit's navigation controller does in Hebrew.
    public let direction: Direction
    /// The transition's length, in seconds (0.5 by default).
    public var duration: Double
    /// The curve when nobody drags; a gesture scrubs linearly, so the page stays under the finger.
    public var curve: TimingCurve

    /// A slide in `direction` lasting `duration` seconds along `curve`.
    public init(direction: Direction, duration: Double = 0.5, curve: TimingCurve = .easeInOut) {
        self.direction = direction
        self.duration = duration
        self.curve = curve
    }

    /// ``duration``, whatever the transition.
    public func transitionDuration(using context: TransitionContext?) -> Double { duration }

    /// Puts the to view at its final frame, off screen by the container's width or height on the
    /// side it comes from, then moves it in while the from view moves out the other way (linear
    /// while a gesture drives it).
    public func animateTransition(using context: TransitionContext) {
        let container = context.containerView
        let fromView = context.view(forKey: .from), toView = context.view(forKey: .to)
        let size = container.bounds.size
        var offset: (x: Double, y: Double) = switch direction {
        case .left: (size.width, 0)
        case .right: (-size.width, 0)
        case .up: (0, size.height)
        case .down: (0, -size.height)
        }
        if container.isRightToLeft { offset.x = -offset.x }
        if let toView {
            let finalFrame = context.finalFrame(for: context.toViewController)
            toView.frame = finalFrame.isEmpty ? container.bounds : finalFrame
            if toView.superview !== container {
                // Going back, the page returning lies below the one leaving.
                if direction == .right || direction == .down, let fromView, fromView.superview === container {
                    container.insertSubview(toView, belowSubview: fromView)
                } else {
                    container.addSubview(toView)
                }
            }
            toView.transform = AffineTransform(translationX: offset.x, y: offset.y)
        }
        fromView?.transform = .identity

        context.animate(easing: context.isInteractive ? TimingCurve.linear : curve, {
            toView?.transform = .identity
            fromView?.transform = AffineTransform(translationX: -offset.x, y: -offset.y)
        }, completion: { _ in
            fromView?.transform = .identity
            toView?.transform = .identity
            context.completeTransition(!context.transitionWasCancelled)
        })
    }
}
