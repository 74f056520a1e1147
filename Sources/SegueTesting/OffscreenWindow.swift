import Geometry
import Canvas
import Motion
import Segue

/// A `Window` run offscreen on a manual clock: input with explicit timestamps, 60 Hz frame
/// ticks, rendering into a `Surface`, and every `TraceRecord` collected.
///
/// This is the test host of Segue, as swift-nio's `EmbeddedEventLoop` is of NIO: nothing runs
/// unless the caller ticks it, so a transition's every frame is reproducible. The library's
/// tests, the demo scenes' tests and `segue-bench` all drive their windows through it.
///
/// The platform lays the tree out when it renders; so that hit testing works without a render,
/// the host lays out (as a render would) after every resize, tick and input event.
@MainActor
public final class OffscreenWindow {
    /// One frame of a 60 Hz display, in seconds.
    public static let frameInterval = 1.0 / 60

    /// The window under test.
    public let window: Window
    /// The clock every tick and default input timestamp reads.
    public let clock: ManualClock
    /// Every trace record, in order.
    public private(set) var trace: [TraceRecord] = []
    /// Where the pointer is (window coordinates); nil before it entered.
    public private(set) var pointer: Point?

    /// A window of `root` at `size`, its first frame ticked at `startTime` (seconds).
    /// `configure` sees the window before its first layout and frame (to set what a platform
    /// would set at launch, such as a slowdown); the host's own trace sink is set after it.
    public init(root: ViewController, size: Size = Size(width: 400, height: 300), startTime: Double = 10,
                configure: (Window) -> Void = { _ in }) {
        clock = ManualClock(now: startTime)
        window = Window(rootViewController: root)
        configure(window)
        window.traceSink = { [weak self] record in self?.trace.append(record) }
        window.resize(to: size)
        layout()
        // The first frame, as a compositor would show it.
        window.tick(at: clock.now)
        layout()
    }

    /// The window's size.
    public var size: Size { window.size }
    /// The window's width.
    public var width: Double { window.size.width }

    // MARK: frames

    /// Lays the tree out, as the platform does before it renders.
    public func layout() {
        window.rootView.layoutIfNeeded()
    }

    /// Advances the clock by `dt` (default one 60 Hz frame) and ticks a frame at the new time.
    public func frame(after dt: Double = OffscreenWindow.frameInterval) {
        clock.advance(by: dt)
        window.tick(at: clock.now)
        layout()
    }

    /// Ticks at 60 Hz until the window is idle (no frames wanted) or `seconds` have passed.
    /// Returns the time the frames covered (seconds).
    @discardableResult
    public func runFrames(seconds: Double = 3) -> Double {
        let start = clock.now
        while window.wantsFrames, clock.now - start < seconds - 1e-9 {
            frame()
        }
        return clock.now - start
    }

    /// Ticks `count` frames at 60 Hz whatever the window wants.
    public func frames(_ count: Int) {
        for _ in 0..<count { frame() }
    }

    /// Lets `seconds` pass without input, ticking frames at 60 Hz (a held pointer keeps them coming).
    public func hold(for seconds: Double) {
        let frames = Int((seconds / OffscreenWindow.frameInterval).rounded(.up))
        for _ in 0..<frames { frame(after: seconds / Double(frames)) }
    }

    // MARK: input (timestamps default to the clock's time)

    /// Hands the window one input event, then lays out so that the next hit test sees its effect.
    public func send(_ kind: InputEvent.Kind, at time: Double? = nil) {
        window.handle(InputEvent(time: time ?? clock.now, kind: kind))
        layout()
    }

    /// The pointer enters the window at `point`.
    public func enter(at point: Point, time: Double? = nil) {
        pointer = point
        send(.pointerEnter(point), at: time)
    }

    /// Moves the pointer to `point`, entering there first if it is outside the window.
    public func move(to point: Point, time: Double? = nil) {
        if pointer == nil { enter(at: point, time: time) }
        pointer = point
        send(.pointerMotion(point), at: time)
    }

    /// Moves the pointer to `point` (if it is not there) and presses `button`.
    public func press(at point: Point, button: PointerButton = .left, time: Double? = nil) {
        if pointer != point { move(to: point, time: time) }
        send(.pointerButton(button, pressed: true), at: time)
    }

    /// Releases `button` where the pointer is.
    public func release(button: PointerButton = .left, time: Double? = nil) {
        send(.pointerButton(button, pressed: false), at: time)
    }

    /// The pointer leaves the window.
    public func leave(time: Double? = nil) {
        pointer = nil
        send(.pointerLeave, at: time)
    }

    /// Presses and releases `key` with `modifiers` held, both at the same time.
    public func key(_ key: Key, modifiers: Modifiers = [], time: Double? = nil) {
        send(.key(KeyEvent(key: key, modifiers: modifiers, pressed: true)), at: time)
        send(.key(KeyEvent(key: key, modifiers: modifiers, pressed: false)), at: time)
    }

    /// A click: press, then release 50 ms later at the same place (one frame ticked between).
    public func click(at point: Point) {
        press(at: point)
        frame(after: 0.05)
        release()
    }

    /// Presses at `from` and moves to `to` in `steps` equal motion events spread over
    /// `duration` seconds, ticking one frame at each event's time. Does not release.
    public func drag(from: Point, to: Point, steps: Int = 10, duration: Double = 10.0 / 60) {
        press(at: from)
        moveLinearly(to: to, steps: steps, duration: duration)
    }

    /// Moves from the current pointer position to `to` in `steps` motion events over
    /// `duration`, each followed by a frame at its time.
    public func moveLinearly(to: Point, steps: Int = 10, duration: Double = 10.0 / 60) {
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

    // MARK: idle work

    /// Does what a platform does when nothing else happens: draws the pending frame, then runs
    /// the window's idle work (`Window.performWhenIdle(_:)`) piece by piece until none is
    /// ready. Returns how many pieces ran.
    @discardableResult
    public func runIdleWork() -> Int {
        if window.needsDisplay { _ = render() }
        var count = 0
        while window.hasIdleWorkReady {
            window.runIdleWork()
            count += 1
        }
        return count
    }

    /// Lets `seconds` pass with no input and no frame, as a platform's quiet window: draws
    /// the pending frame and runs the ready idle work first (``runIdleWork()``), then the
    /// work that waits for that much quiet (`Window.performWhenIdle(for:_:)`). Returns how
    /// many pieces of the delayed work ran.
    @discardableResult
    public func idle(for seconds: Double) -> Int {
        runIdleWork()
        clock.advance(by: seconds)
        return window.runIdleWork(afterQuiet: seconds)
    }

    // MARK: output

    /// Renders the whole window at scale 1.
    public func render() -> Surface {
        let surface = Surface(width: Int(size.width), height: Int(size.height))
        let canvas = Canvas(surface: surface)
        window.render(into: canvas)
        return surface
    }

    /// The trace's events, leaving out the per-move `update`s.
    public var traceEvents: [TraceRecord.Event] {
        trace.map(\.event).filter { $0 != .update }
    }

    /// The `complete` records.
    public var completions: [TraceRecord] {
        trace.filter { $0.event == .complete }
    }

    /// Forgets the trace so far (the next records start a fresh list).
    public func clearTrace() { trace.removeAll() }
}
