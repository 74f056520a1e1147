import Geometry
import Canvas
import Foundation
import Motion

/// A scripted run of the real `segue-demo --stats` (or a peer speaking the same stats protocol)
/// in headless weston at 60 Hz pacing (`repaint-window=16`) or headless mutter, with real
/// injected drags; each phase's figures are differences between two stats snapshots (SIGUSR1).
///
/// Shared by `PerformanceE2ETests` (which asserts only facts that do not depend on timing)
/// and `segue-perf` (which prints every figure).
public struct PerformanceRun: Sendable {
    public struct Snapshot: Sendable {
        public var values: [String: Double]
        /// The string fields (a peer reports its renderer and library versions).
        public var strings: [String: String] = [:]
        public subscript(_ key: String) -> Double { values[key] ?? 0 }
    }

    /// The held drag: a press at `fromX` (mid-height), `steps` motions `intervalMs` apart
    /// (explicit event timestamps, paced in real time) to `toX`, then the release.
    public struct Swipe: Sendable {
        public var fromX: Double
        public var toX: Double
        public var steps: Int
        public var intervalMs: UInt32
        public init(fromX: Double, toX: Double, steps: Int = 120, intervalMs: UInt32 = 16) {
            self.fromX = fromX
            self.toX = toX
            self.steps = steps
            self.intervalMs = intervalMs
        }
        /// segue-perf's own: from 80 % to 10 % of the width.
        public static func standard(width: Int) -> Swipe {
            Swipe(fromX: Double(width) * 0.8, toX: Double(width) * 0.1)
        }
    }

    /// Stats at the end of the launch (after the first frame settled), around 3 s of idle,
    /// and around the swipe (from the press to the release), and at exit.
    public var launched: Snapshot
    public var idleStart: Snapshot, idleEnd: Snapshot
    public var swipeStart: Snapshot, swipeEnd: Snapshot
    public var final: Snapshot
    /// Stats 1 s after the release (the settle is over, the next neighbours are prepared);
    /// nil where the run took none.
    public var afterRelease: Snapshot?
    /// How long the script waits after the release before SIGTERM, in seconds: long enough for
    /// segue-demo's tabs off screen to release their caches once it has been quiet for
    /// `TabbedContainerController.neighbourCacheLifetime` (3 s) after the settle, so the RSS
    /// at exit is that of an app left alone, as a user leaves it.
    public static let quietBeforeExit = 4.5
    /// The held drag's wall-clock duration, less the mid-drag capture's pause (the drag waits
    /// for the capture, and a client given no input then has nothing to draw).
    public var swipeSeconds: Double
    /// How long the mid-drag capture held the drag up.
    public var captureSeconds = 0.0
    /// The compositor's CPU time (see ``WestonCPU``; weston or mutter, all threads) just before
    /// the press and just after the last motion.
    public var westonSwipeStart: WestonCPU?, westonSwipeEnd: WestonCPU?
    /// weston's CPU while it captured the mid-drag shot (a PNG written by the test plugin),
    /// left out of ``westonSwipeCPUms``; 0 where another process encodes the shot (mutter).
    public var westonCaptureMs = 0.0
    /// Which compositor ran the client ("weston", "mutter").
    public var compositor = "weston"
    /// The harness's own processes during the held drag (mutter's screen-cast reader, the bus,
    /// pipewire), CPU in ms; nil on weston, whose driver is one small client.
    public var harnessSwipeCPUms: Double?
    public var exitStatus: Int32?
    /// With `captureMidSwipe`: the share of the output (sampled every 4 px) that differs
    /// between a shot just before the press and the mid-swipe shot; the pointer alone is ≪ 1 %.
    public var midSwipeChangedFraction: Double?

    public static let westonConfig = "[core]\nrepaint-window=16\n"

