import Segue

/// Tab 3: tutorial 001's gallery (flat zoom push and pop).
@MainActor
enum GalleryTab {
    static func make() -> ViewController {
        let gallery = NavigationController(rootViewController: GalleryPage())
        gallery.tabBarItem = TabBarItem(title: "Gallery", icon: .grid)
        return gallery
    }
}
