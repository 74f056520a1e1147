import Geometry
import Canvas
import Motion
@testable import Segue
import SegueTesting
import Testing

/// A moving page composites from a cached layer (a full-window image); once the transition is
/// over and the window idle, no layer memory stays behind: the page that left keeps none and
/// the spares kept for the next transition are freed.
@MainActor
@Suite("Layer memory after a transition")
struct LayerMemoryTests {
    @Test func aSwipeLeavesNoLayerOnceTheWindowIsIdle() {
        let pages = (0..<3).map { RowListPage(title: "L\($0)", items: RowItem.samples) }
        let tabs = TabBarController(viewControllers: pages)
        let host = OffscreenWindow(root: tabs, size: Size(width: 400, height: 300))
        host.runIdleWork()
        host.press(at: Point(x: 300, y: 100))
        host.moveLinearly(to: Point(x: 100, y: 100), steps: 8, duration: 0.15)
        _ = host.render()
        #expect(pages[0].view.render.layer != nil && pages[1].view.render.layer != nil,
                "both pages move as cached layers")
        host.release()
        host.runFrames()
        #expect(tabs.selectedIndex == 1)
        _ = host.render()
        #expect(pages[0].view.superview == nil, "the first page left the window")
        #expect(pages[0].view.render.layer == nil, "and holds no layer")
        #expect(pages[1].view.render.layer == nil, "a page at rest draws without one")
        #expect(host.window.pass.hasSpareSurfaces, "kept for a transition that follows at once")
        host.runIdleWork()
        #expect(!host.window.pass.hasSpareSurfaces, "freed once the window is idle")
    }
}
