import Geometry
import Canvas
import SegueTestKit
import Motion
import Testing

/// Pop from anywhere with real drags (docs/MOTION.md target 9): in weston and mutter, a drag
/// from a quarter of the way across a pushed page, rightwards by 40 % of its width and held,
/// moves the page 40 % over with the list beside it; let go, it comes back exactly; a drag that
/// is mostly vertical starts nothing; 70 % across it pops back to the list.
@Suite(.serialized)
struct ContentPopE2ETests {
    typealias Content = MutterE2ETests.Content

    @Test func weston() throws {
        let session = try HeadlessSession(width: 800, height: 600)
        defer { session.stop() }
        try session.waitForApp()
        try Self.check(session, content: Content(x: 0, y: 0, width: 800), label: "weston",
                       parked: session.parkedScreenshot, stable: { try session.stableScreenshot() })
    }

    @Test func mutter() throws {
        let session = try MutterSession()
        defer { session.stop() }
        let launch = try session.waitForApp()
        MutterE2ETests.report(session, "pop from anywhere")
        try Self.check(session, content: MutterE2ETests.content(in: launch), label: "mutter",
                       parked: session.parkedScreenshot, stable: { try session.stableScreenshot() })
    }

    static func check(_ session: some CompositorSession, content: Content, label: String,
                      parked: () throws -> Surface, stable: () throws -> Surface) throws {
        let row = content.y + NavigationE2ETests.backgroundRow
        let width = Double(content.width)
        let list = try parked()
        try session.click(at: content.point(DemoLayout.row(0).x, DemoLayout.row(0).y))
        let detail = try parked()
        try #require(NavigationE2ETests.isDetailTint(detail.pixel(x: content.x + content.width / 2, y: row)),
                     "the click did not push the detail page")
        let pops = { session.trace.filter { $0.event == .begin && $0.kind == .pop }.count }

        // From a quarter across, 40 % of the width to the right, held.
        let y = 300.0
        try session.move(to: content.point(0.25 * width, y), afterMs: 100)
        try session.press()
        try session.drag(to: content.point(0.65 * width, y))
        let held = try stable()
        session.keep(held, as: "\(label)-content-pop-held-40")
        let expected = content.x + Int((0.4 * width).rounded())
        let edge = held.firstColumn(inRow: row, from: content.x, where: NavigationE2ETests.isDetailTint)
        #expect(edge.map { abs($0 - expected) <= 2 } == true,
                "the detail page's left edge at \(String(describing: edge)), expected \(expected) ± 2")
        #expect(NavigationE2ETests.isWhite(held.pixel(x: content.x + content.width / 5, y: row)),
                "the list page shows left of the detail page")
        let updates = session.trace.filter { $0.event == .update && $0.kind == .pop }.map(\.progress)
        #expect(updates.contains { abs($0 - 0.4) < 0.01 }, "the trace holds the 40 % update: \(updates.suffix(4))")
        try session.release(afterMs: 120)
        let cancelled = try parked()
        #expect(cancelled.fractionDiffering(from: detail) < 0.001, "let go at 40 %: the detail page comes back exactly")

        // Mostly down (200 px down, 60 px right): the page is not popped.
        let before = pops()
        try session.move(to: content.point(0.3 * width, 150), afterMs: 100)
        try session.press()
        try session.drag(to: content.point(0.3 * width + 60, 350))
        try session.release(afterMs: 120)
        let afterVertical = try parked()
        #expect(pops() == before, "a mostly vertical drag started a pop")
        #expect(afterVertical.fractionDiffering(from: detail) < 0.001, "the detail page stays")

        // 70 % across from the middle: popped.
        try session.move(to: content.point(0.2 * width, y), afterMs: 100)
        try session.press()
        try session.drag(to: content.point(0.9 * width, y))
        try session.release(afterMs: 120)
        let popped = try parked()
        session.keep(popped, as: "\(label)-content-popped")
        // The list as before but for the focus ring the row that pushed gets back (mutter, where
        // the session's keyboard check put the window in keyboard mode): the background row and
        // the first row's accent dot where they were.
        let dot = DemoLayout.rowDot(0)
        #expect(popped.pixel(x: content.x + dot.x, y: content.y + dot.y)
                    == list.pixel(x: content.x + dot.x, y: content.y + dot.y), "the first row's dot is back")
        #expect((content.x..<content.x + content.width).allSatisfy { NavigationE2ETests.isWhite(popped.pixel(x: $0, y: row)) },
                "the list's white background row is back whole")
        let completions = session.trace.filter { $0.event == .complete && $0.kind == .pop }.map(\.completed)
        #expect(completions == [false, true], "a cancelled pop, then a finished one: \(completions)")
    }
}
