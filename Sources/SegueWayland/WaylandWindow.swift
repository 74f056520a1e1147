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
///
/// Where the compositor draws no decorations, the window draws its own header bar (a Segue
/// view) and this class the shadow around it; the shadow's margin doubles as the invisible
/// resize border. The surface is then larger than the window geometry, which excludes it.
@MainActor
final class WaylandWindow: WindowHost {
    let display: WaylandDisplay
    let content: Window
    let surface: OpaquePointer
    let xdgSurface: OpaquePointer
    let toplevel: OpaquePointer
    private var decoration: OpaquePointer?
    private let pool: ShmBufferPool
    /// Promoted layers in subsurfaces (see ``promotesLayers(display:)``).
    private let layerSurfaces: LayerSurfaces?
    let cursorTheme: CursorTheme
    private var fallbackTimer: TimerSource!

    /// Whether moving layers are shown in subsurfaces the compositor moves: chosen by what the
    /// whole system pays, not the client alone. `SEGUE_SUBSURFACES=1` or `0` decides; otherwise
    /// only where the compositor composites on a GPU (it offers `zwp_linux_dmabuf_v1`) and is not
    /// wlroots 0.15 (its software renderer ignores a `wp_viewport` crop's x/y). In a software
    /// compositor a subsurface costs more than the pixels it saves the client: weston 10's pixman
    /// renderer filters every subsurface view bilinearly (it has a parent, so a transform), and
    /// during a full-window tab swipe that was 73–77 % of weston's time (perf); the whole system
    /// paid 1.14× libadwaita's per frame with subsurfaces and 0.83× without (BENCHMARKS.md).
    static func promotesLayers(display: WaylandDisplay) -> Bool {
        switch getenv("SEGUE_SUBSURFACES").map({ String(cString: $0) }) {
        case "1": return true
        case "0": return false
        default: return display.offersDmabuf && !display.isWlroots
        }
    }

    // MARK: configure state

    var sizing: WindowSizing
    /// What the next `xdg_surface.configure` applies (xdg-shell double-buffers it).
    var pendingSize: (width: Int32, height: Int32) = (0, 0)
    var pendingStates: WindowState = []
    var pendingDecorations: DecorationMode?
    private var isConfigured = false
    /// The window geometry last given to the compositor (surface coordinates).
    private var windowGeometry: Rect?
    private var opaqueRegionFor: Rect?

    /// The window's size in logical pixels: the window geometry, without the shadow margin.
    var size: Size { sizing.size }

    // MARK: scale

    var outputsEntered: [OpaquePointer] = []
    /// The integer buffer scale: the densest output the surface is on.
    private var integerScale: Int32
    /// `wp_fractional_scale_v1` and the viewport it needs, where the compositor offers both.
    private var fractionalScale: OpaquePointer?
    private var viewport: OpaquePointer?
    /// The compositor's preferred scale × 120 (`wp_fractional_scale_v1.preferred_scale`).
    var preferredScale120: UInt32?
    private var viewportDestination: (Int32, Int32)?

    /// Device pixels per logical pixel of the next frame.
    var deviceScale: Double {
        if viewport != nil, let preferredScale120 { return Double(preferredScale120) / 120 }
        return Double(integerScale)
    }
    private var usesFractionalScale: Bool { viewport != nil && preferredScale120 != nil }

    // MARK: display link

    private var frameCallback: OpaquePointer?
    var needsDraw = true
    private var frameClock = EventClock()
    /// Compositor frame time minus our CLOCK_MONOTONIC reading: lets the fallback clock speak
    /// in the compositor's time base, so animation time never jumps between the two.
    private var clockOffset = 0.0
    private var lastFrameTime = 0.0
    /// What the client-side frame (shadow, corners) was last painted for.
    private var paintedFrame: ClientSideFrameKey?

    // MARK: input

    var pointer: OpaquePointer?
    var pointerSerial: UInt32 = 0
    /// The cursor the content asked for, and the one shown (a resize cursor over the border).
    var contentCursor: Cursor = .default
    var shownCursor: Cursor = .default
    /// The seat of the latest input: window-management requests quote its press serial.
    var lastSeat: WaylandSeat?
    /// The resize edges under the pointer while it is over the invisible border.
    var pointerBorderEdges: ResizeEdges?
    /// A touch that went down on the border: its events are not the content's.
    var borderTouches: Set<Int32> = []

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
        sizing = WindowSizing(minimumSize: minimumSize, preferredSize: WaylandWindow.defaultSize)
        // The first frame already at the outputs' scale: the compositor says which output the
        // window is on only after it is mapped.
        integerScale = display.largestOutputScale
        pool = ShmBufferPool(shm: shm)
        cursorTheme = CursorTheme(compositor: compositor, shm: shm)
        surface = wl_compositor_create_surface(compositor)
        xdgSurface = xdg_wm_base_get_xdg_surface(wmBase, surface)
        toplevel = xdg_surface_get_toplevel(xdgSurface)
        if let subcompositor = display.subcompositor, let viewporter = display.viewporter,
           WaylandWindow.promotesLayers(display: display) {
            layerSurfaces = LayerSurfaces(compositor: compositor, subcompositor: subcompositor, viewporter: viewporter,
                                          shm: shm, parent: surface)
        } else {
            layerSurfaces = nil
        }
        if let manager = display.fractionalScaleManager, let viewporter = display.viewporter {
            fractionalScale = wp_fractional_scale_manager_v1_get_fractional_scale(manager, surface)
            viewport = wp_viewporter_get_viewport(viewporter, surface)
        }

