import Geometry
import Canvas
import Foundation
import Motion
import Segue
import SegueTesting
/// What every compositor session (weston, sway, mutter, KWin) shares: the app under test, the
/// trace it writes, the screenshots kept for people to look at, waiting for a condition, and
/// input. Input is written once, here: a session names its input helper (``inputDriver``) and
/// how that helper spells events (``inputDialect``); moving, clicking, dragging, typing and the
/// wheel sit on ``inject(_:afterMs:)``, and ``click(at:)`` and the `confirm` family follow the
/// input until the app's own figures (``AppStats``) say it arrived.
public protocol CompositorSession: AnyObject {
    /// Where `segue-demo --trace` writes.
    var tracePath: String { get }
    /// The app under test (nil once stopped).
    var app: Subprocess? { get }
    /// What the app printed (and its protocol log where one is on).
    var appLog: String { get }
    /// Where the app under test writes `--stats` (nil when it runs without, e.g. a benchmark
    /// peer): SIGUSR1 refreshes it, and the harness reads there what input the app received.
    var appStatsPath: String? { get }
    /// The helper that injects input (nil once stopped).
    var inputDriver: LineDriver? { get }
    /// How ``inputDriver`` spells events and whose clock stamps them.
    var inputDialect: InputDialect { get }
    /// Where the injected pointer is, the session's event clock, and whether the app has been
    /// seen to receive the pointer yet.
    var input: InputState { get set }
}

/// The injected input's state in a session.
public struct InputState: Sendable {
    /// Where the injected pointer is now (global coordinates).
    public var pointer: Point
    /// The event clock in ms, for helpers that take the session's time stamps.
    public var clock: UInt32 = 100_000
    /// The app has reported a pointer event since the session started: the compositor's
    /// virtual pointer has joined its seat (mutter's joins seconds after its session starts,
    /// and what is sent before is lost).
    public var pointerReachedApp = false
    /// The app has reported a key since the session started (mutter makes its seat's keyboard
    /// with the first injected key: mutter 48 drops that key, mutter 43 enters with it held).
    public var keyboardReachedApp = false

    public init(pointer: Point) { self.pointer = pointer }
}

extension CompositorSession {
    // MARK: input, written once

    /// Where the injected pointer is now (global coordinates).
    public var pointer: Point { input.pointer }
    /// The event clock in ms (explicit-clock helpers stamp events with it).
    public var clock: UInt32 { input.clock }

    /// Moves the event clock on without sending anything (explicit-clock helpers).
    public func advance(ms: UInt32) { input.clock += ms }

    /// Sends one raw command to the input helper (its own words: `capture PATH`, `finger …`).
    @discardableResult
    public func send(_ command: String) throws -> String {
        guard let inputDriver else { throw HarnessError("no input helper (the session was stopped)") }
        return try inputDriver.send(command)
    }

    /// Injects `event` `ms` milliseconds after the previous one. Where events carry explicit
    /// timestamps (weston's test module, sway's virtual pointer) the session's clock advances
    /// by `ms`; where the compositor stamps them itself (mutter, KWin) the session waits `ms`
    /// of real time first. An event the helper cannot send throws, naming what to use.
    public func inject(_ event: InjectedInput, afterMs ms: UInt32) throws {
        switch inputDialect.clock {
        case .explicit: advance(ms: ms)
        case .compositor: usleep(ms * 1000)
        }
        let command = try inputDialect.command(for: event, at: input.clock)
        if case .motion(let point) = event { input.pointer = point }
        try send(command)
    }

    /// Moves the pointer to `point`, `ms` milliseconds after the previous event.
    public func move(to point: Point, afterMs ms: UInt32 = 16) throws {
        try inject(.motion(point), afterMs: ms)
    }

    /// Presses the left button.
    public func press(afterMs ms: UInt32 = 16) throws {
        try inject(.button(.left, down: true), afterMs: ms)
    }

    /// Releases the left button.
    public func release(afterMs ms: UInt32 = 16) throws {
        try inject(.button(.left, down: false), afterMs: ms)
    }

    /// Presses (`down`) or releases an evdev key code, 30 ms after the previous event.
    public func key(_ code: Int, down: Bool) throws {
        try inject(.key(code, down: down), afterMs: 30)
    }

