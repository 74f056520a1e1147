import Geometry
import CWayland
import CWaylandProtocols
import Glibc
import Motion
import Segue

/// A `wl_seat`: its pointer, keyboard and touch, translated into Segue's ``InputEvent``s.
///
/// Times are the compositor's event timestamps (milliseconds, unwrapped from 32 bits), so
/// velocities are measured on the compositor's clock, not on when we happened to read them.
///
/// It owns the proxies of its devices; ``WaylandDisplay`` owns it and calls ``destroy()`` when
/// the seat's global goes or the connection closes.
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
    /// Called with the pointer about to be released (its capability or the seat went away):
    /// the window must not set a cursor on it again.
    var onPointerReleased: ((_ pointer: OpaquePointer) -> Void)?

    /// The serial of the latest button press or touch down: what `xdg_toplevel.move`,
    /// `resize` and `show_window_menu` must quote.
    private(set) var lastPressSerial: UInt32?
    private var clock = EventClock()
    private var pendingScroll = (dx: 0.0, dy: 0.0, source: ScrollSource.wheel, stop: false)
    private var lastPointerTime = 0.0
    private var listener: ListenerOwner<WaylandSeat>!

    /// What this seat's input holds now, so that a seat that goes away can end it cleanly.
    private var pointerInside = false
    private var touchesDown: Set<Int32> = []
    private var isHolding = false
    private var isPinching = false

    init(seat: OpaquePointer, version: UInt32, registryName: UInt32, display: WaylandDisplay) {
        self.seat = seat
        self.version = version
        self.registryName = registryName
        self.display = display
        listener = ListenerOwner(self)
        wl_seat_add_listener(seat, seatListener, listener.data)
    }

    /// Ends what the seat's input holds as if the devices had left: a pointer leave (which
    /// cancels a press, a drag and a pinch), a touch cancel, a cancelled hold. A compositor
    /// that removes a seat sends none of these first.
    func endHeldInput() {
        endPointerInput()
        if !touchesDown.isEmpty { touchCancel() }
    }

    private func endPointerInput() {
        if isHolding { holdEnded(time: nil, cancelled: true) }
        if isPinching { pinchEnded(time: nil, cancelled: true) }
        if pointerInside { pointerLeave() }
    }

    /// Detaches the listeners and destroys the proxies, the devices before the seat.
    func destroy() {
        listener.detach()
        onEvent = nil
        onPointerEnter = nil
        releaseDevices()
        onPointerReleased = nil
        if version >= 5 { wl_seat_release(seat) } else { wl_seat_destroy(seat) }
    }

    private func releaseDevices() {
        releasePointer()
        releaseKeyboard()
        if let touch { releaseProxy(touch, release: wl_touch_release, destroy: wl_touch_destroy) }
        touch = nil
        touchesDown.removeAll()
    }

    private func releasePointer() {
        if let holdGesture { zwp_pointer_gesture_hold_v1_destroy(holdGesture) }
        holdGesture = nil
        if let pinchGesture { zwp_pointer_gesture_pinch_v1_destroy(pinchGesture) }
        pinchGesture = nil
        if let pointer {
            onPointerReleased?(pointer)
            releaseProxy(pointer, release: wl_pointer_release, destroy: wl_pointer_destroy)
        }
        pointer = nil
        pointerInside = false
        isHolding = false
        isPinching = false
    }

    private func releaseKeyboard() {
        guard let keyboard else { return }
        keyboard.release(useRelease: version >= 3)
        display.loop.remove(keyboard.repeatTimer)
        self.keyboard = nil
    }

    fileprivate func capabilitiesChanged(_ caps: UInt32) {
        let hasPointer = caps & WL_SEAT_CAPABILITY_POINTER.rawValue != 0
        let hasKeyboard = caps & WL_SEAT_CAPABILITY_KEYBOARD.rawValue != 0
        let hasTouch = caps & WL_SEAT_CAPABILITY_TOUCH.rawValue != 0
        let data = listener.data

        if hasPointer, pointer == nil {
            pointer = wl_seat_get_pointer(seat)
            wl_pointer_add_listener(pointer, pointerListener, data)
            if let gestures = display.pointerGestures {
                holdGesture = zwp_pointer_gestures_v1_get_hold_gesture(gestures, pointer)
                zwp_pointer_gesture_hold_v1_add_listener(holdGesture, holdListener, data)
                pinchGesture = zwp_pointer_gestures_v1_get_pinch_gesture(gestures, pointer)
                zwp_pointer_gesture_pinch_v1_add_listener(pinchGesture, pinchListener, data)
            }
        } else if !hasPointer, pointer != nil {
            // Compositors send a leave first, but the protocol does not promise one.
            endPointerInput()
            releasePointer()
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
        } else if !hasKeyboard {
            releaseKeyboard()
        }
        if hasTouch, touch == nil {
            touch = wl_seat_get_touch(seat)
            wl_touch_add_listener(touch, touchListener, data)
        } else if !hasTouch, let touch {
            if !touchesDown.isEmpty { touchCancel() }
            releaseProxy(touch, release: wl_touch_release, destroy: wl_touch_destroy)
            self.touch = nil
            touchesDown.removeAll()
        }
    }

    private func releaseProxy(_ proxy: OpaquePointer, release: (OpaquePointer?) -> Void, destroy: (OpaquePointer?) -> Void) {
        if version >= 3 { release(proxy) } else { destroy(proxy) }
    }

    fileprivate func deliver(_ event: InputEvent) { onEvent?(event) }

    fileprivate func time(_ ms: UInt32) -> Double { clock.seconds(ms) }

    // MARK: pointer

    fileprivate func pointerEnter(serial: UInt32, x: wl_fixed_t, y: wl_fixed_t) {
        pointerInside = true
        if let pointer { onPointerEnter?(pointer, serial) }
        // wl_pointer.enter has no timestamp: the last pointer time is the best stand-in.
        deliver(InputEvent(time: lastPointerTime, kind: .pointerEnter(point(x, y))))
    }

    fileprivate func pointerLeave() {
        pointerInside = false
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
        isHolding = true
        lastPointerTime = time(ms)
        deliver(InputEvent(time: lastPointerTime, kind: .holdBegin(fingers: Int(fingers))))
    }

    /// `ms` nil: the seat went away (the last pointer time stands in).
    fileprivate func holdEnded(time ms: UInt32?, cancelled: Bool) {
        isHolding = false
        if let ms { lastPointerTime = time(ms) }
        deliver(InputEvent(time: lastPointerTime, kind: .holdEnd(cancelled: cancelled)))
    }

    // MARK: touchpad pinch

    fileprivate func pinchBegan(time ms: UInt32, fingers: UInt32) {
        isPinching = true
        lastPointerTime = time(ms)
        deliver(InputEvent(time: lastPointerTime, kind: .pinchBegin(fingers: Int(fingers))))
    }

    fileprivate func pinchUpdated(time ms: UInt32, scale: wl_fixed_t) {
        lastPointerTime = time(ms)
        deliver(InputEvent(time: lastPointerTime, kind: .pinchUpdate(scale: wl_fixed_to_double(scale))))
    }

    /// `ms` nil: the seat went away (the last pointer time stands in).
    fileprivate func pinchEnded(time ms: UInt32?, cancelled: Bool) {
        isPinching = false
        if let ms { lastPointerTime = time(ms) }
        deliver(InputEvent(time: lastPointerTime, kind: .pinchEnd(cancelled: cancelled)))
    }

    // MARK: touch

    fileprivate func touchDown(serial: UInt32, time ms: UInt32, id: Int32, x: wl_fixed_t, y: wl_fixed_t) {
        lastPressSerial = serial
        touchesDown.insert(id)
        deliver(InputEvent(time: time(ms), kind: .touchDown(id: id, point(x, y))))
    }

    fileprivate func touchMotion(time ms: UInt32, id: Int32, x: wl_fixed_t, y: wl_fixed_t) {
        deliver(InputEvent(time: time(ms), kind: .touchMotion(id: id, point(x, y))))
    }

    fileprivate func touchUp(time ms: UInt32, id: Int32) {
        touchesDown.remove(id)
        deliver(InputEvent(time: time(ms), kind: .touchUp(id: id)))
    }

    fileprivate func touchCancel() {
        touchesDown.removeAll()
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

// Listener tables: they live for the whole process; the seat is recovered from `data`.

private typealias Seat = ListenerOwner<WaylandSeat>

nonisolated(unsafe) private let seatListener: UnsafeMutablePointer<wl_seat_listener> = {
    let listener = UnsafeMutablePointer<wl_seat_listener>.allocate(capacity: 1)
    listener.initialize(to: wl_seat_listener(
        capabilities: { data, _, caps in Seat.dispatch(data) { $0.capabilitiesChanged(caps) } },
        name: { _, _, _ in }))
    return listener
}()

// Filled field by field: libwayland 1.23's listener has a field more (wl_pointer v9), which
// only the C shim names (a memberwise initializer would compile against one header alone).
nonisolated(unsafe) private let pointerListener: UnsafeMutablePointer<wl_pointer_listener> = {
    let listener = UnsafeMutablePointer<wl_pointer_listener>.allocate(capacity: 1)
    listener.initialize(to: wl_pointer_listener())
    listener.pointee.enter = { data, _, serial, _, x, y in Seat.dispatch(data) { $0.pointerEnter(serial: serial, x: x, y: y) } }
    listener.pointee.leave = { data, _, _, _ in Seat.dispatch(data) { $0.pointerLeave() } }
    listener.pointee.motion = { data, _, time, x, y in Seat.dispatch(data) { $0.pointerMotion(time: time, x: x, y: y) } }
    listener.pointee.button = { data, _, serial, time, button, state in
        Seat.dispatch(data) { $0.pointerButton(serial: serial, time: time, button: button, state: state) }
    }
    listener.pointee.axis = { data, _, time, axis, value in Seat.dispatch(data) { $0.pointerAxis(time: time, axis: axis, value: value) } }
    listener.pointee.frame = { data, _ in Seat.dispatch(data) { $0.pointerFrame() } }
    listener.pointee.axis_source = { data, _, source in Seat.dispatch(data) { $0.pointerAxisSource(source) } }
    listener.pointee.axis_stop = { data, _, time, _ in Seat.dispatch(data) { $0.pointerAxisStop(time: time) } }
    // The distance comes from `axis`, which the protocol sends in the same frame, in
    // proportion: 120 units of axis_value120 (v8), or one axis_discrete step (v5–7), are what
    // one wheel click scrolls. From v8 on, a high-resolution wheel's fractions of a click
    // arrive as they happen instead of summed into whole clicks.
    listener.pointee.axis_discrete = { _, _, _, _ in }
    listener.pointee.axis_value120 = { _, _, _, _ in }
    // v9 (where the header has it): not used yet; see docs/PROTOCOLS.md.
    segue_wl_pointer_listener_set_relative_direction(listener) { _, _, _, _ in }
    return listener
}()

nonisolated(unsafe) private let touchListener: UnsafeMutablePointer<wl_touch_listener> = {
    let listener = UnsafeMutablePointer<wl_touch_listener>.allocate(capacity: 1)
    listener.initialize(to: wl_touch_listener(
        down: { data, _, serial, time, _, id, x, y in
            Seat.dispatch(data) { $0.touchDown(serial: serial, time: time, id: id, x: x, y: y) }
        },
        up: { data, _, _, time, id in Seat.dispatch(data) { $0.touchUp(time: time, id: id) } },
        motion: { data, _, time, id, x, y in Seat.dispatch(data) { $0.touchMotion(time: time, id: id, x: x, y: y) } },
        frame: { _, _ in },
        cancel: { data, _ in Seat.dispatch(data) { $0.touchCancel() } },
        shape: { _, _, _, _, _ in },
        orientation: { _, _, _, _ in }))
    return listener
}()

nonisolated(unsafe) private let holdListener: UnsafeMutablePointer<zwp_pointer_gesture_hold_v1_listener> = {
    let listener = UnsafeMutablePointer<zwp_pointer_gesture_hold_v1_listener>.allocate(capacity: 1)
    listener.initialize(to: zwp_pointer_gesture_hold_v1_listener(
        begin: { data, _, _, time, _, fingers in Seat.dispatch(data) { $0.holdBegan(time: time, fingers: fingers) } },
        end: { data, _, _, time, cancelled in Seat.dispatch(data) { $0.holdEnded(time: time, cancelled: cancelled != 0) } }))
    return listener
}()

nonisolated(unsafe) private let pinchListener: UnsafeMutablePointer<zwp_pointer_gesture_pinch_v1_listener> = {
    let listener = UnsafeMutablePointer<zwp_pointer_gesture_pinch_v1_listener>.allocate(capacity: 1)
    listener.initialize(to: zwp_pointer_gesture_pinch_v1_listener(
        begin: { data, _, _, time, _, fingers in Seat.dispatch(data) { $0.pinchBegan(time: time, fingers: fingers) } },
        update: { data, _, time, _, _, scale, _ in Seat.dispatch(data) { $0.pinchUpdated(time: time, scale: scale) } },
        end: { data, _, _, time, cancelled in Seat.dispatch(data) { $0.pinchEnded(time: time, cancelled: cancelled != 0) } }))
    return listener
}()