        let me = Unmanaged.passUnretained(self).toOpaque()
        wl_surface_add_listener(surface, surfaceListener, me)
        xdg_surface_add_listener(xdgSurface, xdgSurfaceListener, me)
        xdg_toplevel_add_listener(toplevel, toplevelListener, me)
        if let fractionalScale { wp_fractional_scale_v1_add_listener(fractionalScale, fractionalScaleListener, me) }
        xdg_toplevel_set_title(toplevel, title)
        xdg_toplevel_set_app_id(toplevel, appID)
        xdg_toplevel_set_min_size(toplevel, Int32(minimumSize.width), Int32(minimumSize.height))
        content.title = title
        if let manager = display.decorationManager {
            decoration = zxdg_decoration_manager_v1_get_toplevel_decoration(manager, toplevel)
            zxdg_toplevel_decoration_v1_add_listener(decoration, decorationListener, me)
            zxdg_toplevel_decoration_v1_set_mode(decoration, UInt32(ZXDG_TOPLEVEL_DECORATION_V1_MODE_SERVER_SIDE.rawValue))
        } else {
            // Nobody else will draw a title bar (weston's desktop shell, GNOME).
            pendingDecorations = .clientSide
        }
        // The first commit carries no buffer: it asks the compositor for a configure.
        wl_surface_commit(surface)

