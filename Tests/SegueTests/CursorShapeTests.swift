import Geometry
import Segue
import SegueTesting
import Testing

/// The pointer's shape: the hand over a control, the arrow elsewhere, right from the pointer's
/// entry (a compositor need not send a motion after `wl_pointer.enter`; KWin does not).
@MainActor
@Suite struct CursorShapeTests {
    private final class CursorHost: WindowHost {
        var cursors: [Cursor] = []
        func setNeedsFrame() {}
        func setCursor(_ cursor: Cursor) { cursors.append(cursor) }
        func requestClose() {}
        var monotonicTime: Double? { nil }
    }

    @Test func enteringOverAControlShowsTheHandWithoutAnyMotion() throws {
        let demo = NavigationFixture()
        try #require(demo.pushByTappingRow(0) != nil)
        let host = CursorHost()
        demo.host.window.host = host
        demo.host.move(to: Point(x: 300, y: 200))
        demo.host.leave()
        host.cursors = []
        demo.host.enter(at: NavigationFixture.backButtonPoint)
        #expect(host.cursors == [.pointer], "the Back button is a control: the hand, at the enter itself")
    }
}
