import Motion
import Segue
import Testing

@MainActor
@Suite("Pop by Back button and Alt+Left")
struct PopTests {
    private func expectBackAtList(_ demo: NavigationFixture, detail: ViewController) {
        #expect(demo.navigation.viewControllers.count == 1)
        #expect(demo.navigation.topViewController === demo.list)
        #expect(demo.containerSubviewIDs == [ObjectIdentifier(demo.list.view)])
        #expect(detail.view.superview == nil)
        #expect(detail.parent == nil)
        #expect(demo.list.view.transform == .identity)
        #expect(demo.navigation.navigationBar.title == "Navigation")
        #expect(demo.navigation.navigationBar.backButton.isHidden)
        #expect(demo.host.completions.map(\.kind) == [.pop])
        #expect(demo.host.completions.map(\.completed) == [true])
    }

    @Test func backButtonPopsToTheList() throws {
        let demo = NavigationFixture()
        let detail = try #require(demo.pushByTappingRow(0))
        #expect(!demo.navigation.navigationBar.backButton.isHidden)
        demo.host.clearTrace()

        demo.host.click(at: NavigationFixture.backButtonPoint)
        let elapsed = demo.host.runFrames()
        #expect(elapsed <= 0.5 + 2.0 / 60 + 1e-9)
        expectBackAtList(demo, detail: detail)
        #expect(demo.host.trace.first?.interactive == false)
    }

    @Test func altLeftPopsToTheList() throws {
        let demo = NavigationFixture()
        let detail = try #require(demo.pushByTappingRow(3))
        demo.host.clearTrace()

        demo.host.key(.left, modifiers: .alt)
        demo.host.runFrames()
        expectBackAtList(demo, detail: detail)
    }

    @Test func leftWithoutAltAndAltLeftOnTheRootDoNothing() throws {
        let demo = NavigationFixture()
        demo.host.key(.left, modifiers: .alt)
        #expect(!demo.host.window.wantsFrames)
        #expect(demo.host.trace.isEmpty)

        demo.pushByTappingRow(0)
        demo.host.clearTrace()
        demo.host.key(.left)
        demo.host.runFrames()
        #expect(demo.navigation.viewControllers.count == 2)
        #expect(demo.host.trace.isEmpty)
    }

    @Test func clickingWhereTheHiddenBackButtonWouldBeOnTheRootDoesNothing() {
        let demo = NavigationFixture()
        demo.host.click(at: NavigationFixture.backButtonPoint)
        demo.host.runFrames()
        #expect(demo.navigation.viewControllers.count == 1)
        #expect(demo.host.trace.isEmpty)
    }
}
