import Canvas
import CWayland
import CWaylandProtocols
import Glibc
import Motion
import Segue

/// An `xdg_toplevel` that shows a Segue ``Window``, with frame callbacks as its display link.
///
/// The frame callback is a gate, not a loop: a change marks the window dirty; after each
/// dispatch the window draws if no callback is outstanding, otherwise the callback draws. A
/// callback is requested only while something animates or a gesture is held, so an idle
/// window makes no wake-ups at all.
@MainActor
final class WaylandWindow: WindowHost {
    private let display: WaylandDisplay
    private let content: Window
    private let surface: OpaquePointer
    private let xdgSurface: OpaquePointer
    private let toplevel: OpaquePointer
    private var decoration: OpaquePointer?
    private let pool: ShmBufferPool
    /// Promoted layers in subsurfaces, when the compositor offers `wl_subcompositor` and
    /// `wp_viewporter` (and `SEGUE_SUBSURFACES=0` does not turn them off).
    private let layerSurfaces: LayerSurfaces?
    private let cursorTheme: CursorTheme
    private var fallbackTimer: TimerSource!

    private var pendingSize: (width: Int32, height: Int32)?
    private var windowGeometry: Size?
    private(set) var size: Size
    private var isConfigured = false
    private var outputsEntered: [OpaquePointer] = []
    private var scale: Int32 = 1

    private var frameCallback: OpaquePointer?
    private var needsDraw = true
    private var frameClock = EventClock()
    /// Compositor frame time minus our CLOCK_MONOTONIC reading: lets the fallback clock speak
    /// in the compositor's time base, so animation time never jumps between the two.
    private var clockOffset = 0.0
    private var lastFrameTime = 0.0

    private var pointer: OpaquePointer?
    private var pointerSerial: UInt32 = 0
    private var cursor: Cursor = .default

    /// Commits that attached a new buffer (the others only ask for the next frame callback).
    private(set) var framesDrawn = 0
    /// Collects figures for `segue-demo --stats`.
    var stats: FrameStats?
    /// Called once after the first buffer is committed.
    var onFirstFrame: (() -> Void)?
    var onClose: (() -> Void)?

    static let defaultSize = Size(width: 1024, height: 700)
    static let fallbackInterval = 0.1

    init(display: WaylandDisplay, content: Window, title: String, appID: String, minimumSize: Size) throws {
        guard let compositor = display.compositor, let shm = display.shm, let wmBase = display.wmBase else {
            throw WaylandError.missingGlobal("wl_compositor, wl_shm or xdg_wm_base")
        }
        self.display = display
        self.content = content
        size = WaylandWindow.defaultSize
        pool = ShmBufferPool(shm: shm)
        cursorTheme = CursorTheme(compositor: compositor, shm: shm)
        surface = wl_compositor_create_surface(compositor)
        xdgSurface = xdg_wm_base_get_xdg_surface(wmBase, surface)
        toplevel = xdg_surface_get_toplevel(xdgSurface)
        if let subcompositor = display.subcompositor, let viewporter = display.viewporter,
           getenv("SEGUE_SUBSURFACES").map({ String(cString: $0) }) != "0" {
            layerSurfaces = LayerSurfaces(compositor: compositor, subcompositor: subcompositor, viewporter: viewporter,
                                          shm: shm, parent: surface)
        } else {
            layerSurfaces = nil
        }

        let me = Unmanaged.passUnretained(self).toOpaque()
        wl_surface_add_listener(surface, surfaceListener, me)
        xdg_surface_add_listener(xdgSurface, xdgSurfaceListener, me)
        xdg_toplevel_add_listener(toplevel, toplevelListener, me)
        xdg_toplevel_set_title(toplevel, title)
        xdg_toplevel_set_app_id(toplevel, appID)
        xdg_toplevel_set_min_size(toplevel, Int32(minimumSize.width), Int32(minimumSize.height))
        if let manager = display.decorationManager {
            decoration = zxdg_decoration_manager_v1_get_toplevel_decoration(manager, toplevel)
            zxdg_toplevel_decoration_v1_set_mode(decoration, UInt32(ZXDG_TOPLEVEL_DECORATION_V1_MODE_SERVER_SIDE.rawValue))
        }
        // The first commit carries no buffer: it asks the compositor for a configure.
        wl_surface_commit(surface)

        fallbackTimer = try TimerSource { [weak self] in self?.fallbackTick() }
        display.loop.add(fallbackTimer)
        display.loop.addIdleHandler { [weak self] in self?.drawIfDue() }
        for seat in display.seats { attach(seat) }
        display.onSeatAdded = { [weak self] seat in self?.attach(seat) }
        content.promotesLayers = layerSurfaces != nil
        content.host = self
    }

