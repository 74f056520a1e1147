import Motion
import Segue

/// Builds the demo's window content: a tab bar with the four tutorial areas, each tab built
/// in its own file under `Tabs/`.
@MainActor
public enum DemoApp {
    /// The demo's gettext text domain (its catalogues are `segue-demo.mo`, from `po/segue-demo/`).
    nonisolated public static let textDomain = "segue-demo"

    /// The root controller of `segue-demo`.
    public static func makeRoot() -> ViewController {
        DemoTabBarController(viewControllers: [
            NavigationTab.make(), ModalTab.make(), GalleryTab.make(), ContainerTab.make(),
        ])
    }
}

/// The demo's tab bar controller, which owns its (weakly held) delegate. Not a shared instance:
/// an object that outlives everything that ever referenced it weakly keeps a weak-reference side
/// table LeakSanitizer cannot see it point to, and `make test-asan` would report it.
@MainActor
final class DemoTabBarController: TabBarController {
    private let slideDelegate = TabSlideDelegate()

    override init(viewControllers: [ViewController]) {
        super.init(viewControllers: viewControllers)
        delegate = slideDelegate
    }
}

/// Tutorial 000: tab switches slide in the direction of the indices.
@MainActor
final class TabSlideDelegate: TabBarControllerDelegate {
    func tabBarController(_ tabBarController: TabBarController, animationControllerForTransitionFrom from: ViewController,
                          to: ViewController) -> AnimatedTransitioning? {
        let fromIndex = tabBarController.viewControllers.firstIndex { $0 === from } ?? 0
        let toIndex = tabBarController.viewControllers.firstIndex { $0 === to } ?? 0
        return SlideAnimator(direction: toIndex < fromIndex ? .right : .left)
    }
}
