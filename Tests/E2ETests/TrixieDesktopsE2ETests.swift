import Geometry
import Canvas
import Foundation
import Motion
import SegueTestKit
import Testing

/// The Debian 13 lane: the bookworm-built segue-demo on the host, in weston 14, sway 1.10,
/// mutter 48 and KWin 6.3 running in the trixie root (``TrixieLane``, docs/TRIXIE-LANE.md),
/// through the same sessions and the same checks as the Debian 12 suites. For each compositor:
/// the window maps without a protocol error, its decorations are the right side's, the edge pop
/// holds at 40 % and plays back on release, and the output scales the headless compositor
/// allows. Screenshots are kept as artifacts/trixie-*.png; the versions in
/// artifacts/trixie-versions.txt. A missing root or compositor fails (`make trixie-root`).
@Suite(.serialized)
struct TrixieDesktopsE2ETests {
    static func isDetailTint(_ c: Color) -> Bool { c.red < 0.95 && c.blue > 0.97 }
    static func isWhite(_ c: Color) -> Bool { c.red > 0.99 && c.green > 0.99 && c.blue > 0.99 }

    /// The app is alive and libwayland logged no `wl_display.error` to it (a protocol error
    /// ends the client; its WAYLAND_DEBUG log shows the event first).
    static func expectNoProtocolError(_ session: some CompositorSession, _ compositor: String) {
        let errors = session.appProtocolLog.all("wl_display", "error", sent: false)
        #expect(errors.isEmpty, "\(compositor): protocol error \(errors.map(\.description))")
        #expect(session.app?.isRunning == true, "\(compositor): segue-demo exited: \(session.appLog.suffix(600))")
    }

    /// The app's last `xdg_surface.set_window_geometry` (x, y, width, height).
    static func windowGeometry(_ log: WaylandDebugLog) throws -> (x: Int, y: Int, width: Int, height: Int) {
        guard let last = log.all("xdg_surface", "set_window_geometry", sent: true).last,
              let x = last.int(0), let y = last.int(1), let w = last.int(2), let h = last.int(3) else {
            throw HarnessError("the app set no window geometry")
        }
        return (x, y, w, h)
    }

    // MARK: the root

    /// The root holds the compositor majors this lane is about; their exact versions go to
    /// artifacts/trixie-versions.txt (and the test output).
    @Test func compositorVersionsAreRecorded() throws {
        let versions = try TrixieLane.recordVersions()
        print("trixie lane: \(versions.joined(separator: ", "))")
        for (package, version) in [("weston", "14."), ("sway", "1.10."), ("mutter", "48."), ("kwin-wayland", "4:6.3.")] {
            #expect(versions.contains { $0.hasPrefix("\(package) \(version)") }, "\(package) \(version)* expected in the root: \(versions)")
        }
    }

    // MARK: weston 14

    /// weston 14's desktop shell offers no decorations (no xdg-decoration global): the app
    /// draws its own header bar — the libadwaita-light band (#EBEBEB) above its content — and
    /// keeps its shadow margin in the window geometry. weston 14 offers no fractional scale.
    @Test func westonMapsWithTheAppsOwnHeaderBar() throws {
        let session = try TrixieLane.weston(width: 1280, height: 800, options: .init(shell: .desktop))
        defer { session.stop() }
        try session.waitForApp()
        let shot = try session.parkedScreenshot()
        session.keep(shot, as: "trixie-weston-desktop")
        Self.expectNoProtocolError(session, "weston 14")
        let log = session.appProtocolLog
        #expect(!log.announced("zxdg_decoration_manager_v1"), "weston 14 announced xdg-decoration")
        #expect(!log.announced("wp_fractional_scale_manager_v1"), "weston 14 announced fractional scale")
        let geometry = try Self.windowGeometry(log)
        #expect(geometry.x > 0 && geometry.y > 0, "window geometry \(geometry): a client-decorated window keeps a shadow margin")
        let origin = try #require(DemoLayout.decoratedWindowOrigin(in: shot), "the first row's dot is not on screen")
        let header = Color(hex: 0xEBEBEB)
        let band = shot.pixel(x: Int(origin.x) + 30, y: Int(origin.y) + Int(DemoLayout.headerHeight) / 2)
        #expect(Surface.channelDistance(band, header) <= 3, "header band at the window's top is \(band), not #EBEBEB")
        let above = shot.pixel(x: Int(origin.x) + 30, y: Int(origin.y) - 2)
        #expect(Surface.channelDistance(above, header) > 16, "the header band reaches above the window geometry: \(above)")
    }

