// Tutorial 000 ("iOS view controller transitions in detail", Swift 2; in Swift 5 spelling): `SDENavigationControllerDelegate` as the tutorial prints it
// (Originals/SDENavigationControllerDelegate.swift.txt), ported to Segue. `import UIKit` became `import SegueKit`
// (and Foundation); 6 lines only drop UIKit's UI/CG/CA prefixes. Other changes
// (counted by scripts/count-port-changes.py):
//   none.

import Foundation
import SegueKit

class SDENavigationControllerDelegate: NSObject, NavigationControllerDelegate {
    //在<NavigationControllerDelegate>对象里,实现该方法提供动画控制器,返回 nil 则使用系统默认的效果。
    func navigationController(_ navigationController: NavigationController,
         animationControllerFor operation: NavigationController.Operation,
                         from fromVC: ViewController,
                             to toVC: ViewController) -> ViewControllerAnimatedTransitioning? {
        //使用上一节实现的 Slide 动画控制器,需要提供操作类型信息。
        let transitionType = SDETransitionType.NavigationTransition(operation)
        return SlideAnimationController(type: transitionType)
    }
}
