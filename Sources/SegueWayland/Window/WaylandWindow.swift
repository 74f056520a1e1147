import Geometry
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
    let pool: ShmBufferPool
    /// Promoted layers in subsurfaces (see ``promotesLayers(display:)``).
    let layerSurfaces: LayerSurfaces?
    /// Cursors by name (`wp_cursor_shape_v1`) or from the user's theme.
    let cursors: CursorPresenter
    let feedbacks = PresentationFeedbacks()
    /// What each commit meant to show, for the frame-exact e2e check (off unless asked for).
    let meantFrames = MeantFrameLog()
    private(set) var fallbackTimer: TimerSource!
    /// Times the window's quiet for its delayed idle work (``updateQuietTimer()``).
    private(set) var quietTimer: TimerSource!
    /// The window's ``Segue/Window/activityCount`` and the delay when ``quietTimer`` was armed.
    var quietTimerArmedAt = (activity: -1, delay: 0.0)
    /// Frame callbacks and the fallback clock (``DisplayLink``).
    private(set) var displayLink: DisplayLink!
    private var idleHandler = 0
    private var backgroundWork = 0
    /// What every listener of the window's proxies gets as `data`.
    private(set) var listener: ListenerOwner<WaylandWindow>!

    /// Whether moving layers are shown in subsurfaces the compositor moves: chosen by what the
    /// whole system pays, not the client alone. `SEGUE_SUBSURFACES=1` or `0` decides; otherwise
    /// only where the compositor composites on a GPU (it offers `zwp_linux_dmabuf_v1`) and is not
    /// wlroots 0.15 (its software renderer ignores a `wp_viewport` crop's x/y), and not mutter,
    /// which shows wrong frames with them (``WaylandDisplay/isMutter``): correctness first, what
    /// the swipe costs there is in BENCHMARKS.md. In a software
    /// compositor a subsurface costs more than the pixels it saves the client: weston 10's pixman
    /// renderer filters every subsurface view bilinearly (it has a parent, so a transform), and
    /// during a full-window tab swipe that was 73–77 % of weston's time (perf); the whole system
    /// paid 1.14× libadwaita's per frame with subsurfaces and 0.83× without (BENCHMARKS.md).
    /// Any scale, fractional too (``LayerPlacement``).
    static func promotesLayers(display: WaylandDisplay) -> Bool {
        switch getenv("SEGUE_SUBSURFACES").map({ String(cString: $0) }) {
        case "1": return true
        case "0": return false
        default: return display.offersDmabuf && !display.isWlroots && !display.isMutter
        }
    }

    // MARK: configure state

    var sizing: WindowSizing
    /// What the next `xdg_surface.configure` applies (xdg-shell double-buffers it).
    var pendingSize: (width: Int32, height: Int32) = (0, 0)
    var pendingStates: WindowState = []
    var pendingDecorations: DecorationMode?
    private(set) var isConfigured = false
    /// The window geometry last given to the compositor (surface coordinates).
    var windowGeometry: Rect?
    var opaqueRegionFor: Rect?

    /// The window's size in logical pixels: the window geometry, without the shadow margin.
    var size: Size { sizing.size }

    // MARK: scale

    var outputsEntered: [OpaquePointer] = []
    /// The integer buffer scale: the densest output the surface is on.
    private(set) var integerScale: Int32
    /// `wp_fractional_scale_v1` and the viewport it needs, where the compositor offers both.
    private var fractionalScale: OpaquePointer?
    private(set) var viewport: OpaquePointer?
    /// The compositor's preferred scale × 120 (`wp_fractional_scale_v1.preferred_scale`).
    var preferredScale120: UInt32?
    var viewportDestination: (Int32, Int32)?

    /// Device pixels per logical pixel of the next frame.
    var deviceScale: Double {
        if viewport != nil, let preferredScale120 { return Double(preferredScale120) / 120 }
        return Double(integerScale)
    }
    var usesFractionalScale: Bool { viewport != nil && preferredScale120 != nil }
    /// How the next frame's buffer maps to logical pixels (its layer subsurfaces' too).
    var surfaceScale: SurfaceScale {
        if viewport != nil, let preferredScale120 { return .fractional(numerator: preferredScale120) }
        return .integer(integerScale)
    }

    // MARK: display link

    var frameCallback: OpaquePointer?
    /// The same frame's callback asked of a promoted layer that hides the whole window
    /// (``LayerSurfaces/surfaceHiding(_:among:)``): whichever comes first paces the next frame.
    var layerFrameCallback: OpaquePointer?
    var needsDraw = true
    /// The `suspended` state of the next `xdg_surface.configure` (xdg-shell v6).
    var pendingSuspended = false
    /// What the client-side frame (shadow, corners) was last painted for.
    var paintedFrame: ClientSideFrameKey?

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
    var framesDrawn = 0
    /// Frames were drawn since the idle work last returned memory (``releaseIdleMemory()``).
    var drewSinceMemoryReleased = false
    /// Collects figures for `segue-demo --stats`.
    var stats: FrameStats?
    /// Called once after the first buffer is committed.
    var onFirstFrame: (() -> Void)?
    var onClose: (() -> Void)?

    static let defaultSize = Size(width: 1024, height: 700)

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
        cursors = WaylandWindow.makeCursorPresenter(display: display, compositor: compositor, shm: shm)
        // The cursor starts at the window's guessed scale too: that guess may never change.
        cursors.scale = integerScale
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

        listener = ListenerOwner(self)
        let me = listener.data
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

        fallbackTimer = try TimerSource { [weak self] in self?.displayLink.fallbackFired() }
        displayLink = DisplayLink(content: content, timer: fallbackTimer, monotonicNow: { segue_monotonic_ms() / 1000 })
        display.loop.add(fallbackTimer)
        quietTimer = try TimerSource { [weak self] in self?.quietTimerFired() }
        display.loop.add(quietTimer)
        idleHandler = display.loop.addIdleHandler { [weak self] in
            self?.drawIfDue()
            self?.updateQuietTimer()
        }
        backgroundWork = display.loop.addBackgroundWork(isReady: { [weak self] in self?.idleWorkIsReady ?? false },
                                                        run: { [weak self] in self?.runIdleWork() })
        for seat in display.seats { attach(seat) }
        display.onSeatAdded = { [weak self] seat in self?.attach(seat) }
        display.onSeatRemoved = { [weak self] seat in self?.detach(seat) }
        display.onOutputRemoved = { [weak self] output in self?.outputsEntered.removeAll { $0 == output } }
        display.onOutputsChanged = { [weak self] in self?.updateScale() }
        content.host = self
        // At any scale: at a fractional one the window promotes only layers on whole logical
        // pixels, which subsurfaces show exactly (LayerPlacement).
        content.promotesLayers = layerSurfaces != nil
    }

    /// Destroys the window's proxies, children before parents: the frame callback and
    /// presentation feedbacks, the layer subsurfaces, the surface's extensions (fractional
    /// scale, viewport, decoration), the toplevel, its xdg_surface and surface, then the
    /// buffers; the cursor theme's surface and buffers, or the shape devices, go with
    /// ``cursors``. The connection (``WaylandDisplay``) outlives the window.
    isolated deinit {
        listener.detach()
        display.loop.remove(fallbackTimer)
        display.loop.remove(quietTimer)
        display.loop.removeIdleHandler(idleHandler)
        display.loop.removeBackgroundWork(backgroundWork)
        display.onSeatAdded = nil
        display.onSeatRemoved = nil
        display.onOutputRemoved = nil
        display.onOutputsChanged = nil
        for seat in display.seats {
            seat.onEvent = nil
            seat.onPointerEnter = nil
            seat.onPointerReleased = nil
        }
        feedbacks.destroyAll()
        if let frameCallback { wl_callback_destroy(frameCallback) }
        if let layerFrameCallback { wl_callback_destroy(layerFrameCallback) }
        layerSurfaces?.destroy()
        if let fractionalScale { wp_fractional_scale_v1_destroy(fractionalScale) }
        if let viewport { wp_viewport_destroy(viewport) }
        if let decoration { zxdg_toplevel_decoration_v1_destroy(decoration) }
        xdg_toplevel_destroy(toplevel)
        xdg_surface_destroy(xdgSurface)
        wl_surface_destroy(surface)
        pool.destroyAll()
    }

    private func attach(_ seat: WaylandSeat) {
        seat.onEvent = { [weak self, unowned seat] event in self?.handle(event, from: seat) }
        seat.onPointerEnter = { [weak self] pointer, serial in
            guard let self else { return }
            self.pointer = pointer
            self.pointerSerial = serial
            self.cursors.set(self.shownCursor, on: pointer, serial: serial, force: true)
        }
        seat.onPointerReleased = { [weak self] pointer in
            guard let self else { return }
            self.cursors.pointerReleased(pointer)
            guard self.pointer == pointer else { return }
            self.pointer = nil
            self.pointerBorderEdges = nil
        }
    }

    /// A seat that went away (it already ended what its input held, and its pointer goes
    /// through `onPointerReleased`): its press serial is quoted no more.
    private func detach(_ seat: WaylandSeat) {
        if lastSeat === seat { lastSeat = nil }
        borderTouches.removeAll()
    }

    // MARK: WindowHost

    func setNeedsFrame() {
        needsDraw = true
    }

    // The cursor, the window-management requests and the resize border are in
    // WaylandWindow+Desktop.swift.

    /// Before the first configure: lays the window out at the size it asks for (the one a
    /// compositor that leaves the size to the client gives it), with the decorations it will
    /// have where that is known already, and draws its content caches (``Segue/Window/prepareFirstFrame()``).
    func prepareFirstFrame() {
        guard !isConfigured else { return }
        if let pendingDecorations { content.decorations = pendingDecorations }
        content.resize(to: sizing.size)
        content.prepareFirstFrame()
    }

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
        displayLink.isSuspended = pendingSuspended
        stats?.configureAcknowledged(suspended: pendingSuspended)
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
        cursors.scale = Int32(deviceScale.rounded(.up))
        show(shownCursor, force: true)
    }
}
