// Tutorial 002 ("自定义 UIViewController 的转场动画", Guess the pet, Swift 4): `FlipDismissAnimationController` as the tutorial prints it
// (Originals/FlipDismissAnimationController.swift.txt), ported to Segue. `import UIKit` became `import SegueKit`
// (and Foundation); 9 lines only drop UIKit's UI/CG/CA prefixes. Other changes
// (counted by scripts/count-port-changes.py):
//   none.

import Foundation
import SegueKit

class FlipDismissAnimationController: NSObject, ViewControllerAnimatedTransitioning {

  private let destinationFrame: Rect
  let interactionController: SwipeInteractionController?

  init(destinationFrame: Rect, interactionController: SwipeInteractionController?) {
    self.destinationFrame = destinationFrame
    self.interactionController = interactionController
  }

  func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> TimeInterval {
    return 0.6
  }

  func animateTransition(using transitionContext: ViewControllerContextTransitioning) {
    // 1
    guard let fromVC = transitionContext.viewController(forKey: .from),
      let toVC = transitionContext.viewController(forKey: .to),
      let snapshot = fromVC.view.snapshotView(afterScreenUpdates: false)
      else {
        return
    }

    snapshot.layer.cornerRadius = CardViewController.cardCornerRadius
    snapshot.layer.masksToBounds = true

    // 2
    let containerView = transitionContext.containerView
    containerView.insertSubview(toVC.view, at: 0)
    containerView.addSubview(snapshot)
    fromVC.view.isHidden = true

    // 3
    AnimationHelper.perspectiveTransform(for: containerView)
    toVC.view.layer.transform = AnimationHelper.yRotation(-.pi / 2)
    let duration = transitionDuration(using: transitionContext)

    View.animateKeyframes(
      withDuration: duration,
      delay: 0,
      options: .calculationModeCubic,
      animations: {
        // 1
        View.addKeyframe(withRelativeStartTime: 0.0, relativeDuration: 1/3) {
          snapshot.frame = self.destinationFrame
        }

        View.addKeyframe(withRelativeStartTime: 1/3, relativeDuration: 1/3) {
          snapshot.layer.transform = AnimationHelper.yRotation(.pi / 2)
        }

        View.addKeyframe(withRelativeStartTime: 2/3, relativeDuration: 1/3) {
          toVC.view.layer.transform = AnimationHelper.yRotation(0.0)
        }
    },
      // 2
      completion: { _ in
        fromVC.view.isHidden = false
        snapshot.removeFromSuperview()
        if transitionContext.transitionWasCancelled {
          toVC.view.removeFromSuperview()
        }
        transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
    })
  }
}
