import Geometry
import Canvas
@testable import Demos
import Motion
import Segue
import SegueTesting
import Testing

/// The demo's Zoom page offscreen: the Navigation list's Zoom row opens the grid, a click zooms
/// a picture open into the viewer, the arrows page it, a drag down closes it into the cell of
/// the picture shown then, and the tour's mid-drag frame matches its reference (tolerance:
/// ≥ 99.9 % of pixels within 2/255 per channel).
@MainActor
@Suite("Zoom scene")
struct ZoomSceneTests {
    static func openGrid() throws -> (OffscreenWindow, DemoNavigationController, ZoomGridPage) {
        let navigation = DemoNavigationController(rootViewController: ListPage(title: "Navigation", items: DemoItem.samples))
        let host = OffscreenWindow(root: navigation, size: Size(width: 400, height: 600))
        let row = try #require(DemoItem.samples.firstIndex { $0.opensZoom })
        let list = try #require(navigation.topViewController as? ListPage)
        list.scrollView.scrollRectToVisible(ListPage.rowFrame(row, width: 400))
        host.layout()
        let rowFrame = ListPage.rowFrame(row, width: 400)
        host.click(at: Point(x: 200, y: 52 + rowFrame.midY - list.scrollView.contentOffset.y))
        host.runFrames()
        let grid = try #require(navigation.topViewController as? ZoomGridPage)
        return (host, navigation, grid)
    }

    @Test func aPictureZoomsOpenPagesAndClosesIntoTheCellShownThen() throws {
        let (host, navigation, grid) = try Self.openGrid()
        let cell = grid.cells[0].convert(grid.cells[0].bounds, to: nil)
        host.click(at: cell.center)
        #expect(grid.cells[0].isHidden, "the cell hides while its picture flies")
        host.runFrames()
        let viewer = try #require(navigation.topViewController as? ZoomViewerPage)
        #expect(viewer.index == 0 && !grid.cells[0].isHidden)
        host.key(.right)
        host.runFrames()
        #expect(viewer.index == 1, "Right pages to the next picture")
        // A drag sideways pages too, and is not the stack's pop from anywhere.
        host.drag(from: Point(x: 300, y: 300), to: Point(x: 60, y: 300))
        host.release()
        host.runFrames()
        #expect(viewer.index == 2 && navigation.viewControllers.count == 3)
        host.drag(from: Point(x: 200, y: 250), to: Point(x: 200, y: 450))
        host.release()
        #expect(grid.cells[2].isHidden && !grid.cells[0].isHidden, "it flies into the third cell")
        host.runFrames()
        #expect(navigation.topViewController === grid && !grid.cells[2].isHidden)
    }

    /// The frame the tour shows: the viewer held 40 px right and 160 px down from its middle.
    @Test func heldMidDragMatchesItsReference() throws {
        let (host, navigation, grid) = try Self.openGrid()
        host.click(at: grid.cells[4].convert(grid.cells[4].bounds, to: nil).center)
        host.runFrames()
        #expect(navigation.topViewController is ZoomViewerPage)
        host.drag(from: Point(x: 200, y: 326), to: Point(x: 240, y: 486))
        host.hold(for: 0.2)
        try expectMatchesReference(host.render(), named: "zoom-held")
        host.release()
        host.runFrames()
    }
}
