import Segue

extension PointerButton {
    /// Maps a Linux evdev button code, as `wl_pointer.button` sends it (BTN_LEFT = 0x110 …,
    /// from linux/input-event-codes.h).
    init(evdevCode: UInt32) {
        switch evdevCode {
        case 0x110: self = .left
        case 0x111: self = .right
        case 0x112: self = .middle
        default: self = .other(evdevCode)
        }
    }
}
