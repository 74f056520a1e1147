import Geometry
import Canvas
import Motion
import Segue
import SegueDiagnostics
import SegueTesting
import Testing

/// The motion plot offscreen: what it records of a driven transition (compared with the
/// input that drove it), and that its overlay is drawn where and only when it is on, takes
/// no clicks and leaves the layout alone.
@MainActor
@Suite("Motion plot")
struct MotionPlotTests {
    /// The panel in a 400 × 300 window: 8 px in from the top-right corner, 460 × 260 at most,
    /// here narrowed to the window less both margins (400 − 16).
    static let panel = Rect(x: 8, y: 8, width: 384, height: 260)

    private func covers(_ outer: Rect, _ inner: Rect) -> Bool {
        outer.minX <= inner.minX && outer.minY <= inner.minY && outer.maxX >= inner.maxX && outer.maxY >= inner.maxY
    }

    /// A pushed detail page, then a left-edge drag from x = 5 to 40 % of the width in ten
    /// equal steps over 10/60 s, released at once: the pop stays under the pointer, so the
    /// progress is x / width, and the release velocity is the pointer's speed over the width.
    private func releasedPop() throws -> (NavigationFixture, releaseTime: Double, dragTimes: [Double]) {
        let demo = NavigationFixture()
        _ = DeveloperTools.attached(to: demo.host.window)
        try #require(demo.pushByTappingRow(0) != nil)
        demo.host.press(at: demo.edgePoint())
        var times: [Double] = []
        let steps = 10
        for i in 1...steps {
            demo.host.clock.advance(by: 1.0 / 60)
            let x = 5 + (0.4 * demo.width - 5) * Double(i) / Double(steps)
            demo.host.move(to: Point(x: x, y: 160))
            demo.host.window.tick(at: demo.host.clock.now)
            demo.host.layout()
            times.append(demo.host.clock.now)
        }
        let releaseTime = demo.host.clock.now
        demo.host.release()
        demo.host.runFrames()
        return (demo, releaseTime, times)
    }

    @Test func recordsTheDragTheReleaseAndTheSettleOfAnInteractivePop() throws {
        let (demo, releaseTime, dragTimes) = try releasedPop()
        let recording = DeveloperTools.attached(to: demo.host.window).recording
        let w = demo.width
        #expect(recording.kind == .pop)

        // The drag: one sample per frame, at each frame's time, at the pointer's x / width.
        for (i, time) in dragTimes.enumerated() {
            let sample = try #require(recording.samples.first { abs($0.time - time) < 1e-9 }, "no sample at \(time)")
            let x = 5 + (0.4 * w - 5) * Double(i + 1) / 10
            #expect(abs(sample.progress - x / w) < 1e-6, "frame \(i): progress \(sample.progress), pointer at \(x / w)")
            #expect(sample.phase == .interactive)
        }

        // The release: at 40 %, moving back towards the start at the pointer's speed
        // (0.4·400 − 5 px in 10/60 s = 930 px/s = 2.325 widths/s, forward for a pop).
        let release = try #require(recording.releases.last)
        #expect(recording.releases.count == 1)
        #expect(abs(release.time - releaseTime) < 1e-9)
        #expect(abs(release.progress - 0.4) < 1e-6)
        let pointerSpeed = (0.4 * w - 5) / (10.0 / 60) / w
        #expect(abs(release.velocity - pointerSpeed) < 0.05 * pointerSpeed, "velocity \(release.velocity), pointer \(pointerSpeed)")
        // The pop's rule is position only (progress > 0.5): a fast flick at 40 % still cancels.
        #expect(!release.commits)
        #expect(release.reason == "p 0.40 ≤ 0.50")

        // The settle: a sample every frame after the release, heading back to 0, ending there.
        let settle = recording.samples.filter { $0.time > releaseTime }
        #expect(settle.count >= 5, "only \(settle.count) settle samples")
        #expect(settle.allSatisfy { $0.phase == .settle })
        let frameGaps = zip(settle, settle.dropFirst()).map { $1.time - $0.time }
        #expect(frameGaps.allSatisfy { abs($0 - 1.0 / 60) < 1e-6 }, "settle sampled frame by frame: gaps \(frameGaps)")
        #expect(settle.last.map { abs($0.progress) < 1e-9 } == true, "ends at 0, got \(settle.last?.progress ?? -1)")
        #expect(recording.completed == false)
        #expect(recording.colorPath == nil, "a pop has no tab colours")
    }

