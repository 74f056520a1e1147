import CWayland
import CWaylandProtocols
import Glibc
import Motion
import Segue

/// A `wl_seat`: its pointer, keyboard and touch, translated into Segue's ``InputEvent``s.
///
/// Times are the compositor's event timestamps (milliseconds, unwrapped from 32 bits), so
/// velocities are measured on the compositor's clock, not on when we happened to read them.
@MainActor
final class WaylandSeat {
    let seat: OpaquePointer
    let version: UInt32
    let registryName: UInt32
    private unowned let display: WaylandDisplay
    private(set) var pointer: OpaquePointer?
    private(set) var keyboard: WaylandKeyboard?
    private(set) var touch: OpaquePointer?
    /// Touchpad hold gestures on the pointer (where the compositor offers them).
    private var holdGesture: OpaquePointer?
    /// Touchpad pinch gestures on the pointer (where the compositor offers them).
    private var pinchGesture: OpaquePointer?

    /// Receives every translated event.
    var onEvent: ((InputEvent) -> Void)?
    /// Called on `wl_pointer.enter` so the window can set the cursor with the enter serial.
    var onPointerEnter: ((_ pointer: OpaquePointer, _ serial: UInt32) -> Void)?

    /// The serial of the latest button press or touch down: what `xdg_toplevel.move`,
    /// `resize` and `show_window_menu` must quote.
    private(set) var lastPressSerial: UInt32?
    private var clock = EventClock()
    private var pendingScroll = (dx: 0.0, dy: 0.0, source: ScrollSource.wheel, stop: false)
    private var lastPointerTime = 0.0

    init(seat: OpaquePointer, version: UInt32, registryName: UInt32, display: WaylandDisplay) {
        self.seat = seat
        self.version = version
        self.registryName = registryName
        self.display = display
        wl_seat_add_listener(seat, seatListener, Unmanaged.passUnretained(self).toOpaque())
    }

    fileprivate func capabilitiesChanged(_ caps: UInt32) {
        let hasPointer = caps & WL_SEAT_CAPABILITY_POINTER.rawValue != 0
        let hasKeyboard = caps & WL_SEAT_CAPABILITY_KEYBOARD.rawValue != 0
        let hasTouch = caps & WL_SEAT_CAPABILITY_TOUCH.rawValue != 0
        let me = Unmanaged.passUnretained(self).toOpaque()

        if hasPointer, pointer == nil {
            pointer = wl_seat_get_pointer(seat)
            wl_pointer_add_listener(pointer, pointerListener, me)
            if let gestures = display.pointerGestures {
                holdGesture = zwp_pointer_gestures_v1_get_hold_gesture(gestures, pointer)
                zwp_pointer_gesture_hold_v1_add_listener(holdGesture, holdListener, me)
                pinchGesture = zwp_pointer_gestures_v1_get_pinch_gesture(gestures, pointer)
                zwp_pointer_gesture_pinch_v1_add_listener(pinchGesture, pinchListener, me)
            }
        } else if !hasPointer, let p = pointer {
            if let holdGesture { zwp_pointer_gesture_hold_v1_destroy(holdGesture) }
            holdGesture = nil
            if let pinchGesture { zwp_pointer_gesture_pinch_v1_destroy(pinchGesture) }
            pinchGesture = nil
            releaseProxy(p, release: wl_pointer_release, destroy: wl_pointer_destroy)
            pointer = nil
        }
        if hasKeyboard, keyboard == nil {
            do {
                keyboard = try WaylandKeyboard(keyboard: wl_seat_get_keyboard(seat)) { [weak self] event in
                    self?.deliver(event)
                }
                display.loop.add(keyboard!.repeatTimer)
            } catch {
                logError("keyboard unavailable: \(error)")
            }
        } else if !hasKeyboard, let k = keyboard {
            k.release(useRelease: version >= 3)
            display.loop.remove(k.repeatTimer)
            keyboard = nil
        }
        if hasTouch, touch == nil {
            touch = wl_seat_get_touch(seat)
            wl_touch_add_listener(touch, touchListener, me)
        } else if !hasTouch, let t = touch {
            releaseProxy(t, release: wl_touch_release, destroy: wl_touch_destroy)
            touch = nil
        }
    }

    private func releaseProxy(_ proxy: OpaquePointer, release: (OpaquePointer?) -> Void, destroy: (OpaquePointer?) -> Void) {
        if version >= 3 { release(proxy) } else { destroy(proxy) }
    }

    fileprivate func deliver(_ event: InputEvent) { onEvent?(event) }

    fileprivate func time(_ ms: UInt32) -> Double { clock.seconds(ms) }

    // MARK: pointer

    fileprivate func pointerEnter(serial: UInt32, x: wl_fixed_t, y: wl_fixed_t) {
        if let pointer { onPointerEnter?(pointer, serial) }
        // wl_pointer.enter has no timestamp: the last pointer time is the best stand-in.
        deliver(InputEvent(time: lastPointerTime, kind: .pointerEnter(point(x, y))))
    }

