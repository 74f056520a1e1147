import Motion
import Segue
import Testing

/// MOTION.md target 8: a two-finger horizontal touchpad scroll swipes tabs and pops
/// (≈ 400 scroll units are one page).
@MainActor
@Suite("Touchpad swipes")
struct TouchpadSwipeTests {
    /// Scrolls `units` horizontally in `steps` finger events a frame apart, then lifts the fingers.
    private func swipe(_ host: OffscreenWindow, units: Double, steps: Int = 10, lift: Bool = true, pause: Double = 0) {
        for _ in 0..<steps {
            host.frame()
            host.send(.scroll(dx: units / Double(steps), dy: 0, source: .finger))
        }
        if pause > 0 { host.hold(for: pause) }
        if lift { host.send(.scrollEnd) }
    }

    @Test func scrollingTheContentRightSwitchesToTheNextTab() throws {
        let pages = (0..<3).map { LoggingPage("T\($0)") }
        let tabs = TabBarController(viewControllers: pages)
        let host = OffscreenWindow(root: tabs, size: Size(width: 400, height: 300))
        host.move(to: Point(x: 200, y: 150))
        swipe(host, units: 160, lift: false) // 40 % of a page
        let progress = try #require(tabs.activeTransition?.percentComplete)
        #expect(abs(progress - 0.4) < 0.01, "400 scroll units are one page: \(progress)")
        host.hold(for: 0.1)
        host.send(.scrollEnd)
        host.runFrames()
        #expect(tabs.selectedIndex == 0, "slow release before half-way: back")
        swipe(host, units: 80, steps: 4)
        host.runFrames()
        #expect(tabs.selectedIndex == 1, "a quick short swipe switches")
    }

    @Test func scrollingTheContentLeftOnAPushedPagePopsFromAnywhere() {
        let root = LoggingPage("Root"), pushed = LoggingPage("Pushed")
        let navigation = NavigationController(rootViewController: root)
        let host = OffscreenWindow(root: navigation, size: Size(width: 400, height: 300))
        navigation.pushViewController(pushed, animated: false)
        host.move(to: Point(x: 300, y: 150))
        swipe(host, units: -240, pause: 0.1) // 60 % back
        host.runFrames()
        #expect(navigation.viewControllers.count == 1)
    }

    @Test func verticalScrollingSwitchesNothing() {
        let tabs = TabBarController(viewControllers: [LoggingPage("A"), LoggingPage("B")])
        let host = OffscreenWindow(root: tabs, size: Size(width: 400, height: 300))
        host.move(to: Point(x: 200, y: 150))
        for _ in 0..<10 {
            host.frame()
            host.send(.scroll(dx: 5, dy: 30, source: .finger))
        }
        host.send(.scrollEnd)
        host.runFrames()
        #expect(tabs.selectedIndex == 0)
        #expect(host.trace.isEmpty)
    }
}
