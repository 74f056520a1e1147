import Geometry
import Motion
import Segue
import SegueTesting

/// A navigation stack of a ``RowListPage`` of ``RowItem/samples`` in an offscreen window:
/// every row pushes a ``RowDetailPage`` with the default slide.
@MainActor
struct NavigationFixture {
    let host: OffscreenWindow
    let navigation: NavigationController
    let list: RowListPage

    init(size: Size = Size(width: 400, height: 300)) {
        list = RowListPage(title: "Navigation", items: RowItem.samples)
        navigation = NavigationController(rootViewController: list)
        host = OffscreenWindow(root: navigation, size: size)
    }

    var width: Double { host.width }

    /// The middle of row `index` in window coordinates (rows are 56 px tall below the 52 px bar).
    func rowPoint(_ index: Int, x: Double = 200) -> Point {
        Point(x: x, y: NavigationBar.height + RowListPage.rowHeight * Double(index) + RowListPage.rowHeight / 2)
    }

    /// Inside the bar's Back button (x 4…100, y 6…45).
    static let backButtonPoint = Point(x: 50, y: 25)

    /// A point in the content just inside the left edge, where the interactive pop starts.
    func edgePoint(y: Double = 160) -> Point { Point(x: 5, y: y) }

    /// Taps row `index` and runs the push to its end.
    @discardableResult
    func pushByTappingRow(_ index: Int = 0) -> ViewController? {
        host.click(at: rowPoint(index))
        host.runFrames()
        return navigation.topViewController
    }

    /// Identities of the container's subviews, bottom to top.
    var containerSubviewIDs: [ObjectIdentifier] {
        navigation.containerView.subviews.map(ObjectIdentifier.init)
    }

    var stackIDs: [ObjectIdentifier] {
        navigation.viewControllers.map(ObjectIdentifier.init)
    }
}
