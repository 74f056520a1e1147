// Tutorial 002 ("自定义 UIViewController 的转场动画", Guess the pet, Swift 4): `CardViewController+TransitioningDelegate` as the tutorial prints it
// (Originals/CardViewController+TransitioningDelegate.swift.txt), ported to Segue. `import UIKit` became `import SegueKit`
// (and Foundation); 9 lines only drop UIKit's UI/CG/CA prefixes. Other changes
// (counted by scripts/count-port-changes.py):
//   none.

import Foundation
import SegueKit

extension CardViewController: ViewControllerTransitioningDelegate {
  func animationController(forPresented presented: ViewController,
                           presenting: ViewController,
                           source: ViewController)
    -> ViewControllerAnimatedTransitioning? {
    return FlipPresentAnimationController(originFrame: cardView.frame)
  }

  func animationController(forDismissed dismissed: ViewController)
    -> ViewControllerAnimatedTransitioning? {
    guard let revealVC = dismissed as? RevealViewController else {
      return nil
    }
    return FlipDismissAnimationController(destinationFrame: cardView.frame,
                                          interactionController: revealVC.swipeInteractionController)
  }

  func interactionControllerForDismissal(using animator: ViewControllerAnimatedTransitioning)
    -> ViewControllerInteractiveTransitioning? {
    guard let animator = animator as? FlipDismissAnimationController,
      let interactionController = animator.interactionController,
      interactionController.interactionInProgress
      else {
        return nil
    }
    return interactionController
  }
}
