import Geometry
import Canvas
import Foundation
import Motion

/// One fuzz run end to end: a fresh headless weston (kiosk) with `segue-demo --trace`, a
/// screenshot of the launch screen, the stream played through `segue-inject` in its bursts,
/// then the checks: the app alive, the trace's invariants (``TraceInvariants``), the launch
/// screen back pixel for pixel after a known key sequence, resident memory no more than
/// 1.5× its value after warm-up, and last Ctrl+Q ending the app with status 0 (``quit(_:after:logName:)``).
///
/// A run that proves nothing fails too: the input must have reached the app (its `--stats`
/// counts the events it read during the stream and its pointer enters; the stream must begin
/// transitions), every event must have been sent, the trace must be readable, and the memory
/// reading must succeed (unless SEGUE_FUZZ_RSS_LIMIT=0 turns the memory check off).
public enum FuzzRun {
    /// What a run found.
    public struct Report: Sendable {
        public var seed: UInt64
        /// Input events sent to the compositor (all of the stream's, unless the run broke off).
        public var events: Int
        /// Input events the app read during the stream, and its pointer enters, by its `--stats`.
        public var eventsReceived = 0
        public var pointerEnters = 0
        public var bursts = 0
        /// The fastest burst's rate, and the whole stream's (pauses included), in events per second.
        public var peakRate = 0.0
        public var meanRate = 0.0
        public var seconds = 0.0
        /// Transitions the stream began (the warm-up's not counted).
        public var transitionsBegun = 0
        public var violations: [TraceInvariants.Violation] = []
        /// VmRSS in kB after warm-up and at the end.
        public var warmRSS = 0
        public var endRSS = 0
        public var launchScreenRestored = false
        /// Every reason the run failed, one line each (empty: passed).
        public var failures: [String] = []

        public var passed: Bool { failures.isEmpty }

        /// One line: the figures and the verdict.
        public var summary: String {
            let ratio = warmRSS > 0 ? Double(endRSS) / Double(warmRSS) : 0
            return "segue-fuzz seed=\(seed) events=\(events) bursts=\(bursts) "
                + "rate=\(Int(meanRate)) ev/s (peak \(Int(peakRate))) time=\(String(format: "%.1f", seconds)) s "
                + "received=\(eventsReceived) enters=\(pointerEnters) "
                + "transitions=\(transitionsBegun) violations=\(violations.count) "
                + "rss=\(warmRSS)→\(endRSS) kB (×\(String(format: "%.2f", ratio))) "
                + "launch-screen=\(launchScreenRestored ? "restored" : "DIFFERENT"): "
                + (passed ? "PASS" : "FAIL (\(failures.joined(separator: "; ")))")
        }
    }

    /// Input events of the stream played (after ``warmUp(_:)``) before the warm-up memory reading.
    public static let warmUpEvents = 500
    /// The end may use at most this much more resident memory than after warm-up.
    /// SEGUE_FUZZ_RSS_LIMIT=0 turns the check off: under AddressSanitizer, whose quarantine
    /// keeps freed memory resident by design (`make test-asan` sets it; ASan checks memory there).
    public static var rssGrowthLimit: Double {
        ProcessInfo.processInfo.environment["SEGUE_FUZZ_RSS_LIMIT"].flatMap(Double.init) ?? 1.5
    }

