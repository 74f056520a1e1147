import CWayland
import CWaylandProtocols
import Glibc

/// The connection to the compositor and the globals Segue binds from its registry.
///
/// It owns every global it binds, seats and outputs included: a `global_remove` detaches and
/// destroys that one at once, and ``disconnect()`` destroys them all, then the connection.
@MainActor
final class WaylandDisplay {
    let display: OpaquePointer
    /// The loop that polls this connection (and the timers of everything on it).
    let loop: EventLoop
    private(set) var registry: OpaquePointer!
    private(set) var compositor: OpaquePointer?
    private(set) var shm: OpaquePointer?
    private(set) var wmBase: OpaquePointer?
    private(set) var decorationManager: OpaquePointer?
    private(set) var presentation: OpaquePointer?
    /// For promoted layers in subsurfaces (``LayerSurfaces``); both optional.
    private(set) var subcompositor: OpaquePointer?
    private(set) var viewporter: OpaquePointer?
    /// `zwp_pointer_gestures_v1` at version 3 or later (hold gestures): fingers resting on a
    /// touchpad catch a settling transition, as a press does.
    private(set) var pointerGestures: OpaquePointer?
    /// `wp_fractional_scale_manager_v1`: the compositor tells each surface its exact scale.
    private(set) var fractionalScaleManager: OpaquePointer?
    /// The compositor is built on wlroots (it offers wlroots' own screencopy or dmabuf-export
    /// globals, which weston, mutter and KWin do not). wlroots 0.15's software renderer ignores
    /// the x/y of a `wp_viewport` source crop, so promoted layers are not used there.
    private(set) var isWlroots = false
    /// The compositor is mutter (it offers GTK's `gtk_shell1`, which weston, KWin and wlroots do
    /// not). mutter 48 shows a promoted layer's new crop at its previous size in about 4 % of a
    /// fast swipe's frames (FrameExactE2ETests, docs/TRIXIE-LANE.md), so layers are not promoted
    /// there by default.
    private(set) var isMutter = false
    /// The compositor offers `zwp_linux_dmabuf_v1`: it composites with a GPU API (weston's GL
    /// renderer, mutter, KWin's OpenGL compositor, wlroots' GLES2/Vulkan renderers), where moving
    /// a subsurface is a textured quad. Software renderers (weston's and wlroots' pixman, KWin's
    /// QPainter) do not offer it.
    private(set) var offersDmabuf = false
    /// `wp_cursor_shape_manager_v1`: the compositor draws named cursors itself, so no cursor
    /// theme is loaded (``CursorShapes``).
    private(set) var cursorShapeManager: OpaquePointer?
    /// The version of `xdg_wm_base` bound: 4 brings `configure_bounds`, 5 `wm_capabilities`,
    /// 6 the `suspended` state.
    private(set) var wmBaseVersion: UInt32 = 0
    private(set) var seats: [WaylandSeat] = []
    private(set) var outputs: [UInt32: WaylandOutput] = [:]

    /// Called when a seat appears (the window wires its input to it).
    var onSeatAdded: ((WaylandSeat) -> Void)?
    /// Called when a seat went away, after it ended what its input held (a drag, a touch)
    /// and before its proxies are destroyed: the window forgets its pointer and serials.
    var onSeatRemoved: ((WaylandSeat) -> Void)?
    /// Called when an output's scale changed in place or an output went away.
    var onOutputsChanged: (() -> Void)?
    /// Called with a `wl_output` proxy about to be destroyed: a surface may still list it
    /// among the outputs it entered.
    var onOutputRemoved: ((OpaquePointer) -> Void)?
    private var listener: ListenerOwner<WaylandDisplay>!
    private var isDisconnected = false

