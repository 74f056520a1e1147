import Motion
import Segue
import Testing

@MainActor
@Suite("Push by tapping a row")
struct PushTests {
    @Test func tappingARowPushesItsDetailPageAfterHalfASecond() throws {
        let demo = NavigationFixture()
        let list = demo.list
        demo.host.click(at: demo.rowPoint(1))

        // The slide runs 0.5 s; half-way it is still running, with both pages in the container.
        demo.host.runFrames(seconds: 0.25)
        #expect(demo.navigation.activeTransition != nil)
        #expect(demo.navigation.containerView.subviews.count == 2)

        let elapsed = demo.host.runFrames(seconds: 0.25 + 3)
        #expect(demo.navigation.activeTransition == nil)
        #expect(elapsed <= 0.25 + 2.0 / 60 + 1e-9, "the push must not outlast its 0.5 s (plus a frame)")

        #expect(demo.navigation.viewControllers.count == 2)
        let detail = try #require(demo.navigation.topViewController as? RowDetailPage)
        #expect(detail.item.title == RowItem.samples[1].title)
        #expect(demo.containerSubviewIDs == [ObjectIdentifier(detail.view)])
        #expect(list.view.superview == nil, "the list view leaves the container")
        #expect(detail.view.transform == .identity)
        #expect(list.view.transform == .identity)
        #expect(detail.view.frame == demo.navigation.containerView.bounds)
        #expect(demo.navigation.navigationBar.title == RowItem.samples[1].title)
        #expect(detail.parent === demo.navigation)
    }

    @Test func eachPushTracesOneBeginAndExactlyOneCompletedComplete() {
        let demo = NavigationFixture()
        demo.pushByTappingRow(0)
        #expect(demo.host.traceEvents == [.begin, .complete])
        #expect(demo.host.completions.map(\.completed) == [true])
        #expect(demo.host.completions.first?.kind == .push)
        #expect(demo.host.completions.first?.interactive == false)

        // A second push (after popping) traces its own single completion.
        demo.host.clearTrace()
        demo.host.click(at: NavigationFixture.backButtonPoint)
        demo.host.runFrames()
        demo.pushByTappingRow(2)
        #expect(demo.host.completions.map(\.kind) == [.pop, .push])
        #expect(demo.host.completions.map(\.completed) == [true, true])
    }

    @Test func theWindowStopsWantingFramesOnceThePushSettles() {
        let demo = NavigationFixture()
        #expect(!demo.host.window.wantsFrames, "idle before any input")
        demo.host.click(at: demo.rowPoint(0))
        #expect(demo.host.window.wantsFrames)
        demo.host.runFrames()
        #expect(!demo.host.window.wantsFrames, "idle after the push")
    }
}
