import Geometry
import Segue
import SegueTesting
import Testing

/// A navigation bar follows its top page's title when the page renames itself (a viewer
/// naming the picture it paged to), and only the top page's.
@MainActor
@Suite("Navigation title")
struct NavigationTitleTests {
    @Test func theBarFollowsTheTopPagesTitle() {
        let root = ViewController(title: "Root")
        let navigation = NavigationController(rootViewController: root)
        let host = OffscreenWindow(root: navigation)
        let top = ViewController(title: "First")
        navigation.pushViewController(top)
        host.runFrames()
        #expect(navigation.navigationBar.title == "First")
        top.title = "Second"
        #expect(navigation.navigationBar.title == "Second")
        root.title = "Renamed root"
        #expect(navigation.navigationBar.title == "Second", "a page beneath does not name the bar")
        navigation.popViewController()
        host.runFrames()
        #expect(navigation.navigationBar.title == "Renamed root")
    }
}
