import CWayland
import CXKBCommon
import Glibc
import Segue

/// A `wl_keyboard` with the compositor's XKB keymap, modifier state and client-side repeat.
@MainActor
final class WaylandKeyboard {
    private let keyboard: OpaquePointer?
    private let deliver: (InputEvent) -> Void
    private let context: OpaquePointer
    private var keymap: OpaquePointer?
    private var state: OpaquePointer?
    private var clock = EventClock()
    private var repeatRate: Int32 = 25
    private var repeatDelay: Int32 = 600
    private var repeatingKey: UInt32?
    private var lastKeyTime = 0.0
    /// Whether the core was last told that Control is held: by a Control key's own event, or,
    /// for a Control already held when the keyboard entered the window (its press went
    /// elsewhere), by the modifiers event that follows `wl_keyboard.enter`.
    private var controlShown = false
    private(set) var repeatTimer: TimerSource!
    private var listener: ListenerOwner<WaylandKeyboard>!

    init(keyboard: OpaquePointer?, deliver: @escaping (InputEvent) -> Void) throws {
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else {
            throw WaylandError.system("xkb_context_new failed")
        }
        self.keyboard = keyboard
        self.deliver = deliver
        self.context = context
        repeatTimer = try TimerSource { [weak self] in self?.repeatFired() }
        listener = ListenerOwner(self)
        wl_keyboard_add_listener(keyboard, keyboardListener, listener.data)
    }

    /// Detaches the listener and destroys the proxy (its seat owns this keyboard).
    func release(useRelease: Bool) {
        listener.detach()
        repeatTimer.disarm()
        if useRelease { wl_keyboard_release(keyboard) } else { wl_keyboard_destroy(keyboard) }
    }

    isolated deinit {
        if let state { xkb_state_unref(state) }
        if let keymap { xkb_keymap_unref(keymap) }
        xkb_context_unref(context)
    }

    fileprivate func keymapReceived(format: UInt32, fd: Int32, size: UInt32) {
        defer { close(fd) }
        guard format == WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue,
              let map = mmap(nil, Int(size), PROT_READ, MAP_PRIVATE, fd, 0), map != MAP_FAILED else { return }
        defer { munmap(map, Int(size)) }
        guard let newKeymap = xkb_keymap_new_from_string(
            context, map.assumingMemoryBound(to: CChar.self), XKB_KEYMAP_FORMAT_TEXT_V1, XKB_KEYMAP_COMPILE_NO_FLAGS)
        else { return }
        if let state { xkb_state_unref(state) }
        if let keymap { xkb_keymap_unref(keymap) }
        keymap = newKeymap
        state = xkb_state_new(newKeymap)
    }

    fileprivate func modifiersChanged(depressed: UInt32, latched: UInt32, locked: UInt32, group: UInt32) {
        guard let state else { return }
        xkb_state_update_mask(state, depressed, latched, locked, 0, 0, group)
        // A Control press or release the window saw as a key event has been told already; one it
        // never saw (held at enter, released while the keyboard was elsewhere) is told now.
        let held = xkb_state_mod_name_is_active(state, "Control", XKB_STATE_MODS_EFFECTIVE) > 0
        guard held != controlShown else { return }
        controlShown = held
        deliver(InputEvent(time: lastKeyTime, kind: .key(KeyEvent(
            key: .control, modifiers: modifiers(state), pressed: held, isRepeat: false, text: ""))))
    }

    fileprivate func repeatInfo(rate: Int32, delay: Int32) {
        repeatRate = rate
        repeatDelay = delay
    }

    fileprivate func keyChanged(time ms: UInt32, key: UInt32, pressed: Bool) {
        lastKeyTime = clock.seconds(ms)
        send(key: key, pressed: pressed, isRepeat: false, time: lastKeyTime)
        if pressed, let keymap, repeatRate > 0, xkb_keymap_key_repeats(keymap, key + 8) != 0 {
            repeatingKey = key
            repeatTimer.arm(delay: Double(repeatDelay) / 1000, interval: 1 / Double(repeatRate))
        } else if !pressed, repeatingKey == key {
            stopRepeat()
        }
    }

    fileprivate func focusLost() { stopRepeat() }

