import Geometry
import Canvas
import Foundation
import Motion
import SegueTestKit
import Testing

/// Promoted layers beside `wp_fractional_scale_v1`: KWin 5.27 sends a preferred scale (120 at
/// scale 1, 180 at 1.5), so the window's surface is at buffer scale 1 behind a `wp_viewport`
/// and its layer subsurfaces are too (LayerPlacement). mutter 43 offers no fractional scale
/// (mutter 44 added it): there the same layers are at integer scale 1.
///
/// Neither offers `zwp_linux_dmabuf_v1` headless on this machine, so the app would not promote
/// by itself: `SEGUE_SUBSURFACES=1` forces it, `0` forbids it. A tab swipe held mid-way then
/// shows its pages in subsurfaces (each with a viewport whose destination is its logical size,
/// one buffer pixel per device pixel), looks exactly like the window drawing them itself, and
/// a pure move of the held swipe copies no page pixels: the protocol log shows no buffer
/// attached to a page's surface between the two snapshots, only subsurface moves (the tab
/// bar, in a layer of its own, is the one layer repainted).
@Suite(.serialized)
struct FractionalLayersE2ETests {
    /// Where the swipe presses and where it is held, in the app content's logical coordinates.
    static let press = Point(x: 900, y: 300)
    static let heldAt = 420.0

    /// What one run of a held swipe left: the screen at launch and held, the app's protocol
    /// log, its stats once the swipe had begun and once held, and the compositor's CPU time
    /// (ms, where the session can read it) between the two.
    struct HeldSwipe {
        var launch: Surface
        var held: Surface
        var log: WaylandDebugLog
        var begun: PerformanceRun.Snapshot
        var moved: PerformanceRun.Snapshot
        var compositorMs: Double?
        /// The app's protocol messages (indices into `log.messages`) sent between the two
        /// snapshots: the pure move.
        var pureMove: Range<Int>
    }

    typealias Run = (held: Surface, begun: PerformanceRun.Snapshot, moved: PerformanceRun.Snapshot, compositorMs: Double?,
                     pureMove: Range<Int>)

    /// Presses in the content, drags 80 px (the swipe begins: the pages' layers are made and
    /// copied once), then moves `step` px at a time to ``heldAt`` (or just past it) and holds:
    /// a pure move. The held screen is shot after the second snapshot, so that the compositor's
    /// CPU (`compositorCPU`, ms) between the snapshots leaves the screenshot out.
    /// `screen` maps content coordinates to the screen's; `shot` takes a stable screenshot.
    private static func holdSwipe(_ session: some CompositorSession, stats: String, step: Double,
                                  screen: (Point) throws -> Point, shot: () throws -> Surface,
                                  compositorCPU: () -> Double? = { nil }) throws -> Run {
        try session.move(to: try screen(press), afterMs: 100)
        try session.press()
        try session.drag(to: try screen(Point(x: press.x - 80, y: press.y)), steps: 10)
        // The swipe's first frames drawn (the app says so) before the counters are read.
        try session.waitForAppToSettle()
        let begun = try PerformanceRun.snapshot(session, statsPath: stats)
        // The app wrote its snapshot after every request it had sent: the log so far is the
        // swipe's beginning (libwayland writes each message to stderr unbuffered, as it sends it).
        let moveStart = session.appProtocolLog.messages.count
        let compositorBefore = compositorCPU()
        var x = press.x - 80
        while x > heldAt {
            x -= step
            try session.move(to: try screen(Point(x: x, y: press.y)), afterMs: 16)
        }
        // The last motion's frame drawn (the app says so), before the snapshot reads the counters.
        try session.waitForAppToSettle()
        let moved = try PerformanceRun.snapshot(session, statsPath: stats)
        let moveEnd = session.appProtocolLog.messages.count
        let compositorMs = compositorCPU().flatMap { after in compositorBefore.map { after - $0 } }
        let held = try shot()
        try session.release()
        try session.waitForTransitionsToSettle()
        return (held, begun, moved, compositorMs, moveStart..<moveEnd)
    }

    /// `SEGUE_SUBSURFACES=1` forces promotion, `0` forbids it, nil leaves the app's own choice.
    private static func environment(_ subsurfaces: Bool?) -> [String: String] {
        subsurfaces.map { ["SEGUE_SUBSURFACES": $0 ? "1" : "0"] } ?? [:]
    }

