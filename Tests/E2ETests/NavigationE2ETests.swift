import Geometry
import Canvas
import SegueTestKit
import Motion
import Testing

/// The walking skeleton, proven in a real headless weston with injected drags:
/// push by click, interactive pop from the left edge held mid-way, cancel and finish, Back.
@Suite(.serialized)
struct NavigationE2ETests {
    static let width = 800, height = 600
    /// A row of page background below the list's rows and the detail page's text.
    static let backgroundRow = 500
    /// The list's first row (its centre) and the hairline under it.
    static let firstRow = DemoLayout.row(0)
    static let firstRowHairline = 107

    /// The detail page's tint (white mixed 12 % towards #3478F6) against the list's white.
    static func isDetailTint(_ c: Color) -> Bool { c.red < 0.95 && c.blue > 0.97 }
    static func isWhite(_ c: Color) -> Bool { c.red > 0.99 && c.green > 0.99 && c.blue > 0.99 }

    @Test func launchShowsTheListPage() throws {
        let session = try HeadlessSession(width: Self.width, height: Self.height)
        defer { session.stop() }
        try session.waitForApp()
        let shot = try session.stableScreenshot()
        session.keep(shot, as: "e2e-launch")
        // The list: white background, the first row's accent dot (#3478F6) at x 26, a hairline.
        #expect(Self.isWhite(shot.pixel(x: 400, y: Self.backgroundRow)))
        let dot = shot.pixel(x: DemoLayout.rowDot(0).x, y: DemoLayout.rowDot(0).y)
        #expect(Surface.channelDistance(dot, Color(hex: 0x3478F6)) <= 3, "accent dot is \(dot)")
        #expect(Surface.channelDistance(shot.pixel(x: 300, y: Self.firstRowHairline), Color(hex: 0xE5E5EA)) <= 3)
        // The bar's title is dark text near the top centre.
        let titleDark = (380..<420).contains { x in (20..<34).contains { y in shot.pixel(x: x, y: y).red < 0.4 } }
        #expect(titleDark, "no title text in the navigation bar")
    }

    @Test func interactivePopHeldCancelledAndFinished() throws {
        let session = try HeadlessSession(width: Self.width, height: Self.height)
        defer { session.stop() }
        try session.waitForApp()
        let listShot = try session.parkedScreenshot()

        try session.click(at: Self.firstRow)
        let detailShot = try session.parkedScreenshot()
        session.keep(detailShot, as: "e2e-detail")
        #expect(Self.isDetailTint(detailShot.pixel(x: 400, y: Self.backgroundRow)), "click did not push the detail page")

        // Press 5 px from the left edge, drag to 40 % and hold.
        let y = 300.0
        try session.move(to: Point(x: 5, y: y), afterMs: 100)
        try session.press()
        try session.drag(to: Point(x: 0.4 * Double(Self.width), y: y))
        let held = try session.stableScreenshot()
        session.keep(held, as: "e2e-pop-held-40")
        let edge = held.firstColumn(inRow: Self.backgroundRow, where: Self.isDetailTint)
        #expect(edge.map { abs($0 - 320) <= 2 } == true, "detail page's left edge at \(String(describing: edge)), expected 320 ± 2")
        #expect(Self.isWhite(held.pixel(x: 200, y: Self.backgroundRow)), "list page not visible left of the detail page")
        // The list's first-row hairline (x from 52) shows through, shifted left by 60 % of the width.
        #expect(Surface.channelDistance(held.pixel(x: 200, y: Self.firstRowHairline), Color(hex: 0xE5E5EA)) <= 3)

        // Release there after a pause: velocity 0, progress 0.4 → plays back.
        try session.release(afterMs: 120)
        let cancelled = try session.parkedScreenshot()
        #expect(cancelled.fractionDiffering(from: detailShot) < 0.001, "a cancelled pop must restore the detail page exactly")

        // Again to 70 %: the pop completes.
        try session.move(to: Point(x: 5, y: y), afterMs: 100)
        try session.press()
        try session.drag(to: Point(x: 0.7 * Double(Self.width), y: y))
        try session.release(afterMs: 120)
        let popped = try session.parkedScreenshot()
        session.keep(popped, as: "e2e-popped")
        #expect(popped.fractionDiffering(from: listShot) < 0.001, "after the pop the list page is back as at launch")

        let events = session.trace.map { "\($0.event.rawValue):\($0.kind.rawValue)" }
        let completions = session.trace.filter { $0.event == .complete }.map(\.completed)
        #expect(events.contains("cancel:pop"))
        #expect(events.contains("finish:pop"))
        #expect(completions == [true, false, true], "push, cancelled pop, finished pop: \(events)")
        let updates = session.trace.filter { $0.event == .update }.map(\.progress)
        #expect(updates.contains { abs($0 - 0.4) < 0.01 }, "trace should hold the 40 % update")
    }

    @Test func backButtonPops() throws {
        let session = try HeadlessSession(width: Self.width, height: Self.height)
        defer { session.stop() }
        try session.waitForApp()
        let listShot = try session.parkedScreenshot()
        try session.click(at: Self.firstRow)
        _ = try session.stableScreenshot()
        try session.click(at: DemoLayout.backButton)
        let back = try session.parkedScreenshot()
        #expect(back.fractionDiffering(from: listShot) < 0.001)
        let kinds = session.trace.filter { $0.event == .begin }.map(\.kind)
        #expect(kinds == [.push, .pop])
        #expect(session.trace.filter { $0.event == .begin }.allSatisfy { $0.interactive == false })
    }

    /// With no frame callbacks (a hidden window, a stalled compositor) the fallback clock still
    /// finishes the transition; drawing resumes with the next callback.
    @Test func aTransitionCompletesWhileTheCompositorSendsNoFrames() throws {
        let session = try HeadlessSession(width: Self.width, height: Self.height)
        defer { session.freezeCompositor(false); session.stop() }
        try session.waitForApp()
        try session.click(at: Self.firstRow)
        try session.waitFor("the push to begin", timeout: 5) { session.trace.contains { $0.event == .begin } }
        session.freezeCompositor(true)
        try session.waitFor("the push to complete without frames", timeout: 2) {
            session.trace.contains { $0.event == .complete }
        }
        session.freezeCompositor(false)
        let shot = try session.stableScreenshot()
        #expect(Self.isDetailTint(shot.pixel(x: 400, y: Self.backgroundRow)), "the detail page is drawn once frames resume")
    }
}
