import Geometry
import Motion
import Segue
import SegueTesting
import Testing

/// Pop from anywhere (UIKit's `interactiveContentPopGestureRecognizer`, iOS 26): a drag from
/// leading to trailing anywhere on a pushed page pops it interactively, the page under the
/// pointer as with the edge's pop; it completes past half-way; a drag the other way, a mostly
/// vertical one, and one that something on the page takes itself never pop.
@MainActor
@Suite("Pop from anywhere")
struct ContentPopTests {
    /// A rightward drag from the page's middle by `fraction` of its width, held, then let go.
    static func dragFromTheMiddle(_ demo: NavigationFixture, by fraction: Double, y: Double = 160) {
        let start = Point(x: 150, y: y)
        demo.host.drag(from: start, to: Point(x: start.x + fraction * demo.width, y: y))
        demo.host.hold(for: 0.2)
    }

    @Test func aDragFromTheMiddleHeldAt40PercentFollowsThePointerAndCancels() throws {
        let demo = NavigationFixture()
        let detail = try #require(demo.pushByTappingRow(0))
        Self.dragFromTheMiddle(demo, by: 0.4)
        let context = try #require(demo.navigation.activeTransition)
        #expect(context.kind == .pop && context.isInteractive)
        // The page moves with the pointer from where it was pressed (not from the edge): 40 %.
        #expect(abs(context.percentComplete - 0.4) < 1e-9, "\(context.percentComplete)")
        #expect(abs(detail.view.transform.tx - 0.4 * demo.width) < 0.5, "the page under the pointer: \(detail.view.transform.tx)")
        demo.host.release()
        demo.host.runFrames()
        #expect(demo.navigation.viewControllers.count == 2, "short of half: the page comes back")
        #expect(detail.view.transform == .identity)
    }

    @Test func pastHalfItPops() throws {
        let demo = NavigationFixture()
        _ = try #require(demo.pushByTappingRow(0))
        Self.dragFromTheMiddle(demo, by: 0.6)
        demo.host.release()
        demo.host.runFrames()
        #expect(demo.navigation.viewControllers.count == 1)
        #expect(demo.host.completions.filter { $0.kind == .pop }.map(\.completed) == [true])
    }

    @Test func leftwardsOrDownwardsNothingPops() throws {
        let demo = NavigationFixture()
        _ = try #require(demo.pushByTappingRow(0))
        demo.host.drag(from: Point(x: 300, y: 160), to: Point(x: 100, y: 160))
        #expect(demo.navigation.activeTransition == nil, "towards the leading side")
        demo.host.release()
        // Down 120 and right 60: more down than across.
        demo.host.drag(from: Point(x: 150, y: 100), to: Point(x: 210, y: 220))
        #expect(demo.navigation.activeTransition == nil, "mostly vertical")
        demo.host.release()
        demo.host.runFrames()
        #expect(demo.navigation.viewControllers.count == 2)
    }

    @Test func theRootPageHasNothingToPop() {
        let demo = NavigationFixture()
        Self.dragFromTheMiddle(demo, by: 0.6)
        #expect(demo.navigation.activeTransition == nil)
        demo.host.release()
        #expect(demo.navigation.viewControllers.count == 1)
    }

    /// A pushed list scrolls under a vertical drag; the pop never takes it.
    @Test func verticalScrollingIsNeverTaken() throws {
        let demo = NavigationFixture()
        let list = RowListPage(title: "More", items: RowItem.samples)
        demo.navigation.pushViewController(list, animated: false)
        demo.host.runFrames()
        // Up 150 and right 40: a scroll that drifts sideways.
        demo.host.drag(from: Point(x: 150, y: 250), to: Point(x: 190, y: 100))
        #expect(demo.navigation.activeTransition == nil)
        #expect(list.scrollView.contentOffset.y > 100, "scrolled: \(list.scrollView.contentOffset)")
        demo.host.release()
        demo.host.runFrames()
        #expect(demo.navigation.viewControllers.count == 2)
    }