    /// A held swipe in mutter: the host's (43) or, in the Debian 13 lane, mutter 48.
    private static func mutter(subsurfaces: Bool?, root: CompositorRoot = .host) throws -> HeldSwipe {
        let stats = KeyRepeatE2ETests.statsPath()
        defer { try? FileManager.default.removeItem(atPath: stats) }
        var options = MutterSession.Options(waylandDebug: true, environment: environment(subsurfaces), arguments: ["--stats", stats])
        options.root = root
        let session = try MutterSession(options: options, name: "mutterLayers\(subsurfaces.map(String.init) ?? "Default")")
        defer { session.stop() }
        let launch = try session.waitForApp()
        let content = try MutterE2ETests.content(in: launch)
        let run = try holdSwipe(session, stats: stats, step: 8, screen: { content.point($0.x, $0.y) },
                                shot: { try session.stableScreenshot() }, compositorCPU: { session.compositorCPU()?.schedMs })
        return HeldSwipe(launch: launch, held: run.held, log: session.appProtocolLog, begun: run.begun, moved: run.moved,
                         compositorMs: run.compositorMs, pureMove: run.pureMove)
    }

    private static func kwin(scale: Double, subsurfaces: Bool, step: Double = 8) throws -> HeldSwipe {
        let stats = KeyRepeatE2ETests.statsPath()
        defer { try? FileManager.default.removeItem(atPath: stats) }
        let session = try KWinSession(options: .init(scale: scale, environment: environment(subsurfaces),
                                                     arguments: ["--stats", stats]))
        defer { session.stop() }
        try session.waitForApp()
        let launch = try session.parkedScreenshot(native: true)
        // Server-side decorations: the surface is the content, from its top-left corner.
        let run = try holdSwipe(session, stats: stats, step: step, screen: session.screenPoint,
                                shot: { try session.stableScreenshot(native: true) },
                                compositorCPU: { session.compositorCPU()?.schedMs })
        return HeldSwipe(launch: launch, held: run.held, log: session.appProtocol, begun: run.begun, moved: run.moved,
                         compositorMs: run.compositorMs, pureMove: run.pureMove)
    }

