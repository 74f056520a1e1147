import Geometry
import Motion
import Segue
import Testing

@MainActor
@Suite("Edge cases of interactive pops")
struct EdgeCaseTests {
    @Test(arguments: [(-50.0, false), (0.0, false), (1.0, true), (1.3, true)])
    func releaseAtOrBeyondAnEndCompletesOnce(fraction: Double, pops: Bool) throws {
        let demo = NavigationFixture()
        let detail = try #require(demo.pushByTappingRow(0))
        demo.host.clearTrace()
        demo.host.drag(from: demo.edgePoint(), to: Point(x: 0.5 * demo.width, y: 160))
        let x = fraction < -1 ? fraction : fraction * demo.width
        demo.host.moveLinearly(to: Point(x: x, y: 160), steps: 5)
        demo.host.hold(for: 0.06)
        demo.host.release()
        let elapsed = demo.host.runFrames()
        #expect(elapsed <= 2.0 / 60 + 1e-9, "already at the end: completes at the next frame")
        #expect(demo.host.completions.map(\.completed) == [pops])
        #expect(demo.navigation.viewControllers.count == (pops ? 1 : 2))
        #expect(detail.view.transform == .identity)
        #expect(demo.list.view.transform == .identity)
    }

    @Test func aPressDuringTheSettleTakesItOverWithoutAJump() throws {
        let demo = NavigationFixture()
        let detail = try #require(demo.pushByTappingRow(0))
        demo.host.clearTrace()
        demo.host.drag(from: demo.edgePoint(), to: Point(x: 0.45 * demo.width, y: 160))
        demo.host.hold(for: 0.06)
        demo.host.release()
        demo.host.frames(2) // settling back
        try #require(demo.navigation.activeTransition != nil)
        let beforePress = detail.view.transform.tx

        // Press anywhere: the settle stops where it is and the pointer drives it again.
        demo.host.press(at: Point(x: 200, y: 200))
        demo.host.frame()
        #expect(abs(detail.view.transform.tx - beforePress) <= 0.5, "no jump when caught")
        #expect(demo.navigation.activeTransition?.isInteractive == true)
        demo.host.moveLinearly(to: Point(x: 200 + 0.5 * demo.width, y: 200), steps: 10, duration: 0.2)
        #expect(abs(detail.view.transform.tx - (beforePress + 0.5 * demo.width)) <= 0.5, "follows the pointer from where it was caught")
        demo.host.hold(for: 0.06)
        demo.host.release()
        demo.host.runFrames()

        #expect(demo.host.traceEvents == [.begin, .cancel, .interrupt, .finish, .complete])
        #expect(demo.host.completions.map(\.completed) == [true], "exactly one completion")
        #expect(demo.navigation.viewControllers.count == 1)
        #expect(detail.view.superview == nil)
    }

    @Test func altLeftDuringADragIsIgnored() throws {
        let demo = NavigationFixture()
        try #require(demo.pushByTappingRow(0) is RowDetailPage)
        demo.host.clearTrace()
        demo.host.drag(from: demo.edgePoint(), to: Point(x: 0.3 * demo.width, y: 160))
        demo.host.key(.left, modifiers: .alt)
        #expect(demo.navigation.activeTransition?.isInteractive == true, "the drag still drives the pop")
        demo.host.hold(for: 0.06)
        demo.host.release()
        demo.host.runFrames()
        #expect(demo.host.traceEvents == [.begin, .cancel, .complete])
        #expect(demo.navigation.viewControllers.count == 2)
    }

    @Test func resizingMidPushLeavesThePageFillingTheNewContainer() throws {
        let demo = NavigationFixture()
        demo.host.click(at: demo.rowPoint(0))
        demo.host.frames(10)
        demo.host.window.resize(to: Size(width: 600, height: 400))
        demo.host.layout()
        demo.host.runFrames()
        let detail = try #require(demo.navigation.topViewController as? RowDetailPage)
        #expect(demo.navigation.containerView.frame == Rect(x: 0, y: 52, width: 600, height: 348))
        #expect(detail.view.frame == demo.navigation.containerView.bounds)
        #expect(detail.view.transform == .identity)

        // And a pop after it slides the list in at the new width.
        demo.host.drag(from: demo.edgePoint(), to: Point(x: 240, y: 160))
        #expect(abs(demo.list.view.transform.tx - -360) <= 0.5)
        #expect(demo.list.view.frame == demo.navigation.containerView.bounds)
        demo.host.release()
        demo.host.runFrames()
    }
}
