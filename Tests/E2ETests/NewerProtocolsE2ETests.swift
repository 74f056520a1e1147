import Foundation
import Geometry
import Canvas
import SegueTestKit
import Testing

/// What the Debian 13 compositors' newer protocol versions give the app, in the trixie lane
/// (docs/PROTOCOLS.md): every global bound at the highest version both sides speak,
/// `wp_cursor_shape_v1` instead of a cursor theme, and xdg-shell v6's `suspended` state.
/// Expected values come from the protocols: the shape enum of cursor-shape-v1.xml, and
/// xdg-shell's rule that a suspended toplevel's frames are wasted.
@Suite(.serialized)
struct NewerProtocolsE2ETests {
    // MARK: versions

    @Test func westonBindsTheHighestVersions() throws {
        let session = try TrixieLane.weston(options: .init(protocolLog: true))
        defer { session.stop() }
        try session.waitForApp()
        try ProtocolVersionsE2ETests.expectBestVersions(session.appProtocolLog, compositor: "weston 14")
    }

    @Test func swayBindsTheHighestVersions() throws {
        let session = try TrixieLane.sway(options: .init(waylandDebug: true))
        defer { session.stop() }
        _ = try session.waitForApp()
        try ProtocolVersionsE2ETests.expectBestVersions(session.appProtocolLog, compositor: "sway 1.10")
    }

    @Test func mutterBindsTheHighestVersions() throws {
        let session = try TrixieLane.mutter()
        defer { session.stop() }
        _ = try session.waitForApp()
        try ProtocolVersionsE2ETests.expectBestVersions(session.appProtocolLog, compositor: "mutter 48")
    }

    @Test func kwinBindsTheHighestVersions() throws {
        let session = try TrixieLane.kwin()
        defer { session.stop() }
        try session.waitForApp()
        try ProtocolVersionsE2ETests.expectBestVersions(session.appProtocolLog, compositor: "KWin 6.3")
    }

    // MARK: cursor shapes

    /// cursor-shape-v1's enum (protocols/cursor-shape-v1.xml).
    enum Shape: Int {
        case `default` = 1, pointer = 4, grabbing = 17
        case eResize = 18, nResize = 19, neResize = 20, nwResize = 21, sResize = 22, seResize = 23, swResize = 24, wResize = 25
    }

    /// The shapes the app set so far, in order.
    static func shapes(_ log: WaylandDebugLog) -> [Int] {
        log.all("wp_cursor_shape_device_v1", "set_shape", sent: true).compactMap { $0.int(1) }
    }

