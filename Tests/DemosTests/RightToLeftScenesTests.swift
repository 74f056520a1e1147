import Geometry
@testable import Demos
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
        let page = FlipCardPage()
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
        let page = FlipCardPage()
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

    /// Tutorial 003's interactive push, mirrored: a drag to the right from the left half, the
    /// same progress (the old page at scale 1 − 0.9 × 0.25 a quarter of the way) and the same
    /// rule (velocity the push's way finishes; none cancels).
    @Test func theInteractiveScaleFadePushIsDraggedRightwardsFromTheLeftHalf() throws {
        let navigation = DemoNavigationController(rootViewController: ListPage(title: "Navigation", items: DemoItem.samples))
        let host = OffscreenWindow(root: navigation)
        host.window.settings.traits.layoutDirection = .rightToLeft
        host.frames(1)
        host.click(at: Point(x: 200, y: 52 + 28 + ListPage.rowHeight))
        host.runFrames()
        let page = try #require(navigation.topViewController as? StackPage)
        host.clearTrace()
        // From the right half leftwards: no push, right to left. It is the way back there, so
        // the pop from anywhere takes it, and a quarter of the page is short of half: cancelled.
        host.drag(from: Point(x: 300, y: 150), to: Point(x: 200, y: 150))
        host.release()
        host.runFrames()
        #expect(navigation.topViewController === page, "a leftward drag must not push right to left")
        #expect(host.trace.allSatisfy { $0.kind == .pop } && host.completions.map(\.completed) == [false],
                "only a pop from anywhere, cancelled: \(host.trace.map(\.kind))")
        // From the left half, 25 % to the right, held: the old page at scale 0.775, then cancelled.
        host.drag(from: Point(x: 100, y: 150), to: Point(x: 200, y: 150))
        #expect(abs(page.view.transform.a - 0.775) < 0.005, "scale \(page.view.transform.a)")
        host.hold(for: 0.1)
        host.release()
        host.runFrames()
        #expect(navigation.topViewController === page, "no velocity at release: cancelled")
        // A short flick to the right finishes.
        host.drag(from: Point(x: 100, y: 150), to: Point(x: 140, y: 150), steps: 3, duration: 0.05)
        host.release()
        host.runFrames()
        #expect(navigation.viewControllers.count == 3)
        #expect(host.trace.filter { $0.event == .complete }.map(\.completed) == [false, false, true])
    }

    /// Tutorial 004 right to left: the icon is mirrored on the modal page, and the detail page
    /// grows from it there — half-way (ease-in-out 0.5 at 0.3 of 0.6 s) it spans from half the
    /// mirrored icon's origin, half-way to the window's width.
    @Test func theExpandGrowsFromTheMirroredIcon() throws {
        let page = ModalPage()
        let host = rtlHost(page)
        host.frames(1)
        let ltrIcon = ModalPage.iconFrame
        let mirrored = Rect(x: Self.size.width - ltrIcon.maxX, y: ltrIcon.minY, width: ltrIcon.width, height: ltrIcon.height)
        #expect(page.icon.frame == mirrored, "the icon is at \(page.icon.frame), mirrored from \(ltrIcon)")
        page.presentDetail()
        host.frame()
        host.frame(after: 0.5 * 0.6)
        let detail = try #require(page.presentedViewController as? ExpandDetailPage)
        #expect(abs(detail.view.frame.minX - mirrored.minX / 2) < 0.01, "minX \(detail.view.frame.minX)")
        #expect(abs(detail.view.frame.width - (mirrored.width + Self.size.width) / 2) < 0.01, "width \(detail.view.frame.width)")
        host.runFrames(seconds: 5)
    }
}
