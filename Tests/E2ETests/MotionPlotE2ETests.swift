import Geometry
import Canvas
import Foundation
import Motion
import Segue
import SegueTestKit
import Testing

/// The motion plot in a real compositor: `segue-demo --motion-plot` draws it into its own
/// frames (so screenshots show it), a tab swipe started under it passes through, and
/// Ctrl+Shift+M toggles it without leaving a trace in the frame.
@Suite(.serialized)
struct MotionPlotE2ETests {
    static let width = 800, height = 600
    /// The panel: 460 × 260, 8 px in from the top-right corner of the (undecorated) window.
    static let panel = (minX: 332, minY: 8, maxX: 792, maxY: 268)
    /// Its chart (the panel's x 40…338, y 30…198 for a tab switch, whose OKLab inset takes the
    /// right) and, below it, the decision's lines: the legend's swatches are in neither.
    static let chart = (minX: 372, minY: 38, maxX: 670, maxY: 206)
    static let decision = (minX: 332, minY: 222, maxX: 792, maxY: 268)
    static let inset = (minX: 684, minY: 52, maxX: 780, maxY: 148)
    /// The plot's documented colours: the drag, the settle, a commit.
    static let drag = Color(hex: 0x5AC8FA), settle = Color(hex: 0xFF9F0A), commit = Color(hex: 0x30D158)
    static let selected = Color(hex: 0x0A66D8), unselected = Color(hex: 0x8E8E93)

    /// Pixels of `surface` in `area` within `tolerance` (per channel) of `color`.
    static func count(_ color: Color, in surface: Surface, area: (minX: Int, minY: Int, maxX: Int, maxY: Int),
                      tolerance: Int = 12) -> Int {
        var found = 0
        for y in area.minY..<area.maxY {
            for x in area.minX..<area.maxX where Surface.channelDistance(surface.pixel(x: x, y: y), color) <= tolerance {
                found += 1
            }
        }
        return found
    }

    @Test func tabSwipeReleasedMidWayIsPlottedDuringItsSettle() throws {
        var options = HeadlessSession.Options()
        // Slow animations ×4: the settle lasts long enough for a screenshot on a loaded machine
        // (gestures and the trace stay in real time).
        options.arguments = ["--motion-plot", "--slow", "4"]
        let session = try HeadlessSession(width: Self.width, height: Self.height, options: options)
        defer { session.stop() }
        try session.waitForApp()
        let idle = try session.stableScreenshot()
        // Before any transition: the empty panel is there, dark over the light page.
        #expect(idle.pixel(x: Self.panel.minX + 20, y: Self.panel.maxY - 6).red < 0.35, "no panel at rest")

        // A swipe to the neighbouring tab started under the panel (it takes no input): 320 px
        // of the 800 px page (40 %) in 24 moves 16 ms apart (1 width/s), released at once.
        // On a loaded machine the settle may end before a shot catches it: then swipe back
        // and try again (three swipes at most, alternating direction).
        var caught: (shot: Surface, release: TraceRecord)?
        for attempt in 0..<3 where caught == nil {
            let (from, to) = attempt % 2 == 0 ? (600.0, 280.0) : (200.0, 520.0)
            let finishes = session.traceCount(.finish) + session.traceCount(.cancel)
            let completes = session.traceCount(.complete)
            let (shot, completedBeforeShot) = try swipeAndShootTheSettle(session, from: from, to: to, after: finishes)
            print("measured: swipe \(attempt + 1) shot \(completedBeforeShot > completes ? "after" : "during") the settle")
            let releases = session.trace.filter { [.finish, .cancel].contains($0.event) }
            if completedBeforeShot == completes { caught = (shot, releases[finishes]) }
            try session.waitForTransitionsToSettle()
        }
        let (settling, release) = try #require(caught, "no shot caught a settle in three swipes")
        session.keep(settling, as: "motion-plot")

        let progress = release.progress
        let velocity = try #require(release.velocity)
        print("measured: release at progress \(progress), velocity \(velocity)/s")
        #expect(abs(progress - 0.4) < 0.02, "released at 320 of 800 px, traced \(progress)")
        #expect(release.event == .finish, "a 1 width/s flick commits")

        // The overlay's curve, its settle, the commit line, both in the panel and nowhere else.
        let dragPixels = Self.count(Self.drag, in: settling, area: Self.chart)
        let settlePixels = Self.count(Self.settle, in: settling, area: Self.chart)
        let commitPixels = Self.count(Self.commit, in: settling, area: Self.chart)
        let decisionPixels = Self.count(Self.commit, in: settling, area: Self.decision)
        print("measured: chart pixels drag \(dragPixels), settle \(settlePixels), commit \(commitPixels); decision \(decisionPixels)")
        #expect(dragPixels > 60, "the drag's curve")
        #expect(settlePixels > 20, "the settle's curve")
        #expect(commitPixels > 100, "the commit target line")
        #expect(decisionPixels > 50, "the word commit under the chart")
        #expect(Self.count(Self.selected, in: settling, area: Self.inset, tolerance: 40) > 20, "the OKLab inset's colour dots")

        let completions = session.trace.filter { $0.event == .complete }
        #expect(!completions.isEmpty && completions.allSatisfy { $0.completed == true })
    }

