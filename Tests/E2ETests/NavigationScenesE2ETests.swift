import Geometry
import Canvas
import Motion
import SegueTestKit
import Testing

/// Tutorial 003's interactive pushes in a real compositor, with injected drags held mid-way.
@Suite(.serialized)
struct NavigationScenesE2ETests {
    static let width = 800, height = 600
    /// The navigation container: below the 52 px bar, above the 60 px tab bar.
    static let containerTop = Int(DemoLayout.navigationBarHeight)
    static let containerHeight = height - containerTop - Int(DemoLayout.tabBarHeight)

    /// Opens list row `row` (1: scale and fade, 3: pixelate by drag) and waits for it.
    private func open(row: Int, _ session: HeadlessSession) throws -> Surface {
        try session.waitForApp()
        try session.click(at: DemoLayout.row(row))
        return try session.parkedScreenshot()
    }

    @Test func scaleAndFadeInteractivePushHeldCancelledAndFlicked() throws {
        let session = try HeadlessSession(width: Self.width, height: Self.height)
        defer { session.stop() }
        let page1 = try open(row: 1, session)

        try session.move(to: Point(x: 600, y: 300), afterMs: 100)
        try session.press()
        try session.drag(to: Point(x: 400, y: 300))
        let held = try session.stableScreenshot()
        session.keep(held, as: "e2e-scale-fade-held-25")
        // At 25 % the old page is scaled 1 − 0.9 × 0.25 = 0.775 about the container's centre:
        // its left edge at 400 − 0.775 × 400 = 90; the new page covers all at alpha 0.25.
        let edge = held.firstColumn(inRow: 150) { $0.red < 246.0 / 255 }
        #expect(edge.map { abs($0 - 90) <= 2 } == true, "old page's left edge at \(String(describing: edge)), expected 90 ± 2")
        let top = (Self.containerTop..<Self.height).first { held.pixel(x: 400, y: $0).red < 246.0 / 255 }
        let expectedTop = Double(Self.containerTop) + (1 - 0.775) * Double(Self.containerHeight) / 2
        #expect(top.map { abs(Double($0) - expectedTop) <= 2 } == true, "top edge \(String(describing: top)), expected \(expectedTop)")

        // Let go after a pause: no leftward velocity, so tutorial 003's rule cancels.
        try session.release(afterMs: 120)
        let cancelled = try session.parkedScreenshot()
        #expect(cancelled.fractionDiffering(from: page1) < 0.001)

        // A quick flick left from the right half pushes page 2.
        try session.move(to: Point(x: 600, y: 300), afterMs: 100)
        try session.press()
        try session.drag(to: Point(x: 540, y: 300), steps: 3, intervalMs: 12)
        try session.release(afterMs: 4)
        let pushed = try session.parkedScreenshot()
        #expect(Surface.channelDistance(pushed.pixel(x: 100, y: 150), Color(hex: 0xFDEBD3)) <= 3, "page 2 should show")
        let completions = session.trace.filter { $0.event == .complete }.compactMap(\.completed)
        #expect(completions == [true, false, true])
    }

    @Test func pixelateByDragHeldAtHalfShowsFortyPixelBlocks() throws {
        let session = try HeadlessSession(width: Self.width, height: Self.height)
        defer { session.stop() }
        let page1 = try open(row: 3, session)

        try session.move(to: Point(x: 700, y: 300), afterMs: 100)
        try session.press()
        try session.drag(to: Point(x: 300, y: 300))
        let held = try session.stableScreenshot()
        session.keep(held, as: "e2e-pixelate-held-50")
        // At p = 0.5 both layers are pixelated in blocks of 0.05 × 800 = 40 px from the
        // container's origin: every block is one flat colour.
        let block = 40
        var uneven: [String] = []
        for row in 0..<(Self.containerHeight / block) {
            for column in 0..<(Self.width / block) where !(column == 7 && row == 6) { // the cursor's block
                let x0 = column * block, y0 = Self.containerTop + row * block
                let first = held.pixel(x: x0, y: y0)
                let flat = (0..<block).allSatisfy { dy in
                    (0..<block).allSatisfy { dx in held.pixel(x: x0 + dx, y: y0 + dy) == first }
                }
                if !flat { uneven.append("(\(column), \(row))") }
            }
        }
        #expect(uneven.isEmpty, "blocks that are not flat: \(uneven.prefix(10))")
        let updates = session.trace.filter { $0.event == .update }.map(\.progress)
        #expect(updates.last.map { abs($0 - 0.5) < 0.001 } == true)

        try session.release(afterMs: 120)
        let back = try session.parkedScreenshot()
        #expect(back.fractionDiffering(from: page1) < 0.001, "released at half-way after a pause: back to page 1")
    }
}
