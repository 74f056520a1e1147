import Geometry
import Canvas
import Motion
@testable import Segue
import SegueTesting
import Testing

/// What a frame costs, counted rather than timed: content redraws, damage, layers, overdraw.
@MainActor
@Suite("Rendering cost")
struct RenderingCostTests {
    /// Renders as the Wayland client does: damage only, into a canvas that holds the last frame.
    private func frame(_ host: OffscreenWindow, into canvas: Canvas) -> (damage: Rect?, report: FrameReport?) {
        guard let damage = host.window.prepareFrame(deviceScale: 1) else { return (nil, nil) }
        return (damage, host.window.draw(into: canvas, region: damage))
    }

    @Test func aSlidingPageNeverRedrawsItsContent() throws {
        let demo = NavigationFixture(size: Size(width: 400, height: 300))
        let canvas = Canvas(surface: Surface(width: 400, height: 300))
        _ = frame(demo.host, into: canvas)
        demo.host.click(at: demo.rowPoint(0))
        // The first frames load and draw the new page and the bar's new title, and flatten
        // the moving pages; after that nothing is drawn again.
        for _ in 0..<3 {
            demo.host.frame()
            _ = frame(demo.host, into: canvas)
        }
        let list = demo.list.view
        let detail = try #require(demo.navigation.topViewController?.view)
        func draws(_ view: View) -> Int { view.render.contentDraws + view.subviews.reduce(0) { $0 + draws($1) } }
        let before = draws(list) + draws(detail)
        var frames = 0, layersRendered = 0
        while demo.host.window.wantsFrames, frames < 120 {
            demo.host.frame()
            if let report = frame(demo.host, into: canvas).report { layersRendered += report.layersRendered }
            frames += 1
        }
        #expect(frames > 10)
        // Moving pages are recomposited from their caches: no draw(in:) at all.
        #expect(draws(list) + draws(detail) == before, "the sliding pages' content was redrawn")
        // The flattened layers were rendered once, before these frames.
        #expect(layersRendered == 0)
        try #require(demo.navigation.topViewController is RowDetailPage)
    }

    @Test func aSlideRepaintsOnlyWhatMovedAndOverdrawsLittle() {
        let demo = NavigationFixture(size: Size(width: 400, height: 300))
        let canvas = Canvas(surface: Surface(width: 400, height: 300))
        _ = frame(demo.host, into: canvas)
        demo.host.click(at: demo.rowPoint(0))
        demo.host.frames(3)
        _ = frame(demo.host, into: canvas)
        demo.host.frame()
        let (damage, report) = frame(demo.host, into: canvas)
        // The pages and the bar's titles change: the navigation controller's whole area.
        #expect(damage == Rect(x: 0, y: 0, width: 400, height: 300))
        let overdraw = (report?.paintedPixels ?? 0) / (report?.regionPixels ?? 1)
        #expect(overdraw < 1.3, "painted \(overdraw)× the region")
        #expect((report?.contentsHidden ?? 0) >= 1, "the window background is hidden by the pages")
        demo.host.runFrames()
    }

    @Test func anIdleWindowHasNoDamageAndAHighlightDamagesOnlyTheRow() {
        let demo = NavigationFixture(size: Size(width: 400, height: 300))
        let canvas = Canvas(surface: Surface(width: 400, height: 300))
        _ = frame(demo.host, into: canvas)
        #expect(frame(demo.host, into: canvas).damage == nil)
        demo.host.press(at: demo.rowPoint(1))
        let (damage, _) = frame(demo.host, into: canvas)
        // Row 1 spans y 52 + 56 … 52 + 112, the full width.
        #expect(damage == Rect(x: 0, y: 108, width: 400, height: 56))
        demo.host.send(.pointerLeave)
    }

    @Test func damageOnlyFramesMatchFullRedraws() {
        let demo = NavigationFixture(size: Size(width: 400, height: 300))
        let incremental = Canvas(surface: Surface(width: 400, height: 300))
        _ = frame(demo.host, into: incremental)
        demo.host.click(at: demo.rowPoint(2))
        for _ in 0..<40 {
            demo.host.frame()
            _ = frame(demo.host, into: incremental)
        }
        demo.host.press(at: NavigationFixture.backButtonPoint)
        _ = frame(demo.host, into: incremental)
        demo.host.release()
        for _ in 0..<12 {
            demo.host.frame()
            _ = frame(demo.host, into: incremental)
        }
        let full = demo.host.render()
        var differing = 0
        for y in stride(from: 0, to: 300, by: 2) {
            for x in stride(from: 0, to: 400, by: 2) where incremental.surface.pixel(x: x, y: y) != full.pixel(x: x, y: y) {
                differing += 1
            }
        }
        #expect(differing == 0)
    }