    /// Runs the script in headless weston: launch, 3 s idle, a full-window tab swipe of about
    /// 2 s (a press in the Navigation tab's page, 120 motions 16 ms apart towards the left,
    /// release), settle, ``quietBeforeExit`` seconds of quiet, SIGTERM.
    ///
    /// `client` runs another program that speaks the same `--stats` protocol instead of
    /// `segue-demo` (a benchmark peer); `captureMidSwipe` writes a PNG of the output halfway
    /// through the held drag (inside the measured phase, so do it for both sides of a comparison);
    /// `trace: false` runs segue-demo without `--trace` (one JSON line written per drag update);
    /// `environment` is added to segue-demo's (e.g. `SEGUE_SUBSURFACES=0`); `scale` is the
    /// output's integer scale (`width` and `height` stay logical, the drag's coordinates too).
    public static func run(width: Int = 1280, height: Int = 800, scale: Int = 1, client: HeadlessSession.Client? = nil,
                           swipe: Swipe? = nil, captureMidSwipe: String? = nil, trace: Bool = true,
                           environment: [String: String] = [:]) throws -> PerformanceRun {
        let session = try HeadlessSession(width: width, height: height,
                                          options: HeadlessSession.Options(stats: true, westonConfig: westonConfig,
                                                                           client: client, trace: trace,
                                                                           environment: environment, scale: scale))
        defer { session.stop() }
        try session.waitForApp()
        return try measure(session, swipe: swipe ?? .standard(width: width), captureMidSwipe: captureMidSwipe)
    }

    /// The same script in headless mutter 43, or 48 with `root` the Debian 13 lane's
    /// (``MutterPerformanceSession``): the client opens
    /// a normal window (launch → first frame is measured on it), goes fullscreen on F11, then
    /// idles and takes the same drag, paced in real time (mutter stamps injected events itself).
    public static func runInMutter(width: Int = 1280, height: Int = 800, client: HeadlessSession.Client? = nil,
                                   swipe: Swipe? = nil, captureMidSwipe: String? = nil,
                                   environment: [String: String] = [:], root: CompositorRoot = .host,
                                   name: String = #function) throws -> PerformanceRun {
        let session = try MutterPerformanceSession(width: width, height: height, client: client,
                                                   environment: environment, root: root, name: name)
        defer { session.stop() }
        try session.waitForFullscreenClient()
        return try measure(session, swipe: swipe ?? .standard(width: width), captureMidSwipe: captureMidSwipe,
                           harnessCPU: { session.harnessCPUms() })
    }

    /// The script after the launch, in any ``PerformanceSession`` whose client is up.
    /// `harnessCPU` reads the harness's own processes' CPU (ms) around the held drag.
    public static func measure(_ session: some PerformanceSession, swipe: Swipe, captureMidSwipe: String? = nil,
                               harnessCPU: (() -> Double)? = nil) throws -> PerformanceRun {
        try session.parkPointer()
        usleep(300_000)
        let launched = try snapshot(session)

        let idleStart = try snapshot(session)
        usleep(3_000_000)
        let idleEnd = try snapshot(session)

        let y = Double(session.height) / 2
        try session.move(to: Point(x: swipe.fromX, y: y), afterMs: 100)
        let before = captureMidSwipe == nil ? nil : try session.stableScreenshot(timeout: 8)
        let swipeStart = try snapshot(session)
        let westonStart = session.compositorCPU()
        let harnessStart = harnessCPU?()
        var westonCaptureMs = 0.0, captureSeconds = 0.0
        let began = monotonicSeconds()
        try session.dragPress(afterMs: 30)
        // Motion k goes out k intervals after the press on the wall clock, whatever a request
        // costs, so every compositor sees the same cadence; the capture's pause shifts the rest.
        let interval = Double(swipe.intervalMs) / 1000
        for step in 1...swipe.steps {
            sleep(until: began + captureSeconds + Double(step) * interval)
            let x = swipe.fromX + (swipe.toX - swipe.fromX) * Double(step) / Double(swipe.steps)
            try session.dragMotion(to: Point(x: x, y: y), intervalMs: swipe.intervalMs)
            if step == swipe.steps / 2, let path = captureMidSwipe {
                let before = session.capturesInsideCompositor ? session.compositorCPU() : nil
                let captureBegan = monotonicSeconds()
                try session.capture(to: path)
                captureSeconds += monotonicSeconds() - captureBegan
                // weston's test plugin encodes the PNG inside weston: keep that out of weston's figure.
                if let before, let after = session.compositorCPU() { westonCaptureMs = after.schedMs - before.schedMs }
            }
        }
        sleep(until: began + captureSeconds + Double(swipe.steps + 1) * interval)
        let swipeEnd = try snapshot(session)
        let westonEnd = session.compositorCPU()
        let harnessEnd = harnessCPU?()
        let swipeSeconds = monotonicSeconds() - began - captureSeconds
        try session.release(afterMs: swipe.intervalMs)
        usleep(1_000_000)
        let afterRelease = try snapshot(session)
        usleep(UInt32((quietBeforeExit - 1) * 1_000_000))

        guard let app = session.app else { throw HarnessError("the app is gone") }
        kill(app.process.processIdentifier, SIGTERM)
        let status = app.waitForExit(timeout: 5)
        let final = try read(session.statsPath)
        var changed: Double?
        if let before, let path = captureMidSwipe {
            let middle = try Surface.loadPNG(from: path)
            var differing = 0, samples = 0
            for py in stride(from: 0, to: min(before.height, middle.height), by: 4) {
                for px in stride(from: 0, to: min(before.width, middle.width), by: 4) {
                    samples += 1
                    if before.pixel(x: px, y: py) != middle.pixel(x: px, y: py) { differing += 1 }
                }
            }
            changed = Double(differing) / Double(max(1, samples))
        }
        var run = PerformanceRun(launched: launched, idleStart: idleStart, idleEnd: idleEnd, swipeStart: swipeStart,
                                 swipeEnd: swipeEnd, final: final, swipeSeconds: swipeSeconds,
                                 westonSwipeStart: westonStart, westonSwipeEnd: westonEnd, westonCaptureMs: westonCaptureMs,
                                 exitStatus: status,
                                 midSwipeChangedFraction: changed)
        run.captureSeconds = captureSeconds
        run.afterRelease = afterRelease
        run.compositor = session.compositorName
        if let harnessStart, let harnessEnd { run.harnessSwipeCPUms = harnessEnd - harnessStart }
        return run
    }

