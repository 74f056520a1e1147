import CWayland
import Glibc
import Segue

/// Pointer images from the user's cursor theme (`XCURSOR_THEME`, `XCURSOR_SIZE`), shown on a
/// surface of our own. Without a theme the compositor's default cursor simply stays.
@MainActor
final class CursorTheme {
    private let theme: OpaquePointer?
    private let surface: OpaquePointer?
    private var current: Cursor?

    init(compositor: OpaquePointer, shm: OpaquePointer) {
        let name = getenv("XCURSOR_THEME")
        let size = getenv("XCURSOR_SIZE").flatMap { Int32(String(cString: $0)) } ?? 24
        theme = wl_cursor_theme_load(name, size, shm)
        surface = theme == nil ? nil : wl_compositor_create_surface(compositor)
    }

    /// Shows `cursor` on `pointer`; `serial` is the latest pointer enter's.
    func set(_ cursor: Cursor, on pointer: OpaquePointer, serial: UInt32, force: Bool = false) {
        guard force || cursor != current, let theme, let surface else { return }
        guard let wlCursor = wl_cursor_theme_get_cursor(theme, cursor.rawValue)
                ?? wl_cursor_theme_get_cursor(theme, Cursor.default.rawValue),
              wlCursor.pointee.image_count > 0,
              let image = wlCursor.pointee.images[0],
              let buffer = wl_cursor_image_get_buffer(image) else { return }
        current = cursor
        wl_pointer_set_cursor(pointer, serial, surface, Int32(image.pointee.hotspot_x), Int32(image.pointee.hotspot_y))
        wl_surface_attach(surface, buffer, 0, 0)
        wl_surface_damage_buffer(surface, 0, 0, Int32(image.pointee.width), Int32(image.pointee.height))
        wl_surface_commit(surface)
    }
}