    /// Moves to `point` and waits until the app's latest shape is `shape`.
    static func expectShape(_ session: some CompositorSession, at point: Point, _ shape: Shape, _ what: String,
                            sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            try session.move(to: point, afterMs: 60)
            try session.waitFor("the \(shape) shape \(what)", timeout: 5) { shapes(session.appProtocolLog).last == shape.rawValue }
        } catch {
            Issue.record("\(what): \(error); shapes set: \(shapes(session.appProtocolLog))", sourceLocation: sourceLocation)
        }
    }

    /// The shapes that need no decorations of the app's own: the default over the navigation
    /// bar's title, the pointer over a tab button, grabbing while a tab swipe drags the pages.
    /// `content` maps the app content's logical coordinates to the screen's; `size` is the content's.
    static func checkContentShapes(_ session: some CompositorSession, size: Size, content: (Point) -> Point) throws {
        expectShape(session, at: content(Point(x: size.width / 2, y: DemoLayout.navigationBarHeight / 2)), .default, "over the title")
        expectShape(session, at: content(DemoLayout.tabButton(.gallery, in: size)), .pointer, "over a tab button")
        try session.move(to: content(Point(x: size.width * 0.8, y: size.height / 2)), afterMs: 60)
        try session.press()
        try session.drag(to: content(Point(x: size.width * 0.5, y: size.height / 2)), steps: 10)
        try session.waitFor("grabbing during the swipe", timeout: 5) {
            shapes(session.appProtocolLog).last == Shape.grabbing.rawValue
        }
        try session.release()
        try session.waitForTransitionsToSettle()
        let log = session.appProtocolLog
        #expect(log.all("wp_cursor_shape_manager_v1", "get_pointer", sent: true).count == 1,
                "one shape device for the one pointer: \(log.all("wp_cursor_shape_manager_v1", "get_pointer", sent: true))")
        #expect(log.all("wl_pointer", "set_cursor", sent: true).isEmpty,
                "with cursor shapes offered the app sets no cursor surface: \(log.all("wl_pointer", "set_cursor", sent: true))")
        // Each shape quotes the serial of the pointer's latest enter before it (the protocol's rule).
        for set in log.all("wp_cursor_shape_device_v1", "set_shape", sent: true) {
            let enter = log.messages[..<set.index].last { !$0.sent && $0.interface == "wl_pointer" && $0.name == "enter" }
            #expect(set.int(0) == enter?.int(0), "\(set) does not quote the latest enter's serial \(String(describing: enter))")
        }
    }

    /// sway 1.10 decorates server-side: the content's shapes.
    @Test func swayShowsCursorShapes() throws {
        let session = try TrixieLane.sway(options: .init(waylandDebug: true))
        defer { session.stop() }
        let window = try session.waitForApp()
        #expect(session.appProtocolLog.announced("wp_cursor_shape_manager_v1"), "sway 1.10 should offer cursor shapes")
        let origin = window.content.origin
        try Self.checkContentShapes(session, size: window.content.size) { Point(x: origin.x + $0.x, y: origin.y + $0.y) }
    }

    /// mutter 48 leaves decorations to the app: the content's shapes, and the resize shapes over
    /// the invisible border around the floating window (outside its geometry).
    @Test func mutterShowsCursorShapesWithResizeEdges() throws {
        let session = try TrixieLane.mutter()
        defer { session.stop() }
        let shot = try session.waitForApp()
        let log = session.appProtocolLog
        #expect(log.announced("wp_cursor_shape_manager_v1"), "mutter 48 should offer cursor shapes")
        let origin = try #require(DemoLayout.decoratedWindowOrigin(in: shot), "the window's list is not on screen")
        let geometry = try #require(log.all("xdg_surface", "set_window_geometry", sent: true).last, "no window geometry")
        let width = Double(try #require(geometry.int(2))), height = Double(try #require(geometry.int(3)))
        let header = DemoLayout.headerHeight
        try Self.checkContentShapes(session, size: Size(width: width, height: height - header)) {
            Point(x: origin.x + $0.x, y: origin.y + header + $0.y)
        }
        let outside = 8.0
        Self.expectShape(session, at: Point(x: origin.x - outside, y: origin.y + height / 2), .wResize, "left of the window")
        Self.expectShape(session, at: Point(x: origin.x + width + outside, y: origin.y + height / 2), .eResize, "right of the window")
        Self.expectShape(session, at: Point(x: origin.x + width / 2, y: origin.y + height + outside), .sResize, "below the window")
        Self.expectShape(session, at: Point(x: origin.x + width + outside, y: origin.y + height + outside), .seResize, "at the bottom-right corner")
        Self.expectShape(session, at: Point(x: origin.x - outside, y: origin.y + height + outside), .swResize, "at the bottom-left corner")
    }

    // MARK: suspended

    /// mutter 48 suspends a window hidden for a while (minimized with Super+H). A push that is
    /// running then (`--slow 10`: the 0.5 s slide takes 5 s) completes on the fallback clock,
    /// at its duration, while the window stays suspended; while suspended the app commits
    /// nothing and asks for no frame, and once the push completed it does not wake up.
    /// mutter also stops answering a hidden window's frame callbacks, so on screen this
    /// contract looks the same as a stalled compositor's (the same fallback clock ends the
    /// push); the stats show mutter did send `suspended`, and DisplayLinkTests pin what the
    /// state itself changes (no frame asked for at all) against a compositor that still answers.
    @Test func mutterSuspendedWindowFinishesItsTransitionAndSleeps() throws {
        let stats = KeyRepeatE2ETests.statsPath()
        defer { try? FileManager.default.removeItem(atPath: stats) }
        let session = try TrixieLane.mutter(options: .init(arguments: ["--stats", stats, "--slow", "10"]))
        defer { session.stop() }
        let shot = try session.waitForApp()
        let origin = try #require(DemoLayout.decoratedWindowOrigin(in: shot), "the window's list is not on screen")
        let row = DemoLayout.row(0)
        try session.click(at: Point(x: origin.x + row.x, y: origin.y + DemoLayout.headerHeight + row.y))
        try session.waitForTrace(.begin, count: 1)
        try session.typeCompositorShortcut(.h, holding: [.leftMeta])

        var latest: PerformanceRun.Snapshot?
        try session.waitFor("mutter to suspend the minimized window", timeout: 10) {
            latest = (try? PerformanceRun.snapshot(session, statsPath: stats)) ?? latest
            return latest?["suspended"] == 1
        }
        let suspended = try #require(latest)
        try session.waitForTrace(.complete, count: 1, timeout: 15)
        let push = session.trace.filter { $0.event == .begin || $0.event == .complete }
        let begin = try #require(push.first { $0.event == .begin }?.time)
        let complete = try #require(push.first { $0.event == .complete }?.time)
        print("measured: suspended push begin → complete \(complete - begin) s (0.5 s × 10)")
        #expect(complete - begin >= 5.0 - 0.002, "the push completed early: \(complete - begin) s")
        let done = try PerformanceRun.snapshot(session, statsPath: stats)
        #expect(done["suspended"] == 1, "the push should complete while the window is still suspended")
        usleep(2_000_000)
        let later = try PerformanceRun.snapshot(session, statsPath: stats)
        #expect(later["suspended"] == 1)
        // Suspended from the first snapshot on: nothing committed, no frame asked for.
        #expect(later["commits"] == suspended["commits"], "commits while suspended: \(later["commits"] - suspended["commits"])")
        #expect(later["frame_callbacks"] == suspended["frame_callbacks"],
                "frame callbacks while suspended: \(later["frame_callbacks"] - suspended["frame_callbacks"])")
        // Two idle seconds after the push: at most the snapshot's own signal, no fallback ticks
        // (a 0.1 s timer left armed would wake it 20 times).
        let wakeUps = later["wake_ups"] - done["wake_ups"]
        print("measured: suspended and idle for 2 s: \(wakeUps) wake-ups, \(later["voluntary_ctxt_switches"] - done["voluntary_ctxt_switches"]) voluntary context switches")
        #expect(wakeUps <= 2, "\(wakeUps) wake-ups in 2 s of a suspended idle window")
    }
}
