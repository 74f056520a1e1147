import Motion

/// What a window needs from the platform that shows it.
///
/// `Segue` never talks to Wayland: the platform layer implements this and drives the
/// ``Window`` with input, frame ticks and render calls. The window-management requests have
/// defaults that do nothing, for hosts without a window manager (offscreen, a kiosk).
@MainActor
public protocol WindowHost: AnyObject {
    /// Something changed: draw a new frame soon (coalesced with the display link).
    func setNeedsFrame()
    /// The pointer shape to show over the window.
    func setCursor(_ cursor: Cursor)
    /// Lets the compositor move the window with the pointer (or touch) that is pressed now.
    func beginInteractiveMove()
    /// Shows the compositor's window menu at `point` (window coordinates).
    func showWindowMenu(at point: Point)
    /// Asks for maximized (true) or the floating size (false).
    func setMaximized(_ maximized: Bool)
    /// Asks for fullscreen (true) or back (false).
    func setFullscreen(_ fullscreen: Bool)
    /// Asks the compositor to minimize (iconify) the window.
    func minimize()
    /// The user asked to close the window (its close button, Ctrl+Q): the platform ends it.
    func requestClose()
    /// Now, in seconds on the platform's monotonic clock (CLOCK_MONOTONIC on Linux): when things
    /// happened, for the trace. nil (the default) stands for the last frame's time, as offscreen
    /// hosts on a manual clock want.
    var monotonicTime: Double? { get }
}

extension WindowHost {
    public func beginInteractiveMove() {}
    public func showWindowMenu(at point: Point) {}
    public func setMaximized(_ maximized: Bool) {}
    public func setFullscreen(_ fullscreen: Bool) {}
    public func minimize() {}
    public func requestClose() {}
    public var monotonicTime: Double? { nil }
}

/// Pointer shapes, named as in the freedesktop cursor themes.
public enum Cursor: String, Sendable {
    case `default` = "left_ptr"
    case pointer = "hand2"
    case grabbing = "grabbing"
    case resizeTop = "top_side"
    case resizeBottom = "bottom_side"
    case resizeLeft = "left_side"
    case resizeRight = "right_side"
    case resizeTopLeft = "top_left_corner"
    case resizeTopRight = "top_right_corner"
    case resizeBottomLeft = "bottom_left_corner"
    case resizeBottomRight = "bottom_right_corner"
}