    /// The kiosk edge pop of NavigationE2ETests in weston 14: held at 40 %, released, played back.
    @Test func westonEdgePopHeldAt40Percent() throws {
        let session = try TrixieLane.weston(options: .init(protocolLog: true))
        defer { session.stop() }
        try session.waitForApp()
        Self.expectNoProtocolError(session, "weston 14")
        try Self.checkEdgePop(session, origin: Point(x: 0, y: 0), width: Double(session.width), label: "trixie-weston",
                              settled: session.parkedScreenshot, held: { try session.stableScreenshot() })
    }

    /// weston 14 at `--scale=2`: the first buffer is already 2×, the hairline two device rows.
    @Test func westonFirstFrameAtScale2() throws {
        try OutputScaleE2ETests.checkFirstFrameAtScale2(root: TrixieLane.root, label: "trixie-weston")
    }

    // MARK: sway 1.10

    @Test func swayServerSideDecorations() throws {
        try SwayE2ETests.checkServerSideDecorations(root: TrixieLane.root, label: "trixie-sway")
    }

    @Test func swayEdgePopHeldAt40Percent() throws {
        try SwayE2ETests.checkEdgePopHeldAt40Percent(subsurfaces: true, root: TrixieLane.root, label: "trixie-sway")
    }

    @Test func swayLiveScale2MatchesAFreshStart() throws {
        try SwayE2ETests.checkLiveScaleChange(root: TrixieLane.root, label: "trixie-sway")
    }

    /// sway 1.10 at scale 2 tiles the window at 636 × 372 logical, below its 480 px minimum
    /// height: the tab bar is whole at the tile's bottom (SwayE2ETests' check).
    @MainActor
    @Test func swayTileBelowTheMinimumShowsTheWholeTabBar() throws {
        try SwayE2ETests.checkTileBelowTheMinimum(root: TrixieLane.root, label: "trixie-sway-small-tile")
    }

    /// `output HEADLESS-1 scale 1.5` on sway 1.10: preferred_scale 180, exact 1.5× buffers.
    @Test func swayFractionalScale150() throws {
        let session = try TrixieLane.sway(options: .init(outputWidth: 1206, outputHeight: 944, waylandDebug: true))
        defer { session.stop() }
        try session.waitForApp()
        try session.swaymsg("output HEADLESS-1 scale 1.5")
        try session.waitFor("preferred_scale 180", timeout: 5) {
            session.appProtocolLog.all("wp_fractional_scale_v1", "preferred_scale", sent: false).last?.int(0) == 180
        }
        _ = try session.settledWindow()
        let shot = try session.parkedScreenshot()
        session.keep(shot, as: "trixie-sway-fractional-150")
        Self.expectNoProtocolError(session, "sway 1.10")
        let log = session.appProtocolLog
        try KWinE2ETests.checkFractionalBuffers(log, window: try Self.windowGeometry(log), compositor: "sway 1.10")
    }

    // MARK: mutter 48

    @Test func mutterDrawsTheAppsOwnHeaderBar() throws {
        let session = try TrixieLane.mutter(options: .init(waylandDebug: true))
        defer { session.stop() }
        try MutterE2ETests.checkOwnHeaderBar(session, label: "trixie-mutter")
        Self.expectNoProtocolError(session, "mutter 48")
        #expect(!session.appProtocolLog.announced("zxdg_decoration_manager_v1"), "mutter 48 announced xdg-decoration")
    }

    @Test func mutterEdgePopHeldAt40Percent() throws {
        let session = try TrixieLane.mutter()
        defer { session.stop() }
        try MutterE2ETests.checkEdgePopHeldAtFortyPercent(session, label: "trixie-mutter")
    }

    /// mutter 48 with its virtual monitor (1280 × 800 logical, in device pixels) at scale 2 or
    /// 1.5 (monitors.xml; 1.5 with mutter's experimental scale-monitor-framebuffer): the app is
    /// told preferred_scale 240 or 180 and draws exact scaled buffers; at 2 the list's first-row
    /// hairline (logical row 107, #E5E5EA) is two device rows on screen, white either side.
    @Test(arguments: [2.0, 1.5])
    func mutterScaled(scale: Double) throws {
        let session = try TrixieLane.mutter(width: Int(1280 * scale), height: Int(800 * scale), options: .init(scale: scale))
        defer { session.stop() }
        let shot = try session.waitForApp()
        session.keep(shot, as: "trixie-mutter-scale-\(scale)")
        Self.expectNoProtocolError(session, "mutter 48")
        let log = session.appProtocolLog
        try KWinE2ETests.checkFractionalBuffers(log, window: try Self.windowGeometry(log), compositor: "mutter 48", scale: scale)
        guard scale == 2 else { return }
        let dot = try #require(MutterSession.accentDot(in: shot, scale: 2), "no 2× first-row dot on screen")
        // The dot's centre is at logical (26, 80) in the page, the hairline at logical y 107.
        let x = Int(dot.x) + 2 * 100, hairline = Int(dot.y) + 2 * (107 - 80)
        let rows = (hairline - 1...hairline + 2).map { shot.pixel(x: x, y: $0) }
        let expected = [Color.white, Color(hex: 0xE5E5EA), Color(hex: 0xE5E5EA), Color.white]
        #expect(zip(rows, expected).allSatisfy { Surface.channelDistance($0, $1) <= 2 }, "device rows around the hairline: \(rows)")
    }

