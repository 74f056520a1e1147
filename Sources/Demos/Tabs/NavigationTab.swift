import Motion
import Segue

/// Tab 1: tutorial 000's navigation (slide push/pop, interactive edge pop) and tutorial 003's
/// pushes (scale and fade, pixelate dissolve).
@MainActor
enum NavigationTab {
    static func make() -> ViewController {
        let navigation = DemoNavigationController(rootViewController: ListPage(title: localized("Navigation"), items: DemoItem.samples))
        navigation.tabBarItem = TabBarItem(title: localized("Navigation"), icon: .list)
        return navigation
    }
}
