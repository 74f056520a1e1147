import Geometry
import Canvas
import Foundation
import Motion
import Segue
import SegueTesting
import Testing

/// The scroll view offscreen on a manual clock, in a list of 12 rows of 56 px below the 52 px
/// bar: wheel steps, touchpad scrolling with kinetic deceleration. (Touch drags beside the tab
/// swipe and the edge pop, in the demo's root: DemosTests' DemoScrollingTests.)
@MainActor
@Suite("Scroll view")
struct ScrollViewTests {
    /// UIScrollView's normal deceleration: the speed kept per millisecond (from the issue).
    static let ratePerMs = 0.998
    static let hairline = Color(hex: 0xE5E5EA)

    /// Where a deceleration from `velocity` (px/s) is `t` seconds after it began, from `start`:
    /// the integral of v·r^(1000 t).
    static func decayed(from start: Double, velocity: Double, after t: Double) -> Double {
        let k = 1000 * Foundation.log(ratePerMs)
        return start + velocity * (1 - Foundation.exp(k * t)) / -k
    }

    /// The largest offset of the fixture's list: its rows' height less what the page shows.
    static func maximumOffset(_ fixture: NavigationFixture) -> Double {
        Double(RowItem.samples.count) * RowListPage.rowHeight - (fixture.host.size.height - NavigationBar.height)
    }

    // MARK: wheel

    @Test func wheelStepsMoveTheListByTheirDistanceAndClampAtTheEnds() {
        let fixture = NavigationFixture()
        let host = fixture.host
        let scroll = fixture.list.scrollView
        #expect(Self.maximumOffset(fixture) == 424)
        host.move(to: Point(x: 200, y: 150))
        let before = host.render()
        #expect(Surface.channelDistance(before.pixel(x: 300, y: 107), Self.hairline) <= 3, "row 0's hairline at 107")

        host.send(.scroll(dx: 0, dy: 30, source: .wheel))
        #expect(scroll.contentOffset.y == 30)
        let after = host.render()
        // Every row moved up by the step: the hairlines at 107 and 163 are now at 77 and 133.
        #expect(Surface.channelDistance(after.pixel(x: 300, y: 77), Self.hairline) <= 3)
        #expect(Surface.channelDistance(after.pixel(x: 300, y: 133), Self.hairline) <= 3)
        #expect(Surface.channelDistance(after.pixel(x: 300, y: 107), .white) <= 3)
        // The bar did not move.
        #expect(after.pixel(x: 200, y: 51) == before.pixel(x: 200, y: 51))

        for _ in 0..<20 { host.send(.scroll(dx: 0, dy: 30, source: .wheel)) }
        #expect(scroll.contentOffset.y == Self.maximumOffset(fixture), "clamped at the end")
        // The last row's hairline is the window's last line.
        let end = host.render()
        #expect(Surface.channelDistance(end.pixel(x: 300, y: 299), Self.hairline) <= 3)

        host.send(.scroll(dx: 0, dy: -100, source: .wheel))
        #expect(scroll.contentOffset.y == Self.maximumOffset(fixture) - 100)
        for _ in 0..<10 { host.send(.scroll(dx: 0, dy: -100, source: .wheel)) }
        #expect(scroll.contentOffset.y == 0, "clamped at the start")
        #expect(host.render().isPixelEqual(to: before))
        #expect(!host.window.wantsFrames, "a wheel step animates nothing")
    }

    @Test func aWheelOverTheBarOrSidewaysDoesNothing() {
        let fixture = NavigationFixture()
        let host = fixture.host
        host.move(to: Point(x: 200, y: 20))
        host.send(.scroll(dx: 0, dy: 30, source: .wheel))
        #expect(fixture.list.scrollView.contentOffset == .zero)
        host.move(to: Point(x: 200, y: 150))
        host.send(.scroll(dx: 40, dy: 0, source: .wheel))
        #expect(fixture.list.scrollView.contentOffset == .zero, "the list is as wide as the page")
    }

    @Test func scrollingRecompositesCachedRowsWithoutDrawingThem() {
        let fixture = NavigationFixture()
        let host = fixture.host
        host.move(to: Point(x: 200, y: 150))
        let surface = host.render()
        let canvas = Canvas(surface: surface)
        let draws = View.drawCount
        // 30 px: the same five rows stay in view.
        host.send(.scroll(dx: 0, dy: 30, source: .wheel))
        let damage = host.window.render(into: canvas, fullRedraw: false)
        #expect(View.drawCount == draws, "a scroll redrew content")
        #expect(damage == Rect(x: 0, y: NavigationBar.height, width: 400, height: 248), "only the list is repainted")
        #expect(surface.isPixelEqual(to: host.render()), "the incremental frame equals a full one")
        // Two more rows come into view: only those two are drawn.
        host.send(.scroll(dx: 0, dy: 60, source: .wheel))
        host.window.render(into: canvas, fullRedraw: false)
        #expect(View.drawCount == draws + 2)
    }

