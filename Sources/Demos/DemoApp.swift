import Motion
import Segue

/// Builds the demo's window content: a tab bar with the four tutorial areas, each tab built
/// in its own file under `Tabs/`.
@MainActor
public enum DemoApp {
    /// The root controller of `segue-demo`.
    public static func makeRoot() -> ViewController {
        let tabs = TabBarController(viewControllers: [
            NavigationTab.make(), ModalTab.make(), GalleryTab.make(), ContainerTab.make(),
        ])
        tabs.delegate = TabSlideDelegate.shared
        return tabs
    }
}

/// Tutorial 000: tab switches slide in the direction of the indices.
@MainActor
final class TabSlideDelegate: TabBarControllerDelegate {
    static let shared = TabSlideDelegate()

    func tabBarController(_ tabBarController: TabBarController, animationControllerForTransitionFrom from: ViewController,
                          to: ViewController) -> AnimatedTransitioning? {
        let fromIndex = tabBarController.viewControllers.firstIndex { $0 === from } ?? 0
        let toIndex = tabBarController.viewControllers.firstIndex { $0 === to } ?? 0
        return SlideAnimator(direction: toIndex < fromIndex ? .right : .left)
    }
}
