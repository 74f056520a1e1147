/// Linux evdev key codes (`linux/input-event-codes.h`): what every compositor's input
/// injection takes (weston's test module, KWin's fake input, mutter's remote desktop).
public enum EvdevKey: Int, Sendable, CaseIterable {
    /// Esc, Tab, Enter and Space: what dismisses, moves focus and clicks; Backspace, one of
    /// weston's bindings.
    case escape = 1, backspace = 14, tab = 15, enter = 28, space = 57
    /// Letters of the chords the tests type: Ctrl+Q quits, Ctrl+T toggles slow animations,
    /// Ctrl+A, weston's Super+Shift+M and Super+Shift+F, GNOME's Super+H (minimize).
    case q = 16, t = 20, a = 30, f = 33, h = 35, m = 50
    /// The modifiers on the left of the keyboard, and right Ctrl.
    case leftControl = 29, leftShift = 42, leftAlt = 56, leftMeta = 125, rightControl = 97
    /// The arrows and the navigation block.
    case home = 102, up = 103, pageUp = 104, left = 105, right = 106, end = 107, down = 108, pageDown = 109
    /// F11: fullscreen.
    case f11 = 87
}
