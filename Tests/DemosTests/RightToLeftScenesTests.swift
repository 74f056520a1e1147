import Geometry
import Demos
import Motion
import Segue
import SegueTesting
import Testing

/// The tutorials' scenes right to left, offscreen (issue 22): the same numbers as left to right
/// (002's 0.6 s flip in thirds, its dx / 200 px with "> 0.5"), mirrored — the card page turns
/// the other way and the reveal page is dragged back from the right edge.
@MainActor
@Suite("Tutorial scenes right to left")
struct RightToLeftScenesTests {
    static let size = Size(width: 800, height: 600)

    private func rtlHost(_ root: ViewController) -> OffscreenWindow {
        let host = OffscreenWindow(root: root, size: Self.size)
        host.window.settings.traits.layoutDirection = .rightToLeft
        host.frames(1)
        return host
    }

    @Test func theCardFlipTurnsTheOtherWay() throws {
        let page = PetCardPage()
        let host = rtlHost(page)
        page.presentReveal()
        host.frame()
        host.frame(after: 0.1)
        // 0.1 s in, half of the first third: left to right the card page is at −45°; mirrored, +45°.
        #expect(abs(page.view.rotationY - .pi / 4) < 1e-4, "the card page's turn: \(page.view.rotationY)")
        host.runFrames(seconds: 5)
        #expect(page.presentedViewController is RevealPage)
    }

    @Test func theRevealPageIsDraggedBackFromTheRightEdge() throws {
        let page = PetCardPage()
        let host = rtlHost(page)
        page.presentReveal()
        host.runFrames(seconds: 5)
        // From the left edge nothing happens now.
        host.drag(from: Point(x: 5, y: 300), to: Point(x: 125, y: 300))
        host.release()
        host.runFrames(seconds: 5)
        #expect(page.presentedViewController is RevealPage, "the left edge must not dismiss right to left")
        // From the right edge, 0.6 × 200 px leftwards: past one half, the dismissal finishes.
        host.drag(from: Point(x: 795, y: 300), to: Point(x: 795 - 120, y: 300))
        host.hold(for: 0.06)
        host.release()
        host.runFrames(seconds: 5)
        #expect(page.presentedViewController == nil, "the right-edge drag dismissed the reveal page")
        #expect(host.completions.filter { $0.kind == .dismiss }.compactMap(\.completed) == [true])
    }
}
