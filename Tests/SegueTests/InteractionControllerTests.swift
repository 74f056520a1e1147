import Geometry
import Motion
import Segue
import Testing

@MainActor
@Suite("Only a drag offers an interaction controller; overlapping requests are ignored")
struct InteractionControllerTests {
    @Test func aBackClickIsNotInteractiveAndCompletesWithin600ms() throws {
        let demo = NavigationFixture()
        try #require(demo.pushByTappingRow(0) is RowDetailPage)
        demo.host.clearTrace()
        demo.host.click(at: NavigationFixture.backButtonPoint)
        #expect(demo.navigation.activeTransition?.isInteractive == false)
        demo.host.runFrames(seconds: 0.6)
        #expect(demo.navigation.activeTransition == nil, "the Back pop hung")
        #expect(!demo.host.window.wantsFrames)
        #expect(demo.navigation.viewControllers.count == 1)
        #expect(demo.host.trace.allSatisfy { !$0.interactive })
    }

    @Test func aBackClickAfterAnInteractivePopIsNotInteractive() throws {
        let demo = NavigationFixture()
        try #require(demo.pushByTappingRow(0) is RowDetailPage)
        demo.host.drag(from: demo.edgePoint(), to: Point(x: 0.8 * demo.width, y: 160))
        demo.host.hold(for: 0.06)
        demo.host.release()
        demo.host.runFrames()
        try #require(demo.pushByTappingRow(1) is RowDetailPage)
        demo.host.clearTrace()

        demo.host.click(at: NavigationFixture.backButtonPoint)
        demo.host.runFrames(seconds: 0.6)
        #expect(demo.navigation.activeTransition == nil)
        #expect(demo.host.trace.allSatisfy { !$0.interactive })
        #expect(demo.navigation.viewControllers.count == 1)
    }

    @Test func aPushRequestedDuringAPopIsIgnored() throws {
        let demo = NavigationFixture()
        let detail = try #require(demo.pushByTappingRow(0))
        demo.host.clearTrace()
        demo.host.click(at: NavigationFixture.backButtonPoint)
        demo.host.frames(10)
        try #require(demo.navigation.activeTransition?.kind == .pop)

        let intruder = RowDetailPage(item: RowItem.samples[3])
        demo.navigation.pushViewController(intruder, animated: true)
        // A tap on a row of the list sliding in asks for a push too.
        demo.host.click(at: demo.rowPoint(1, x: 300))
        demo.host.runFrames()

        #expect(demo.navigation.viewControllers.count == 1)
        #expect(demo.navigation.topViewController === demo.list)
        #expect(demo.navigation.children.count == 1)
        #expect(intruder.parent == nil)
        #expect(!intruder.isViewLoaded)
        #expect(demo.containerSubviewIDs == [ObjectIdentifier(demo.list.view)])
        #expect(detail.view.superview == nil)
        #expect(demo.list.view.transform == .identity)
        #expect(demo.host.traceEvents == [.begin, .complete])
        #expect(demo.navigation.navigationBar.title == "Navigation")

        // And the model works as usual afterwards.
        demo.pushByTappingRow(2)
        #expect(demo.navigation.viewControllers.count == 2)
        #expect((demo.navigation.topViewController as? RowDetailPage)?.item.title == RowItem.samples[2].title)
    }

    @Test func aBackClickDuringAPushIsIgnored() throws {
        let demo = NavigationFixture()
        demo.host.click(at: demo.rowPoint(0))
        demo.host.frames(15) // the Back button has faded in part-way
        try #require(demo.navigation.activeTransition?.kind == .push)
        #expect(demo.navigation.popViewController(animated: true) == nil)
        demo.host.click(at: NavigationFixture.backButtonPoint)
        demo.host.key(.left, modifiers: .alt)
        demo.host.runFrames()

        #expect(demo.navigation.viewControllers.count == 2)
        #expect(demo.navigation.topViewController is RowDetailPage)
        #expect(demo.host.traceEvents == [.begin, .complete])
        #expect(demo.host.completions.map(\.kind) == [.push])
        #expect(demo.containerSubviewIDs == [ObjectIdentifier(demo.navigation.topViewController!.view)])
    }

    @Test func anEdgeDragDuringAPushDoesNotStartAPop() throws {
        let demo = NavigationFixture()
        try #require(demo.pushByTappingRow(0) is RowDetailPage)
        demo.host.click(at: demo.rowPoint(0)) // nothing: the detail page has no rows
        demo.host.clearTrace()
        demo.navigation.pushViewController(RowDetailPage(item: RowItem.samples[1]), animated: true)
        demo.host.frames(5)
        demo.host.drag(from: demo.edgePoint(), to: Point(x: 200, y: 160))
        demo.host.release()
        demo.host.runFrames()
        #expect(demo.host.completions.map(\.kind) == [.push])
        #expect(demo.navigation.viewControllers.count == 3)
    }
}
