import Geometry
import CWayland
import CWaylandProtocols
import Motion
import Segue

// Listener tables for WaylandWindow's proxies. They live for the whole process; the window is
// recovered from `data`.

private typealias Owner = ListenerOwner<WaylandWindow>

/// The 32-bit values of a `wl_array` (xdg_toplevel's states and capabilities).
private func uint32s(_ array: UnsafeMutablePointer<wl_array>?) -> [UInt32] {
    guard let array, let data = array.pointee.data else { return [] }
    let count = array.pointee.size / MemoryLayout<UInt32>.stride
    return Array(UnsafeBufferPointer(start: data.assumingMemoryBound(to: UInt32.self), count: count))
}

/// xdg_toplevel.state values, as Segue's ``WindowState``; unknown values (newer protocol
/// versions, v7's `constrained_*`) are ignored. `suspended` is the platform's alone
/// (``isSuspended(_:)``).
private func windowState(_ values: [UInt32]) -> WindowState {
    var state: WindowState = []
    for value in values {
        switch value {
        case XDG_TOPLEVEL_STATE_MAXIMIZED.rawValue: state.insert(.maximized)
        case XDG_TOPLEVEL_STATE_FULLSCREEN.rawValue: state.insert(.fullscreen)
        case XDG_TOPLEVEL_STATE_RESIZING.rawValue: state.insert(.resizing)
        case XDG_TOPLEVEL_STATE_ACTIVATED.rawValue: state.insert(.activated)
        case XDG_TOPLEVEL_STATE_TILED_LEFT.rawValue: state.insert(.tiledLeft)
        case XDG_TOPLEVEL_STATE_TILED_RIGHT.rawValue: state.insert(.tiledRight)
        case XDG_TOPLEVEL_STATE_TILED_TOP.rawValue: state.insert(.tiledTop)
        case XDG_TOPLEVEL_STATE_TILED_BOTTOM.rawValue: state.insert(.tiledBottom)
        default: break
        }
    }
    return state
}

/// xdg-shell v6's `suspended` state is among the values.
private func isSuspended(_ values: [UInt32]) -> Bool {
    values.contains(XDG_TOPLEVEL_STATE_SUSPENDED.rawValue)
}

private func windowCapabilities(_ values: [UInt32]) -> WindowCapabilities {
    var capabilities: WindowCapabilities = []
    for value in values {
        switch value {
        case XDG_TOPLEVEL_WM_CAPABILITIES_WINDOW_MENU.rawValue: capabilities.insert(.windowMenu)
        case XDG_TOPLEVEL_WM_CAPABILITIES_MAXIMIZE.rawValue: capabilities.insert(.maximize)
        case XDG_TOPLEVEL_WM_CAPABILITIES_FULLSCREEN.rawValue: capabilities.insert(.fullscreen)
        case XDG_TOPLEVEL_WM_CAPABILITIES_MINIMIZE.rawValue: capabilities.insert(.minimize)
        default: break
        }
    }
    return capabilities
}

nonisolated(unsafe) let surfaceListener: UnsafeMutablePointer<wl_surface_listener> = {
    let listener = UnsafeMutablePointer<wl_surface_listener>.allocate(capacity: 1)
    listener.initialize(to: wl_surface_listener(
        enter: { data, _, output in
            let id = UInt(bitPattern: output)
            Owner.dispatch(data) { window in
                guard let output = OpaquePointer(bitPattern: id) else { return }
                window.outputsEntered.append(output)
                window.updateScale()
            }
        },
        leave: { data, _, output in
            let id = UInt(bitPattern: output)
            Owner.dispatch(data) { window in
                window.outputsEntered.removeAll { $0 == OpaquePointer(bitPattern: id) }
                window.updateScale()
            }
        }))
    return listener
}()

nonisolated(unsafe) let xdgSurfaceListener: UnsafeMutablePointer<xdg_surface_listener> = {
    let listener = UnsafeMutablePointer<xdg_surface_listener>.allocate(capacity: 1)
    listener.initialize(to: xdg_surface_listener(configure: { data, _, serial in
        Owner.dispatch(data) { $0.surfaceConfigure(serial: serial) }
    }))
    return listener
}()

nonisolated(unsafe) let toplevelListener: UnsafeMutablePointer<xdg_toplevel_listener> = {
    let listener = UnsafeMutablePointer<xdg_toplevel_listener>.allocate(capacity: 1)
    listener.initialize(to: xdg_toplevel_listener(
        configure: { data, _, width, height, states in
            let values = uint32s(states)
            let state = windowState(values), suspended = isSuspended(values)
            Owner.dispatch(data) { window in
                window.pendingSize = (width, height)
                window.pendingStates = state
                window.pendingSuspended = suspended
            }
        },
        close: { data, _ in Owner.dispatch(data) { $0.close() } },
        configure_bounds: { data, _, width, height in
            Owner.dispatch(data) { window in
                window.sizing.bounds = width > 0 && height > 0 ? Size(width: Double(width), height: Double(height)) : nil
            }
        },
        wm_capabilities: { data, _, capabilities in
            let parsed = windowCapabilities(uint32s(capabilities))
            Owner.dispatch(data) { $0.content.capabilities = parsed }
        }))
    return listener
}()

nonisolated(unsafe) let decorationListener: UnsafeMutablePointer<zxdg_toplevel_decoration_v1_listener> = {
    let listener = UnsafeMutablePointer<zxdg_toplevel_decoration_v1_listener>.allocate(capacity: 1)
    listener.initialize(to: zxdg_toplevel_decoration_v1_listener(configure: { data, _, mode in
        Owner.dispatch(data) { $0.decorationConfigured(mode: mode) }
    }))
    return listener
}()

nonisolated(unsafe) let fractionalScaleListener: UnsafeMutablePointer<wp_fractional_scale_v1_listener> = {
    let listener = UnsafeMutablePointer<wp_fractional_scale_v1_listener>.allocate(capacity: 1)
    listener.initialize(to: wp_fractional_scale_v1_listener(preferred_scale: { data, _, scale in
        Owner.dispatch(data) { window in
            guard scale > 0, window.preferredScale120 != scale else { return }
            window.preferredScale120 = scale
            window.scaleChanged()
        }
    }))
    return listener
}()

nonisolated(unsafe) let frameListener: UnsafeMutablePointer<wl_callback_listener> = {
    let listener = UnsafeMutablePointer<wl_callback_listener>.allocate(capacity: 1)
    listener.initialize(to: wl_callback_listener(done: { data, _, time in
        Owner.dispatch(data) { $0.frameDone(time: time) }
    }))
    return listener
}()