    private func attach(_ seat: WaylandSeat) {
        seat.onEvent = { [weak self] event in self?.handle(event) }
        seat.onPointerEnter = { [weak self] pointer, serial in
            guard let self else { return }
            self.pointer = pointer
            self.pointerSerial = serial
            self.cursorTheme.set(self.cursor, on: pointer, serial: serial, force: true)
        }
    }

    private func handle(_ event: InputEvent) {
        stats?.inputArrived(at: display.loop.lastReadTime)
        content.handle(event)
    }

    // MARK: WindowHost

    func setNeedsFrame() {
        needsDraw = true
    }

    func setCursor(_ cursor: Cursor) {
        self.cursor = cursor
        if let pointer { cursorTheme.set(cursor, on: pointer, serial: pointerSerial) }
    }

    // MARK: configure

    fileprivate func toplevelConfigure(width: Int32, height: Int32) {
        pendingSize = (width, height)
    }

    fileprivate func surfaceConfigure(serial: UInt32) {
        xdg_surface_ack_configure(xdgSurface, serial)
        if let pending = pendingSize {
            // Zero means "you choose": keep what we have.
            let width = pending.width > 0 ? Double(pending.width) : size.width
            let height = pending.height > 0 ? Double(pending.height) : size.height
            size = Size(width: width, height: height)
            pendingSize = nil
        }
        isConfigured = true
        content.resize(to: size)
        needsDraw = true
    }

    fileprivate func close() {
        onClose?()
    }

    fileprivate func surfaceEntered(_ output: OpaquePointer?) {
        guard let output else { return }
        outputsEntered.append(output)
        updateScale()
    }

    fileprivate func surfaceLeft(_ output: OpaquePointer?) {
        outputsEntered.removeAll { $0 == output }
        updateScale()
    }

    /// The buffer scale follows the densest output the surface is on.
    private func updateScale() {
        let newScale = outputsEntered.compactMap { display.output(for: $0)?.scale }.max() ?? 1
        guard newScale != scale else { return }
        scale = newScale
        needsDraw = true
    }

    // MARK: display link

    /// After every dispatch: draw now when dirty and no frame callback will do it for us.
    private func drawIfDue() {
        guard isConfigured, frameCallback == nil else { return }
        if needsDraw || content.needsDisplay {
            draw()
        } else {
            // Input that changed nothing on screen has no latency to measure.
            stats?.inputShowedNothing()
        }
    }

    fileprivate func frameDone(time ms: UInt32) {
        if let frameCallback { wl_callback_destroy(frameCallback) }
        frameCallback = nil
        stats?.frameCallbackReceived()
        let time = frameClock.seconds(ms)
        clockOffset = time - segue_monotonic_ms() / 1000
        advanceClock(to: time)
        if needsDraw || content.needsDisplay || content.wantsFrames {
            draw()
        } else {
            fallbackTimer.disarm()
        }
    }

    /// Frames stopped (hidden window, stalled compositor): keep the model moving on our own
    /// clock so a transition still completes; drawing resumes with the next callback.
    private func fallbackTick() {
        let now = segue_monotonic_ms() / 1000 + clockOffset
        guard now - lastFrameTime >= WaylandWindow.fallbackInterval else { return }
        advanceClock(to: now)
        if !content.wantsFrames { fallbackTimer.disarm() }
    }

    private func advanceClock(to time: Double) {
        lastFrameTime = max(lastFrameTime, time)
        content.tick(at: lastFrameTime)
    }

