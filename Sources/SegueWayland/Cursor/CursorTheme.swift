import CWayland
import Glibc
import Segue

/// Pointer images from the user's cursor theme (`XCURSOR_THEME`, `XCURSOR_SIZE`; where they are
/// unset, the desktop's `cursor-theme` and `cursor-size` settings), shown on a
/// surface of our own at the window's scale: the theme is loaded at size × scale and the
/// cursor surface gets that buffer scale, so a cursor is as crisp as the window on a HiDPI
/// output. Without a theme the compositor's default cursor simply stays. Used only where the
/// compositor does not take cursors by name (``CursorShapes``).
@MainActor
final class CursorTheme: CursorPresenter {
    private let shm: OpaquePointer
    private var name: String?
    private var size: Int32
    /// Whether the environment named the theme and size (then the desktop's settings do not).
    private let fromEnvironment: (name: Bool, size: Bool)
    /// One theme per scale it was needed at; kept while the window lives (there are few).
    private var themes: [Int32: OpaquePointer] = [:]
    private let surface: OpaquePointer?
    private var current: (cursor: Cursor, scale: Int32)?
    /// The integer scale to draw cursors at (the window's, rounded up when fractional).
    var scale: Int32 = 1

    init(compositor: OpaquePointer, shm: OpaquePointer) {
        self.shm = shm
        name = getenv("XCURSOR_THEME").map { String(cString: $0) }
        let environmentSize = getenv("XCURSOR_SIZE").flatMap { Int32(String(cString: $0)) }
        size = environmentSize.map(CursorTheme.clamped) ?? 24
        fromEnvironment = (name != nil, environmentSize != nil)
        surface = wl_compositor_create_surface(compositor)
    }

    private static func clamped(_ size: Int32) -> Int32 { max(8, min(size, 256)) }

    /// The desktop's cursor theme and size, for what the environment left unset; the next
    /// cursor shown is drawn from them.
    func useDesktopSettings(theme desktopName: String?, size desktopSize: Int?) {
        let newName = fromEnvironment.name ? name : desktopName ?? name
        let newSize = fromEnvironment.size ? size : desktopSize.map { CursorTheme.clamped(Int32(clamping: $0)) } ?? size
        guard newName != name || newSize != size else { return }
        for theme in themes.values { wl_cursor_theme_destroy(theme) }
        themes = [:]
        name = newName
        size = newSize
        current = nil
    }

    /// The cursor surface is the window's, not the pointer's: nothing to forget.
    func pointerReleased(_ pointer: OpaquePointer) {}

    /// The themes (their images, buffers and pool) and the cursor surface go with the window.
    isolated deinit {
        for theme in themes.values { wl_cursor_theme_destroy(theme) }
        if let surface { wl_surface_destroy(surface) }
    }

    private func theme(at scale: Int32) -> OpaquePointer? {
        if let theme = themes[scale] { return theme }
        guard let theme = wl_cursor_theme_load(name, size * scale, shm) else { return nil }
        themes[scale] = theme
        return theme
    }

    /// Shows `cursor` on `pointer`; `serial` is the latest pointer enter's.
    func set(_ cursor: Cursor, on pointer: OpaquePointer, serial: UInt32, force: Bool) {
        let scale = max(1, self.scale)
        guard force || current == nil || current! != (cursor, scale), let surface, let theme = theme(at: scale) else { return }
        guard let wlCursor = wl_cursor_theme_get_cursor(theme, cursor.rawValue)
                ?? wl_cursor_theme_get_cursor(theme, Cursor.default.rawValue),
              wlCursor.pointee.image_count > 0,
              let image = wlCursor.pointee.images[0],
              let buffer = wl_cursor_image_get_buffer(image) else { return }
        // A theme without images near size × scale hands out the nearest it has: show a much
        // smaller one at scale 1 rather than shrink it further (and a buffer's size must be a
        // multiple of its scale).
        let width = Int32(image.pointee.width), height = Int32(image.pointee.height)
        let bigEnough = 4 * width >= 3 * size * scale
        let bufferScale = bigEnough && width % scale == 0 && height % scale == 0 ? scale : 1
        current = (cursor, scale)
        wl_pointer_set_cursor(pointer, serial, surface, Int32(image.pointee.hotspot_x) / bufferScale,
                              Int32(image.pointee.hotspot_y) / bufferScale)
        wl_surface_set_buffer_scale(surface, bufferScale)
        wl_surface_attach(surface, buffer, 0, 0)
        wl_surface_damage_buffer(surface, 0, 0, width, height)
        wl_surface_commit(surface)
    }
}
