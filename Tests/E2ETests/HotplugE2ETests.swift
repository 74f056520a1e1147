import Geometry
import Canvas
import Foundation
import Motion
import SegueTestKit
import Testing

/// The seat and outputs unplugged under the running app, and plugged back in, through the
/// test module (`seat remove|add`, `output add|remove NAME`): the app lets go of every object
/// whose global went away, ends what a vanished seat held, stays alive, draws, takes input
/// from the seat that comes back, and still exits 0 (under `make test-asan`, with
/// LeakSanitizer's verdict in that status).
///
/// weston removes a seat without a leave event and keeps sending events to a removed output
/// until the client releases it (the module sends one `wl_output.done` after the
/// `global_remove`): a client that freed its object at the `global_remove` but kept the proxy
/// reads freed memory there.
@Suite(.serialized)
struct HotplugE2ETests {
    static let width = NavigationE2ETests.width, height = NavigationE2ETests.height
    static let dragRow = 300.0
    static let backgroundRow = NavigationE2ETests.backgroundRow

    /// With the moving pages in subsurfaces (`SEGUE_SUBSURFACES=1`), so that the exit also
    /// destroys layer subsurfaces and their buffers.
    @Test func aSeatRemovedMidDragEndsTheDragAndTheAppLivesOn() throws {
        let session = try HeadlessSession(width: Self.width, height: Self.height,
                                          options: .init(environment: ["SEGUE_SUBSURFACES": "1"], protocolLog: true))
        defer { session.stop() }
        try session.waitForApp()
        guard let app = session.app else { throw HarnessError("no app") }
        try session.click(at: NavigationE2ETests.firstRow)
        let detailShot = try session.parkedScreenshot()
        #expect(NavigationE2ETests.isDetailTint(detailShot.pixel(x: 400, y: Self.backgroundRow)), "the click did not push the detail page")

        // A second output comes and goes while an interactive pop is held: the drag goes on.
        try session.send("output add second")
        try session.move(to: Point(x: 5, y: Self.dragRow), afterMs: 100)
        try session.press()
        try session.drag(to: Point(x: 0.4 * Double(Self.width), y: Self.dragRow))
        try session.send("output remove second")
        try session.drag(to: Point(x: 0.5 * Double(Self.width), y: Self.dragRow), steps: 4)
        let held = try session.stableScreenshot()
        #expect(!session.protocolLines("get_subsurface(").isEmpty, "the held pop moves no subsurface")
        let edge = held.firstColumn(inRow: Self.backgroundRow, where: NavigationE2ETests.isDetailTint)
        #expect(edge.map { abs($0 - 400) <= 2 } == true, "the detail page's left edge at \(String(describing: edge)), expected 400 ± 2")

        // The seat goes with the button held: as when the pointer leaves, the pop is cancelled.
        try session.send("seat remove")
        try session.waitFor("the held pop to be cancelled", timeout: 5) { session.traceCount(.cancel) == 1 }
        try session.waitForTransitionsToSettle()
        #expect(app.isRunning, "the app died when its seat went: \(session.appLog.suffix(2000))")
        let cancelled = try session.stableScreenshot()
        session.keep(cancelled, as: "e2e-hotplug-seat-removed")
        // The only difference allowed is the cursor, which went with the seat (24 × 24 px).
        #expect(cancelled.fractionDiffering(from: detailShot) < 0.003, "the cancelled pop must restore the detail page")

        // The seat comes back: once the app bound its devices, Back pops (the press also gives
        // the window keyboard focus on the new seat), and Ctrl+Q ends the app with status 0.
        try session.send("seat add")
        try session.waitFor("the app to bind the new seat's keyboard", timeout: 5) {
            session.protocolLines("get_keyboard(").count == 2
        }
        try session.click(at: DemoLayout.backButton)
        let listShot = try session.parkedScreenshot()
        session.keep(listShot, as: "e2e-hotplug-seat-back")
        #expect(NavigationE2ETests.isWhite(listShot.pixel(x: 400, y: Self.backgroundRow)), "Back did not pop to the list page")
        #expect(Surface.channelDistance(listShot.pixel(x: 26, y: 80), Color(hex: 0x3478F6)) <= 3, "no accent dot on the list page")
        try quit(session, app)
    }

    /// The output the window is on goes away and comes back (scale 2): the window leaves it,
    /// draws at the scale of what is left, and is back at scale 2 on the new output.
    @Test func theWindowsOutputUnpluggedAndPluggedBack() throws {
        let session = try HeadlessSession(width: Self.width, height: Self.height, options: .init(protocolLog: true, scale: 2))
        defer { session.stop() }
        try session.waitForApp()
        guard let app = session.app else { throw HarnessError("no app") }
        let before = try session.parkedScreenshot()
        // The window's own surface (the cursor's has buffer scales of its own).
        let surface = try #require(session.protocolLines("get_xdg_surface(").first?
            .split(separator: " ").last?.trimmingCharacters(in: CharacterSet(charactersIn: ")")))
        func windowScales() -> [String] { session.protocolLines("\(surface).set_buffer_scale(") }

        try session.send("output remove headless")
        try session.waitFor("wl_surface.leave", timeout: 5) { !session.protocolLines(".leave(wl_output@").isEmpty }
        // With no output left, the window draws at scale 1 (it is on none, and there is none).
        try session.waitFor("a frame at scale 1", timeout: 5) {
            windowScales().last?.hasSuffix("set_buffer_scale(1)") == true
        }
        #expect(app.isRunning, "the app died when its output went: \(session.appLog.suffix(2000))")
        // weston 10 leaves the surface off an output added back before it handled that commit
        // (no wl_surface.enter ever comes): give it time to. Nothing shows that it has: with no
        // output weston repaints nothing, so no frame callback or buffer release answers the
        // commit; this is the one wait left on time alone (docs/TEST-HARNESS.md).
        Thread.sleep(forTimeInterval: 0.3)
        try session.send("output add headless")
        try session.waitFor("wl_surface.enter on the new output", timeout: 5) {
            session.protocolLines(".enter(wl_output@").count == 2
        }

        // A click on the first row pushes the detail page: the app draws, at scale 2 again.
        try session.click(at: NavigationE2ETests.firstRow)
        let detail = try session.parkedScreenshot()
        #expect(detail.width == 2 * Self.width && detail.height == 2 * Self.height)
        #expect(NavigationE2ETests.isDetailTint(detail.pixel(x: 800, y: 2 * Self.backgroundRow)), "the click did not push the detail page")
        #expect(windowScales().last?.hasSuffix("set_buffer_scale(2)") == true, "\(windowScales().suffix(3))")
        #expect(detail.fractionDiffering(from: before) > 0.1, "the detail page looks like the list page")
        try quit(session, app)
    }

    /// Ctrl+Q: the app must end through its own exit (status 0, LeakSanitizer's verdict in an
    /// AddressSanitizer build), not the harness's SIGTERM.
    private func quit(_ session: HeadlessSession, _ app: Subprocess) throws {
        try session.type(.q, holding: [.leftControl])
        let status = app.waitForExit(timeout: 60)
        #expect(status == 0, "exit status \(String(describing: status)): \(session.appLog.suffix(3000))")
    }
}
