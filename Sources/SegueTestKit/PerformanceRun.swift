import Foundation
import Motion

/// A scripted run of the real `segue-demo --stats` in headless weston at 60 Hz pacing
/// (`repaint-window=16`), with real injected drags; each phase's figures are differences
/// between two stats snapshots (SIGUSR1).
///
/// Shared by `PerformanceE2ETests` (which asserts only facts that do not depend on timing)
/// and `segue-perf` (which prints every figure).
public struct PerformanceRun: Sendable {
    public struct Snapshot: Sendable {
        public var values: [String: Double]
        public subscript(_ key: String) -> Double { values[key] ?? 0 }
    }

    /// Stats at the end of the launch (after the first frame settled), around 3 s of idle,
    /// and around the swipe (from the press to the release), and at exit.
    public var launched: Snapshot
    public var idleStart: Snapshot, idleEnd: Snapshot
    public var swipeStart: Snapshot, swipeEnd: Snapshot
    public var final: Snapshot
    public var swipeSeconds: Double
    public var exitStatus: Int32?

    public static let westonConfig = "[core]\nrepaint-window=16\n"

    /// Runs the script: launch, 3 s idle, a full-window tab swipe of about 2 s (a press in the
    /// Navigation tab's page, 120 motions 16 ms apart towards the left, release), settle,
    /// SIGTERM.
    public static func run(width: Int = 1280, height: Int = 800) throws -> PerformanceRun {
        let session = try HeadlessSession(width: width, height: height,
                                          options: HeadlessSession.Options(stats: true, westonConfig: westonConfig))
        defer { session.stop() }
        try session.waitForApp()
        try session.parkPointer()
        usleep(300_000)
        let launched = try snapshot(session)

        let idleStart = try snapshot(session)
        usleep(3_000_000)
        let idleEnd = try snapshot(session)

        let y = Double(height) / 2
        try session.move(to: Point(x: Double(width) * 0.8, y: y), afterMs: 100)
        let swipeStart = try snapshot(session)
        let began = Date()
        try session.press(afterMs: 30)
        let steps = 120
        for step in 1...steps {
            let x = Double(width) * (0.8 - 0.7 * Double(step) / Double(steps))
            try session.move(to: Point(x: x, y: y), afterMs: 16)
            usleep(16_000)
        }
        let swipeEnd = try snapshot(session)
        let swipeSeconds = Date().timeIntervalSince(began)
        try session.release(afterMs: 16)
        usleep(1_000_000)

        guard let app = session.app else { throw HarnessError("the app is gone") }
        kill(app.process.processIdentifier, SIGTERM)
        let status = app.waitForExit(timeout: 5)
        let final = try read(session.statsPath)
        return PerformanceRun(launched: launched, idleStart: idleStart, idleEnd: idleEnd, swipeStart: swipeStart,
                              swipeEnd: swipeEnd, final: final, swipeSeconds: swipeSeconds, exitStatus: status)
    }

    /// Asks the app for a snapshot and waits until the file shows it.
    static func snapshot(_ session: HeadlessSession) throws -> Snapshot {
        guard let app = session.app, app.isRunning else { throw HarnessError("segue-demo is not running: \(session.appLog)") }
        let before = (try? read(session.statsPath))?["time_ms"] ?? -1
        kill(app.process.processIdentifier, SIGUSR1)
        var result: Snapshot?
        try session.waitFor("a stats snapshot", timeout: 5) {
            guard let next = try? read(session.statsPath), next["time_ms"] != before else { return false }
            result = next
            return true
        }
        return result!
    }

    static func read(_ path: String) throws -> Snapshot {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw HarnessError("stats file is not a JSON object")
        }
        return Snapshot(values: object.compactMapValues { ($0 as? NSNumber)?.doubleValue })
    }

    // MARK: figures

    /// Wake-ups during the idle phase, not counting the second snapshot's own signal.
    public var idleWakeUps: Double { idleEnd["wake_ups"] - idleStart["wake_ups"] - 1 }
    public var idleFrames: Double { idleEnd["commits"] - idleStart["commits"] }
    public var idleCPUms: Double { idleEnd["cpu_ms"] - idleStart["cpu_ms"] }
    /// Voluntary context switches while idle (each poll sleep is one; the snapshot adds its own).
    public var idleContextSwitches: Double { idleEnd["voluntary_ctxt_switches"] - idleStart["voluntary_ctxt_switches"] }
    public var swipeCallbacks: Double { swipeEnd["frame_callbacks"] - swipeStart["frame_callbacks"] }
    public var swipeCommits: Double { swipeEnd["commits"] - swipeStart["commits"] }
    public var swipeFramesDrawn: Double { swipeEnd["frames_drawn"] - swipeStart["frames_drawn"] }
    public var swipeCPUPerFrame: Double { (swipeEnd["cpu_ms"] - swipeStart["cpu_ms"]) / max(1, swipeFramesDrawn) }
    public var swipeFrameRate: Double { swipeFramesDrawn / swipeSeconds }
}