        fallbackTimer = try TimerSource { [weak self] in self?.fallbackTick() }
        display.loop.add(fallbackTimer)
        display.loop.addIdleHandler { [weak self] in self?.drawIfDue() }
        for seat in display.seats { attach(seat) }
        display.onSeatAdded = { [weak self] seat in self?.attach(seat) }
        display.onOutputsChanged = { [weak self] in self?.updateScale() }
        content.host = self
        updateLayerPromotion()
    }

    private func attach(_ seat: WaylandSeat) {
        seat.onEvent = { [weak self, unowned seat] event in self?.handle(event, from: seat) }
        seat.onPointerEnter = { [weak self] pointer, serial in
            guard let self else { return }
            self.pointer = pointer
            self.pointerSerial = serial
            self.cursorTheme.set(self.shownCursor, on: pointer, serial: serial, force: true)
        }
    }

    private func updateLayerPromotion() {
        // Layer subsurfaces are sized for integer scales.
        content.promotesLayers = layerSurfaces != nil && !usesFractionalScale
    }

    // MARK: WindowHost

    func setNeedsFrame() {
        needsDraw = true
    }

    // The cursor, the window-management requests and the resize border are in
    // WaylandWindow+Desktop.swift.

    // MARK: configure

    func surfaceConfigure(serial: UInt32) {
        guard sizing.configure(width: Int(pendingSize.width), height: Int(pendingSize.height), states: pendingStates) else {
            // A maximized or fullscreen configure without a size (weston 10): not acknowledged;
            // the window stays as it was until a configure it can obey arrives.
            return
        }
        xdg_surface_ack_configure(xdgSurface, serial)
        if let pendingDecorations {
            content.decorations = pendingDecorations
            self.pendingDecorations = nil
        }
        content.state = sizing.state
        content.resize(to: sizing.size)
        isConfigured = true
        needsDraw = true
    }

    func decorationConfigured(mode: UInt32) {
        pendingDecorations = mode == UInt32(ZXDG_TOPLEVEL_DECORATION_V1_MODE_CLIENT_SIDE.rawValue) ? .clientSide : DecorationMode.none
    }

    func close() {
        onClose?()
    }

    // MARK: scale

    /// The buffer scale follows the densest output the surface is on (before it is on any,
    /// the densest output there is).
    func updateScale() {
        let scales = outputsEntered.compactMap { display.output(for: $0)?.scale }
        let newScale = scales.max() ?? display.largestOutputScale
        if newScale != integerScale {
            integerScale = newScale
            scaleChanged()
        }
    }

    func scaleChanged() {
        needsDraw = true
        updateLayerPromotion()
        cursorTheme.scale = Int32(deviceScale.rounded(.up))
        show(shownCursor, force: true)
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

    func frameDone(time ms: UInt32) {
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

    /// Window geometry, opaque region and viewport: what the surface says about its size.
    private func updateSurfaceGeometry(margin: Double, surfaceSize: Size) {
        let geometry = Rect(x: margin, y: margin, width: size.width, height: size.height)
        if windowGeometry != geometry {
            // Unset, the window geometry would be the bounding box of the surface and its
            // subsurfaces, shadow included.
            xdg_surface_set_window_geometry(xdgSurface, Int32(margin), Int32(margin), Int32(size.width), Int32(size.height))
            windowGeometry = geometry
        }
        if opaqueRegionFor != geometry, let compositor = display.compositor {
            // The window is opaque but for its rounded top corners: the compositor need not
            // draw what lies below.
            let region = wl_compositor_create_region(compositor)
            let r = margin > 0 ? Int32(WindowFrameMetrics.cornerRadius) : 0
            let x = Int32(margin), y = Int32(margin), w = Int32(size.width), h = Int32(size.height)
            wl_region_add(region, x, y + r, w, h - r)
            if r > 0 { wl_region_add(region, x + r, y, w - 2 * r, r) }
            wl_surface_set_opaque_region(surface, region)
            wl_region_destroy(region)
            opaqueRegionFor = geometry
        }
        if let viewport {
            let destination = usesFractionalScale ? (Int32(surfaceSize.width), Int32(surfaceSize.height)) : (-1, -1)
            if viewportDestination == nil || viewportDestination! != destination {
                // Fractional scale: a buffer of exactly scale × size pixels shown at the logical
                // size (buffer scale 1), so the compositor does not resample it.
                wp_viewport_set_destination(viewport, destination.0, destination.1)
                viewportDestination = destination
            }
        }
    }

    private func draw() {
        let margin = frameMargin
        let scale = deviceScale
        let surfaceSize = Size(width: size.width + 2 * margin, height: size.height + 2 * margin)
        // Fractional: xdg fractional-scale-v1 rounds scale × size half away from zero.
        let pixelWidth = usesFractionalScale ? Int((surfaceSize.width * scale).rounded()) : Int(surfaceSize.width) * Int(integerScale)
        let pixelHeight = usesFractionalScale ? Int((surfaceSize.height * scale).rounded()) : Int(surfaceSize.height) * Int(integerScale)
        let bufferScale: Int32 = usesFractionalScale ? 1 : integerScale
        updateSurfaceGeometry(margin: margin, surfaceSize: surfaceSize)
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
        let origin = Point(x: (margin * scale).rounded(), y: (margin * scale).rounded())
        var damage = content.prepareFrame(deviceScale: scale, origin: origin)
        let frame = margin > 0 ? ClientSideFrame(surfaceSize: surfaceSize,
                                                 window: Rect(x: margin, y: margin, width: size.width, height: size.height),
                                                 isActive: content.state.contains(.activated)) : nil
        let frameKey = frame.map { ClientSideFrameKey(frame: $0, scale: scale) }
        if let frameKey, frameKey != paintedFrame {
            damage = Rect(x: 0, y: 0, width: Double(pixelWidth), height: Double(pixelHeight))
        }
        paintedFrame = frameKey
        // Subsurface state first: the window's commit below applies it, atomically with the frame.
        var layersChanged = false
        if let layerSurfaces {
            let copiedBefore = layerSurfaces.bytesCopied
            do {
                layersChanged = try layerSurfaces.update(content.promotedLayers, scale: bufferScale)
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
            canvas.transform = AffineTransform(scaleX: scale, y: scale)
            if let frame, frame.regionReachesMargin(region, scale: scale) { frame.paintMargin(into: canvas, region: region) }
            canvas.transform = AffineTransform(a: scale, b: 0, c: 0, d: scale, tx: origin.x, ty: origin.y)
            let report = content.draw(into: canvas, region: region)
            if let frame {
                canvas.transform = AffineTransform(scaleX: scale, y: scale)
                frame.paintCorners(into: canvas, region: region, scale: scale)
            }
            stats?.framePainted(bytes: Int(report.regionPixels) * 4)
            wl_surface_set_buffer_scale(surface, bufferScale)
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

/// What the shadow frame depends on: when it changes, the whole buffer is repainted.
private struct ClientSideFrameKey: Equatable {
    var surfaceSize: Size
    var window: Rect
    var isActive: Bool
    var scale: Double

    init(frame: ClientSideFrame, scale: Double) {
        surfaceSize = frame.surfaceSize
        window = frame.window
        isActive = frame.isActive
        self.scale = scale
    }
}