    /// Plays `script` in a new session. Throws only when the harness itself cannot run; what
    /// the app does wrong lands in the report's failures.
    /// With `appLogPath`, the app runs with `WAYLAND_DEBUG=1` and its log is copied there at
    /// the end (for finding out why a seed failed).
    public static func run(_ script: FuzzScript, keepShotsAs name: String? = nil, appLogPath: String? = nil) throws -> Report {
        let session = try HeadlessSession(width: script.width, height: script.height,
                                          options: .init(stats: true, protocolLog: appLogPath != nil))
        defer {
            if let appLogPath { try? Data(session.appLog.utf8).write(to: URL(fileURLWithPath: appLogPath)) }
            session.stop()
        }
        try session.waitForApp()
        let launch = try session.parkedScreenshot()
        var report = Report(seed: script.seed, events: 0)
        try warmUp(session)
        let beginsBefore = session.traceCount(.begin)
        let statsBefore = try PerformanceRun.snapshot(session)
        let start = Date()
        do {
            try play(script, in: session, report: &report)
        } catch {
            report.failures.append("\(error)")
        }
        report.seconds = Date().timeIntervalSince(start)
        report.meanRate = Double(report.events) / max(report.seconds, 0.001)
        if report.events < script.events {
            report.failures.append("only \(report.events) of the stream's \(script.events) events were sent")
        }
        guard alive(session, &report) else { return report }
        // The input reached the app: it read events during the stream and the pointer entered
        // its window (the compositor could otherwise have swallowed everything).
        do {
            let statsAfter = try PerformanceRun.snapshot(session)
            report.eventsReceived = Int(statsAfter["input_events"] - statsBefore["input_events"])
            report.pointerEnters = Int(statsAfter["pointer_enters"])
            if report.eventsReceived <= 0 { report.failures.append("the app read no input event during the stream") }
            if report.pointerEnters <= 0 { report.failures.append("the pointer never entered the app's window") }
        } catch {
            report.failures.append("reading the app's input counts: \(error)")
        }

        // Everything was let go at the end of the stream: every transition must complete.
        do { try session.waitForTransitionsToSettle(timeout: 15) } catch { report.failures.append("\(error)") }
        // An unreadable or empty trace is a failure, not zero violations: the warm-up alone
        // writes transitions.
        if let trace = try? String(contentsOfFile: session.tracePath, encoding: .utf8), !trace.isEmpty {
            report.violations = TraceInvariants.check(trace, settled: true)
        } else {
            report.failures.append("the trace \(session.tracePath) is unreadable or empty")
        }
        report.transitionsBegun = session.traceCount(.begin) - beginsBefore
        if report.transitionsBegun <= 0 { report.failures.append("the stream began no transition") }
        if let first = report.violations.first {
            report.failures.append("\(report.violations.count) trace violation(s), first: \(first)")
        }

        do {
            try returnToLaunchScreen(session, after: lastTimestamp(script))
            let after = try session.parkedScreenshot()
            report.launchScreenRestored = after.isPixelEqual(to: launch)
            if let name {
                session.keep(launch, as: "\(name)-launch")
                session.keep(after, as: "\(name)-after")
            }
            if !report.launchScreenRestored { report.failures.append("the launch screen did not come back pixel-equal") }
        } catch {
            report.failures.append("returning to the launch screen: \(error)")
        }
        guard alive(session, &report) else { return report }
        report.endRSS = residentKB(session) ?? 0
        if rssGrowthLimit > 0, report.warmRSS <= 0 || report.endRSS <= 0 {
            report.failures.append("no resident memory reading (warm-up \(report.warmRSS) kB, end \(report.endRSS) kB; "
                                   + "SEGUE_FUZZ_RSS_LIMIT=0 turns the check off)")
        } else if rssGrowthLimit > 0, Double(report.endRSS) > rssGrowthLimit * Double(report.warmRSS) {
            report.failures.append("resident memory grew from \(report.warmRSS) to \(report.endRSS) kB (limit ×\(rssGrowthLimit))")
        }
        if let failure = quit(session, after: lastTimestamp(script) &+ 60_000, logName: name) {
            report.failures.append(failure)
        }
        return report
    }

    /// Ctrl+Q: the app must end through its event loop with status 0 — not the harness's
    /// SIGTERM — so its exit runs, and in an AddressSanitizer build LeakSanitizer checks the app
    /// (a leak makes the status non-zero). Returns why it did not, with the log kept as
    /// artifacts/fuzz/`logName`-app.log; nil after a clean exit.
    static func quit(_ session: HeadlessSession, after timestamp: UInt32, logName: String?) -> String? {
        guard let app = session.app else { return "the app is gone before Ctrl+Q" }
        var clock = timestamp
        do {
            for (key, down) in [(EvdevKey.leftControl, true), (.q, true), (.q, false), (.leftControl, false)] {
                clock &+= 40
                try session.send("key \(key.rawValue) \(down ? "down" : "up") \(clock)")
            }
        } catch {
            return "sending Ctrl+Q: \(error)"
        }
        // A leak check of a sanitized build takes a few seconds.
        guard let status = app.waitForExit(timeout: 60) else { return "the app did not exit within 60 s of Ctrl+Q" }
        guard status != 0 else { return nil }
        let log = session.appLog
        let path = Paths.artifacts + "/fuzz/\(logName ?? "fuzz")-app.log"
        try? FileManager.default.createDirectory(atPath: Paths.artifacts + "/fuzz", withIntermediateDirectories: true)
        try? Data(log.utf8).write(to: URL(fileURLWithPath: path))
        let summary = log.split(separator: "\n").last { $0.contains("SUMMARY:") }.map(String.init) ?? String(log.suffix(300))
        return "the app exited with status \(status) on Ctrl+Q: \(summary) (log: \(path))"
    }

