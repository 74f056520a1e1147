import Foundation
import SegueKit

/// The tutorials' own transition code (Tests/TutorialPortsTests/Ports, linked here with the
/// starter pages around it) in a real window: `TUTORIAL_SCENE=002` (the card flip, the default),
/// `004` (expand from the icon) or `000` (the slide, in a navigation controller).
/// TutorialPortsE2ETests drives it in headless weston.
@main
struct TutorialPortsApp: SegueApp {
    let title = "Tutorial ports"
    let appID = "org.segue.TutorialPorts"
    /// Held for the app's lifetime: UIKit's and Segue's delegates are weak.
    static let navigationDelegate = SDENavigationControllerDelegate()

    func makeRootViewController() -> ViewController {
        switch ProcessInfo.processInfo.environment["TUTORIAL_SCENE"] ?? "002" {
        case "004":
            return RootViewController()
        case "000":
            let second = ColourPage("Second", colour: Color(hex: 0xE76F51))
            let navigation = NavigationController(rootViewController: ColourPage("First", colour: Color(hex: 0x264653), next: second))
            navigation.delegate = Self.navigationDelegate
            return navigation
        default:
            return CardViewController()
        }
    }
}