    fileprivate func pointerLeave() {
        deliver(InputEvent(time: lastPointerTime, kind: .pointerLeave))
    }

    fileprivate func pointerMotion(time ms: UInt32, x: wl_fixed_t, y: wl_fixed_t) {
        lastPointerTime = time(ms)
        deliver(InputEvent(time: lastPointerTime, kind: .pointerMotion(point(x, y))))
    }

    fileprivate func pointerButton(serial: UInt32, time ms: UInt32, button: UInt32, state: UInt32) {
        lastPointerTime = time(ms)
        let pressed = state == WL_POINTER_BUTTON_STATE_PRESSED.rawValue
        if pressed { lastPressSerial = serial }
        deliver(InputEvent(time: lastPointerTime, kind: .pointerButton(PointerButton(evdevCode: button), pressed: pressed)))
    }

    fileprivate func pointerAxis(time ms: UInt32, axis: UInt32, value: wl_fixed_t) {
        lastPointerTime = time(ms)
        let amount = wl_fixed_to_double(value)
        if axis == WL_POINTER_AXIS_HORIZONTAL_SCROLL.rawValue { pendingScroll.dx += amount } else { pendingScroll.dy += amount }
    }

    fileprivate func pointerAxisSource(_ source: UInt32) {
        switch source {
        case WL_POINTER_AXIS_SOURCE_FINGER.rawValue: pendingScroll.source = .finger
        case WL_POINTER_AXIS_SOURCE_CONTINUOUS.rawValue: pendingScroll.source = .continuous
        default: pendingScroll.source = .wheel
        }
    }

    fileprivate func pointerAxisStop(time ms: UInt32) {
        lastPointerTime = time(ms)
        pendingScroll.stop = true
    }

    /// `wl_pointer.frame` closes a group of axis events: deliver them as one scroll.
    fileprivate func pointerFrame() {
        let scroll = pendingScroll
        pendingScroll = (0, 0, .wheel, false)
        if scroll.dx != 0 || scroll.dy != 0 {
            deliver(InputEvent(time: lastPointerTime, kind: .scroll(dx: scroll.dx, dy: scroll.dy, source: scroll.source)))
        }
        if scroll.stop { deliver(InputEvent(time: lastPointerTime, kind: .scrollEnd)) }
    }

    // MARK: touchpad hold

    fileprivate func holdBegan(time ms: UInt32, fingers: UInt32) {
        lastPointerTime = time(ms)
        deliver(InputEvent(time: lastPointerTime, kind: .holdBegin(fingers: Int(fingers))))
    }

    fileprivate func holdEnded(time ms: UInt32, cancelled: Bool) {
        lastPointerTime = time(ms)
        deliver(InputEvent(time: lastPointerTime, kind: .holdEnd(cancelled: cancelled)))
    }

    // MARK: touchpad pinch

    fileprivate func pinchBegan(time ms: UInt32, fingers: UInt32) {
        lastPointerTime = time(ms)
        deliver(InputEvent(time: lastPointerTime, kind: .pinchBegin(fingers: Int(fingers))))
    }

    fileprivate func pinchUpdated(time ms: UInt32, scale: wl_fixed_t) {
        lastPointerTime = time(ms)
        deliver(InputEvent(time: lastPointerTime, kind: .pinchUpdate(scale: wl_fixed_to_double(scale))))
    }

    fileprivate func pinchEnded(time ms: UInt32, cancelled: Bool) {
        lastPointerTime = time(ms)
        deliver(InputEvent(time: lastPointerTime, kind: .pinchEnd(cancelled: cancelled)))
    }

    // MARK: touch

    fileprivate func touchDown(serial: UInt32, time ms: UInt32, id: Int32, x: wl_fixed_t, y: wl_fixed_t) {
        lastPressSerial = serial
        deliver(InputEvent(time: time(ms), kind: .touchDown(id: id, point(x, y))))
    }

    fileprivate func touchMotion(time ms: UInt32, id: Int32, x: wl_fixed_t, y: wl_fixed_t) {
        deliver(InputEvent(time: time(ms), kind: .touchMotion(id: id, point(x, y))))
    }

    fileprivate func touchUp(time ms: UInt32, id: Int32) {
        deliver(InputEvent(time: time(ms), kind: .touchUp(id: id)))
    }

    fileprivate func touchCancel() {
        deliver(InputEvent(time: lastPointerTime, kind: .touchCancel))
    }

    private func point(_ x: wl_fixed_t, _ y: wl_fixed_t) -> Point {
        Point(x: wl_fixed_to_double(x), y: wl_fixed_to_double(y))
    }
}

/// Turns 32-bit millisecond timestamps into monotonic seconds, surviving the 49-day wrap.
struct EventClock {
    private var last: UInt32?
    private var wraps: Double = 0

    mutating func seconds(_ ms: UInt32) -> Double {
        if let last, ms < last, last - ms > UInt32.max / 2 { wraps += 1 }
        last = ms
        return (wraps * 4_294_967_296 + Double(ms)) / 1000
    }
}