    /// Presses or releases `key`.
    public func key(_ key: EvdevKey, down: Bool) throws {
        try self.key(key.rawValue, down: down)
    }

    /// Types `key` with `modifiers` held, as a person does: the modifiers go down in order, the
    /// key down and up, then the modifiers up in reverse order. Returns once the app has
    /// received every one of those key events (``AppStats/keyEvents``), the keyboard confirmed
    /// first (``reachAppKeyboard(timeout:)``); a key that ends the app (Ctrl+Q) is not waited for.
    public func type(_ key: EvdevKey, holding modifiers: [EvdevKey] = []) throws {
        let confirms = appStatsPath != nil && app?.isRunning == true
        var before = 0
        if confirms {
            try reachAppKeyboard()
            before = try appStats().keyEvents
        }
        try typeCompositorShortcut(key, holding: modifiers)
        guard confirms else { return }
        let sent = 2 * (modifiers.count + 1)
        do {
            try confirm("\(sent) key events typing \(key)") { $0.keyEvents >= before + sent }
        } catch where app?.isRunning != true {
            return
        }
    }

    /// Types a chord the compositor takes for itself (Super+H to hide on mutter, Super+Shift+M
    /// to maximize on weston's desktop shell): the app sees only part of it, so nothing is
    /// confirmed; the test waits for the compositor's answer instead (a configure, a state).
    public func typeCompositorShortcut(_ key: EvdevKey, holding modifiers: [EvdevKey]) throws {
        for modifier in modifiers { try self.key(modifier, down: true) }
        try self.key(key, down: true)
        try self.key(key, down: false)
        for modifier in modifiers.reversed() { try self.key(modifier, down: false) }
    }

    /// Turns the wheel by `clicks` where the pointer is.
    public func wheel(clicks: Int, vertical: Bool = true, afterMs ms: UInt32 = 40) throws {
        try inject(.wheel(clicks: clicks, vertical: vertical), afterMs: ms)
    }


    /// Finger `id` (0 unless several touch at once, as in a pinch) down at, moved to, or (no
    /// point) lifted from `point`, `ms` after the previous event.
    public func touch(_ phase: TouchPhase, id: Int = 0, at point: Point? = nil, afterMs ms: UInt32 = 16) throws {
        try inject(.touch(phase, id: id, at: point), afterMs: ms)
    }

    /// Taps `point` (somewhere a tap does nothing) until the app reports touch events, for at
    /// most `timeout` seconds: mutter's seat makes its touch device only with the first touch,
    /// and the app binds wl_touch after that, so the first taps may reach nobody.
    public func reachAppTouch(at point: Point, timeout: Double = 10) throws {
        guard appStatsPath != nil else { return }
        let deadline = Date().addingTimeInterval(timeout)
        let before = try appStats().touchEvents
        while true {
            try touch(.down, at: point, afterMs: 50)
            try touch(.up, afterMs: 50)
            do {
                return try waitFor("touch", timeout: 1) { ((try? self.appStats().touchEvents) ?? before) > before }
            } catch where Date() < deadline {
                continue
            } catch {
                throw HarnessError("timed out waiting for the app's first touch events (taps at \(point) for \(Int(timeout)) s)")
            }
        }
    }

    /// Two fingers on the touchscreen, `from` apart on a level line through `centre`, spread
    /// (or closed) to `to` apart in `steps` moves a frame apart, then lifted. Returns once the
    /// app has received every touch event (``AppStats/touchEvents``), where it writes stats.
    public func pinch(around centre: Point, from: Double, to: Double, steps: Int = 12) throws {
        let confirms = appStatsPath != nil && app?.isRunning == true
        let before = confirms ? try appStats().touchEvents : 0
        func fingers(_ distance: Double) -> (Point, Point) {
            (Point(x: centre.x - distance / 2, y: centre.y), Point(x: centre.x + distance / 2, y: centre.y))
        }
        let start = fingers(from)
        try touch(.down, id: 0, at: start.0, afterMs: 50)
        try touch(.down, id: 1, at: start.1, afterMs: 16)
        for step in 1...max(1, steps) {
            let now = fingers(from + (to - from) * Double(step) / Double(max(1, steps)))
            try touch(.motion, id: 0, at: now.0, afterMs: 8)
            try touch(.motion, id: 1, at: now.1, afterMs: 8)
        }
        try touch(.up, id: 0, afterMs: 16)
        try touch(.up, id: 1, afterMs: 16)
        guard confirms else { return }
        let sent = 4 + 2 * max(1, steps)
        try confirm("\(sent) touch events pinching") { $0.touchEvents >= before + sent }
    }