    /// Drags from x `from` to `to` at y 200 and lets go, then takes shots until one shows the
    /// settle's curve. Returns it with the number of completions traced right after it: if no
    /// more than before, the shot caught the settle (the plot keeps the curve once it ended).
    private func swipeAndShootTheSettle(_ session: HeadlessSession, from: Double, to: Double,
                                        after releases: Int) throws -> (Surface, Int) {
        try session.move(to: Point(x: from, y: 200), afterMs: 100)
        try session.press()
        // Paced in real time too, as a hand would: the plot's curve is what each frame showed,
        // and a drag sent all at once happens within one frame.
        for step in 1...24 {
            try session.move(to: Point(x: from + (to - from) * Double(step) / 24, y: 200), afterMs: 16)
            usleep(16_000)
        }
        try session.release(afterMs: 8)
        try session.waitForTrace([.finish, .cancel], count: releases + 1)
        var shot = try session.screenshot()
        var shots = 1
        while Self.count(Self.settle, in: shot, area: Self.chart) <= 20, shots < 100 {
            shot = try session.screenshot()
            shots += 1
        }
        return (shot, session.traceCount(.complete))
    }

    @Test func ctrlShiftMTogglesThePlotAndOffLeavesTheFrameAsItWas() throws {
        let session = try HeadlessSession(width: Self.width, height: Self.height)
        defer { session.stop() }
        try session.waitForApp()
        try session.parkPointer()
        let plain = try session.stableScreenshot()
        func pressCtrlShiftM() throws {
            try session.type(.m, holding: [.leftControl, .leftShift])
        }
        try pressCtrlShiftM()
        try session.waitFor("the plot to show", timeout: 5) {
            (try? session.screenshot()).map { $0.pixel(x: Self.panel.minX + 20, y: Self.panel.maxY - 6).red < 0.35 } == true
        }
        let shown = try session.stableScreenshot()
        #expect(shown.fractionDiffering(from: plain) > 0.1, "the panel covers a quarter of the window")
        // Outside the panel nothing changed.
        var outside = 0
        for y in stride(from: 0, to: Self.height, by: 4) {
            for x in stride(from: 0, to: Self.width, by: 4)
            where !(Self.panel.minX..<Self.panel.maxX).contains(x) || !(Self.panel.minY..<Self.panel.maxY).contains(y) {
                if Surface.channelDistance(shown.pixel(x: x, y: y), plain.pixel(x: x, y: y)) > 2 { outside += 1 }
            }
        }
        #expect(outside == 0, "\(outside) sampled pixels changed outside the panel")

        try pressCtrlShiftM()
        try session.waitFor("the plot to go", timeout: 5) {
            (try? session.screenshot()).map { $0.isPixelEqual(to: plain) } == true
        }
    }
}
