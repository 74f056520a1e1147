/// Linux evdev key codes (`linux/input-event-codes.h`): what every compositor's input
/// injection takes (weston's test module, KWin's fake input, mutter's remote desktop).
public enum EvdevKey: Int, Sendable, CaseIterable {
    case escape = 1, tab = 15, q = 16, t = 20, enter = 28, leftControl = 29, a = 30, f = 33, leftShift = 42, m = 50
    case leftAlt = 56, space = 57, f11 = 87, rightControl = 97
    case home = 102, up = 103, pageUp = 104, left = 105, right = 106, end = 107, down = 108, pageDown = 109
    case leftMeta = 125
}

/// A session that injects key events by evdev code.
public protocol KeyInjecting {
    /// Presses (`down`) or releases an evdev key code.
    func key(_ code: Int, down: Bool) throws
}

extension KeyInjecting {
    /// Presses or releases `key`.
    public func key(_ key: EvdevKey, down: Bool) throws {
        try self.key(key.rawValue, down: down)
    }

    /// Types `key` with `modifiers` held, as a person does: the modifiers go down in order, the
    /// key down and up, then the modifiers up in reverse order.
    public func type(_ key: EvdevKey, holding modifiers: [EvdevKey] = []) throws {
        for modifier in modifiers { try self.key(modifier, down: true) }
        try self.key(key, down: true)
        try self.key(key, down: false)
        for modifier in modifiers.reversed() { try self.key(modifier, down: false) }
    }
}

extension HeadlessSession: KeyInjecting {}
extension KWinSession: KeyInjecting {}
extension MutterSession: KeyInjecting {}