    /// Sends every line; times the bursts; reads memory after warm-up; stops at a dead app.
    private static func play(_ script: FuzzScript, in session: HeadlessSession, report: inout Report) throws {
        var eventsSent = 0
        var burstStart: Date?
        var burstEvents = 0
        var rates: [Double] = []
        for (index, line) in script.lines.enumerated() {
            let command = line.split(separator: " ").first ?? ""
            if command == "batch", line.hasSuffix(" on") { burstStart = Date(); burstEvents = 0 }
            do {
                try session.send(line)
                if FuzzScript.inputCommands.contains(command) { report.events += 1 }
            } catch {
                let state = session.app?.isRunning == true ? "" : " (the app is gone)"
                throw HarnessError("line \(index + 2) '\(line)': \(error)\(state)")
            }
            if command == "batch", line.hasSuffix(" off"), let started = burstStart {
                let elapsed = Date().timeIntervalSince(started)
                if burstEvents > 0, elapsed > 0 { rates.append(Double(burstEvents) / elapsed) }
                burstStart = nil
                guard session.app?.isRunning == true else {
                    throw HarnessError("the app exited during the burst ending at line \(index + 2)")
                }
            }
            if FuzzScript.inputCommands.contains(command) {
                eventsSent += 1
                burstEvents += 1
                if eventsSent == warmUpEvents {
                    usleep(300_000)
                    report.warmRSS = residentKB(session) ?? 0
                }
            }
        }
        // A stream shorter than the warm-up count: its end is the warm reading.
        if eventsSent < warmUpEvents {
            usleep(300_000)
            report.warmRSS = residentKB(session) ?? 0
        }
        report.bursts = rates.count
        report.peakRate = rates.max() ?? 0
    }

    /// Before the stream: every tab shown once (Ctrl+Tab round the four, back to the first)
    /// and a page pushed and popped (Tab, Enter, Alt+Left), so first-use allocations (fonts,
    /// artwork, buffers) are made before the warm-up memory reading.
    static func warmUp(_ session: HeadlessSession) throws {
        var clock = InputFuzzer.startTime &- 60_000
        func keys(_ sequence: [(EvdevKey, Bool)]) throws {
            for (key, down) in sequence {
                clock &+= 40
                try session.send("key \(key.rawValue) \(down ? "down" : "up") \(clock)")
            }
            try session.waitForTransitionsToSettle(timeout: 10)
        }
        for _ in 0..<4 { try keys([(.leftControl, true), (.tab, true), (.tab, false), (.leftControl, false)]) }
        try keys([(.tab, true), (.tab, false), (.enter, true), (.enter, false)])
        try keys([(.leftAlt, true), (.left, true), (.left, false), (.leftAlt, false)])
    }

    /// The known way back: Esc dismisses what is presented, a click on the first tab selects
    /// it (and drops keyboard focus, whose ring would differ), Alt+Left pops its stack to the
    /// root, and a long wheel scroll up brings the list to its top.
    static func returnToLaunchScreen(_ session: HeadlessSession, after timestamp: UInt32) throws {
        var clock = timestamp
        func send(_ command: String) throws {
            clock &+= 40
            try session.send("\(command) \(clock)")
        }
        func settle() throws { try session.waitForTransitionsToSettle(timeout: 10) }
        for _ in 0..<4 {
            try send("key \(EvdevKey.escape.rawValue) down")
            try send("key \(EvdevKey.escape.rawValue) up")
            try settle()
        }
        let firstTab = DemoLayout.tabButton(.navigation, in: Size(width: Double(session.width), height: Double(session.height)))
        try send("motion \(firstTab.x) \(firstTab.y)")
        try send("button 272 down")
        try send("button 272 up")
        try settle()
        for _ in 0..<6 {
            for (key, down) in [(EvdevKey.leftAlt, true), (.left, true), (.left, false), (.leftAlt, false)] {
                try send("key \(key.rawValue) \(down ? "down" : "up")")
            }
            try settle()
        }
        try send("motion \(Double(session.width) / 2) \(Double(session.height) / 2)")
        for _ in 0..<10 { try send("axis vertical -5000") }
        try settle()
    }

    /// The last timestamp the stream used, so the way back continues its clock.
    static func lastTimestamp(_ script: FuzzScript) -> UInt32 {
        for line in script.lines.reversed() {
            if let last = line.split(separator: " ").last, let stamp = UInt32(last),
               line.hasPrefix("motion") || line.hasPrefix("button") || line.hasPrefix("key")
                || line.hasPrefix("touch") || line.hasPrefix("finger") || line.hasPrefix("axis") {
                return stamp
            }
        }
        return InputFuzzer.startTime
    }

    private static func alive(_ session: HeadlessSession, _ report: inout Report) -> Bool {
        if session.app?.isRunning == true { return true }
        let status = session.app.map { "exit status \($0.process.terminationStatus)" } ?? "gone"
        report.failures.append("the app died (\(status)): \(session.appLog.suffix(600))")
        return false
    }

    /// The app's VmRSS from /proc/PID/status, in kB.
    public static func residentKB(_ session: HeadlessSession) -> Int? {
        guard let pid = session.app?.process.processIdentifier,
              let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) else { return nil }
        return line.split(separator: " ").compactMap { Int($0) }.first
    }
}
