import Geometry
import Canvas
import Foundation
import Motion
import Segue
import SegueTesting

/// What every compositor session (weston, sway, mutter, KWin) shares: the app under test, the
/// trace it writes, the screenshots kept for people to look at, and waiting for a condition.
public protocol CompositorSession: AnyObject {
    /// Where `segue-demo --trace` writes.
    var tracePath: String { get }
    /// The app under test (nil once stopped).
    var app: Subprocess? { get }
    /// What the app printed (and its protocol log where one is on).
    var appLog: String { get }
    /// Where the injected pointer is now (global coordinates).
    var pointer: Point { get }
    /// Moves the pointer to `point`, `ms` milliseconds after the previous event.
    func move(to point: Point, afterMs ms: UInt32) throws
    /// Presses and releases the left button.
    func press(afterMs ms: UInt32) throws
    func release(afterMs ms: UInt32) throws
}

extension CompositorSession {
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