    private func draw() {
        let pixelWidth = Int(size.width) * Int(scale), pixelHeight = Int(size.height) * Int(scale)
        if layerSurfaces != nil, windowGeometry != size {
            // Unset, the window geometry is the bounding box of the surface and its subsurfaces,
            // which weston may take with a layer's new position and its old crop (kiosk-shell
            // then kills a fullscreen client for a geometry larger than the output): set it.
            xdg_surface_set_window_geometry(xdgSurface, 0, 0, Int32(size.width), Int32(size.height))
            windowGeometry = size
        }
        let buffer: ShmBuffer?
        do {
            buffer = try pool.acquire(width: pixelWidth, height: pixelHeight)
        } catch {
            logError("\(error)")
            return
        }
        // Every buffer is still on screen: the release that frees one will bring us back here.
        guard let buffer else { return }
        let frameStart = stats?.now()
        let damage = content.prepareFrame(deviceScale: Double(scale))
        // Subsurface state first: the window's commit below applies it, atomically with the frame.
        var layersChanged = false
        if let layerSurfaces {
            let copiedBefore = layerSurfaces.bytesCopied
            do {
                layersChanged = try layerSurfaces.update(content.promotedLayers, scale: scale)
            } catch {
                logError("\(error)")
                layersChanged = true
            }
            stats?.layersShown(content.promotedLayers.count, bytesCopied: layerSurfaces.bytesCopied - copiedBefore,
                               surfacesAlive: layerSurfaces.surfaceCount, buffersAlive: layerSurfaces.bufferCount)
        }
        if let damage {
            // The buffer holds an older frame: repair what changed since it was last shown too
            // (with two buffers in rotation, the last two frames' damage, as foot does).
            let region = buffer.staleRegion.map { $0.union(damage) } ?? damage
            let canvas = buffer.canvas
            canvas.transform = AffineTransform(scaleX: Double(scale), y: Double(scale))
            let report = content.draw(into: canvas, region: region)
            stats?.framePainted(bytes: Int(report.regionPixels) * 4)
            wl_surface_set_buffer_scale(surface, scale)
            wl_surface_attach(surface, buffer.buffer, 0, 0)
            wl_surface_damage_buffer(surface, Int32(damage.minX), Int32(damage.minY),
                                     Int32(damage.width), Int32(damage.height))
            pool.markAttached(buffer, damage: damage)
            framesDrawn += 1
        }
        let changed = damage != nil || layersChanged
        if changed, let stats, let presentation = display.presentation {
            PresentationFeedback.request(presentation, surface: surface, stats: stats)
        }
        if content.wantsFrames {
            frameCallback = wl_surface_frame(surface)
            wl_callback_add_listener(frameCallback, frameListener, Unmanaged.passUnretained(self).toOpaque())
            if !fallbackTimer.isArmed {
                fallbackTimer.arm(delay: WaylandWindow.fallbackInterval, interval: WaylandWindow.fallbackInterval)
            }
        } else if !changed {
            // Nothing to show and nothing to wait for: no commit at all.
            needsDraw = false
            return
        }
        wl_surface_commit(surface)
        needsDraw = false
        // A frame that only moved layers changed the picture too: it counts as drawn.
        if let frameStart, let stats { stats.frameDrawn(start: frameStart, drewBuffer: changed) }
        if framesDrawn == 1 && damage != nil { onFirstFrame?() }
    }
}

private func windowOwner(_ data: UnsafeMutableRawPointer?) -> WaylandWindow? {
    guard let data else { return nil }
    return Unmanaged<WaylandWindow>.fromOpaque(data).takeUnretainedValue()
}

nonisolated(unsafe) private let surfaceListener: UnsafeMutablePointer<wl_surface_listener> = {
    let listener = UnsafeMutablePointer<wl_surface_listener>.allocate(capacity: 1)
    listener.initialize(to: wl_surface_listener(
        enter: { data, _, output in
            let owner = windowOwner(data), id = UInt(bitPattern: output)
            MainActor.assumeIsolated { owner?.surfaceEntered(OpaquePointer(bitPattern: id)) }
        },
        leave: { data, _, output in
            let owner = windowOwner(data), id = UInt(bitPattern: output)
            MainActor.assumeIsolated { owner?.surfaceLeft(OpaquePointer(bitPattern: id)) }
        }))
    return listener
}()

nonisolated(unsafe) private let xdgSurfaceListener: UnsafeMutablePointer<xdg_surface_listener> = {
    let listener = UnsafeMutablePointer<xdg_surface_listener>.allocate(capacity: 1)
    listener.initialize(to: xdg_surface_listener(configure: { data, _, serial in
        let owner = windowOwner(data); MainActor.assumeIsolated { owner?.surfaceConfigure(serial: serial) }
    }))
    return listener
}()

nonisolated(unsafe) private let toplevelListener: UnsafeMutablePointer<xdg_toplevel_listener> = {
    let listener = UnsafeMutablePointer<xdg_toplevel_listener>.allocate(capacity: 1)
    listener.initialize(to: xdg_toplevel_listener(
        configure: { data, _, width, height, _ in
            let owner = windowOwner(data); MainActor.assumeIsolated { owner?.toplevelConfigure(width: width, height: height) }
        },
        close: { data, _ in let owner = windowOwner(data); MainActor.assumeIsolated { owner?.close() } },
        configure_bounds: { _, _, _, _ in },
        wm_capabilities: { _, _, _ in }))
    return listener
}()

nonisolated(unsafe) private let frameListener: UnsafeMutablePointer<wl_callback_listener> = {
    let listener = UnsafeMutablePointer<wl_callback_listener>.allocate(capacity: 1)
    listener.initialize(to: wl_callback_listener(done: { data, _, time in
        let owner = windowOwner(data); MainActor.assumeIsolated { owner?.frameDone(time: time) }
    }))
    return listener
}()