    // MARK: touchpad

    /// Two-finger scrolling: `count` scroll events of `dy` units 10 ms apart over (200, 150),
    /// one frame ticked after each; returns the time of the last.
    @discardableResult
    static func fingerScroll(_ host: OffscreenWindow, dy: Double, count: Int) -> Double {
        host.move(to: Point(x: 200, y: 150))
        for _ in 0..<count {
            host.clock.advance(by: 0.01)
            host.send(.scroll(dx: 0, dy: dy, source: .finger))
            host.window.tick(at: host.clock.now)
            host.layout()
        }
        return host.clock.now
    }

    @Test func twoFingersFollowOneToOneThenDecelerateAsTheClosedFormAndStop() {
        // 800 px wide: the window maps a touchpad "page" to its width; the list must not.
        let fixture = NavigationFixture(size: Size(width: 800, height: 300))
        let host = fixture.host
        let scroll = fixture.list.scrollView
        Self.fingerScroll(host, dy: 5, count: 12)
        #expect(scroll.contentOffset.y == 60, "the fingers' own distance")
        #expect(scroll.isDragging)

        // Fingers lift at once: 5 units per 10 ms is 500 px/s.
        host.send(.scrollEnd)
        #expect(!scroll.isDragging && scroll.isDecelerating)
        host.frame()   // the deceleration starts at this frame's time
        let t0 = host.clock.now
        #expect(abs(scroll.contentOffset.y - 60) < 1e-9)
        for _ in 0..<90 {
            host.frame()
            let expected = Self.decayed(from: 60, velocity: 500, after: host.clock.now - t0)
            #expect(abs(scroll.contentOffset.y - expected) < 1e-3,
                    "at \(host.clock.now - t0) s: \(scroll.contentOffset.y), expected \(expected)")
        }
        let seconds = host.runFrames(seconds: 10)
        #expect(seconds < 10 && !host.window.wantsFrames && !scroll.isDecelerating, "it stops")
        // It came to rest where the decay ends (500 px/s × 1 / (−1000 ln 0.998) s ≈ 249.75 px on).
        let rest = Self.decayed(from: 60, velocity: 500, after: .infinity)
        #expect(abs(scroll.contentOffset.y - rest) <= 0.5, "rest at \(scroll.contentOffset.y), expected \(rest)")
        #expect(fixture.navigation.viewControllers.count == 1, "scrolling clicked nothing")
    }

    @Test func aFlingStopsAtTheEnd() {
        let fixture = NavigationFixture()
        let host = fixture.host
        let scroll = fixture.list.scrollView
        // 1500 px/s for 150 ms (the velocity is measured over the last 100 ms).
        Self.fingerScroll(host, dy: 15, count: 15)
        let start = scroll.contentOffset.y
        host.send(.scrollEnd)
        host.frame()
        let t0 = host.clock.now
        var reachedEnd = false
        while host.window.wantsFrames {
            host.frame()
            let expected = min(Self.decayed(from: start, velocity: 1500, after: host.clock.now - t0), Self.maximumOffset(fixture))
            #expect(abs(scroll.contentOffset.y - expected) < 1e-3)
            if scroll.contentOffset.y == Self.maximumOffset(fixture) { reachedEnd = true }
        }
        #expect(reachedEnd && scroll.contentOffset.y == Self.maximumOffset(fixture))
        #expect(host.clock.now - t0 < 1, "it stops at the end instead of pushing against it")
    }

    @Test func aPressStopsADecelerationAndIsNoClick() {
        let fixture = NavigationFixture()
        let host = fixture.host
        let scroll = fixture.list.scrollView
        Self.fingerScroll(host, dy: 5, count: 12)
        host.send(.scrollEnd)
        host.frames(10)
        #expect(scroll.isDecelerating)
        let held = scroll.contentOffset.y
        host.press(at: Point(x: 200, y: 150))
        #expect(!scroll.isDecelerating)
        host.frames(10)
        #expect(scroll.contentOffset.y == held, "stopped where it was")
        host.release()
        host.runFrames()
        #expect(fixture.navigation.viewControllers.count == 1 && fixture.navigation.activeTransition == nil,
                "the press that stopped the list did not open a row")
        #expect(scroll.contentOffset.y == held)

        // A new scroll stops one too, and takes over from there.
        Self.fingerScroll(host, dy: 5, count: 12)
        host.send(.scrollEnd)
        host.frames(10)
        let moving = scroll.contentOffset.y
        host.send(.scroll(dx: 0, dy: 1, source: .finger))
        host.frames(10)
        #expect(abs(scroll.contentOffset.y - moving) <= 1, "\(scroll.contentOffset.y) vs \(moving)")
    }
}
