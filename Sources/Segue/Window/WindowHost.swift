import Geometry
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
    /// Does nothing: a host without a window manager cannot move the window.
    public func beginInteractiveMove() {}
    /// Does nothing: a host without a window manager has no window menu.
    public func showWindowMenu(at point: Point) {}
    /// Does nothing: a host without a window manager keeps one size.
    public func setMaximized(_ maximized: Bool) {}
    /// Does nothing: a host without a window manager keeps one size.
    public func setFullscreen(_ fullscreen: Bool) {}
    /// Does nothing: a host without a window manager cannot minimize.
    public func minimize() {}
    /// Does nothing: the window stays until its host ends it.
    public func requestClose() {}
    /// nil: the window uses the last frame's time, as on a manual clock.
    public var monotonicTime: Double? { nil }
}

/// Pointer shapes, named as in the freedesktop cursor themes.
public enum Cursor: String, Sendable {
    /// The arrow (`left_ptr`).
    case `default` = "left_ptr"
    /// The pointing hand over something clickable (`hand2`).
    case pointer = "hand2"
    /// The closed hand while dragging (`grabbing`).
    case grabbing = "grabbing"
    /// Resizing the top edge (`top_side`).
    case resizeTop = "top_side"
    /// Resizing the bottom edge (`bottom_side`).
    case resizeBottom = "bottom_side"
    /// Resizing the left edge (`left_side`).
    case resizeLeft = "left_side"
    /// Resizing the right edge (`right_side`).
    case resizeRight = "right_side"
    /// Resizing the top-left corner (`top_left_corner`).
    case resizeTopLeft = "top_left_corner"
    /// Resizing the top-right corner (`top_right_corner`).
    case resizeTopRight = "top_right_corner"
    /// Resizing the bottom-left corner (`bottom_left_corner`).
    case resizeBottomLeft = "bottom_left_corner"
    /// Resizing the bottom-right corner (`bottom_right_corner`).
    case resizeBottomRight = "bottom_right_corner"
}
