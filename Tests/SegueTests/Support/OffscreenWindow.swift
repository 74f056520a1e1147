import Canvas
import Motion
import Segue
import Testing

/// A ``Window`` run offscreen on a manual clock: input with explicit timestamps, 60 Hz frame
/// ticks, rendering into a ``Surface``, and every ``TraceRecord`` collected.
///
/// The platform lays the tree out when it renders; so that hit testing works without a render,
/// this helper lays out (as a render would) after every resize, tick and input event.
@MainActor
final class OffscreenWindow {
    static let frameInterval = 1.0 / 60

    let window: Window
    let clock: ManualClock
    /// Every trace record, in order.
    private(set) var trace: [TraceRecord] = []
    /// Where the pointer is (window coordinates); nil before it entered.
    private(set) var pointer: Point?

    init(root: ViewController, size: Size = Size(width: 400, height: 300), startTime: Double = 10) {
        clock = ManualClock(now: startTime)
        window = Window(rootViewController: root)
        window.traceSink = { [weak self] record in self?.trace.append(record) }
        window.resize(to: size)
        layout()
        // The first frame, as a compositor would show it.
        window.tick(at: clock.now)
        layout()
    }

    var size: Size { window.size }
    var width: Double { window.size.width }

    // MARK: frames

    /// Lays the tree out, as the platform does before it renders.
    func layout() {
        window.rootView.layoutIfNeeded()
    }

    /// Advances the clock by `dt` (default one 60 Hz frame) and ticks a frame at the new time.
    func frame(after dt: Double = OffscreenWindow.frameInterval) {
        clock.advance(by: dt)
        window.tick(at: clock.now)
        layout()
    }

    /// Ticks at 60 Hz until the window is idle (no frames wanted) or `seconds` have passed.
    /// Returns the time the frames covered (seconds).
    @discardableResult
    func runFrames(seconds: Double = 3) -> Double {
        let start = clock.now
        while window.wantsFrames, clock.now - start < seconds - 1e-9 {
            frame()
        }
        return clock.now - start
    }

    /// Ticks `count` frames at 60 Hz whatever the window wants.
    func frames(_ count: Int) {
        for _ in 0..<count { frame() }
    }

    /// Lets `seconds` pass without input, ticking frames at 60 Hz (a held pointer keeps them coming).
    func hold(for seconds: Double) {
        let frames = Int((seconds / OffscreenWindow.frameInterval).rounded(.up))
        for _ in 0..<frames { frame(after: seconds / Double(frames)) }
    }

    // MARK: input (timestamps default to the clock's time)

    func send(_ kind: InputEvent.Kind, at time: Double? = nil) {
        window.handle(InputEvent(time: time ?? clock.now, kind: kind))
        layout()
    }

    func enter(at point: Point, time: Double? = nil) {
        pointer = point
        send(.pointerEnter(point), at: time)
    }

    func move(to point: Point, time: Double? = nil) {
        if pointer == nil { enter(at: point, time: time) }
        pointer = point
        send(.pointerMotion(point), at: time)
    }

    /// Moves the pointer to `point` (if it is not there) and presses `button`.
    func press(at point: Point, button: PointerButton = .left, time: Double? = nil) {
        if pointer != point { move(to: point, time: time) }
        send(.pointerButton(button, pressed: true), at: time)
    }

    func release(button: PointerButton = .left, time: Double? = nil) {
        send(.pointerButton(button, pressed: false), at: time)
    }

    func leave(time: Double? = nil) {
        pointer = nil
        send(.pointerLeave, at: time)
    }

    func key(_ key: Key, modifiers: Modifiers = [], time: Double? = nil) {
        send(.key(KeyEvent(key: key, modifiers: modifiers, pressed: true)), at: time)
        send(.key(KeyEvent(key: key, modifiers: modifiers, pressed: false)), at: time)
    }

    /// A click: press, then release 50 ms later at the same place (one frame ticked between).
    func click(at point: Point) {
        press(at: point)
        frame(after: 0.05)
        release()
    }

    /// Presses at `from` and moves to `to` in `steps` equal motion events spread over
    /// `duration` seconds, ticking one frame at each event's time. Does not release.
    func drag(from: Point, to: Point, steps: Int = 10, duration: Double = 10.0 / 60) {
        press(at: from)
        moveLinearly(to: to, steps: steps, duration: duration)
    }

    /// Moves from the current pointer position to `to` in `steps` motion events over
    /// `duration`, each followed by a frame at its time.
    func moveLinearly(to: Point, steps: Int = 10, duration: Double = 10.0 / 60) {
        let from = pointer ?? to
        let dt = duration / Double(steps)
        for i in 1...steps {
            let f = Double(i) / Double(steps)
            clock.advance(by: dt)
            move(to: Point(x: from.x + (to.x - from.x) * f, y: from.y + (to.y - from.y) * f))
            window.tick(at: clock.now)
            layout()
        }
    }

    // MARK: output

    /// Renders the whole window at scale 1.
    func render() -> Surface {
        let surface = Surface(width: Int(size.width), height: Int(size.height))
        let canvas = Canvas(surface: surface)
        window.render(into: canvas)
        return surface
    }

    /// The trace's events, leaving out the per-move `update`s.
    var traceEvents: [TraceRecord.Event] {
        trace.map(\.event).filter { $0 != .update }
    }

    /// The `complete` records.
    var completions: [TraceRecord] {
        trace.filter { $0.event == .complete }
    }

    func clearTrace() { trace.removeAll() }
}