    /// The protocol facts of a promoted held swipe at `scale` device pixels per logical pixel.
    private static func expectLayersInSubsurfaces(_ run: HeldSwipe, scale: Double, preferredScale: Int?, _ name: String,
                                                  sourceLocation: SourceLocation = #_sourceLocation) throws {
        let log = run.log
        print("measured: \(name): offered zwp_linux_dmabuf_v1 \(log.announced("zwp_linux_dmabuf_v1")), "
              + "wp_fractional_scale_manager_v1 \(log.announced("wp_fractional_scale_manager_v1"))")
        let surface = try #require(log.toplevelSurface, "\(name): no xdg_toplevel surface in the app's log",
                                   sourceLocation: sourceLocation)
        if let preferredScale {
            let fractional = log.extensionObject("wp_fractional_scale_v1", of: surface)
            let scales = fractional.map { log.on($0, "preferred_scale").compactMap { $0.int(0) } } ?? []
            #expect(scales.last == preferredScale, "\(name): preferred_scale events \(scales)", sourceLocation: sourceLocation)
        }
        // Each layer's surface: a subsurface of the window's, its buffers at buffer scale 1
        // (fractional) or the output's, its viewport's destination the logical size of the
        // source crop: source = destination × scale buffer pixels, one per device pixel.
        let subsurfaces = log.all("wl_subcompositor", "get_subsurface", sent: true)
        #expect(subsurfaces.count >= 2, "\(name): \(subsurfaces.count) subsurfaces for a swipe's two pages",
                sourceLocation: sourceLocation)
        let bufferScale = preferredScale == nil ? Int(scale) : 1
        var placements = 0
        for made in subsurfaces {
            let child = try #require(made.object(1), sourceLocation: sourceLocation)
            #expect(made.object(2) == surface, "\(name): \(made) is not on the window's surface \(surface)",
                    sourceLocation: sourceLocation)
            let viewport = try #require(log.extensionObject("wp_viewport", of: child), "\(name): no wp_viewport on \(child)",
                                        sourceLocation: sourceLocation)
            for (source, destination) in zip(log.on(viewport, "set_source"), log.on(viewport, "set_destination")) {
                placements += 1
                let width = (source.double(2) ?? -1) * Double(bufferScale), height = (source.double(3) ?? -1) * Double(bufferScale)
                // wp_viewport: a destination of (-1, -1) unsets it, and the surface's size is
                // then the source's (surface coordinates), which must be whole.
                let unset = destination.int(0) == -1 && destination.int(1) == -1
                let logical = unset ? (source.double(2) ?? -1, source.double(3) ?? -1)
                    : (Double(destination.int(0) ?? -1), Double(destination.int(1) ?? -1))
                #expect(!unset || (logical.0 == logical.0.rounded() && logical.1 == logical.1.rounded()),
                        "\(name): \(source) without a destination is not whole", sourceLocation: sourceLocation)
                #expect(width == logical.0 * scale && height == logical.1 * scale,
                        "\(name): \(source) then \(destination): not one buffer pixel per device pixel at \(scale)",
                        sourceLocation: sourceLocation)
            }
            let scales = log.on(child, "set_buffer_scale").compactMap { $0.int(0) }
            #expect(!scales.isEmpty && scales.allSatisfy { $0 == bufferScale }, "\(name): \(child) set_buffer_scale \(scales)",
                    sourceLocation: sourceLocation)
        }
        #expect(placements >= 2, "\(name): \(placements) viewport placements", sourceLocation: sourceLocation)
        // The held swipe moved them: one set_position per layer per frame that moved.
        let positions = log.all("wl_subsurface", "set_position", sent: true).count
        #expect(positions >= 10, "\(name): \(positions) wl_subsurface.set_position in a held swipe", sourceLocation: sourceLocation)

        // Between the two snapshots only motions, from the protocol: the layers' subsurfaces
        // moved, and no buffer was attached to (nor damage posted on) a page's surface, so no
        // page pixel reached the compositor anew. The tab bar's colours blend with the drag: in
        // a layer of its own (where it lands on whole logical pixels) its one surface may take
        // new buffers; elsewhere the window's own surface repaints it.
        let layerSurfaces = Set(subsurfaces.compactMap { $0.object(1) })
        let move = log.messages[run.pureMove.clamped(to: log.messages.indices)]
        let layerBuffers = move.filter {
            $0.sent && $0.interface == "wl_surface" && layerSurfaces.contains($0.object)
                && (($0.name == "attach" && $0.object(0) != nil) || $0.name == "damage_buffer" || $0.name == "damage")
        }
        let moves = move.filter { $0.sent && $0.interface == "wl_subsurface" && $0.name == "set_position" }
        print("measured: \(name): pure move \(move.count) messages, \(moves.count) wl_subsurface.set_position, "
              + "\(layerBuffers.count) attaches or damages on layer surfaces")
        #expect(run.pureMove.count > 0 && run.pureMove.upperBound <= log.messages.count,
                "\(name): the pure move's messages \(run.pureMove) are not in the log (\(log.messages.count))", sourceLocation: sourceLocation)
        #expect(moves.count >= 2, "\(name): \(moves.count) wl_subsurface.set_position in the pure move", sourceLocation: sourceLocation)
        let repainted = Set(layerBuffers.map(\.object))
        #expect(repainted.count <= 1, "\(name): the pure move sent pixels to \(repainted.count) layers: \(layerBuffers.prefix(4))",
                sourceLocation: sourceLocation)

        // The app's own counters agree: the pages moved, no layer pixel was copied.
        let frames = run.moved["frames_drawn"] - run.begun["frames_drawn"]
        let copied = run.moved["layer_bytes_copied"] - run.begun["layer_bytes_copied"]
        let painted = (run.moved["painted_bytes"] - run.begun["painted_bytes"]) / max(1, frames)
        print("measured: \(name): \(frames) frames of pure move, layer bytes copied \(copied), "
              + "window bytes painted per frame \(painted), layers shown \(run.moved["layers_shown"] - run.begun["layers_shown"])")
        #expect(frames >= 1, "\(name): no frame in the held swipe's move", sourceLocation: sourceLocation)
        #expect(run.begun["layer_bytes_copied"] > 0, "\(name): the pages' layers were never copied", sourceLocation: sourceLocation)
        // The bar (60 logical pixels high) is under a tenth of the two pages (the rest of the
        // window's height each) copied when the swipe began.
        #expect(copied <= frames * run.begun["layer_bytes_copied"] / 10,
                "\(name): a pure move copied \(copied) bytes of layer pixels, more than the tab bar's", sourceLocation: sourceLocation)
        #expect(run.moved["layers_shown"] - run.begun["layers_shown"] >= 2 * frames,
                "\(name): not two pages in subsurfaces in every frame", sourceLocation: sourceLocation)
    }

    /// The held swipe with subsurfaces is the one without, to the last bit; and it is a swipe.
    private static func expectSameScreen(_ layered: HeldSwipe, _ plain: HeldSwipe, _ name: String,
                                         sourceLocation: SourceLocation = #_sourceLocation) {
        try? FileManager.default.createDirectory(atPath: Paths.artifacts, withIntermediateDirectories: true)
        try? layered.held.writePNG(to: Paths.artifacts + "/\(name)-held-layered.png")
        try? plain.held.writePNG(to: Paths.artifacts + "/\(name)-held-plain.png")
        let differing = layered.held.fractionDiffering(from: plain.held, tolerance: 0)
        #expect(differing == 0, "\(name): \(differing * 100) % of the screen differs with subsurfaces", sourceLocation: sourceLocation)
        #expect(layered.held.fractionDiffering(from: layered.launch) > 0.1, "\(name): the held swipe looks like the launch",
                sourceLocation: sourceLocation)
        // What each side cost per frame of the pure move: the app (getrusage) and the compositor
        // (schedstat), printed, never asserted (speed belongs to benchmarks).
        for (side, run) in [("with subsurfaces", layered), ("without", plain)] {
            let frames = max(1, run.moved["frames_drawn"] - run.begun["frames_drawn"])
            let app = (run.moved["cpu_ms"] - run.begun["cpu_ms"]) / frames
            let compositor = run.compositorMs.map { $0 / frames }
            print("measured: \(name) \(side): \(Int(frames)) frames, per frame app \(String(format: "%.3f", app)) ms"
                  + (compositor.map { String(format: ", compositor %.3f ms, whole %.3f ms", $0, $0 + app) } ?? ""))
        }
        let plainCopied = plain.moved["layer_bytes_copied"], plainShown = plain.moved["layers_shown"]
        #expect(plainCopied == 0 && plainShown == 0, "\(name): SEGUE_SUBSURFACES=0 still promoted", sourceLocation: sourceLocation)
    }

    @Test func mutter43AtScale1() throws {
        let layered = try Self.mutter(subsurfaces: true)
        try Self.expectLayersInSubsurfaces(layered, scale: 1, preferredScale: nil, "mutter-layers")
        let plain = try Self.mutter(subsurfaces: false)
        Self.expectSameScreen(layered, plain, "mutter-layers")
    }

    /// mutter 48 (the Debian 13 lane) offers `zwp_linux_dmabuf_v1` and fractional scale, and
    /// sends a preferred scale of 120 at scale 1: the app promotes its layers by itself there
    /// (no SEGUE_SUBSURFACES), each in a subsurface behind a viewport at buffer scale 1.
    /// mutter 48 offers dmabuf, but the app does not promote there by default: the frame-exact
    /// check saw wrong frames with layers (FrameExactE2ETests). Asked to (`SEGUE_SUBSURFACES=1`),
    /// the layers' requests are those of preferred scale 120, and the held screen is the same.
    @Test func mutter48PromotesOnlyWhenAskedAtPreferredScale120() throws {
        let plain = try Self.mutter(subsurfaces: nil, root: TrixieLane.root)
        #expect(plain.log.announced("zwp_linux_dmabuf_v1"), "mutter 48 should offer zwp_linux_dmabuf_v1")
        #expect(plain.log.announced("gtk_shell1"), "mutter 48 should offer gtk_shell1 (how the app knows mutter)")
        #expect(plain.log.all("wl_subcompositor", "get_subsurface", sent: true).isEmpty,
                "the app promoted layers on mutter 48 by default")
        #expect(plain.moved["layers_shown"] == 0, "layers were shown on mutter 48 by default")
        let layered = try Self.mutter(subsurfaces: true, root: TrixieLane.root)
        #expect(layered.log.announced("wp_fractional_scale_manager_v1"), "mutter 48 should offer fractional scale")
        try Self.expectLayersInSubsurfaces(layered, scale: 1, preferredScale: 120, "mutter48-layers")
        Self.expectSameScreen(layered, plain, "mutter48-layers")
    }

    @Test func kwinAtPreferredScale120() throws {
        let layered = try Self.kwin(scale: 1, subsurfaces: true)
        try Self.expectLayersInSubsurfaces(layered, scale: 1, preferredScale: 120, "kwin-layers-120")
        let plain = try Self.kwin(scale: 1, subsurfaces: false)
        Self.expectSameScreen(layered, plain, "kwin-layers-120")
    }

    @Test func kwinAtPreferredScale180() throws {
        let layered = try Self.kwin(scale: 1.5, subsurfaces: true)
        try Self.expectLayersInSubsurfaces(layered, scale: 1.5, preferredScale: 180, "kwin-layers-180")
        let plain = try Self.kwin(scale: 1.5, subsurfaces: false)
        Self.expectSameScreen(layered, plain, "kwin-layers-180")
    }

    /// Odd steps: a page at an odd logical x is at a half device pixel at 1.5, where no
    /// subsurface can be; the window then moves pages on the device pixels that are whole
    /// logical ones too, so that every frame of the move still only moves subsurfaces.
    @Test func kwinAtPreferredScale180MovingByOddSteps() throws {
        let layered = try Self.kwin(scale: 1.5, subsurfaces: true, step: 3)
        try Self.expectLayersInSubsurfaces(layered, scale: 1.5, preferredScale: 180, "kwin-layers-180-odd")
        let plain = try Self.kwin(scale: 1.5, subsurfaces: false, step: 3)
        Self.expectSameScreen(layered, plain, "kwin-layers-180-odd")
    }
}
