// Tutorial 000 ("iOS view controller transitions in detail", Swift 2; in Swift 5 spelling): `SDETabBarControllerDelegate` as the tutorial prints it
// (Originals/SDETabBarControllerDelegate.swift.txt), ported to Segue. `import UIKit` became `import SegueKit`
// (and Foundation); 5 lines only drop UIKit's UI/CG/CA prefixes. Other changes
// (counted by scripts/count-port-changes.py):
//   `viewControllers!` → `viewControllers` (twice): a Segue tab bar controller's list is not
//   optional.

import Foundation
import SegueKit

class SDETabBarControllerDelegate: NSObject, TabBarControllerDelegate {
    //在<TabBarControllerDelegate>对象里,实现该方法提供动画控制器,返回 nil 则没有动画效果。
    func tabBarController(_ tabBarController: TabBarController, animationControllerForTransitionFrom
                                    fromVC: ViewController,
                     to toVC: ViewController) -> ViewControllerAnimatedTransitioning? {
        let fromIndex = tabBarController.viewControllers.firstIndex(of: fromVC)!
        let toIndex = tabBarController.viewControllers.firstIndex(of: toVC)!

        let tabChangeDirection: TabOperationDirection = toIndex < fromIndex ? .Left : .Right
        let transitionType = SDETransitionType.TabTransition(tabChangeDirection)
        let slideAnimationController = SlideAnimationController(type: transitionType)
        return slideAnimationController
    }
}
