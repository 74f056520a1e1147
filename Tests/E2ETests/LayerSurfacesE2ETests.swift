import Geometry
import Canvas
import Foundation
import Motion
import SegueTestKit
import Testing

/// Promoted layers in subsurfaces, in a real weston: what the compositor shows is exactly what
/// the window drawing everything itself shows, a held swipe only moves subsurfaces (no page
/// pixels copied, only the tab bar's own layer repainted, the window's buffer untouched), and
/// subsurfaces do not pile up.
@Suite(.serialized)
struct LayerSurfacesE2ETests {
    static let width = 800, height = 600
    static let config = "[core]\nrepaint-window=16\n"

    /// A held tab swipe, shot at three positions, with and without subsurfaces.
    private func heldSwipeShots(subsurfaces: Bool) throws -> [Surface] {
        let session = try HeadlessSession(width: Self.width, height: Self.height, options: HeadlessSession.Options(
            westonConfig: Self.config, environment: ["SEGUE_SUBSURFACES": subsurfaces ? "1" : "0"]))
        defer { session.stop() }
        try session.waitForApp()
        try session.move(to: Point(x: 700, y: 300), afterMs: 100)
        try session.press()
        var shots: [Surface] = []
        for x in [560.0, 330, 120] {
            try session.drag(to: Point(x: x, y: 300), steps: 8)
            shots.append(try session.stableScreenshot())
        }
        try session.release()
        try session.waitForTransitionsToSettle()
        shots.append(try session.parkedScreenshot())
        return shots
    }

    @Test func aHeldSwipeLooksExactlyTheSameWithSubsurfaces() throws {
        let plain = try heldSwipeShots(subsurfaces: false)
        let layered = try heldSwipeShots(subsurfaces: true)
        for (index, (a, b)) in zip(plain, layered).enumerated() {
            let differing = a.fractionDiffering(from: b, tolerance: 0)
            if differing > 0 {
                a.keepForInspection(as: "e2e-subsurfaces-\(index)-plain")
                b.keepForInspection(as: "e2e-subsurfaces-\(index)-layered")
            }
            #expect(differing == 0, "shot \(index): \(differing * 100) % of the output differs")
        }
        // The shots are of a moving swipe: the pages really moved between them.
        #expect(layered[0].fractionDiffering(from: layered[2]) > 0.2)
    }

    @Test func aHeldSwipeMovesSubsurfacesAndRepaintsOnlyTheBarsLayer() throws {
        let session = try HeadlessSession(width: Self.width, height: Self.height,
                                          options: HeadlessSession.Options(stats: true, westonConfig: Self.config,
                                                                           environment: ["SEGUE_SUBSURFACES": "1"]))
        defer { session.stop() }
        try session.waitForApp()
        try session.move(to: Point(x: 700, y: 300), afterMs: 100)
        try session.press()
        let motions = try session.appStats().pointerEvents
        // The first frames of the swipe show the new page and copy both pages' layers once.
        try session.drag(to: Point(x: 620, y: 300), steps: 10)
        // All ten motions read (a starved app is settled in the state before them), then drawn.
        try session.confirm("the drag's 10 motions") { $0.pointerEvents >= motions + 10 }
        try session.waitForAppToSettle()
        let started = try PerformanceRun.snapshot(session)
        for step in 1...60 {
            try session.move(to: Point(x: 620 - Double(step) * 8, y: 300), afterMs: 16)
            usleep(16_000)
        }
        let moved = try PerformanceRun.snapshot(session)
        try session.release()
        try session.waitForTransitionsToSettle()

        // How many frames the 60 motions get depends on the machine's load; at least one, and
        // never more than one per motion (nothing moves without a motion).
        let frames = moved["frames_drawn"] - started["frames_drawn"]
        print("measured: \(frames) frames for 60 motions in a 1 s held drag")
        #expect(frames >= 1 && frames <= 60, "\(frames) frames for 60 motions")
        #expect(started["layer_bytes_copied"] >= Double(2 * Self.width * 500 * 4), "both pages were copied once")
        // The tab bar has a layer of its own while the pages are promoted: its colours blend
        // with the drag, so its small buffer is the only one copied again (at most once a frame),
        // the pages' never.
        // The demo's bottom bar: the window's width, 60 px high (TabBarController.barHeight), at scale 1.
        let barBytes = Double(Self.width) * 60 * 4
        let copied = moved["layer_bytes_copied"] - started["layer_bytes_copied"]
        #expect(copied <= frames * barBytes, "a pure move copied \(copied) bytes of layer pixels, more than the tab bar's")
        #expect(moved["layers_shown"] - started["layers_shown"] >= 3 * frames, "two pages and the bar in subsurfaces in every frame")
        // The window's own buffer is not repainted at all.
        let painted = moved["painted_bytes"] - started["painted_bytes"]
        #expect(painted == 0, "the window's own buffer was repainted: \(painted) bytes")
    }

