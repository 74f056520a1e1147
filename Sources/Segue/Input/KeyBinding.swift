import Geometry

/// A key and the modifiers that must be held with it, as a menu or a shortcuts window shows
/// it ("Ctrl+Q").
public struct KeyShortcut: Hashable, Sendable, CustomStringConvertible {
    /// The key.
    public var key: Key
    /// Exactly the modifiers that must be held: Ctrl+Q does not fire for Ctrl+Shift+Q.
    public var modifiers: Modifiers

    /// A shortcut of `key` with exactly `modifiers` held.
    public init(_ key: Key, modifiers: Modifiers = []) {
        self.key = key
        self.modifiers = modifiers
    }

    /// Whether `event` is this shortcut's key going down (repeats included: a binding decides
    /// whether it acts on them).
    public func matches(_ event: KeyEvent) -> Bool {
        event.pressed && event.key == key && event.modifiers == modifiers
    }

    /// "Ctrl+Shift+M", "F11".
    public var description: String {
        var parts: [String] = []
        if modifiers.contains(.control) { parts.append("Ctrl") }
        if modifiers.contains(.alt) { parts.append("Alt") }
        if modifiers.contains(.logo) { parts.append("Super") }
        if modifiers.contains(.shift) { parts.append("Shift") }
        switch key {
        case .character(let character): parts.append(String(character).uppercased())
        case .function(let number): parts.append("F\(number)")
        case .escape: parts.append("Esc")
        case .backspace: parts.append("BackSpace")
        case .control: parts.append("Ctrl")
        case .unknown: parts.append("?")
        default:
            let name = "\(key)"
            parts.append(name.prefix(1).uppercased() + name.dropFirst())
        }
        return parts.joined(separator: "+")
    }
}

/// A window-wide keyboard shortcut: what UIKit calls a key command. The window offers a key
/// to keyboard focus first, then to the view controllers from the topmost presented one down,
/// and only then to its ``Window/keyBindings``, so a controller can take any key for itself
/// (Ctrl+T for "new tab", say) and an app can change or remove every window binding.
@MainActor
public struct KeyBinding {
    /// The key that triggers it.
    public var shortcut: KeyShortcut
    /// What it is for, as a shortcuts window would list it ("Toggle Fullscreen").
    public var title: String
    /// Whether holding the key down fires it again with each repeat (off: once per press).
    public var repeats: Bool
    /// The work, given the window the key went to.
    public var action: @MainActor (Window) -> Void

    /// A binding of `shortcut` to `action`, fired once per press unless `repeats`.
    public init(_ shortcut: KeyShortcut, title: String, repeats: Bool = false,
                action: @escaping @MainActor (Window) -> Void) {
        self.shortcut = shortcut
        self.title = title
        self.repeats = repeats
        self.action = action
    }

    /// F11: fullscreen on and off, where the compositor allows it (GTK's and GNOME apps' key).
    public static let toggleFullscreen = KeyBinding(KeyShortcut(.function(11)), title: "Toggle Fullscreen") { window in
        if window.capabilities.contains(.fullscreen) { window.host?.setFullscreen(!window.state.contains(.fullscreen)) }
    }

    /// Ctrl+Q: asks the platform to close the window, as GTK apps quit.
    public static let close = KeyBinding(KeyShortcut(.character("q"), modifiers: .control), title: "Quit") { window in
        window.host?.requestClose()
    }

    /// What every window starts with: F11 and Ctrl+Q. Developer tools add their own bindings
    /// only when an app asks for them.
    public static var standard: [KeyBinding] { [.toggleFullscreen, .close] }
}
