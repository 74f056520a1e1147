import Geometry
import Motion
import Segue
import Testing

@MainActor
@Suite("Interactive pop from the left edge")
struct InteractivePopTests {
    /// A demo with one detail page pushed and the trace cleared.
    private func pushedDemo() throws -> (NavigationFixture, ViewController) {
        let demo = NavigationFixture()
        let detail = try #require(demo.pushByTappingRow(0))
        demo.host.clearTrace()
        return (demo, detail)
    }

    @Test func midDragThePagesFollowThePointer() throws {
        let (demo, detail) = try pushedDemo()
        let w = demo.width
        demo.host.drag(from: demo.edgePoint(), to: Point(x: 0.4 * w, y: 160))

        #expect(demo.navigation.activeTransition?.isInteractive == true)
        #expect(abs(detail.view.transform.tx - 0.4 * w) <= 0.5, "detail tx \(detail.view.transform.tx)")
        #expect(abs(demo.list.view.transform.tx - -0.6 * w) <= 0.5, "list tx \(demo.list.view.transform.tx)")
        #expect(demo.list.view.superview === demo.navigation.containerView)

        // Holding still keeps them there, frame after frame.
        demo.host.hold(for: 0.1)
        #expect(abs(detail.view.transform.tx - 0.4 * w) <= 0.5)

        // Moving back to 25 % moves them back.
        demo.host.moveLinearly(to: Point(x: 0.25 * w, y: 160), steps: 4)
        #expect(abs(detail.view.transform.tx - 0.25 * w) <= 0.5)
        #expect(abs(demo.list.view.transform.tx - -0.75 * w) <= 0.5)
        demo.host.release()
        demo.host.runFrames()
    }

    @Test func releaseAt40PercentAfterAPauseCancelsAndRestoresEverything() throws {
        let (demo, detail) = try pushedDemo()
        let stackBefore = demo.stackIDs
        let containerBefore = demo.containerSubviewIDs
        let childrenBefore = demo.navigation.children.map(ObjectIdentifier.init)

        demo.host.drag(from: demo.edgePoint(), to: Point(x: 0.4 * demo.width, y: 160))
        demo.host.hold(for: 0.06)
        demo.host.release()
        demo.host.runFrames()

        #expect(demo.navigation.activeTransition == nil)
        #expect(demo.stackIDs == stackBefore)
        #expect(demo.navigation.children.map(ObjectIdentifier.init) == childrenBefore)
        #expect(demo.containerSubviewIDs == containerBefore)
        #expect(demo.list.view.superview == nil)
        #expect(detail.view.transform == .identity)
        #expect(demo.list.view.transform == .identity)
        #expect(detail.view.frame == demo.navigation.containerView.bounds)
        #expect(demo.navigation.navigationBar.title == RowItem.samples[0].title)
        #expect(!demo.navigation.navigationBar.backButton.isHidden)

        #expect(demo.host.traceEvents == [.begin, .cancel, .complete])
        #expect(demo.host.completions.map(\.completed) == [false])
        let cancel = try #require(demo.host.trace.first { $0.event == .cancel })
        #expect(cancel.velocity == 0, "a release after a 60 ms pause has no velocity")
        #expect(abs(cancel.progress - 0.4) < 0.01)
    }

    @Test func afterACancelledPopTheNextBackClickPopsNormally() throws {
        let (demo, detail) = try pushedDemo()
        demo.host.drag(from: demo.edgePoint(), to: Point(x: 0.4 * demo.width, y: 160))
        demo.host.hold(for: 0.06)
        demo.host.release()
        demo.host.runFrames()
        demo.host.clearTrace()

        demo.host.click(at: NavigationFixture.backButtonPoint)
        let elapsed = demo.host.runFrames()
        #expect(elapsed <= 0.5 + 2.0 / 60 + 1e-9, "a Back click is not interactive: it must not hang")
        #expect(demo.host.traceEvents == [.begin, .complete])
        #expect(demo.host.trace.allSatisfy { !$0.interactive })
        #expect(demo.host.completions.map(\.completed) == [true])
        #expect(demo.navigation.viewControllers.count == 1)
        #expect(demo.containerSubviewIDs == [ObjectIdentifier(demo.list.view)])
        #expect(detail.view.superview == nil)
    }

    @Test func afterACancelledPopADragTo70PercentFinishes() throws {
        let (demo, detail) = try pushedDemo()
        demo.host.drag(from: demo.edgePoint(), to: Point(x: 0.4 * demo.width, y: 160))
        demo.host.hold(for: 0.06)
        demo.host.release()
        demo.host.runFrames()
        demo.host.clearTrace()

        demo.host.drag(from: demo.edgePoint(), to: Point(x: 0.7 * demo.width, y: 160))
        #expect(abs(detail.view.transform.tx - 0.7 * demo.width) <= 0.5)
        demo.host.hold(for: 0.06)
        demo.host.release()
        demo.host.runFrames()

        #expect(demo.host.traceEvents == [.begin, .finish, .complete])
        #expect(demo.host.completions.map(\.completed) == [true])
        #expect(demo.navigation.viewControllers.count == 1)
        #expect(demo.navigation.topViewController === demo.list)
        #expect(demo.containerSubviewIDs == [ObjectIdentifier(demo.list.view)])
        #expect(detail.view.superview == nil)
        #expect(detail.view.transform == .identity)
        #expect(demo.list.view.transform == .identity)
        #expect(demo.navigation.navigationBar.title == "Navigation")
        #expect(demo.navigation.navigationBar.backButton.isHidden)
    }

    @Test func anEdgeDragOnTheRootPageDoesNotStartATransition() {
        let demo = NavigationFixture()
        demo.host.drag(from: demo.edgePoint(), to: Point(x: 200, y: 160))
        #expect(demo.navigation.activeTransition == nil)
        #expect(demo.host.trace.isEmpty)
        #expect(demo.list.view.transform == .identity)
        // (Releasing here, over a row, is the row's business: see GestureArbitrationTests.)
        demo.host.leave()
        demo.host.runFrames()
        #expect(demo.host.trace.isEmpty)
        #expect(demo.navigation.viewControllers.count == 1)
    }
}
