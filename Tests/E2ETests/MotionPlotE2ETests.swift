import Canvas
import Foundation
import Motion
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
        let session = try HeadlessSession(width: Self.width, height: Self.height,
                                          options: .init(demoArguments: ["--motion-plot"]))
        defer { session.stop() }
        try session.waitForApp()
        let idle = try session.stableScreenshot()
        // Before any transition: the empty panel is there, dark over the light page.
        #expect(idle.pixel(x: Self.panel.minX + 20, y: Self.panel.maxY - 6).red < 0.35, "no panel at rest")

        // A swipe towards the second tab started under the panel (it takes no input): 320 px
        // of the 800 px page (40 %) in 24 moves 16 ms apart (1 width/s), released at once.
        // The moves are also paced in real time, as a hand would: the plot's curve is what
        // each frame showed, and a drag sent all at once happens within one frame.
        try session.move(to: Point(x: 600, y: 200), afterMs: 100)
        try session.press()
        for step in 1...24 {
            try session.move(to: Point(x: 600 - 320 * Double(step) / 24, y: 200), afterMs: 16)
            usleep(16_000)
        }
        try session.release(afterMs: 8)
        // Shots until one shows the settle's curve; the completion count read after it says
        // whether that frame was still mid-settle (the plot keeps the curve once it ended).
        try session.waitForTrace(["finish", "cancel"], count: 1)
        var settling = try session.screenshot()
        var shots = 1
        while Self.count(Self.settle, in: settling, area: Self.chart) <= 20, shots < 100 {
            settling = try session.screenshot()
            shots += 1
        }
        let completedBeforeShot = session.traceCount("complete")
        session.keep(settling, as: "motion-plot")

        let release = try #require(session.trace.first { ["finish", "cancel"].contains($0["event"] as? String) })
        let progress = try #require(release["progress"] as? Double)
        let velocity = try #require(release["velocity"] as? Double)
        print("measured: release at progress \(progress), velocity \(velocity)/s; shots \(shots), completed before the shot: \(completedBeforeShot)")
        #expect(abs(progress - 0.4) < 0.02, "released at 320 of 800 px, traced \(progress)")
        #expect(release["event"] as? String == "finish", "a 1 width/s flick commits")
        #expect(completedBeforeShot == 0, "the shot was meant to catch the settle")

        // The overlay's curve, its settle, the commit line, both in the panel and nowhere else.
        let dragPixels = Self.count(Self.drag, in: settling, area: Self.chart)
        let settlePixels = Self.count(Self.settle, in: settling, area: Self.chart)
        let commitPixels = Self.count(Self.commit, in: settling, area: Self.chart)
        let decisionPixels = Self.count(Self.commit, in: settling, area: Self.decision)
        print("measured: chart pixels drag \(dragPixels), settle \(settlePixels), commit \(commitPixels); decision \(decisionPixels)")
        #expect(dragPixels > 100, "the drag's curve")
        #expect(settlePixels > 20, "the settle's curve")
        #expect(commitPixels > 100, "the commit target line")
        #expect(decisionPixels > 50, "the word commit under the chart")
        #expect(Self.count(Self.selected, in: settling, area: Self.inset, tolerance: 40) > 20, "the OKLab inset's colour dots")

        try session.waitForTransitionsToSettle()
        let completions = session.trace.filter { $0["event"] as? String == "complete" }
        #expect(completions.map { $0["completed"] as? Bool } == [true])
    }

    @Test func ctrlShiftMTogglesThePlotAndOffLeavesTheFrameAsItWas() throws {
        let session = try HeadlessSession(width: Self.width, height: Self.height)
        defer { session.stop() }
        try session.waitForApp()
        try session.parkPointer()
        let plain = try session.stableScreenshot()
        // evdev codes: left Ctrl 29, left Shift 42, M 50.
        func pressCtrlShiftM() throws {
            for code in [29, 42, 50] { try session.key(code, down: true) }
            for code in [50, 42, 29] { try session.key(code, down: false) }
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