    /// Connects to `$WAYLAND_DISPLAY` (or `wayland-0`) and binds the globals in one round trip;
    /// gives up after ``answerTimeout`` seconds when the compositor does not answer.
    init() throws {
        WaylandLog.install()
        let name = WaylandDisplay.displayName()
        errno = 0
        guard let display = wl_display_connect(nil) else {
            // libwayland's own words ("XDG_RUNTIME_DIR not set in the environment.") or errno's.
            let said = WaylandLog.takeHeld().last.map { $0.hasSuffix(".") ? String($0.dropLast()) : $0 }
            throw WaylandError.cannotConnect(display: name, reason: said ?? (errno != 0 ? String(cString: strerror(errno)) : nil))
        }
        self.display = display
        loop = EventLoop(display: display)
        listener = ListenerOwner(self)
        registry = wl_display_get_registry(display)
        wl_registry_add_listener(registry, registryListener, listener.data)
        do {
            try connect()
        } catch {
            disconnect()
            throw error
        }
    }

    private func connect() throws {
        try roundtrip(within: WaylandDisplay.answerTimeout)
        for (global, name) in [(compositor, "wl_compositor"), (shm, "wl_shm"), (wmBase, "xdg_wm_base")]
        where global == nil {
            throw WaylandError.missingGlobal(name)
        }
        // A second round trip delivers the seats' capabilities and the outputs' scales.
        try roundtrip(within: WaylandDisplay.answerTimeout)
    }

    /// The display a connection attempt uses, for error messages.
    static func displayName() -> String {
        let env = getenv("WAYLAND_DISPLAY").map { String(cString: $0) } ?? "wayland-0"
        if env.hasPrefix("/") { return env }
        guard let runtime = getenv("XDG_RUNTIME_DIR").map({ String(cString: $0) }) else { return env }
        return "\(runtime)/\(env)"
    }

    fileprivate func global(name: UInt32, interface: String, version offered: UInt32) {
        // At ProtocolVersions.bindVersion: what both sides and libwayland's tables speak.
        func bindBest(_ table: UnsafePointer<wl_interface>?, atLeast minimum: UInt32 = 1) -> (OpaquePointer, UInt32)? {
            guard let table, let version = ProtocolVersions.bindVersion(interface, offered: offered,
                                                                         declared: segue_interface_version(table)),
                  version >= minimum, let proxy = bind(name, table, version) else { return nil }
            return (proxy, version)
        }
        switch interface {
        case "wl_compositor":
            compositor = bindBest(segue_wl_compositor_interface())?.0
        case "wl_shm":
            shm = bindBest(segue_wl_shm_interface())?.0
        case "xdg_wm_base":
            guard let (proxy, version) = bindBest(segue_xdg_wm_base_interface()) else { return }
            wmBase = proxy
            wmBaseVersion = version
            xdg_wm_base_add_listener(wmBase, wmBaseListener, nil)
        case "zxdg_decoration_manager_v1":
            decorationManager = bindBest(segue_zxdg_decoration_manager_v1_interface())?.0
        case "wp_presentation":
            presentation = bindBest(segue_wp_presentation_interface())?.0
        case "wl_subcompositor":
            subcompositor = bindBest(segue_wl_subcompositor_interface())?.0
        case "wp_viewporter":
            viewporter = bindBest(segue_wp_viewporter_interface())?.0
        case "wp_fractional_scale_manager_v1":
            fractionalScaleManager = bindBest(segue_wp_fractional_scale_manager_v1_interface())?.0
        case "zwp_pointer_gestures_v1":
            // Hold gestures came with version 3.
            pointerGestures = bindBest(segue_zwp_pointer_gestures_v1_interface(), atLeast: 3)?.0
        case "wp_cursor_shape_manager_v1":
            cursorShapeManager = bindBest(segue_wp_cursor_shape_manager_v1_interface())?.0
        case "zwlr_screencopy_manager_v1", "zwlr_export_dmabuf_manager_v1":
            isWlroots = true
        case "zwp_linux_dmabuf_v1":
            offersDmabuf = true
        case "gtk_shell1":
            isMutter = true
        case "wl_seat":
            if let (proxy, version) = bindBest(segue_wl_seat_interface()) {
                let seat = WaylandSeat(seat: proxy, version: version, registryName: name, display: self)
                seats.append(seat)
                onSeatAdded?(seat)
            }
        case "wl_output":
            if let (proxy, version) = bindBest(segue_wl_output_interface()) {
                let output = WaylandOutput(output: proxy, version: version)
                output.onScaleChanged = { [weak self] in self?.onOutputsChanged?() }
                outputs[name] = output
            }
        default:
            break
        }
    }

