import CWayland
import CWaylandProtocols
import Segue

/// Cursors by name through `wp_cursor_shape_v1`: the compositor draws them from its own theme
/// at the output's scale, so the client loads no theme and keeps no cursor surface. One shape
/// device per pointer, made when that pointer first shows a cursor.
@MainActor
final class CursorShapes: CursorPresenter {
    private let manager: OpaquePointer
    private var devices: [OpaquePointer: OpaquePointer] = [:]
    private var current: [OpaquePointer: Cursor] = [:]
    /// Unused: the compositor picks the cursor's scale.
    var scale: Int32 = 1

    init(manager: OpaquePointer) {
        self.manager = manager
    }

    /// The shape device goes before its pointer (the protocol's order).
    isolated deinit {
        for device in devices.values { wp_cursor_shape_device_v1_destroy(device) }
    }

    /// The protocol's shape for each of Segue's cursors; the shapes are CSS's cursor names,
    /// the theme names Segue asks for otherwise are their Xcursor counterparts.
    static func shape(for cursor: Cursor) -> wp_cursor_shape_device_v1_shape {
        switch cursor {
        case .default: WP_CURSOR_SHAPE_DEVICE_V1_SHAPE_DEFAULT
        case .pointer: WP_CURSOR_SHAPE_DEVICE_V1_SHAPE_POINTER
        case .grabbing: WP_CURSOR_SHAPE_DEVICE_V1_SHAPE_GRABBING
        case .resizeTop: WP_CURSOR_SHAPE_DEVICE_V1_SHAPE_N_RESIZE
        case .resizeBottom: WP_CURSOR_SHAPE_DEVICE_V1_SHAPE_S_RESIZE
        case .resizeLeft: WP_CURSOR_SHAPE_DEVICE_V1_SHAPE_W_RESIZE
        case .resizeRight: WP_CURSOR_SHAPE_DEVICE_V1_SHAPE_E_RESIZE
        case .resizeTopLeft: WP_CURSOR_SHAPE_DEVICE_V1_SHAPE_NW_RESIZE
        case .resizeTopRight: WP_CURSOR_SHAPE_DEVICE_V1_SHAPE_NE_RESIZE
        case .resizeBottomLeft: WP_CURSOR_SHAPE_DEVICE_V1_SHAPE_SW_RESIZE
        case .resizeBottomRight: WP_CURSOR_SHAPE_DEVICE_V1_SHAPE_SE_RESIZE
        }
    }

    func set(_ cursor: Cursor, on pointer: OpaquePointer, serial: UInt32, force: Bool) {
        guard force || current[pointer] != cursor else { return }
        let device = devices[pointer] ?? {
            let made = wp_cursor_shape_manager_v1_get_pointer(manager, pointer)!
            devices[pointer] = made
            return made
        }()
        current[pointer] = cursor
        wp_cursor_shape_device_v1_set_shape(device, serial, CursorShapes.shape(for: cursor).rawValue)
    }

    func pointerReleased(_ pointer: OpaquePointer) {
        current[pointer] = nil
        if let device = devices.removeValue(forKey: pointer) { wp_cursor_shape_device_v1_destroy(device) }
    }

    func useDesktopSettings(theme: String?, size: Int?) {}
}
