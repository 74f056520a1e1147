import Geometry
import Motion
import Segue

/// Tab 4: tutorial 000's finale, a custom container with top button tabs.
@MainActor
enum ContainerTab {
    static let pageColors = [Color(hex: 0x2F80ED), Color(hex: 0x27AE60), Color(hex: 0xEB5757)]
    /// The demo's dark navy bar with white titles, the others a greyed blue.
    static let barStyle = TopTabBarStyle(barColor: Color(hex: 0x1F3B57), selectedTitleColor: .white,
                                                unselectedTitleColor: Color(hex: 0x8FA3B8))

    static func make() -> ViewController {
        let container = TopTabBarController(viewControllers: zip([localized("Today"), localized("Week"), localized("Month")], pageColors).map {
            ColorPage(title: $0.0, color: $0.1, hint: localized("Tap a tab above or drag sideways"))
        }, style: barStyle)
        container.tabBarItem = TabBarItem(title: localized("Container"), icon: .tabs)
        // Tutorial 000's own rule for its container: the drag finishes only past half-way
        // (the toolkit default, which also honours a flick, stays on the other tabs).
        container.swipe.commitRule = .threshold(0.5, inclusive: false)
        return container
    }
}