private func seatOwner(_ data: UnsafeMutableRawPointer?) -> WaylandSeat? {
    guard let data else { return nil }
    return Unmanaged<WaylandSeat>.fromOpaque(data).takeUnretainedValue()
}

nonisolated(unsafe) private let seatListener: UnsafeMutablePointer<wl_seat_listener> = {
    let listener = UnsafeMutablePointer<wl_seat_listener>.allocate(capacity: 1)
    listener.initialize(to: wl_seat_listener(
        capabilities: { data, _, caps in let owner = seatOwner(data); MainActor.assumeIsolated { owner?.capabilitiesChanged(caps) } },
        name: { _, _, _ in }))
    return listener
}()

nonisolated(unsafe) private let pointerListener: UnsafeMutablePointer<wl_pointer_listener> = {
    let listener = UnsafeMutablePointer<wl_pointer_listener>.allocate(capacity: 1)
    listener.initialize(to: wl_pointer_listener(
        enter: { data, _, serial, _, x, y in
            let owner = seatOwner(data); MainActor.assumeIsolated { owner?.pointerEnter(serial: serial, x: x, y: y) }
        },
        leave: { data, _, _, _ in let owner = seatOwner(data); MainActor.assumeIsolated { owner?.pointerLeave() } },
        motion: { data, _, time, x, y in
            let owner = seatOwner(data); MainActor.assumeIsolated { owner?.pointerMotion(time: time, x: x, y: y) }
        },
        button: { data, _, serial, time, button, state in
            let owner = seatOwner(data)
            MainActor.assumeIsolated { owner?.pointerButton(serial: serial, time: time, button: button, state: state) }
        },
        axis: { data, _, time, axis, value in
            let owner = seatOwner(data); MainActor.assumeIsolated { owner?.pointerAxis(time: time, axis: axis, value: value) }
        },
        frame: { data, _ in let owner = seatOwner(data); MainActor.assumeIsolated { owner?.pointerFrame() } },
        axis_source: { data, _, source in let owner = seatOwner(data); MainActor.assumeIsolated { owner?.pointerAxisSource(source) } },
        axis_stop: { data, _, time, _ in let owner = seatOwner(data); MainActor.assumeIsolated { owner?.pointerAxisStop(time: time) } },
        axis_discrete: { _, _, _, _ in },
        axis_value120: { _, _, _, _ in }))
    return listener
}()

nonisolated(unsafe) private let touchListener: UnsafeMutablePointer<wl_touch_listener> = {
    let listener = UnsafeMutablePointer<wl_touch_listener>.allocate(capacity: 1)
    listener.initialize(to: wl_touch_listener(
        down: { data, _, serial, time, _, id, x, y in
            let owner = seatOwner(data)
            MainActor.assumeIsolated { owner?.touchDown(serial: serial, time: time, id: id, x: x, y: y) }
        },
        up: { data, _, _, time, id in let owner = seatOwner(data); MainActor.assumeIsolated { owner?.touchUp(time: time, id: id) } },
        motion: { data, _, time, id, x, y in
            let owner = seatOwner(data); MainActor.assumeIsolated { owner?.touchMotion(time: time, id: id, x: x, y: y) }
        },
        frame: { _, _ in },
        cancel: { data, _ in let owner = seatOwner(data); MainActor.assumeIsolated { owner?.touchCancel() } },
        shape: { _, _, _, _, _ in },
        orientation: { _, _, _, _ in }))
    return listener
}()

nonisolated(unsafe) private let holdListener: UnsafeMutablePointer<zwp_pointer_gesture_hold_v1_listener> = {
    let listener = UnsafeMutablePointer<zwp_pointer_gesture_hold_v1_listener>.allocate(capacity: 1)
    listener.initialize(to: zwp_pointer_gesture_hold_v1_listener(
        begin: { data, _, _, time, _, fingers in
            let owner = seatOwner(data); MainActor.assumeIsolated { owner?.holdBegan(time: time, fingers: fingers) }
        },
        end: { data, _, _, time, cancelled in
            let owner = seatOwner(data); MainActor.assumeIsolated { owner?.holdEnded(time: time, cancelled: cancelled != 0) }
        }))
    return listener
}()

nonisolated(unsafe) private let pinchListener: UnsafeMutablePointer<zwp_pointer_gesture_pinch_v1_listener> = {
    let listener = UnsafeMutablePointer<zwp_pointer_gesture_pinch_v1_listener>.allocate(capacity: 1)
    listener.initialize(to: zwp_pointer_gesture_pinch_v1_listener(
        begin: { data, _, _, time, _, fingers in
            let owner = seatOwner(data); MainActor.assumeIsolated { owner?.pinchBegan(time: time, fingers: fingers) }
        },
        update: { data, _, time, _, _, scale, _ in
            let owner = seatOwner(data); MainActor.assumeIsolated { owner?.pinchUpdated(time: time, scale: scale) }
        },
        end: { data, _, _, time, cancelled in
            let owner = seatOwner(data); MainActor.assumeIsolated { owner?.pinchEnded(time: time, cancelled: cancelled != 0) }
        }))
    return listener
}()
