/// What a window needs from the platform that shows it.
///
/// `Segue` never talks to Wayland: the platform layer implements this and drives the
/// ``Window`` with input, frame ticks and render calls.
@MainActor
public protocol WindowHost: AnyObject {
    /// Something changed: draw a new frame soon (coalesced with the display link).
    func setNeedsFrame()
    /// The pointer shape to show over the window.
    func setCursor(_ cursor: Cursor)
}

/// Pointer shapes, named as in the freedesktop cursor themes.
public enum Cursor: String, Sendable {
    case `default` = "left_ptr"
    case pointer = "hand2"
    case grabbing = "grabbing"
}