    /// By default a software compositor gets no subsurfaces: weston's pixman renderer offers no
    /// `zwp_linux_dmabuf_v1`, and there a subsurface costs the whole system more than it saves
    /// (WaylandWindow.promotesLayers). The same held swipe then draws into the window's buffer.
    @Test func aSoftwareCompositorGetsNoSubsurfacesByDefault() throws {
        let session = try HeadlessSession(width: Self.width, height: Self.height,
                                          options: HeadlessSession.Options(stats: true, westonConfig: Self.config,
                                                                           protocolLog: true))
        defer { session.stop() }
        try session.waitForApp()
        #expect(session.protocolLines("wl_registry@2.global(").contains { $0.contains("\"wl_subcompositor\"") },
                "weston offers subsurfaces")
        #expect(!session.protocolLines("wl_registry@2.global(").contains { $0.contains("\"zwp_linux_dmabuf_v1\"") },
                "weston's pixman renderer offers no dmabuf")
        try session.move(to: Point(x: 700, y: 300), afterMs: 100)
        try session.press()
        try session.drag(to: Point(x: 400, y: 300), steps: 20)
        let held = try PerformanceRun.snapshot(session)
        try session.release()
        try session.waitForTransitionsToSettle()
        #expect(held["layer_surfaces"] == 0 && held["layers_shown"] == 0, "no subsurfaces: \(held.values)")
        #expect(held["painted_bytes"] > 0)
        #expect(session.protocolLines("get_subsurface(").isEmpty, "the app asked for no subsurface")
    }

    @Test func subsurfacesDoNotPileUpOverManyTransitions() throws {
        let session = try HeadlessSession(width: Self.width, height: Self.height,
                                          options: HeadlessSession.Options(stats: true, westonConfig: Self.config,
                                                                           environment: ["SEGUE_SUBSURFACES": "1"]))
        defer { session.stop() }
        try session.waitForApp()
        var switches = 0
        func switchTab() throws {
            try session.type(.tab, holding: [.leftControl])
            switches += 1
            // On a busy machine the app may not have read the keys yet: wait for this switch to begin.
            try session.waitFor("tab switch \(switches) to begin", timeout: 10) {
                session.trace.filter { $0.event == .begin }.count >= switches
            }
            try session.waitForTransitionsToSettle()
        }
        for _ in 0..<8 { try switchTab() }
        let early = try PerformanceRun.snapshot(session)
        for _ in 0..<24 { try switchTab() }
        let late = try PerformanceRun.snapshot(session)
        #expect(late["layers_shown"] > early["layers_shown"], "the tab slides promoted their pages")
        #expect(late["layer_surfaces"] <= 4, "\(late["layer_surfaces"]) subsurfaces alive after 32 transitions")
        #expect(late["layer_buffers"] <= 8, "\(late["layer_buffers"]) layer buffers alive after 32 transitions")
        #expect(late["rss_kb"] - early["rss_kb"] < 4096, "RSS grew by \(late["rss_kb"] - early["rss_kb"]) kB over 24 transitions")
    }
}

extension Surface {
    fileprivate func keepForInspection(as name: String) {
        try? FileManager.default.createDirectory(atPath: Paths.artifacts, withIntermediateDirectories: true)
        try? writePNG(to: Paths.artifacts + "/\(name).png")
    }
}
