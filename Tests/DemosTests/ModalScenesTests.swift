import Geometry
import Canvas
import Demos
import Motion
import Segue
import SegueTesting
import Testing

/// The Modal tab's tutorial presentations (the card flip: CardFlipTests) offscreen on a manual clock: key frames of each
/// non-interactive animator at fixed progress against reference PNGs (each channel within 2/255
/// on ≥ 99.9 % of pixels; `SEGUE_UPDATE_REFERENCES=1` writes missing ones), and the model after
/// each transition: exactly one completion, the presenter never re-parented, nothing left
/// hidden or turned, the presented pages freed after dismissal.
@MainActor
@Suite("Modal scenes offscreen")
struct ModalScenesTests {
    static let size = Size(width: 800, height: 600)
    /// Tutorial 000 gives the overlay no figure of its own: its animators' default, 0.5 s.
    static let overlayDuration = 0.5
    /// Tutorial 004 runs 3.0 s as a demo speed; the demo plays it at tutorial 002's product
    /// speed, 0.6 s.
    static let expandDuration = 0.6

    /// The Modal page as the window's root (the page then fills the window, as in the app
    /// above the tab bar).
    @MainActor
    struct Scene {
        let page: ModalPage
        let host: OffscreenWindow
        init() {
            page = ModalPage()
            host = OffscreenWindow(root: page, size: ModalScenesTests.size)
        }

        var presented: ViewController? { page.presentedViewController }
        var container: View? { presented?.presentationController?.containerView }

        /// Starts a transition with `start`, lets its first frame start the timeline, then
        /// advances to `progress` of `duration` and renders.
        func render(at progress: Double, of duration: Double, after start: () -> Void) -> Surface {
            start()
            host.frame()
            host.frame(after: progress * duration)
            return host.render()
        }

        /// Runs frames to the end of whatever runs.
        func settle() { host.runFrames(seconds: 5) }

        func completions(_ kind: TransitionKind) -> [Bool] {
            host.completions.filter { $0.kind == kind }.compactMap(\.completed)
        }
    }

