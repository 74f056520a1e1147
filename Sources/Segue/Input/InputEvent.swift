import Motion

/// A platform-neutral input event, stamped with the compositor's time in seconds.
///
/// Timestamps come from the events themselves (never from arrival time), so gesture
/// velocity is exact whatever the scheduling jitter of the client.
public struct InputEvent: Sendable {
    /// The compositor's timestamp of the event, in seconds.
    public var time: Double
    public var kind: Kind

    public init(time: Double, kind: Kind) {
        self.time = time
        self.kind = kind
    }

    public enum Kind: Sendable {
        /// The pointer entered the window at a point in window coordinates.
        case pointerEnter(Point)
        /// The pointer left the window; any drag it was holding is cancelled.
        case pointerLeave
        case pointerMotion(Point)
        case pointerButton(PointerButton, pressed: Bool)
        /// Scrolling, in logical pixels (wheel clicks are converted by the platform).
        case scroll(dx: Double, dy: Double, source: ScrollSource)
        /// The end of a touchpad scroll sequence (fingers lifted).
        case scrollEnd
        /// Fingers came to rest on a touchpad (a hold gesture): like a press, they catch a
        /// settling transition; scrolling may follow.
        case holdBegin(fingers: Int)
        /// The hold ended: the fingers lifted (`cancelled` false) or started to move (true,
        /// a scroll follows).
        case holdEnd(cancelled: Bool)
        /// Fingers began a pinch on a touchpad (`zwp_pointer_gesture_pinch_v1.begin`).
        case pinchBegin(fingers: Int)
        /// The pinch's scale relative to its beginning (1 at the start; > 1: fingers apart).
        case pinchUpdate(scale: Double)
        /// The pinch ended: the fingers lifted (`cancelled` false) or the compositor took it.
        case pinchEnd(cancelled: Bool)
        case key(KeyEvent)
        case touchDown(id: Int32, Point)
        case touchMotion(id: Int32, Point)
        case touchUp(id: Int32)
        case touchCancel
    }
}

/// Which pointer button, with Linux evdev codes for the rest.
public enum PointerButton: Hashable, Sendable {
    case left, right, middle
    case other(UInt32)

    /// Maps a Linux evdev button code (BTN_LEFT = 0x110 …).
    public init(evdevCode: UInt32) {
        switch evdevCode {
        case 0x110: self = .left
        case 0x111: self = .right
        case 0x112: self = .middle
        default: self = .other(evdevCode)
        }
    }
}

/// Where scrolling comes from: a wheel's discrete clicks or a touchpad's continuous fingers.
public enum ScrollSource: Sendable {
    case wheel, finger, continuous
}

/// Keyboard modifiers held during an event.
public struct Modifiers: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let shift = Modifiers(rawValue: 1 << 0)
    public static let control = Modifiers(rawValue: 1 << 1)
    public static let alt = Modifiers(rawValue: 1 << 2)
    public static let logo = Modifiers(rawValue: 1 << 3)
}

/// A key press, release or repeat, already translated by the keymap.
public struct KeyEvent: Sendable {
    public var key: Key
    public var modifiers: Modifiers
    public var pressed: Bool
    public var isRepeat: Bool
    /// The text the key produces, if any.
    public var text: String

    public init(key: Key, modifiers: Modifiers, pressed: Bool, isRepeat: Bool = false, text: String = "") {
        self.key = key
        self.modifiers = modifiers
        self.pressed = pressed
        self.isRepeat = isRepeat
        self.text = text
    }
}

/// The keys Segue acts on, decoded from keysyms by the platform.
public enum Key: Hashable, Sendable {
    case escape, left, right, up, down, tab, enter, space, backspace
    /// Any other key, by its XKB keysym.
    case other(UInt32)
}
