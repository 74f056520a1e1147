import Motion
import Segue

/// Builds the demo's window content: a tab bar with the four tutorial areas.
@MainActor
public enum DemoApp {
    /// Colours the tests and the README refer to.
    public enum Palette {
        public static let modalBackground = Color(hex: 0xFFF7E8)
        public static let sheet = Color(hex: 0x5856D6)
        public static let containerPages = [Color(hex: 0x2F80ED), Color(hex: 0x27AE60), Color(hex: 0xEB5757)]
    }

    /// The root controller of `segue-demo`.
    public static func makeRoot() -> ViewController {
        let navigation = NavigationController(rootViewController: ListPage(title: "Navigation", items: DemoItem.samples))
        navigation.tabBarItem = TabBarItem(title: "Navigation", icon: .list)

        let modal = MenuPage(title: "Modal", heading: "Presentations: drag a sheet down to dismiss it; Esc closes.",
                             background: Palette.modalBackground, entries: [
            MenuPage.Entry(title: "Sheet (slide up)") { page in
                page.present(ColorPage(title: "Sheet", color: Palette.sheet,
                                       hint: "Drag down to dismiss, or press Esc", closeButton: true))
            },
        ])
        modal.tabBarItem = TabBarItem(title: "Modal", icon: .cards)

        let container = ContainerViewController(viewControllers: zip(["Today", "Week", "Month"], Palette.containerPages).map {
            ColorPage(title: $0.0, color: $0.1, hint: "Tap a tab above or drag sideways")
        })
        container.tabBarItem = TabBarItem(title: "Container", icon: .tabs)

        let gallery = NavigationController(rootViewController: GalleryPage())
        gallery.tabBarItem = TabBarItem(title: "Gallery", icon: .grid)

        let tabs = TabBarController(viewControllers: [navigation, modal, gallery, container])
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
