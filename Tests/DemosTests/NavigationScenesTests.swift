import Geometry
import Canvas
@testable import Demos
import Foundation
import Motion
import Segue
import SegueTesting
import SegueTestKit
import Testing

/// Tutorial 003's pushes offscreen on a manual clock: key frames against reference PNGs
/// (tolerance: ≥ 99.9 % of pixels within 2/255 per channel), and the model after settling.
@MainActor
@Suite("Navigation scenes (tutorial 003)")
struct NavigationScenesTests {
    /// A demo navigation stack at 400×300 with a scale-and-fade or pixelate page pushed from the list.
    private func fixture(row: Int) -> (host: OffscreenWindow, navigation: DemoNavigationController) {
        let navigation = DemoNavigationController(rootViewController: ListPage(title: "Navigation", items: DemoItem.samples))
        let host = OffscreenWindow(root: navigation)
        host.click(at: Point(x: 200, y: 52 + 28 + Double(row) * ListPage.rowHeight))
        return (host, navigation)
    }

    @Test func scaleAndFadePushTakesAQuarterSecondAndResetsTheOldPage() throws {
        let (host, navigation) = fixture(row: 1)
        host.frame() // the timeline starts at this tick
        host.frame(after: 0.25 / 2) // tutorial 003's push: 0.25 s
        let list = navigation.viewControllers[0]
        // Half-way in time on ease-in-out is half-way in value: scale 0.55, alpha 0.5.
        #expect(abs(list.view.transform.a - 0.55) < 0.01, "scale \(list.view.transform.a)")
        try expectMatchesReference(host.render(), named: "scale-fade-half")
        host.runFrames()
        #expect(navigation.viewControllers.count == 2)
        #expect(navigation.viewControllers[1] is StackPage)
        #expect(list.view.transform == .identity, "the old page's transform is reset after")
        #expect(host.trace.filter { $0.event == .complete }.map(\.completed) == [true])
    }

    @Test func pixelateDissolveFollowsFrameTimeThenRestoresBothPages() throws {
        let (host, navigation) = fixture(row: 2)
        host.frame()
        host.frame(after: 1.0 * 0.3) // the dissolve's 1 s (tutorial 003 gives no figure: the demo's choice)
        let effect = navigation.containerView.subviews.compactMap { $0 as? PixelateView }.first
        let progress = try #require(effect?.progress)
        #expect(abs(progress - 0.3) < 1e-6, "progress is (t − t0) / D on frame time: \(progress)")
        let blocks = PixelateView.blockSizes(progress: progress, width: 400)
        #expect(abs(blocks.source - 12) < 1e-6 && abs(blocks.target - 28) < 1e-6)
        try expectMatchesReference(host.render(), named: "pixelate-30")
        host.runFrames()
        #expect(navigation.viewControllers.count == 2)
        #expect(navigation.containerView.subviews.count == 1, "the effect view is gone")
        #expect(navigation.viewControllers.allSatisfy { !$0.view.isHidden })
    }

    @Test func interactiveScaleFadePushFinishesOnlyWithLeftwardVelocity() throws {
        let (host, navigation) = fixture(row: 1)
        host.runFrames()
        let page = try #require(navigation.topViewController as? StackPage)
        host.clearTrace()
        // Drag left 25 % from the right half and hold: the old page is at scale 1 − 0.9 × 0.25.
        host.drag(from: Point(x: 300, y: 150), to: Point(x: 200, y: 150))
        #expect(abs(page.view.transform.a - 0.775) < 0.005, "scale \(page.view.transform.a)")
        host.hold(for: 0.1)
        host.release()
        host.runFrames()
        #expect(navigation.topViewController === page, "no leftward velocity at release: cancelled")
        #expect(page.view.transform == .identity)
        // A short flick left finishes even at small progress.
        host.drag(from: Point(x: 300, y: 150), to: Point(x: 260, y: 150), steps: 3, duration: 0.05)
        host.release()
        host.runFrames()
        #expect(navigation.viewControllers.count == 3)
        #expect(host.trace.filter { $0.event == .complete }.map(\.completed) == [false, true])
    }

    @Test func aDragInTheLeftHalfDoesNotPush() throws {
        let (host, navigation) = fixture(row: 1)
        host.runFrames()
        host.drag(from: Point(x: 150, y: 150), to: Point(x: 50, y: 150))
        host.release()
        host.runFrames()
        #expect(navigation.viewControllers.count == 2)
    }
}
