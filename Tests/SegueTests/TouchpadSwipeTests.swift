import Geometry
import Motion
import Segue
import SegueTesting
import Testing

/// docs/MOTION.md target 8: a two-finger horizontal touchpad scroll swipes tabs and pops
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

    /// zwp_pointer_gestures_v1 hold: fingers resting on the touchpad catch a settling swipe as
    /// a press does; lifting them settles it from there, moving them scrolls it on.
    @Test func aTwoFingerHoldCatchesASettlingSwipe() throws {
        let pages = (0..<3).map { LoggingPage("T\($0)") }
        let tabs = TabBarController(viewControllers: pages)
        let host = OffscreenWindow(root: tabs, size: Size(width: 400, height: 300))
        host.move(to: Point(x: 200, y: 150))
        swipe(host, units: 160, pause: 0.1)  // 40 %, released slowly: settling back
        host.frames(3)
        let caught = pages[0].view.transform.tx
        host.send(.holdBegin(fingers: 2))
        host.frames(10)
        let held = pages[0].view.transform.tx
        #expect(caught < -1, "the page was still on its way back: \(caught)")
        #expect(abs(held - caught) <= 0.5, "held still: \(caught) → \(held)")
        // The fingers move on: the caught swipe follows them past half-way, then they lift.
        host.send(.holdEnd(cancelled: true))
        swipe(host, units: 120, pause: 0.1)
        host.runFrames()
        #expect(tabs.selectedIndex == 1)
        #expect(host.traceEvents == [.begin, .cancel, .interrupt, .finish, .complete])
    }

    @Test func oneFingerOrNoTransitionHoldsNothing() {
        let pages = (0..<2).map { LoggingPage("T\($0)") }
        let tabs = TabBarController(viewControllers: pages)
        let host = OffscreenWindow(root: tabs, size: Size(width: 400, height: 300))
        host.move(to: Point(x: 200, y: 150))
        host.send(.holdBegin(fingers: 2))
        host.send(.holdEnd(cancelled: false))
        #expect(host.trace.isEmpty, "nothing to catch: a hold starts nothing")
        swipe(host, units: 160, pause: 0.1)
        host.frames(2)
        host.send(.holdBegin(fingers: 1))
        host.runFrames()
        #expect(tabs.selectedIndex == 0)
        #expect(host.traceEvents == [.begin, .cancel, .complete], "one finger is no hold")
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