    @Test func aTabSwipeRecordsTheIncomingTabsColourOnItsOKLabLine() throws {
        let pages = (0..<2).map { LoggingPage("P\($0)") }
        let tabs = TabBarController(viewControllers: pages)
        let host = OffscreenWindow(root: tabs, size: Size(width: 400, height: 300))
        _ = DeveloperTools.attached(to: host.window)
        // 30 % of the 400 px page towards the second tab, then a pause (no velocity): cancels.
        host.drag(from: Point(x: 300, y: 120), to: Point(x: 180, y: 120))
        host.hold(for: 0.1)
        let incoming = tabs.buttons[1]
        let path = try #require(DeveloperTools.attached(to: host.window).recording.colorPath)
        #expect(path.from == tabs.unselectedColor && path.to == tabs.selectedColor)
        #expect(path.colors.last == incoming.tint, "the current colour is the incoming tab's")
        let mixAt30 = Color.mixOKLab(tabs.unselectedColor, tabs.selectedColor, 0.3)
        #expect(OKLab.deltaE(try #require(path.colors.last), mixAt30) < 0.01)
        host.release()
        host.runFrames()

        let recording = DeveloperTools.attached(to: host.window).recording
        let release = try #require(recording.releases.last)
        #expect(abs(release.progress - 0.3) < 1e-6)
        #expect(abs(release.velocity) < 1e-9, "released after a 100 ms pause")
        #expect(!release.commits)
        #expect(release.reason == "slow (|v| < 0.50/s), p 0.30 ≤ 0.50")
        // Back at the start, the colour is the unselected one again.
        #expect(OKLab.deltaE(try #require(recording.colorPath?.colors.last), tabs.unselectedColor) < 0.01)
    }

    @Test func afterAnIdleSpellATransitionStartsAtItsFirstFrameNotTheLastOneDrawn() throws {
        let pages = (0..<2).map { LoggingPage("P\($0)") }
        let host = OffscreenWindow(root: TabBarController(viewControllers: pages), size: Size(width: 400, height: 300))
        _ = DeveloperTools.attached(to: host.window)
        let lastFrame = host.clock.now
        // 100 s without frames, as an idle window gets none; then a swipe of 10 moves, each
        // followed by a frame 1/60 s later. The pan begins on the first move (15 px ≥ its slop).
        host.clock.advance(by: 100)
        host.drag(from: Point(x: 300, y: 120), to: Point(x: 150, y: 120), steps: 10, duration: 10.0 / 60)
        let firstFrame = lastFrame + 100 + 1.0 / 60
        let recording = DeveloperTools.attached(to: host.window).recording
        #expect(abs(recording.beganAt - firstFrame) < 1e-9, "began at \(recording.beganAt), first frame \(firstFrame)")
        #expect(recording.samples.first.map { abs($0.time - firstFrame) < 1e-9 } == true)
        #expect(recording.samples.count == 10, "one sample per frame of the drag: \(recording.samples.map(\.time))")
        host.release()
        host.runFrames()
    }

    // MARK: the overlay

    private func pushed() throws -> NavigationFixture {
        let demo = NavigationFixture()
        _ = DeveloperTools.attached(to: demo.host.window)
        try #require(demo.pushByTappingRow(0) != nil)
        return demo
    }