    private func stopRepeat() {
        repeatingKey = nil
        repeatTimer.disarm()
    }

    private func repeatFired() {
        guard let key = repeatingKey else { return }
        lastKeyTime += 1 / Double(max(repeatRate, 1))
        send(key: key, pressed: true, isRepeat: true, time: lastKeyTime)
    }

    private func send(key: UInt32, pressed: Bool, isRepeat: Bool, time: Double) {
        guard let state else { return }
        // Wayland key codes are evdev codes; XKB's are offset by 8.
        let code = key + 8
        let sym = xkb_state_key_get_one_sym(state, code)
        var buffer = [CChar](repeating: 0, count: 16)
        let length = xkb_state_key_get_utf8(state, code, &buffer, buffer.count)
        let text = length > 0 ? String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
        let name = WaylandKeyboard.key(for: sym)
        if name == .control && !isRepeat { controlShown = pressed }
        deliver(InputEvent(time: time, kind: .key(KeyEvent(
            key: name, modifiers: modifiers(state), pressed: pressed, isRepeat: isRepeat, text: text))))
    }

    private func modifiers(_ state: OpaquePointer) -> Modifiers {
        var result: Modifiers = []
        let table: [(String, Modifiers)] = [("Shift", .shift), ("Control", .control), ("Mod1", .alt), ("Mod4", .logo)]
        for (name, modifier) in table
        where xkb_state_mod_name_is_active(state, name, XKB_STATE_MODS_EFFECTIVE) > 0 {
            result.insert(modifier)
        }
        return result
    }

    static func key(for sym: xkb_keysym_t) -> Key {
        switch sym {
        case UInt32(XKB_KEY_Escape): return .escape
        case UInt32(XKB_KEY_Left): return .left
        case UInt32(XKB_KEY_Right): return .right
        case UInt32(XKB_KEY_Up): return .up
        case UInt32(XKB_KEY_Down): return .down
        case UInt32(XKB_KEY_Tab), UInt32(XKB_KEY_ISO_Left_Tab): return .tab
        case UInt32(XKB_KEY_Return), UInt32(XKB_KEY_KP_Enter): return .enter
        case UInt32(XKB_KEY_space): return .space
        case UInt32(XKB_KEY_BackSpace): return .backspace
        case UInt32(XKB_KEY_XF86Back): return .back
        case UInt32(XKB_KEY_Control_L), UInt32(XKB_KEY_Control_R): return .control
        case UInt32(XKB_KEY_F1)...UInt32(XKB_KEY_F35): return .function(Int(sym - UInt32(XKB_KEY_F1)) + 1)
        default:
            // Named by the character the key types without Shift or Caps Lock, so that a
            // shortcut reads the same with either held (xkb gives "M" for Shift+m).
            let scalar = xkb_keysym_to_utf32(xkb_keysym_to_lower(sym))
            guard scalar >= 0x20, scalar != 0x7F, let unicode = Unicode.Scalar(scalar) else { return .unknown }
            return .character(Character(unicode))
        }
    }
}

private typealias Keyboard = ListenerOwner<WaylandKeyboard>

nonisolated(unsafe) private let keyboardListener: UnsafeMutablePointer<wl_keyboard_listener> = {
    let listener = UnsafeMutablePointer<wl_keyboard_listener>.allocate(capacity: 1)
    listener.initialize(to: wl_keyboard_listener(
        keymap: { data, _, format, fd, size in Keyboard.dispatch(data) { $0.keymapReceived(format: format, fd: fd, size: size) } },
        enter: { _, _, _, _, _ in },
        leave: { data, _, _, _ in Keyboard.dispatch(data) { $0.focusLost() } },
        key: { data, _, _, time, key, state in
            Keyboard.dispatch(data) { $0.keyChanged(time: time, key: key, pressed: state == WL_KEYBOARD_KEY_STATE_PRESSED.rawValue) }
        },
        modifiers: { data, _, _, depressed, latched, locked, group in
            Keyboard.dispatch(data) { $0.modifiersChanged(depressed: depressed, latched: latched, locked: locked, group: group) }
        },
        repeat_info: { data, _, rate, delay in Keyboard.dispatch(data) { $0.repeatInfo(rate: rate, delay: delay) } }))
    return listener
}()