    static func differingPixels(_ a: Surface, _ b: Surface) -> Int {
        var count = 0
        for y in 0..<a.height { for x in 0..<a.width where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) { count += 1 } }
        return count
    }

    // MARK: overlay (000)

    @Test func overlayKeyFramesAndModel() throws {
        let scene = Scene()
        let presenterView = scene.page.view
        let presenterParent = try #require(presenterView.superview)

        weak var weakPanel: ViewController?
        weak var weakPanelView: View?
        weak var weakDimming: View?
        do {
        let half = scene.render(at: 0.5, of: Self.overlayDuration) { scene.page.presentOverlay() }
        try expectMatchesReference(half, named: "overlay-present-50")
        // Mid-way the panel is centred, full 2/3 height, narrower than its final width.
        let panel = try #require(scene.presented?.view)
        let target = OverlayPresentationController.panelFrame(in: Rect(size: Self.size))
        #expect(panel.frame.height == target.height && abs(panel.frame.midX - target.midX) < 0.5)
        #expect(panel.frame.width > 1 && panel.frame.width < target.width)

        scene.settle()
        #expect(panel.frame == target)
        let presentation = try #require(scene.presented?.presentationController as? OverlayPresentationController)
        #expect(presentation.dimmingView.frame == Rect(size: Self.size))
        #expect(presentation.dimmingView.alpha == 0.5)
        #expect(presenterView.superview === presenterParent && !presenterView.isHidden, "the presenter stays, never re-parented")
        #expect(scene.completions(.present) == [true])

        // Resize: dimming full size, panel centred 2/3.
        scene.host.window.resize(to: Size(width: 900, height: 480))
        scene.host.layout()
        #expect(presentation.dimmingView.frame == Rect(x: 0, y: 0, width: 900, height: 480))
        #expect(panel.frame == OverlayPresentationController.panelFrame(in: Rect(x: 0, y: 0, width: 900, height: 480)))
        scene.host.window.resize(to: Self.size)
        scene.host.layout()

        weakPanel = scene.presented
        weakPanelView = panel
        weakDimming = presentation.dimmingView
        }
        let dismissing = scene.render(at: 0.5, of: Self.overlayDuration) { scene.host.key(.escape) }
        try expectMatchesReference(dismissing, named: "overlay-dismiss-50")
        scene.settle()
        #expect(scene.completions(.dismiss) == [true])
        #expect(scene.page.presentedViewController == nil)
        #expect(presenterView.superview === presenterParent && !presenterView.isHidden)
        #expect(scene.host.window.rootView.subviews.count == 1, "the presentation container left the window")
        #expect(weakPanel == nil && weakPanelView == nil && weakDimming == nil, "the panel and its dimming view are freed")
    }

    @Test func overlayDismissesByAClickOnTheDimming() {
        let scene = Scene()
        scene.page.presentOverlay()
        scene.settle()
        scene.host.click(at: Point(x: 760, y: 300))
        scene.settle()
        #expect(scene.page.presentedViewController == nil)
        #expect(scene.completions(.dismiss) == [true])
    }

    // The card flip (002) has its own suite, CardFlipTests, on its card page.

    // MARK: expand from icon (004)

    @Test func expandKeyFramesAndModel() throws {
        let scene = Scene()
        let presenterView = scene.page.view
        let parent = try #require(presenterView.superview)
        let d = Self.expandDuration
        weak var weakDetail: ExpandDetailPage?
        weak var weakDetailView: View?
        do {
        let growing = scene.render(at: 0.5, of: d) { scene.page.presentDetail() }
        try expectMatchesReference(growing, named: "expand-present-50")
        let detail = try #require(scene.presented as? ExpandDetailPage)
        // Ease-in-out at 0.5 is 0.5: half-way from the icon's origin and width to the window.
        let icon = ModalPage.iconFrame
        let expected = Rect(x: icon.minX / 2, y: icon.minY / 2, width: (icon.width + Self.size.width) / 2, height: Self.size.height)
        #expect(abs(detail.view.frame.minX - expected.minX) < 0.01 && abs(detail.view.frame.width - expected.width) < 0.01)
        #expect(detail.view.frame.height == Self.size.height, "the height stays the page's")
        #expect(detail.fadingViews.allSatisfy { abs($0.alpha - 0.5) < 0.01 })
        #expect(detail.imageView.frame.width == detail.view.frame.width, "the image is laid out for this frame")
        scene.settle()
        #expect(detail.view.frame == Rect(size: Self.size) && detail.fadingViews.allSatisfy { $0.alpha == 1 })
        #expect(scene.completions(.present) == [true])

        weakDetail = detail
        weakDetailView = detail.view
        }
        let shrinking = scene.render(at: 0.5, of: d) { scene.host.key(.escape) }
        try expectMatchesReference(shrinking, named: "expand-dismiss-50")
        #expect(!presenterView.isHidden, "the root page shows underneath")
        scene.settle()
        #expect(scene.completions(.dismiss) == [true])
        #expect(presenterView.superview === parent && !presenterView.isHidden)
        #expect(weakDetail == nil && weakDetailView == nil, "the detail page is freed")
    }

    @Test func expandDragDownUsesDyOverHeightAndFinishesAtHalfInclusive() throws {
        let scene = Scene()
        scene.page.presentDetail()
        scene.settle()
        let detail = try #require(scene.presented as? ExpandDetailPage)
        // 30 %: a linear scrub from the window to the icon's rect.
        scene.host.drag(from: Point(x: 400, y: 200), to: Point(x: 400, y: 380))
        let expected = Rect.interpolate(from: Rect(size: Self.size), to: ModalPage.iconFrame, fraction: 0.3)
        #expect(abs(detail.view.frame.minY - expected.minY) < 0.01 && abs(detail.view.frame.width - expected.width) < 0.01,
                "\(detail.view.frame) vs \(expected)")
        scene.host.release()
        scene.settle()
        #expect(scene.completions(.dismiss) == [false])
        #expect(detail.view.frame == Rect(size: Self.size) && detail.fadingViews.allSatisfy { $0.alpha == 1 })
        // Exactly half: "≥ 0.5" finishes.
        scene.host.drag(from: Point(x: 400, y: 100), to: Point(x: 400, y: 400))
        scene.host.hold(for: 0.1)
        scene.host.release()
        scene.settle()
        #expect(scene.completions(.dismiss) == [false, true])
        #expect(scene.page.presentedViewController == nil)
    }

    @Test func expandCloseButtonIsNotInteractive() throws {
        let scene = Scene()
        scene.page.presentDetail()
        scene.settle()
        scene.host.click(at: Point(x: 800 - 60, y: 34))
        scene.settle()
        #expect(scene.completions(.dismiss) == [true])
        let interactive = scene.host.trace.filter { $0.kind == .dismiss && $0.event == .begin }.map(\.interactive)
        #expect(interactive == [false])
    }

    // MARK: durations

    /// Begin → complete on the frame clock, for each presentation and its dismissal: the
    /// tutorials' durations, within a frame. The figures are written here, not read from the
    /// animators under test.
    @Test(arguments: ["overlay", "expand"])
    func measuredDurations(scene name: String) {
        let scene = Scene()
        let duration: Double
        switch name {
        case "overlay":
            scene.page.presentOverlay()
            duration = Self.overlayDuration
        default:
            scene.page.presentDetail()
            duration = Self.expandDuration
        }
        scene.settle()
        scene.host.key(.escape)
        scene.settle()
        for kind in [TransitionKind.present, .dismiss] {
            let records = scene.host.trace.filter { $0.kind == kind }
            let begin = records.first { $0.event == .begin }?.time ?? 0
            let end = records.first { $0.event == .complete }?.time ?? 0
            // The timeline starts at the first frame after begin, and ends on the frame past its end.
            let measured = end - begin
            print("measured \(name) \(kind): \(measured) s")
            #expect(measured >= duration - 1e-9 && measured <= duration + 2 * OffscreenWindow.frameInterval + 1e-9,
                    "\(name) \(kind): \(measured) s, expected \(duration) s")
        }
    }
}
