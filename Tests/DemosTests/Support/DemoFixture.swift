import Geometry
import Demos
import Motion
import Segue
import SegueTesting

/// The demo's navigation stack (a ``ListPage`` of ``DemoItem/samples``, every row a plain
/// slide push of a ``DetailPage``) in an offscreen window.
@MainActor
struct DemoFixture {
    let host: OffscreenWindow
    let navigation: NavigationController
    let list: ListPage

    init(size: Size = Size(width: 400, height: 300)) {
        list = ListPage(title: "Navigation", items: DemoItem.samples.map { item in
            var slide = item
            slide.style = .slide
            return slide
        })
        navigation = NavigationController(rootViewController: list)
        host = OffscreenWindow(root: navigation, size: size)
    }

    var width: Double { host.width }

    /// The middle of row `index` in window coordinates (rows are 56 px tall below the 52 px bar).
    func rowPoint(_ index: Int, x: Double = 200) -> Point {
        Point(x: x, y: NavigationBar.height + ListPage.rowHeight * Double(index) + ListPage.rowHeight / 2)
    }
}
