import Geometry
import Canvas
import Motion
@testable import Segue
import SegueTesting
import Testing

/// A tab container prepares the selected tab's neighbours as idle work: after the window's
/// first frame, only when nothing animates or is held, both neighbours (and no other tab) get
/// their views loaded at the container's size with every content cache drawn, so the first
/// frame of a swipe towards one draws none of its content.
@MainActor
@Suite("Neighbouring tabs prepared while idle")
struct IdlePreparationTests {
    let size = Size(width: 400, height: 300)

    /// Four list tabs (text rows, so content caches to draw), the first selected.
    private func tabs() -> (OffscreenWindow, TabBarController, [RowListPage]) {
        let pages = (0..<4).map { RowListPage(title: "L\($0)", items: RowItem.samples) }
        let controller = TabBarController(viewControllers: pages)
        return (OffscreenWindow(root: controller, size: size), controller, pages)
    }

    /// The views in `view`'s subtree that draw content of their own (and cache it).
    private func drawingViews(_ view: View) -> [View] {
        (view.drawsContent && view.cachesContent && !view.isHidden ? [view] : [])
            + (view.isHidden ? [] : view.subviews.flatMap(drawingViews))
    }

    /// Content draws per row of a prepared list: once for each row that shows in the container
    /// (56 px rows from its top), none for those below the fold.
    private func preparedRowDraws(_ tabs: TabBarController) -> [Int] {
        let shownRows = Int((tabs.containerView.bounds.height / RowListPage.rowHeight).rounded(.up))
        return Array(repeating: 1, count: shownRows) + Array(repeating: 0, count: RowItem.samples.count - shownRows)
    }

    private func contentDraws(_ view: View) -> Int {
        view.render.contentDraws + view.subviews.reduce(0) { $0 + contentDraws($1) }
    }

    @Test func onlyTheNeighboursAreLoadedAndTheirContentCachesDrawn() {
        let (host, tabs, pages) = tabs()
        tabs.select(1, animated: false)
        #expect(!pages[2].isViewLoaded && !pages[3].isViewLoaded, "tabs load lazily, as UIKit's")
        #expect(host.runIdleWork() > 0)
        #expect(pages[0].isViewLoaded && pages[2].isViewLoaded, "both neighbours of tab 1")
        #expect(!pages[3].isViewLoaded, "tab 3 is two swipes away")
        let neighbour = pages[2].view
        #expect(neighbour.frame == tabs.containerView.bounds)
        #expect(neighbour.superview == nil, "prepared, not shown")
        // The rows that show in the container (56 px each, from its top): drawn once each;
        // those below the fold wait until they scroll into view.
        let drawing = drawingViews(neighbour)
        #expect(drawing.count == RowItem.samples.count, "a row draws its own text")
        #expect(drawing.map(\.render.contentDraws) == preparedRowDraws(tabs))
    }

    @Test func aSwipesFirstFrameDrawsNoneOfThePreparedTabsContent() {
        let (host, _, pages) = tabs()
        host.runIdleWork()
        let neighbour = pages[1].view
        let prepared = contentDraws(neighbour)
        #expect(prepared > 0)
        host.press(at: Point(x: 300, y: 100))
        host.moveLinearly(to: Point(x: 200, y: 100), steps: 6, duration: 0.1)
        _ = host.render()
        #expect(neighbour.superview != nil, "the swipe shows tab 1")
        #expect(contentDraws(neighbour) == prepared, "nothing of tab 1 drawn again")
    }

    @Test func idleWorkWaitsForAHeldGestureAndForTheFirstFrame() {
        let (host, _, pages) = tabs()
        #expect(!host.window.hasIdleWorkReady, "the first frame is not drawn yet")
        _ = host.render()
        host.press(at: Point(x: 300, y: 100))
        host.moveLinearly(to: Point(x: 280, y: 100), steps: 2, duration: 0.05)
        _ = host.render()
        #expect(host.window.wantsFrames)
        #expect(!host.window.hasIdleWorkReady, "a held drag keeps frames coming: no idle work")
        host.window.runIdleWork()
        #expect(!pages[2].isViewLoaded)
    }

    @Test func aCompletedSwitchPreparesTheNewNeighbours() {
        let (host, tabs, pages) = tabs()
        host.runIdleWork()
        #expect(!pages[2].isViewLoaded)
        tabs.select(1, animated: true)
        host.runFrames()
        #expect(tabs.selectedIndex == 1)
        host.runIdleWork()
        #expect(pages[2].isViewLoaded, "tab 2 is next to the new selection")
        #expect(drawingViews(pages[2].view).map(\.render.contentDraws) == preparedRowDraws(tabs))
    }
}