    /// Counts a page's own horizontal pan.
    @MainActor
    final class Swiper {
        var began = 0
        func changed(_ pan: PanGestureRecognizer) { if pan.state == .began { began += 1 } }
    }

    /// A sideways pan the page declares itself (a carousel, a slider) wins over the pop.
    @Test func aPanOnThePageWins() throws {
        let demo = NavigationFixture()
        let detail = try #require(demo.pushByTappingRow(0))
        let swiper = Swiper()
        let pan = PanGestureRecognizer(axis: .horizontal)
        pan.addTarget(swiper, action: Swiper.changed)
        detail.view.addGestureRecognizer(pan)
        Self.dragFromTheMiddle(demo, by: 0.6)
        demo.host.release()
        demo.host.runFrames()
        #expect(swiper.began == 1)
        #expect(demo.navigation.viewControllers.count == 2, "the page's pan took the drag")
    }

    /// Turned off, only the edge pops.
    @Test func disabledOnlyTheEdgePops() throws {
        let demo = NavigationFixture()
        _ = try #require(demo.pushByTappingRow(0))
        demo.navigation.interactiveContentPopGestureRecognizer.isEnabled = false
        Self.dragFromTheMiddle(demo, by: 0.6)
        #expect(demo.navigation.activeTransition == nil)
        demo.host.release()
        demo.host.drag(from: demo.edgePoint(), to: Point(x: 5 + 0.6 * demo.width, y: 160))
        demo.host.hold(for: 0.2)
        demo.host.release()
        demo.host.runFrames()
        #expect(demo.navigation.viewControllers.count == 1)
    }

    /// In a tab container a pushed page is the drag's to pop (the tab swipe waits for the stack's
    /// root page: ``TabbedContainerController/allowsSwipe()``); on the root page, which has
    /// nothing to pop, the same drag switches to the tab on the left.
    @Test func aPushedPagePopsAndTheRootPageSwitchesTabs() throws {
        let stacks = (0..<2).map { NavigationController(rootViewController: RowListPage(title: "L\($0)", items: RowItem.samples)) }
        let tabs = TabBarController(viewControllers: stacks)
        let host = OffscreenWindow(root: tabs, size: Size(width: 400, height: 300))
        tabs.select(1, animated: false)
        host.runFrames()
        stacks[1].pushViewController(RowListPage(title: "Pushed", items: RowItem.samples), animated: false)
        host.runFrames()
        for _ in 0..<2 {
            host.drag(from: Point(x: 150, y: 160), to: Point(x: 150 + 0.6 * 400, y: 160))
            host.hold(for: 0.2)
            host.release()
            host.runFrames()
            if tabs.selectedIndex == 1 { #expect(stacks[1].viewControllers.count == 1, "the first drag popped") }
        }
        #expect(tabs.selectedIndex == 0, "the second drag, on the root page, switched tabs")
        #expect(host.completions.map(\.kind).suffix(2) == [.pop, .tab], "\(host.completions.map(\.kind))")
    }

    /// Right to left the drag goes leftwards, from anywhere; rightwards nothing pops.
    @Test func rightToLeftItIsMirrored() throws {
        let demo = NavigationFixture()
        demo.host.window.settings.traits.layoutDirection = .rightToLeft
        demo.host.runFrames()
        _ = try #require(demo.pushByTappingRow(0))
        demo.host.drag(from: Point(x: 250, y: 160), to: Point(x: 250 - 0.6 * demo.width, y: 160))
        #expect(demo.navigation.activeTransition?.isInteractive == true)
        demo.host.hold(for: 0.2)
        demo.host.release()
        demo.host.runFrames()
        #expect(demo.navigation.viewControllers.count == 1)
        _ = try #require(demo.pushByTappingRow(0))
        demo.host.drag(from: Point(x: 150, y: 160), to: Point(x: 150 + 0.6 * demo.width, y: 160))
        #expect(demo.navigation.activeTransition == nil)
        demo.host.release()
        #expect(demo.navigation.viewControllers.count == 2)
    }
}
