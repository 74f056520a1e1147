import Geometry
import Canvas
import Motion
@testable import Segue
import SegueTesting
import Testing

/// Once the window has been quiet for ``TabbedContainerController/neighbourCacheLifetime``,
/// the tabs off screen give their content caches back; a press in the container draws the
/// neighbours' caches again, so the first frame of the swipe that follows draws none of them.
@MainActor
@Suite("Neighbouring tabs' caches released when quiet")
struct NeighbourReleaseTests {
    let size = Size(width: 400, height: 300)
    let lifetime = TabbedContainerController.neighbourCacheLifetime

    /// Four list tabs (text rows, so content caches to draw), the first selected, its
    /// neighbour prepared.
    private func preparedTabs() -> (OffscreenWindow, TabBarController, [RowListPage]) {
        let pages = (0..<4).map { RowListPage(title: "L\($0)", items: RowItem.samples) }
        let controller = TabBarController(viewControllers: pages)
        let host = OffscreenWindow(root: controller, size: size)
        host.runIdleWork()
        return (host, controller, pages)
    }

    /// The views of `view`'s subtree holding a content cache.
    private func cached(_ view: View) -> Int {
        (view.contentCache == nil ? 0 : 1) + view.subviews.reduce(0) { $0 + cached($1) }
    }

    /// Content drawn in `view`'s subtree so far.
    private func contentDraws(_ view: View) -> Int {
        view.render.contentDraws + view.subviews.reduce(0) { $0 + contentDraws($1) }
    }

    @Test func aQuietWindowReleasesTheNeighboursCachesAndKeepsTheSelectedTabs() {
        let (host, _, pages) = preparedTabs()
        let neighbour = pages[1].view, selected = pages[0].view
        let preparedCaches = cached(neighbour), selectedCaches = cached(selected)
        #expect(preparedCaches > 0 && selectedCaches > 0)
        #expect(host.window.idleDelay == lifetime)
        #expect(host.idle(for: lifetime * 0.9) == 0, "not quiet long enough yet")
        #expect(cached(neighbour) == preparedCaches)
        #expect(host.idle(for: lifetime) == 1)
        #expect(cached(neighbour) == 0, "the neighbour gave its caches back")
        #expect(neighbour.superview == nil && pages[1].isViewLoaded, "its views stay loaded")
        #expect(cached(selected) == selectedCaches, "the tab on screen keeps its caches")
        #expect(host.window.idleDelay == nil, "nothing more waits for quiet")
    }

    @Test func aHeldSwipeKeepsTheCaches() {
        let (host, _, pages) = preparedTabs()
        host.drag(from: Point(x: 300, y: 100), to: Point(x: 250, y: 100), steps: 4, duration: 0.07)
        #expect(host.window.wantsFrames)
        #expect(host.idle(for: lifetime) == 0, "a held gesture: the window is not quiet")
        #expect(cached(pages[1].view) > 0 && cached(pages[0].view) > 0)
    }

    @Test func theFirstSwipeAfterAReleaseDrawsItsFirstFrameFromPreparedCaches() {
        let (host, _, pages) = preparedTabs()
        _ = host.render()
        host.idle(for: lifetime)
        let neighbour = pages[1].view
        #expect(cached(neighbour) == 0)
        let drawsBeforePress = contentDraws(neighbour)

        host.press(at: Point(x: 300, y: 100))
        #expect(cached(neighbour) > 0, "the press drew the neighbour's caches again")
        let prepared = contentDraws(neighbour)
        #expect(prepared > drawsBeforePress)

        host.moveLinearly(to: Point(x: 200, y: 100), steps: 6, duration: 0.1)
        _ = host.render()
        #expect(neighbour.superview != nil, "the swipe shows tab 1")
        #expect(contentDraws(neighbour) == prepared, "its first frame drew none of tab 1's content")
        #expect(host.window.idleDelay == lifetime, "released again once quiet")
    }

    @Test func aPressWithoutAReleaseDrawsNothing() {
        let (host, _, pages) = preparedTabs()
        let neighbour = pages[1].view
        let prepared = contentDraws(neighbour)
        host.press(at: Point(x: 300, y: 100))
        #expect(contentDraws(neighbour) == prepared)
    }
}
