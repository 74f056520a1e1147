// Tutorial 004 (Envato, "custom view controller transitions", French; restored to Swift 5): `AnimationController` as the tutorial prints it
// (Originals/AnimationController.swift.txt), ported to Segue. `import UIKit` became `import SegueKit`
// (and Foundation); 9 lines only drop UIKit's UI/CG/CA prefixes. Other changes
// (counted by scripts/count-port-changes.py):
//   `.view!` → `.view` (twice): a Segue controller's view is not optional.

import Foundation
import SegueKit

enum TransitionType {
    case Presenting, Dismissing
}

class AnimationController: NSObject, ViewControllerAnimatedTransitioning {
    var duration: TimeInterval
    var isPresenting: Bool
    var originFrame: Rect

    init(withDuration duration: TimeInterval, forTransitionType type: TransitionType, originFrame: Rect) {
        self.duration = duration
        self.isPresenting = type == .Presenting
        self.originFrame = originFrame

        super.init()
    }

    func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> TimeInterval {
        return self.duration
    }

    func animateTransition(using transitionContext: ViewControllerContextTransitioning) {
        let containerView = transitionContext.containerView

        let fromView = transitionContext.viewController(forKey: .from)!.view
        let toView = transitionContext.viewController(forKey: .to)!.view

        let detailView = self.isPresenting ? toView : fromView

        if self.isPresenting {
            containerView.addSubview(toView)
        } else {
            containerView.insertSubview(toView, belowSubview: fromView)
        }

        detailView.frame.origin = self.isPresenting ? self.originFrame.origin : Point(x: 0, y: 0)
        detailView.frame.size.width = self.isPresenting ? self.originFrame.size.width : containerView.bounds.width
        detailView.layoutIfNeeded()

        for view in detailView.subviews {
            if !(view is ImageView) {
                view.alpha = isPresenting ? 0.0 : 1.0
            }
        }

        View.animate(withDuration: self.duration, animations: { () -> Void in
            detailView.frame = self.isPresenting ? containerView.bounds : self.originFrame
            detailView.layoutIfNeeded()

            for view in detailView.subviews {
                if !(view is ImageView) {
                    view.alpha = self.isPresenting ? 1.0 : 0.0
                }
            }
        }) { (completed: Bool) -> Void in
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        }
    }
}
