import Segue

/// How the window's cursors reach the compositor: by name, where it offers
/// `wp_cursor_shape_manager_v1` (``CursorShapes``: it draws them from its own theme), or as
/// images from the user's cursor theme on a surface of our own (``CursorTheme``).
@MainActor
protocol CursorPresenter: AnyObject {
    /// The integer scale to draw cursors at (the window's, rounded up when fractional).
    var scale: Int32 { get set }
    /// Shows `cursor` on `pointer`; `serial` is the latest pointer enter's. Unless `force`, a
    /// cursor already shown at this scale is not sent again.
    func set(_ cursor: Cursor, on pointer: OpaquePointer, serial: UInt32, force: Bool)
    /// The pointer is about to be released: forget what belongs to it.
    func pointerReleased(_ pointer: OpaquePointer)
    /// The desktop's cursor theme and size changed (the presenter may not need them).
    func useDesktopSettings(theme: String?, size: Int?)
}

extension WaylandWindow {
    /// Named shapes where the compositor takes them: then no cursor theme is ever loaded.
    static func makeCursorPresenter(display: WaylandDisplay, compositor: OpaquePointer, shm: OpaquePointer) -> CursorPresenter {
        if let manager = display.cursorShapeManager { return CursorShapes(manager: manager) }
        return CursorTheme(compositor: compositor, shm: shm)
    }
}
