// Tutorial 004 (Envato, "custom view controller transitions", French; restored to Swift 5): `DetailViewController` as the tutorial prints it
// (Originals/DetailViewController.swift.txt), ported to Segue. `import UIKit` became `import SegueKit`
// (and Foundation); 3 lines only drop UIKit's UI/CG/CA prefixes. Other changes
// (counted by scripts/count-port-changes.py):
//   `ViewController!` → `RootViewController!` (the same rename).

import Foundation
import SegueKit

class DetailViewController: ViewController {
    var rootViewController: RootViewController!

    @IBAction func didPanDown(_ sender: PanGestureRecognizer) {
        let progress = sender.translation(in: self.view).y / self.view.frame.size.height

        switch sender.state {
        case .began:
            self.rootViewController.interactionController = PercentDrivenInteractiveTransition()
            self.dismiss(animated: true, completion: nil)
        case .changed:
            self.rootViewController.interactionController?.update(progress)
        case .ended:
            if progress >= 0.5 {
                self.rootViewController.interactionController?.finish()
            } else {
                self.rootViewController.interactionController?.cancel()
            }
            self.rootViewController.interactionController = nil
        default:
            self.rootViewController.interactionController?.cancel()
            self.rootViewController.interactionController = nil
        }
    }
}