    @Test func overlayIsDrawnInItsPanelOnlyWhenOnAndOffIsPixelEqual() throws {
        let plain = try pushed().host.render()

        let demo = try pushed()
        let window = demo.host.window
        demo.host.key(.character("m"), modifiers: [.control, .shift])
        #expect(DeveloperTools.attached(to: window).showsMotionPlot)
        let shown = demo.host.render()
        let panel = Self.panel
        #expect(DeveloperTools.attached(to: window).motionPlot.frame == panel)
        var inside = 0, insideDiffering = 0, outsideDiffering = 0
        for y in 0..<shown.height {
            for x in 0..<shown.width {
                let differs = Surface.channelDistance(shown.pixel(x: x, y: y), plain.pixel(x: x, y: y)) > 2
                if panel.contains(Point(x: Double(x) + 0.5, y: Double(y) + 0.5)) {
                    inside += 1
                    if differs { insideDiffering += 1 }
                } else if differs {
                    outsideDiffering += 1
                }
            }
        }
        #expect(outsideDiffering == 0, "\(outsideDiffering) pixels changed outside the panel \(panel)")
        #expect(Double(insideDiffering) > 0.9 * Double(inside), "the panel covers its rectangle: \(insideDiffering)/\(inside)")
        // Dark and translucent: the white page shows through as a dark grey, not black.
        let centre = shown.pixel(x: Int(panel.minX) + 20, y: Int(panel.maxY) - 4)
        #expect(centre.red < 0.35 && centre.red > 0.1, "panel background \(centre)")

        demo.host.key(.character("m"), modifiers: [.control, .shift])
        #expect(!DeveloperTools.attached(to: window).showsMotionPlot)
        let hidden = demo.host.render()
        #expect(hidden.fractionDiffering(from: plain, tolerance: 0) == 0, "toggled off, the frame equals one never showing it")
    }

    @Test func togglingAndNewSamplesDamageThePanel() throws {
        let demo = try pushed()
        let window = demo.host.window
        let surface = Surface(width: 400, height: 300)
        let canvas = Canvas(surface: surface)
        window.render(into: canvas)
        #expect(window.render(into: canvas, fullRedraw: false) == nil, "idle: nothing to draw")

        DeveloperTools.attached(to: window).showsMotionPlot = true
        let panel = Self.panel
        let shownDamage = try #require(window.render(into: canvas, fullRedraw: false))
        #expect(covers(shownDamage, panel), "showing damages the panel: \(shownDamage)")
        #expect(window.render(into: canvas, fullRedraw: false) == nil, "the plot asks for no frames while idle")

        // A drag frame: the transition's pages and the panel (new samples) are damaged.
        demo.host.drag(from: demo.edgePoint(), to: Point(x: 100, y: 160), steps: 2, duration: 2.0 / 60)
        let dragDamage = try #require(window.render(into: canvas, fullRedraw: false))
        #expect(covers(dragDamage, panel))
        // …and redrawn: the drag's curve, in the plot's documented drag colour, is on screen.
        let dragColor = Color(hex: 0x5AC8FA)
        var curvePixels = 0
        // Below the header row, whose legend has a swatch of that colour.
        for y in Int(panel.minY) + 28..<Int(panel.maxY) {
            for x in Int(panel.minX)..<Int(panel.maxX) where Surface.channelDistance(surface.pixel(x: x, y: y), dragColor) <= 12 {
                curvePixels += 1
            }
        }
        #expect(curvePixels > 20, "the drag's curve drawn after two drag frames: \(curvePixels) pixels")

        DeveloperTools.attached(to: window).showsMotionPlot = false
        let hiddenDamage = try #require(window.render(into: canvas, fullRedraw: false))
        #expect(covers(hiddenDamage, panel), "hiding damages where it was: \(hiddenDamage)")
        demo.host.release()
        demo.host.runFrames()
    }

    @Test func clicksPassThroughThePanelAndTheLayoutStays() throws {
        let demo = NavigationFixture()
        _ = DeveloperTools.attached(to: demo.host.window)
        let window = demo.host.window
        let rootFrame = window.rootView.frame
        let listFrame = demo.list.view.frame
        DeveloperTools.attached(to: window).showsMotionPlot = true
        _ = demo.host.render()
        #expect(window.rootView.frame == rootFrame && demo.list.view.frame == listFrame)
        let row = demo.rowPoint(0, x: 300)
        #expect(Self.panel.contains(row), "the test clicks under the panel")
        demo.host.click(at: row)
        demo.host.runFrames()
        #expect(demo.navigation.viewControllers.count == 2, "the click under the panel pushed the row's page")
    }
}
