import Geometry
import Canvas
import Foundation
import SegueTestKit
import Testing

/// Keyboard and wheel input in the real app on sway, mutter and KWin (weston has its own suites:
/// KeyboardE2ETests, ScrollE2ETests), each through that compositor's own input path (wtype's
/// virtual keyboard and a wlr virtual pointer; mutter's remote desktop; KWin's fake input):
///
/// - Ctrl+Tab switches to the next tab: the trace holds one non-interactive `tab` transition,
///   begun and completed.
/// - The wheel over the Navigation list scrolls it by exactly the distance the compositor sent
///   (the sum of the `wl_pointer.axis` values in the app's protocol log): row 2's dot moves up
///   by that much, and no transition begins.
@Suite(.serialized)
struct InputAcrossCompositorsE2ETests {
    /// Row 2's accent dot (as in ScrollE2ETests).
    static let row2Dot = Color(hex: 0x34C759)

    static func expectTabSwitched(_ session: some CompositorSession, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try session.waitFor("Ctrl+Tab's tab transition to complete", timeout: 10) {
            session.trace.contains { $0.kind == .tab && $0.event == .complete }
        }
        let tab = session.trace.filter { $0.kind == .tab }.map { "\($0.event.rawValue)\($0.interactive ? "(interactive)" : "")" }
        #expect(tab == ["begin", "complete"], "tab transition: \(tab)", sourceLocation: sourceLocation)
        #expect(session.trace.last { $0.kind == .tab }?.completed == true, sourceLocation: sourceLocation)
    }

    /// The vertical `wl_pointer.axis` values the app received after message `from`.
    static func verticalAxis(_ session: some CompositorSession, from: Int) -> [Double] {
        session.appProtocolLog.messages.dropFirst(from)
            .filter { !$0.sent && $0.interface == "wl_pointer" && $0.name == "axis" && $0.int(1) == 0 }
            .compactMap { $0.double(2) }
    }

