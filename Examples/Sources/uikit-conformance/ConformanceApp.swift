import Foundation
import SegueKit

/// The UIKit conformance suite's scenes (Tests/UIKitConformanceTests/Scenes, linked here) in a
/// real window, so that UIKitConformanceE2ETests can drive them with real input in headless
/// weston. `CONFORMANCE_SCENE` picks one: `turn` (the default: the page turn and its edge
/// swipe), `grow` (grow from an icon, pull down to put it back) or `slide` (a navigation stack).
@main
struct ConformanceApp: SegueApp {
    let title = "UIKit conformance"
    let appID = "org.segue.UIKitConformance"
    /// Held for the app's lifetime: delegates are weak, in Segue as in UIKit.
    static let navigationDelegate = SlidingNavigation()

    func makeRootViewController() -> ViewController {
        switch ProcessInfo.processInfo.environment["CONFORMANCE_SCENE"] ?? "turn" {
        case "grow":
            return IconLauncher()
        case "slide":
            let second = PlainPage("Second", colour: Color(hex: 0xBC4749))
            let navigation = NavigationController(rootViewController: PlainPage("First", colour: Color(hex: 0x6A994E), next: second))
            navigation.delegate = Self.navigationDelegate
            return navigation
        default:
            return TileSheet()
        }
    }
}