    // MARK: KWin 6.3

    /// KWin 6.3 decorates server-side (xdg-decoration mode 2, no shadow margin) and Breeze's
    /// title bar shows above the app's navigation bar: KWin nested in sway, screenshots by grim.
    @Test func kwinServerSideDecorations() throws {
        let session = try TrixieLane.kwin(options: .init(compositorProtocolLog: true, nestedInSway: true))
        defer { session.stop() }
        try KWinE2ETests.checkBreezeTitleBar(session, label: "trixie-kwin")
        Self.expectNoProtocolError(session, "KWin 6.3")
    }

    /// The edge pop in KWin 6.3 nested in sway: held at 40 % (screenshot), released, played back.
    @Test func kwinEdgePopHeldAt40Percent() throws {
        let session = try TrixieLane.kwin(options: .init(nestedInSway: true))
        defer { session.stop() }
        try KWinE2ETests.checkEdgePopHeldAt40Percent(session, label: "trixie-kwin")
        Self.expectNoProtocolError(session, "KWin 6.3")
    }

    /// KWin 6.3 at scale 1.5 or 2 (kwinoutputconfig.json): preferred_scale 180 or 240 and
    /// exact scaled buffers through the app's viewport (the protocol; on the virtual backend
    /// the pixels stay unseen).
    @Test(arguments: [1.5, 2.0])
    func kwinScaled(scale: Double) throws {
        let session = try TrixieLane.kwin(options: .init(scale: scale))
        defer { session.stop() }
        try session.waitForApp()
        Self.expectNoProtocolError(session, "KWin 6.3")
        try KWinE2ETests.checkFractionalBuffers(session.appProtocol, window: try session.windowGeometry(),
                                                compositor: "KWin 6.3", scale: scale)
    }

    // MARK: the edge pop, written once for screenshot sessions

    /// Clicks the first row (the detail page pushes), presses 5 px inside the content's left
    /// edge, drags to 40 % of `width` and holds: the detail page's left edge at 40 % ± 2 px with
    /// the list page left of it and a 40 % update in the trace; released after a pause it plays
    /// back to the detail page exactly (`cancel:pop`). `origin` is the content's top-left corner.
    static func checkEdgePop(_ session: some CompositorSession, origin: Point, width: Double, label: String,
                             settled: () throws -> Surface, held: () throws -> Surface) throws {
        let row = Int(origin.y) + 500
        try session.click(at: Point(x: origin.x + DemoLayout.row(0).x, y: origin.y + DemoLayout.row(0).y))
        let detail = try settled()
        try #require(isDetailTint(detail.pixel(x: Int(origin.x + width / 2), y: row)), "the click did not push the detail page")
        try session.move(to: Point(x: origin.x + 5, y: origin.y + 300), afterMs: 100)
        try session.press()
        try session.drag(to: Point(x: origin.x + 0.4 * width, y: origin.y + 300))
        let shot = try held()
        session.keep(shot, as: "\(label)-pop-held-40")
        let expected = Int(origin.x) + Int((0.4 * width).rounded())
        let edge = shot.firstColumn(inRow: row, from: Int(origin.x), where: isDetailTint)
        #expect(edge.map { abs($0 - expected) <= 2 } == true, "[\(label)] detail page's left edge at \(String(describing: edge)), expected \(expected) ± 2")
        #expect(isWhite(shot.pixel(x: Int(origin.x + 0.2 * width), y: row)), "[\(label)] list page not visible left of the detail page")
        let updates = session.trace.filter { $0.event == .update }.map(\.progress)
        #expect(updates.contains { abs($0 - 0.4) < 0.01 }, "[\(label)] the trace should hold the 40 % update: \(updates.suffix(4))")
        try session.release(afterMs: 150)
        let cancelled = try settled()
        session.keep(cancelled, as: "\(label)-pop-released")
        #expect(cancelled.fractionDiffering(from: detail) < 0.001, "[\(label)] a cancelled pop must restore the detail page exactly")
        let events = session.trace.map { "\($0.event.rawValue):\($0.kind.rawValue)" }
        #expect(events.contains("cancel:pop"), "[\(label)] trace: \(events)")
    }
}
