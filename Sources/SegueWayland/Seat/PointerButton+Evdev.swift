import Segue

extension PointerButton {
    /// Maps a Linux evdev button code, as `wl_pointer.button` sends it (BTN_LEFT = 0x110 …,
    /// from linux/input-event-codes.h).
    init(evdevCode: UInt32) {
        switch evdevCode {
        case 0x110: self = .left
        case 0x111: self = .right
        case 0x112: self = .middle
        // BTN_SIDE and BTN_BACK go back, BTN_EXTRA and BTN_FORWARD forward (GTK's buttons 8 and 9).
        case 0x113, 0x116: self = .back
        case 0x114, 0x115: self = .forward
        default: self = .other(evdevCode)
        }
    }
}