    /// The app's `WAYLAND_DEBUG=1` messages so far (where the session runs it with the protocol
    /// log on; empty otherwise).
    public var appProtocolLog: WaylandDebugLog { WaylandDebugLog(appLog) }

    /// The trace file's text as the app wrote it so far.
    public var traceText: String {
        (try? String(contentsOfFile: tracePath, encoding: .utf8)) ?? ""
    }

    /// The trace the app wrote so far, decoded (``TraceRecord/decodeLines(_:)``).
    public var trace: [TraceRecord] {
        TraceRecord.decodeLines(traceText)
    }

    /// How many trace records of `event` the app has written.
    public func traceCount(_ event: TraceRecord.Event) -> Int {
        trace.filter { $0.event == event }.count
    }

    /// Keeps a screenshot in artifacts/ for people to look at.
    public func keep(_ surface: Surface, as name: String) {
        try? FileManager.default.createDirectory(atPath: Paths.artifacts, withIntermediateDirectories: true)
        try? surface.writePNG(to: Paths.artifacts + "/\(name).png")
    }

    /// Clicks at `point` and returns once the app has received the press and the release
    /// (``AppStats/pointerButtons``; throws when they never arrive). The pointer is confirmed
    /// to reach the app first (``reachApp(at:timeout:)``): a compositor drops what its virtual
    /// pointer sends before that pointer has joined the seat.
    ///
    /// A client that reports no figures (an example app run without `--stats`) gets the click
    /// unconfirmed, then up to a second for the transition it usually starts to be traced.
    public func click(at point: Point) throws {
        guard appStatsPath != nil else {
            let begins = traceCount(.begin)
            try move(to: point, afterMs: 100)
            try press(afterMs: 50)
            try release(afterMs: 80)
            try? waitFor("the click to start a transition", timeout: 1) { self.traceCount(.begin) > begins }
            return
        }
        try reachApp(at: point)
        let before = try appStats().pointerButtons
        try press(afterMs: 50)
        try release(afterMs: 80)
        try confirm("the press and release of a click at (\(point.x), \(point.y))") { $0.pointerButtons >= before + 2 }
    }

    /// Moves the held pointer to `target` in `steps` motions `intervalMs` apart.
    public func drag(to target: Point, steps: Int = 12, intervalMs: UInt32 = 16) throws {
        let start = pointer
        for step in 1...steps {
            let t = Double(step) / Double(steps)
            try move(to: Point(x: start.x + (target.x - start.x) * t, y: start.y + (target.y - start.y) * t),
                     afterMs: intervalMs)
        }
    }

    /// Waits until the trace holds at least `count` records of `event`.
    public func waitForTrace(_ event: TraceRecord.Event, count: Int, timeout: Double = 10) throws {
        try waitFor("\(count) × \(event.rawValue) in the trace", timeout: timeout) { self.traceCount(event) >= count }
    }

    /// Waits until the trace has as many `complete` records as `begin` records.
    public func waitForTransitionsToSettle(timeout: Double = 10) throws {
        let running = app?.isRunning == true ? "" : " (the app exited: \(appLog.suffix(400)))"
        try waitFor("the transitions to complete\(running)", timeout: timeout) {
            let events = self.trace.map(\.event)
            return events.filter { $0 == .begin }.count == events.filter { $0 == .complete }.count
        }
    }

    /// Polls `condition` every 20 ms; throws naming `what` after `timeout` seconds.
    public func waitFor(_ what: String, timeout: Double, _ condition: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            if Date() > deadline { throw HarnessError("timed out waiting for \(what)") }
            usleep(20_000)
        }
    }
}