    /// Turns the wheel 3 clicks down at `point` (on the list, right of its dots) and checks that
    /// row 2's dot moved up by the distance the app was sent.
    static func expectWheelScrolls(_ session: some CompositorSession, at point: Point,
                                   screenshot: () throws -> Surface, name: String,
                                   sourceLocation: SourceLocation = #_sourceLocation) throws {
        try session.move(to: point, afterMs: 50)
        let before = try screenshot()
        let dot = try #require(before.centroid(of: row2Dot), "row 2's dot is not on screen", sourceLocation: sourceLocation)
        let mark = session.appProtocolLog.messages.count
        let scrolls = try session.appStats().scrollEvents
        for _ in 0..<3 { try session.wheel(clicks: 1) }
        // All three clicks arrived (the app counts its scroll events) and were drawn.
        try session.confirm("three wheel clicks") { $0.scrollEvents >= scrolls + 3 }
        try session.waitForAppToSettle()
        let sum = verticalAxis(session, from: mark).reduce(0, +)
        let after = try screenshot()
        session.keep(after, as: "\(name)-wheel")
        let moved = try #require(after.centroid(of: row2Dot), "row 2's dot left the screen", sourceLocation: sourceLocation)
        print("measured: \(name): wheel ×3 sent \(sum) px; row 2's dot moved \(dot.y - moved.y) px")
        #expect(sum > 0, "the app received no vertical wheel distance", sourceLocation: sourceLocation)
        #expect(abs((dot.y - moved.y) - sum) <= 0.5 && abs(dot.x - moved.x) <= 0.5,
                "row 2's dot went from \(dot) to \(moved); the app was sent \(sum) px", sourceLocation: sourceLocation)
        #expect(session.traceCount(.begin) == 0, "the wheel began a transition", sourceLocation: sourceLocation)
    }

    // MARK: sway

    @Test func swayKeyboardAndWheel() throws {
        let session = try SwaySession(options: .init(waylandDebug: true))
        defer { session.stop() }
        let window = try session.waitForApp()
        let c = window.content
        try Self.expectWheelScrolls(session, at: Point(x: c.maxX - 40, y: c.minY + 300),
                                    screenshot: { try session.stableScreenshot() }, name: "sway")
        try session.wtype(["-M", "ctrl", "-k", "Tab", "-m", "ctrl"])
        try Self.expectTabSwitched(session)
    }

    // MARK: mutter

    @Test func mutterKeyboardAndWheel() throws {
        let session = try MutterSession(options: .init(waylandDebug: true))
        defer { session.stop() }
        let shot = try session.waitForApp()
        let content = try MutterE2ETests.content(in: shot)
        try Self.expectWheelScrolls(session, at: content.point(Double(content.width) - 40, 300),
                                    screenshot: { try session.stableScreenshot() }, name: "mutter")
        // A click on the navigation bar (nothing there to click) gives the window keyboard focus.
        try session.click(at: content.point(150, 20))
        try session.type(.tab, holding: [.leftControl])
        try Self.expectTabSwitched(session)
    }

    // MARK: KWin

    @Test func kwinKeyboardAndWheel() throws {
        let session = try KWinSession()
        defer { session.stop() }
        try session.waitForApp()
        let width = Double(try session.windowGeometry().width)
        try Self.expectWheelScrolls(session, at: try session.screenPoint(Point(x: width - 40, y: 300)),
                                    screenshot: { try session.stableScreenshot() }, name: "kwin")
        try session.click(at: try session.screenPoint(Point(x: 150, y: 20)))
        try session.type(.tab, holding: [.leftControl])
        try Self.expectTabSwitched(session)
    }

    // MARK: touch (mutter: sway's wlroots 0.15 has no virtual touch device, and segue-kwin-input
    // does not speak KWin's fake touch yet)

    /// A finger on mutter (remote desktop touch on the screen-cast stream): a tap on the first
    /// row pushes its page; a finger from the left edge drags the pop (the trace's update at
    /// 40 %) and, lifted at 70 %, finishes it.
    @Test func mutterTouchTapsAndDragsThePop() throws {
        let session = try MutterSession(options: .init(waylandDebug: true))
        defer { session.stop() }
        let content = try MutterE2ETests.content(in: try session.waitForApp())
        // mutter's seat gets its touch device with the first touch: a tap on the navigation bar
        // (nothing there) makes it; then the app must have bound wl_touch.
        try session.touch(.down, at: content.point(150, 20), afterMs: 50)
        try session.touch(.up, afterMs: 50)
        try session.waitFor("the app's wl_touch", timeout: 10) {
            session.appProtocolLog.messages.contains { $0.sent && $0.name == "get_touch" }
        }
        let row = DemoLayout.row(0)
        try session.touch(.down, at: content.point(row.x, row.y), afterMs: 100)
        try session.touch(.up, afterMs: 80)
        try session.waitForTrace(.complete, count: 1)
        #expect(session.trace.first { $0.event == .begin }?.kind == .push, "a tap on the first row pushes")

        let width = Double(content.width), y = 300.0
        try session.touch(.down, at: content.point(5, y), afterMs: 100)
        for step in 1...12 { try session.touch(.motion, at: content.point(5 + (0.4 * width - 5) * Double(step) / 12, y)) }
        try session.waitFor("the 40 % update", timeout: 5) {
            session.trace.contains { $0.event == .update && abs($0.progress - 0.4) < 0.01 }
        }
        for step in 1...6 { try session.touch(.motion, at: content.point(0.4 * width + 0.3 * width * Double(step) / 6, y)) }
        try session.touch(.up, afterMs: 120)
        try session.waitForTrace(.complete, count: 2)
        let completions = session.trace.filter { $0.event == .complete }
        #expect(completions.map(\.kind) == [.push, .pop] && completions.map(\.completed) == [true, true], "\(completions)")
        #expect(session.trace.first { $0.kind == .pop && $0.event == .begin }?.interactive == true, "the finger drove the pop")
    }
}