    /// The object stays until the client destroys it and the compositor may still send it
    /// events: destroying the proxy now is what guarantees none reaches a freed owner.
    fileprivate func globalRemoved(name: UInt32) {
        if let output = outputs.removeValue(forKey: name) {
            onOutputRemoved?(output.output)
            output.destroy()
            onOutputsChanged?()
        }
        if let index = seats.firstIndex(where: { $0.registryName == name }) {
            let seat = seats.remove(at: index)
            seat.endHeldInput()
            onSeatRemoved?(seat)
            seat.destroy()
        }
    }

    /// Destroys every proxy this connection made, children before parents (each seat's
    /// devices, then the seats, outputs, the other globals, the registry), then disconnects.
    /// Whatever used the connection (the window) must have destroyed its own proxies first.
    func disconnect() {
        guard !isDisconnected else { return }
        isDisconnected = true
        listener?.detach()
        onSeatAdded = nil
        onSeatRemoved = nil
        onOutputsChanged = nil
        onOutputRemoved = nil
        for seat in seats { seat.destroy() }
        seats.removeAll()
        for output in outputs.values { output.destroy() }
        outputs.removeAll()
        if let cursorShapeManager { wp_cursor_shape_manager_v1_destroy(cursorShapeManager) }
        if let pointerGestures { zwp_pointer_gestures_v1_release(pointerGestures) }
        if let fractionalScaleManager { wp_fractional_scale_manager_v1_destroy(fractionalScaleManager) }
        if let viewporter { wp_viewporter_destroy(viewporter) }
        if let subcompositor { wl_subcompositor_destroy(subcompositor) }
        if let presentation { wp_presentation_destroy(presentation) }
        if let decorationManager { zxdg_decoration_manager_v1_destroy(decorationManager) }
        if let wmBase { xdg_wm_base_destroy(wmBase) }
        if let shm { wl_shm_destroy(shm) }
        if let compositor { wl_compositor_destroy(compositor) }
        cursorShapeManager = nil
        pointerGestures = nil
        fractionalScaleManager = nil
        viewporter = nil
        subcompositor = nil
        presentation = nil
        decorationManager = nil
        wmBase = nil
        shm = nil
        compositor = nil
        if let registry { wl_registry_destroy(registry) }
        registry = nil
        wl_display_flush(display)
        wl_display_disconnect(display)
    }

    private func bind(_ name: UInt32, _ interface: UnsafePointer<wl_interface>?, _ version: UInt32) -> OpaquePointer? {
        OpaquePointer(wl_registry_bind(registry, name, interface, version))
    }

    /// The largest scale of any output: the best guess for a first frame, before the
    /// compositor said which outputs the window is on.
    var largestOutputScale: Int32 { outputs.values.map(\.scale).max() ?? 1 }

    /// The output a `wl_surface.enter` names, if we know it.
    func output(for proxy: OpaquePointer?) -> WaylandOutput? {
        outputs.values.first { $0.output == proxy }
    }
}

// Listener tables live for the whole process; owners are recovered from `data`.

nonisolated(unsafe) private let registryListener: UnsafeMutablePointer<wl_registry_listener> = {
    let listener = UnsafeMutablePointer<wl_registry_listener>.allocate(capacity: 1)
    listener.initialize(to: wl_registry_listener(
        global: { data, _, name, interface, version in
            guard let interface else { return }
            let interfaceName = String(cString: interface)
            ListenerOwner<WaylandDisplay>.dispatch(data) { $0.global(name: name, interface: interfaceName, version: version) }
        },
        global_remove: { data, _, name in
            ListenerOwner<WaylandDisplay>.dispatch(data) { $0.globalRemoved(name: name) }
        }))
    return listener
}()

nonisolated(unsafe) private let wmBaseListener: UnsafeMutablePointer<xdg_wm_base_listener> = {
    let listener = UnsafeMutablePointer<xdg_wm_base_listener>.allocate(capacity: 1)
    // Answering pings is what keeps the compositor from calling us unresponsive.
    listener.initialize(to: xdg_wm_base_listener(ping: { _, base, serial in xdg_wm_base_pong(base, serial) }))
    return listener
}()