    /// With reduced motion a push cross-fades the detail page, which paints only its own
    /// content (no subviews), over the still list: the list's layer and the page's content cache
    /// are mixed in one pass, so below the bar each pixel is painted once.
    @Test func aReducedMotionPushMixesAContentOnlyPageWithTheStillListInOnePass() throws {
        let demo = NavigationFixture(size: Size(width: 400, height: 300))
        demo.host.window.settings.motion.reducesMotion = true
        let canvas = Canvas(surface: Surface(width: 400, height: 300))
        _ = frame(demo.host, into: canvas)
        demo.host.click(at: demo.rowPoint(0))
        // A few frames in: the first ones (which render the page and the list's layer) past.
        for _ in 0..<6 {
            demo.host.frame()
            _ = frame(demo.host, into: canvas)
        }
        let page = try #require(demo.navigation.containerView.subviews.last)
        #expect(page.subviews.isEmpty && page.alpha > 0.05 && page.alpha < 0.95,
                "a content-only page mid-fade: alpha \(page.alpha), \(page.subviews.count) subviews")
        // Only the page's area: the bar's titles fade over its own background above it.
        let pageRect = Rect(x: 0, y: NavigationBar.height, width: 400, height: 300 - NavigationBar.height)
        demo.host.frame()
        guard demo.host.window.prepareFrame(deviceScale: 1) != nil else { Issue.record("no damage mid-fade"); return }
        let report = demo.host.window.draw(into: canvas, region: pageRect)
        #expect(report.paintedPixels == pageRect.area, "painted \(report.paintedPixels / pageRect.area)× the page")
        demo.host.runFrames()
    }

    /// With reduced motion a full-screen presentation cross-fades its page over the presenter,
    /// which takes no part in the transition yet stays put: the presenter is composited from one
    /// cached image and mixed with the fading page in one pass (two layers drawn, no content,
    /// each pixel painted once), both ways. Every pixel of a frame mid-fade is the presenter alone and the page alone
    /// mixed by the page's alpha, within 2 levels (the mix weighs in 256ths).
    @Test(arguments: [true, false])
    func aReducedMotionPresentationMixesThePageWithTheStillPresenter(presenting: Bool) throws {
        let demo = NavigationFixture(size: Size(width: 400, height: 300))
        demo.host.window.settings.motion.reducesMotion = true
        let canvas = Canvas(surface: Surface(width: 400, height: 300))
        let page = OpaqueLabelPage()
        let presenterAlone = demo.host.render()
        demo.list.present(page, animated: false)
        demo.host.runFrames()
        let pageAlone = demo.host.render()
        if presenting {
            page.dismiss(animated: false)
            demo.host.runFrames()
            demo.list.present(page)
        } else {
            page.dismiss()
        }
        _ = frame(demo.host, into: canvas)
        let presenter = demo.navigation.view
        #expect(presenter.shouldRasterize, "the still presenter composites from one image")
        // Past the first frames (which render the layers), a frame draws two layers and nothing else.
        for _ in 0..<4 {
            demo.host.frame()
            _ = frame(demo.host, into: canvas)
        }
        demo.host.frame()
        let report = try #require(frame(demo.host, into: canvas).report)
        #expect(report.layersDrawn == 2 && report.contentsDrawn == 0 && report.layersRendered == 0,
                "drawn: \(report.layersDrawn) layers, \(report.contentsDrawn) contents, rendered \(report.layersRendered)")
        // One pass: each pixel of the window written once (drawn one after the other, twice).
        #expect(report.regionPixels == 400 * 300 && report.paintedPixels == report.regionPixels,
                "painted \(report.paintedPixels / report.regionPixels)× the region")
        let alpha = page.view.alpha
        #expect(alpha > 0.05 && alpha < 0.95, "caught mid-fade: \(alpha)")
        var worst = 0
        for y in 0..<300 {
            for x in 0..<400 {
                // Every pixel is opaque: the channels as they are, in levels.
                func levels(_ c: Color) -> [Double] { [c.red, c.green, c.blue, c.alpha].map { $0 * 255 } }
                let a = levels(presenterAlone.pixel(x: x, y: y)), b = levels(pageAlone.pixel(x: x, y: y))
                let got = levels(canvas.surface.pixel(x: x, y: y))
                for c in 0..<4 {
                    let expected = a[c] + alpha * (b[c] - a[c])
                    worst = max(worst, Int(abs(got[c] - expected).rounded(.up)))
                }
            }
        }
        #expect(worst <= 2, "largest difference from the mix: \(worst) levels")
        demo.host.runFrames()
        #expect(!presenter.shouldRasterize, "the presenter's rasterization ends with the transition")
        #expect(demo.host.completions.last?.completed == true)
    }
}

/// A full-screen page: an opaque background and a label (a subtree, so it fades as one layer).
@MainActor
private final class OpaqueLabelPage: ViewController {
    init() { super.init(title: "Page") }

    override func loadView() {
        let view = View()
        view.backgroundColor = Color(hex: 0x2F6FD0)
        let label = Label(text: "Presented", color: .white)
        label.frame = Rect(x: 40, y: 120, width: 200, height: 30)
        view.addSubview(label)
        setView(view)
    }
}