    static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    static func sleep(until deadline: Double) {
        let left = deadline - monotonicSeconds()
        if left > 0 { usleep(UInt32(left * 1e6)) }
    }

    /// Asks the app for a snapshot and waits until the file shows it.
    public static func snapshot(_ session: some PerformanceSession) throws -> Snapshot {
        try snapshot(session, statsPath: session.statsPath)
    }

    /// Asks the app of any session (run with `--stats statsPath`) for a snapshot and waits until the file shows it.
    public static func snapshot(_ session: some CompositorSession, statsPath: String) throws -> Snapshot {
        guard let app = session.app, app.isRunning else { throw HarnessError("the client is not running: \(session.appLog)") }
        let before = (try? read(statsPath))?["time_ms"] ?? -1
        kill(app.process.processIdentifier, SIGUSR1)
        var result: Snapshot?
        do {
            try session.waitFor("a stats snapshot", timeout: 5) {
                guard let next = try? read(statsPath), next["time_ms"] != before else { return false }
                result = next
                return true
            }
        } catch {
            // Say why: an app that died of the signal leaves its backtrace at the end of its log.
            throw HarnessError("no stats snapshot 5 s after SIGUSR1; app running: \(app.isRunning); "
                               + "app log: \(session.appLog.suffix(1500))")
        }
        return result!
    }

    static func read(_ path: String) throws -> Snapshot {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw HarnessError("stats file is not a JSON object")
        }
        return Snapshot(values: object.compactMapValues { ($0 as? NSNumber)?.doubleValue },
                        strings: object.compactMapValues { $0 as? String })
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
    /// Frames of the swipe that took over two 60 Hz periods (33.3 ms) from start to commit.
    public var swipeFramesOverTwoPeriods: Double { swipeEnd["frames_over_two_periods"] - swipeStart["frames_over_two_periods"] }
    public var swipeCPUms: Double { swipeEnd["cpu_ms"] - swipeStart["cpu_ms"] }
    public var swipeCPUPerFrame: Double { swipeCPUms / max(1, swipeFramesDrawn) }
    public var swipeFrameRate: Double { swipeFramesDrawn / swipeSeconds }
    /// weston's CPU during the held drag (schedstat, ns resolution), and per client frame drawn.
    public var westonSwipeCPUms: Double {
        guard let start = westonSwipeStart, let end = westonSwipeEnd else { return 0 }
        return end.schedMs - start.schedMs - westonCaptureMs
    }
    /// The same from /proc/PID/stat utime + stime (10 ms ticks): a cross-check.
    public var westonSwipeStatCPUms: Double {
        guard let start = westonSwipeStart, let end = westonSwipeEnd else { return 0 }
        return end.statMs - start.statMs - westonCaptureMs
    }
    public var westonSwipeCPUPerFrame: Double { westonSwipeCPUms / max(1, swipeFramesDrawn) }
}
