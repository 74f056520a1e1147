import Foundation
import Geometry

/// Injected input followed until the app says it arrived: the app's `--stats` counters
/// (``AppStats``), refreshed on request. A wait here ends on a fact the app reports, never on
/// a sleep or a screen that looks quiet.
extension CompositorSession {
    /// A fresh snapshot of the app's figures (throws when the app runs without `--stats`, is
    /// gone, or its event loop does not answer within `timeout`).
    public func appStats(timeout: Double = 30) throws -> AppStats {
        guard let path = appStatsPath else { throw HarnessError("the app runs without --stats: nothing to confirm input with") }
        guard let pid = app?.process.processIdentifier, app?.isRunning == true else {
            throw HarnessError("the app is not running: \(appLog.suffix(600))")
        }
        return try AppStats.request(from: pid, path: path, timeout: timeout)
    }

    /// Waits until a fresh snapshot of the app's figures satisfies `condition`; throws naming
    /// `what` after `timeout` seconds, with the last figures seen.
    public func confirm(_ what: String, timeout: Double = 20, _ condition: (AppStats) -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        var last: AppStats?
        while true {
            let stats = try appStats(timeout: max(5, deadline.timeIntervalSinceNow))
            if condition(stats) { return }
            last = stats
            if Date() > deadline {
                let figures = ["pointer_enters", "pointer_motions", "pointer_buttons", "key_events", "scroll_events", "touch_events"]
                    .map { "\($0) \(Int(last?[$0] ?? 0))" }.joined(separator: ", ")
                throw HarnessError("timed out after \(timeout) s waiting for the app to report \(what) (it reports \(figures), settled \(last?.isSettled == true))")
            }
            usleep(10_000)
        }
    }

    /// Moves the pointer to `point` and waits until the app reports a pointer event there.
    /// Until the app has seen one since the session started, the move is repeated, nudged by
    /// a pixel each time, until one arrives: mutter's RemoteDesktop pointer joins the seat
    /// seconds after its session starts (longer on a loaded machine), and the motions, presses
    /// and releases it sends before are dropped.
    public func reachApp(at point: Point, timeout: Double = 20) throws {
        guard !input.pointerReachedApp else { return try move(to: point, afterMs: 100) }
        let before = try appStats().pointerEvents
        let started = Date()
        let deadline = started.addingTimeInterval(timeout)
        var nudge = 1.0, tries = 0
        while true {
            tries += 1
            try move(to: Point(x: point.x + nudge, y: point.y), afterMs: 60)
            try move(to: point, afterMs: 40)
            let after = try appStats()
            if after.pointerEvents > before {
                // Said when it took more than one try: how late the compositor's pointer joined.
                if tries > 1 {
                    print("harness: \(Self.self): the pointer reached the app after \(tries) tries, \(String(format: "%.2f", Date().timeIntervalSince(started))) s")
                }
                break
            }
            if Date() > deadline {
                throw HarnessError("the pointer never reached the app within \(timeout) s (no wl_pointer enter or motion reported at (\(point.x), \(point.y)))")
            }
            nudge = -nudge
        }
        input.pointerReachedApp = true
    }

    /// Taps Shift until the app reports a key event, once per session: a compositor may make
    /// its seat's keyboard with the first injected key and drop that key (mutter 48), or enter
    /// the window with it held (mutter 43). A Shift tap changes nothing in the app.
    public func reachAppKeyboard(timeout: Double = 20) throws {
        guard !input.keyboardReachedApp else { return }
        let before = try appStats().keyEvents
        let deadline = Date().addingTimeInterval(timeout)
        var tries = 0
        while true {
            tries += 1
            try key(.leftShift, down: true)
            try key(.leftShift, down: false)
            if try appStats().keyEvents > before { break }
            if Date() > deadline { throw HarnessError("the keyboard never reached the app within \(timeout) s (no key reported after \(tries) Shift taps)") }
        }
        if tries > 1 { print("harness: \(Self.self): the keyboard reached the app after \(tries) Shift taps") }
        input.keyboardReachedApp = true
    }

    /// Presses or releases `key` and waits until the app has received it (``AppStats/keyEvents``).
    public func confirmedKey(_ key: EvdevKey, down: Bool) throws {
        let before = try appStats().keyEvents
        try self.key(key, down: down)
        try confirm("key \(key) \(down ? "down" : "up")") { $0.keyEvents > before }
    }

    /// Waits until the app has drawn and committed everything asked of it and no animation
    /// runs (a gesture held still counts): the moment a screenshot shows the answer to the
    /// input so far.
    public func waitForAppToSettle(timeout: Double = 15) throws {
        try confirm("a settled frame (everything drawn, no animation)", timeout: timeout) { $0.isSettled }
    }
}
