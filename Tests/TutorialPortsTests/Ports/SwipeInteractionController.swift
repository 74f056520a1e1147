// Tutorial 002 ("自定义 UIViewController 的转场动画", Guess the pet, Swift 4): `SwipeInteractionController` as the tutorial prints it
// (Originals/SwipeInteractionController.swift.txt), ported to Segue. `import UIKit` became `import SegueKit`
// (and Foundation); 5 lines only drop UIKit's UI/CG/CA prefixes. Other changes
// (counted by scripts/count-port-changes.py):
//   `#selector(handleGesture(_:))` → `SwipeInteractionController.handleGesture`: no Objective-C
//   runtime on Linux; target-action takes the method itself, typed to its recognizer.
//   `@objc` dropped (no Objective-C interop).
//   `CGFloat(…)` → `Double(…)`: Segue's geometry is Double (Foundation's CGFloat is not it).

import Foundation
import SegueKit

class SwipeInteractionController: PercentDrivenInteractiveTransition {
  var interactionInProgress = false

  private var shouldCompleteTransition = false
  private weak var viewController: ViewController!

  init(viewController: ViewController) {
    super.init()
    self.viewController = viewController
    prepareGestureRecognizer(in: viewController.view)
  }

  private func prepareGestureRecognizer(in view: View) {
    let gesture = ScreenEdgePanGestureRecognizer(target: self,
                                                   action: SwipeInteractionController.handleGesture)
    gesture.edges = .left
    view.addGestureRecognizer(gesture)
  }

  func handleGesture(_ gestureRecognizer: ScreenEdgePanGestureRecognizer) {
    // 1
    let translation = gestureRecognizer.translation(in: gestureRecognizer.view!.superview!)
    var progress = (translation.x / 200)
    progress = Double(fminf(fmaxf(Float(progress), 0.0), 1.0))

    switch gestureRecognizer.state {

    // 2
    case .began:
      interactionInProgress = true
      viewController.dismiss(animated: true, completion: nil)

    // 3
    case .changed:
      shouldCompleteTransition = progress > 0.5
      update(progress)

    // 4
    case .cancelled:
      interactionInProgress = false
      cancel()

    // 5
    case .ended:
      interactionInProgress = false
      if shouldCompleteTransition {
        finish()
      } else {
        cancel()
      }
    default:
      break
    }
  }
}
