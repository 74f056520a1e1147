// Tutorial 002 ("自定义 UIViewController 的转场动画", Guess the pet, Swift 4): `FlipPresentAnimationController` as the tutorial prints it
// (Originals/FlipPresentAnimationController.swift.txt), ported to Segue. `import UIKit` became `import SegueKit`
// (and Foundation); 10 lines only drop UIKit's UI/CG/CA prefixes. Other changes
// (counted by scripts/count-port-changes.py):
//   none.

import Foundation
import SegueKit

class FlipPresentAnimationController: NSObject, ViewControllerAnimatedTransitioning {

  private let originFrame: Rect

  init(originFrame: Rect) {
    self.originFrame = originFrame
  }

  func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> TimeInterval {
    return 0.6
  }

  func animateTransition(using transitionContext: ViewControllerContextTransitioning) {
    // 1
    guard let fromVC = transitionContext.viewController(forKey: .from),
      let toVC = transitionContext.viewController(forKey: .to),
      let snapshot = toVC.view.snapshotView(afterScreenUpdates: true)
      else {
        return
    }

    // 2
    let containerView = transitionContext.containerView
    let finalFrame = transitionContext.finalFrame(for: toVC)

    // 3
    snapshot.frame = originFrame
    snapshot.layer.cornerRadius = CardViewController.cardCornerRadius
    snapshot.layer.masksToBounds = true

    // 1
    containerView.addSubview(toVC.view)
    containerView.addSubview(snapshot)
    toVC.view.isHidden = true

    // 2
    AnimationHelper.perspectiveTransform(for: containerView)
    snapshot.layer.transform = AnimationHelper.yRotation(.pi / 2)
    // 3
    let duration = transitionDuration(using: transitionContext)

    // 1
    View.animateKeyframes(
      withDuration: duration,
      delay: 0,
      options: .calculationModeCubic,
      animations: {
        // 2
        View.addKeyframe(withRelativeStartTime: 0.0, relativeDuration: 1/3) {
          fromVC.view.layer.transform = AnimationHelper.yRotation(-.pi / 2)
        }

        // 3
        View.addKeyframe(withRelativeStartTime: 1/3, relativeDuration: 1/3) {
          snapshot.layer.transform = AnimationHelper.yRotation(0.0)
        }

        // 4
        View.addKeyframe(withRelativeStartTime: 2/3, relativeDuration: 1/3) {
          snapshot.frame = finalFrame
          snapshot.layer.cornerRadius = 0
        }
    },
      // 5
      completion: { _ in
        toVC.view.isHidden = false
        snapshot.removeFromSuperview()
        fromVC.view.layer.transform = Transform3DIdentity
        transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
    })
  }
}
