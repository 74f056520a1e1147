// Tutorial 000 ("iOS view controller transitions in detail", Swift 2; in Swift 5 spelling): `SlideAnimationController` as the tutorial prints it
// (Originals/SlideAnimationController.swift.txt), ported to Segue. `import UIKit` became `import SegueKit`
// (and Foundation); 17 lines only drop UIKit's UI/CG/CA prefixes. Other changes
// (counted by scripts/count-port-changes.py):
//   none; only `import Foundation` is narrowed to NSObject and TimeInterval (Foundation's
//   own AffineTransform would shadow Segue's).

// Foundation has an AffineTransform of its own (macOS's NSAffineTransform): only what the
// tutorial uses from it is imported, so `AffineTransform` is Segue's (Geometry's).
import class Foundation.NSObject
import typealias Foundation.TimeInterval
import SegueKit

enum SDETransitionType {
    //NavigationControllerOperation 是枚举类型,有 None, Push, Pop 三种值。
    case NavigationTransition(NavigationController.Operation)
    case TabTransition(TabOperationDirection)
    case ModalTransition(ModalOperation)
}

enum TabOperationDirection {
    case Left, Right
}

enum ModalOperation {
    case Presentation, Dismissal
}

class SlideAnimationController: NSObject, ViewControllerAnimatedTransitioning {
    private let transitionType: SDETransitionType

    init(type: SDETransitionType) {
        transitionType = type
        super.init()
    }

    func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> TimeInterval {
        return 0.5
    }

    func animateTransition(using transitionContext: ViewControllerContextTransitioning) {
        let containerView = transitionContext.containerView
        guard let fromView = transitionContext.view(forKey: .from),
            let toView = transitionContext.view(forKey: .to) else {
                return
        }
        //1
        containerView.addSubview(toView)

        //计算位移 transform,NavigationVC 和 TabBarVC 在水平方向进行动画,Modal 转场在竖直方向进行动画。
        var translation = containerView.frame.width
        var toViewTransform = AffineTransform.identity
        var fromViewTransform = AffineTransform.identity
        switch transitionType {
        case .NavigationTransition(let operation):
            translation = operation == .push ? translation : -translation
            toViewTransform = AffineTransform(translationX: translation, y: 0)
            fromViewTransform = AffineTransform(translationX: -translation, y: 0)
        case .TabTransition(let direction):
            translation = direction == .Left ? -translation : translation
            toViewTransform = AffineTransform(translationX: translation, y: 0)
            fromViewTransform = AffineTransform(translationX: -translation, y: 0)
        case .ModalTransition(let operation):
            translation = containerView.frame.height
            toViewTransform = AffineTransform(translationX: 0, y: (operation == .Presentation ? translation : 0))
            fromViewTransform = AffineTransform(translationX: 0, y: (operation == .Presentation ? 0 : translation))
        }
        toView.transform = toViewTransform

        //根据协议中的方法获取动画的时间。
        let duration = self.transitionDuration(using: transitionContext)
        View.animate(withDuration: duration, animations: {
            fromView.transform = fromViewTransform
            toView.transform = AffineTransform.identity
            }, completion: { _ in
                //考虑到转场中途可能取消的情况,转场结束后,恢复视图状态。
                fromView.transform = AffineTransform.identity
                toView.transform = AffineTransform.identity
                //2
                let isCancelled = transitionContext.transitionWasCancelled
                transitionContext.completeTransition(!isCancelled)
        })
    }
}
