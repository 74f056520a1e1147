// Tutorial 004 (Envato, "custom view controller transitions", French; restored to Swift 5): `ViewController+TransitioningDelegate` as the tutorial prints it
// (Originals/ViewController+TransitioningDelegate.swift.txt), ported to Segue. `import UIKit` became `import SegueKit`
// (and Foundation); 3 lines only drop UIKit's UI/CG/CA prefixes. Other changes
// (counted by scripts/count-port-changes.py):
//   `extension ViewController` → `extension RootViewController`: the tutorial's root class
//   is named `ViewController`, which is Segue's base class once `UI` is dropped.

import Foundation
import SegueKit

extension RootViewController: ViewControllerTransitioningDelegate {
    func animationController(forDismissed dismissed: ViewController) -> ViewControllerAnimatedTransitioning? {
        return AnimationController(withDuration: 3.0, forTransitionType: .Dismissing, originFrame: self.image.frame)
    }

    func animationController(forPresented presented: ViewController, presenting: ViewController, source: ViewController) -> ViewControllerAnimatedTransitioning? {
        return AnimationController(withDuration: 3.0, forTransitionType: .Presenting, originFrame: self.image.frame)
    }

    func interactionControllerForDismissal(using animator: ViewControllerAnimatedTransitioning) -> ViewControllerInteractiveTransitioning? {
        return self.interactionController
    }
}
