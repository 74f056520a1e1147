import Geometry
import Canvas
import Foundation
import Motion
import Segue
import SegueTesting

/// One input event a session injects (what weston's test module, sway's virtual pointer,
/// mutter's remote desktop and KWin's fake input all take).
public enum InjectedInput: Sendable, Equatable, CustomStringConvertible {
    /// The pointer to a point in global (layout) coordinates.
    case motion(Point)
    /// A pointer button down or up.
    case button(PointerButtonName, down: Bool)
    /// An evdev key code (``EvdevKey``) down or up.
    case key(Int, down: Bool)
    /// Mouse-wheel clicks (positive: down, or right when not `vertical`); each compositor turns
    /// a click into its own `wl_pointer.axis` distance (10 px on weston, sway and mutter).
    case wheel(clicks: Int, vertical: Bool)
    /// A finger `id` down at, or moved to, a point (global coordinates), or lifted (no point).
    case touch(TouchPhase, id: Int, at: Point?)

    public var description: String {
        switch self {
        case .motion(let p): "motion \(p.x) \(p.y)"
        case .button(let button, let down): "button \(button.rawValue) \(down ? "down" : "up")"
        case .key(let code, let down): "key \(code) \(down ? "down" : "up")"
        case .wheel(let clicks, let vertical): "wheel \(vertical ? "vertical" : "horizontal") \(clicks)"
        case .touch(let phase, let id, let point): "touch \(phase.rawValue) \(id)" + (point.map { " \($0.x) \($0.y)" } ?? "")
        }
    }
}

/// A touch point's phases, by the names the input helpers take.
public enum TouchPhase: String, Sendable {
    case down, motion, up
}

/// Pointer buttons by the names every input helper takes.
public enum PointerButtonName: String, Sendable {
    case left, right, middle
}

/// What every compositor session (weston, sway, mutter, KWin) shares: the app under test, the
/// trace it writes, the screenshots kept for people to look at, waiting for a condition, and
/// input — each session implements one primitive, ``inject(_:afterMs:)``, and moving, clicking,
/// dragging, typing and the wheel are written once on top of it.
public protocol CompositorSession: AnyObject {
    /// Where `segue-demo --trace` writes.
    var tracePath: String { get }
    /// The app under test (nil once stopped).
    var app: Subprocess? { get }
    /// What the app printed (and its protocol log where one is on).
    var appLog: String { get }
    /// Where the injected pointer is now (global coordinates); ``inject(_:afterMs:)`` updates it.
    var pointer: Point { get }
    /// Injects `event` `ms` milliseconds after the previous one. Where events carry explicit
    /// timestamps (weston's test module, sway's virtual pointer) the session's clock advances
    /// by `ms`; where the compositor stamps them itself (mutter, KWin) the session waits `ms`
    /// of real time first. A session that cannot inject an event throws, naming what to use.
    func inject(_ event: InjectedInput, afterMs ms: UInt32) throws
}

extension CompositorSession {
    // MARK: input, written once

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
    /// key down and up, then the modifiers up in reverse order.
    public func type(_ key: EvdevKey, holding modifiers: [EvdevKey] = []) throws {
        for modifier in modifiers { try self.key(modifier, down: true) }
        try self.key(key, down: true)
        try self.key(key, down: false)
        for modifier in modifiers.reversed() { try self.key(modifier, down: false) }
    }

    /// Turns the wheel by `clicks` where the pointer is.
    public func wheel(clicks: Int, vertical: Bool = true, afterMs ms: UInt32 = 40) throws {
        try inject(.wheel(clicks: clicks, vertical: vertical), afterMs: ms)
    }

    /// Finger 0 down at, moved to, or (no point) lifted from `point`, `ms` after the previous event.
    public func touch(_ phase: TouchPhase, at point: Point? = nil, afterMs ms: UInt32 = 16) throws {
        try inject(.touch(phase, id: 0, at: point), afterMs: ms)
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

    /// Clicks at `point`. A click usually starts a transition: this waits (up to a second)
    /// until the app has traced its `begin`, so that a following screenshot cannot catch the
    /// app before it read the click — on a loaded machine a starved app can show two equal
    /// frames of the old state.
    public func click(at point: Point) throws {
        let begins = traceCount(.begin)
        try move(to: point, afterMs: 100)
        try press(afterMs: 50)
        try release(afterMs: 80)
        try? waitFor("the click to start a transition", timeout: 1) { self.traceCount(.begin) > begins }
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
