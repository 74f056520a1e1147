import Foundation
import Motion
import SegueTestKit
import Testing

/// segue-demo's command line and environment, and its output files: every way to start it
/// wrongly gets one clear line and the right exit code (2: the command line, 1: the
/// environment), loses nothing, and a file that stops taking writes later costs one warning,
/// not the app.
@Suite(.serialized)
struct StartupE2ETests {
    // MARK: the command line (exit 2, before anything is touched)

    @Test(arguments: [
        (["--frobnicate"], "Unknown option '--frobnicate' (see 'segue-demo --help')"),
        (["--trace"], "Missing value for '--trace <FILE>'"),
        (["--stats", "--trace", "x"], "Missing value for '--stats <FILE>'"),
        (["--slow", "0"], "--slow needs a finite number > 0, not '0.0'"),
        (["--slow", "fast"], "The value 'fast' is invalid for '--slow <N>'"),
        (["--trace", "/nonexistent-segue-dir/trace.jsonl"], "cannot write --trace '/nonexistent-segue-dir/trace.jsonl': No such file or directory"),
        (["--stats", "/nonexistent-segue-dir/x.json"], "cannot write --stats '/nonexistent-segue-dir/x.json': No such file or directory"),
        (["--trace", "/"], "--trace '/' is a directory"),
    ])
    func aBadCommandLineIsOneLineAndExitTwo(arguments: [String], says: String) throws {
        // No compositor is needed: the command line is checked before connecting.
        let run = try Self.runDemo(arguments, environment: ["WAYLAND_DISPLAY": "/nonexistent-segue-socket"])
        #expect(run.status == 2, "exit status \(String(describing: run.status)) for \(arguments)")
        #expect(run.lines.count == 1, "\(run.lines)")
        #expect(run.lines.first?.hasPrefix("segue-demo: \(says)") == true, "\(run.lines)")
    }

    @Test func helpDocumentsEveryOptionAndExitsZero() throws {
        let run = try Self.runDemo(["--help"], environment: [:])
        #expect(run.status == 0)
        #expect(run.stdout.contains("USAGE: segue-demo [--trace <FILE>] [--stats <FILE>] [--slow <N>] [--motion-plot]"),
                "\(run.stdout)")
        for option in ["--trace <FILE>", "--stats <FILE>", "--slow <N>", "--motion-plot", "--version", "-h, --help"] {
            #expect(run.stdout.contains("  \(option)"), "--help documents \(option)")
        }
    }

    @Test func versionIsTheReleaseInTheMetainfo() throws {
        let run = try Self.runDemo(["--version"], environment: [:])
        #expect(run.status == 0)
        let metainfo = try String(contentsOfFile: Paths.root + "/assets/org.segue.Demo.metainfo.xml", encoding: .utf8)
        let version = run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(metainfo.contains("<release version=\"\(version)\""), "--version says '\(version)'")
    }

    @Test func aBadSlowdownInTheEnvironmentIsOneLineAndExitTwo() throws {
        let run = try Self.runDemo([], environment: ["SEGUE_SLOWDOWN": "-3"])
        #expect(run.status == 2)
        #expect(run.lines == ["segue-demo: SEGUE_SLOWDOWN needs a finite number > 0, not '-3'"])
    }

    // MARK: the environment (exit 1, one line)

    /// libwayland prints its own line for this, and the app used to print a second one.
    @Test func noRuntimeDirectoryIsOneLine() throws {
        let run = try Self.runDemo([], environment: [:], removing: ["XDG_RUNTIME_DIR", "WAYLAND_DISPLAY"])
        #expect(run.status == 1)
        #expect(run.lines.count == 1, "want one line, got: \(run.lines)")
        #expect(run.lines.first?.hasPrefix("segue-demo: cannot connect to the Wayland compositor") == true, "\(run.lines)")
        #expect(run.lines.first?.contains("XDG_RUNTIME_DIR") == true, "the line says why: \(run.lines)")
    }

    @Test func noCompositorAtTheSocketIsOneLineNamingIt() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let run = try Self.runDemo([], environment: ["XDG_RUNTIME_DIR": directory, "WAYLAND_DISPLAY": "wayland-77"])
        #expect(run.status == 1)
        #expect(run.lines == ["segue-demo: cannot connect to the Wayland compositor at '\(directory)/wayland-77' "
            + "(No such file or directory); run the app inside a Wayland session (WAYLAND_DISPLAY names the compositor's socket)"])
    }

    /// A start that fails loses nothing: an existing trace keeps its contents, and a file the
    /// start-up check had to create is gone again.
    @Test func aFailedStartLeavesTheOutputFilesAsTheyWere() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let kept = directory + "/earlier-trace.jsonl", fresh = directory + "/stats.json"
        let earlier = "{\"event\":\"begin\"}\n"
        try earlier.write(toFile: kept, atomically: true, encoding: .utf8)
        let run = try Self.runDemo(["--trace", kept, "--stats", fresh],
                                   environment: ["XDG_RUNTIME_DIR": directory, "WAYLAND_DISPLAY": "wayland-77"])
        #expect(run.status == 1)
        #expect(try String(contentsOfFile: kept, encoding: .utf8) == earlier, "the earlier trace was truncated")
        #expect(!FileManager.default.fileExists(atPath: fresh), "the stats file the check created was left behind")
    }

    // MARK: output that fails while running

    /// The trace on a full disk: one warning at the first record that cannot be written, and the
    /// app goes on (the push still completes on screen, the app still quits cleanly).
    @Test func aTraceThatCannotBeWrittenWarnsOnceAndTheAppGoesOn() throws {
        let session = try HeadlessSession(width: NavigationE2ETests.width, height: NavigationE2ETests.height,
                                          options: .init(client: .init(path: Paths.demo, arguments: ["--trace", "/dev/full"])))
        defer { session.stop() }
        try session.waitForApp()
        try session.click(at: NavigationE2ETests.firstRow)
        try session.waitFor("the warning", timeout: 10) { session.appLog.contains("warning") }
        let detail = try session.parkedScreenshot()
        #expect(NavigationE2ETests.isDetailTint(detail.pixel(x: 400, y: NavigationE2ETests.backgroundRow)),
                "the push did not go on after the trace failed")
        try session.click(at: DemoLayout.backButton)
        _ = try session.parkedScreenshot()
        #expect(session.app?.isRunning == true)
        #expect(FaultE2ETests.lines(session.appLog) == [
            "segue-demo: warning: cannot write --trace '/dev/full': No space left on device; continuing without it",
        ])
    }

    /// Stats that cannot be written at exit: one warning, and the exit is still the clean one.
    @Test func statsThatCannotBeWrittenWarnOnce() throws {
        let session = try HeadlessSession(width: NavigationE2ETests.width, height: NavigationE2ETests.height,
                                          options: .init(client: .init(path: Paths.demo, arguments: ["--stats", "/dev/full"])))
        defer { session.stop() }
        try session.waitForApp()
        guard let app = session.app else { throw HarnessError("no app") }
        kill(app.process.processIdentifier, SIGUSR1)  // a snapshot now
        try session.waitFor("the warning", timeout: 5) { session.appLog.contains("warning") }
        kill(app.process.processIdentifier, SIGTERM)  // and at exit
        #expect(app.waitForExit(timeout: 5) == 0)
        #expect(FaultE2ETests.lines(session.appLog) == [
            "segue-demo: warning: cannot write --stats '/dev/full': No space left on device",
        ])
    }

    /// Every trace record carries the real time it happened on CLOCK_MONOTONIC: a push clicked
    /// in a window idle for a second begins at the click (not at 0, not at the last frame's
    /// time), and completes the tutorial's 0.5 s later (plus at most the frames it takes to show).
    @Test func traceTimesAreWhenThingsHappened() throws {
        let session = try HeadlessSession(width: NavigationE2ETests.width, height: NavigationE2ETests.height)
        defer { session.stop() }
        try session.waitForApp()
        Thread.sleep(forTimeInterval: 1)  // idle: no frame for a second
        let beforeClick = Self.monotonicSeconds()
        try session.click(at: NavigationE2ETests.firstRow)
        try session.waitFor("the push to complete", timeout: 10) { session.traceCount(.complete) == 1 }
        let afterComplete = Self.monotonicSeconds()
        let records = session.trace
        let times = records.map(\.time)
        // A record without a numeric time does not decode: every line must have.
        let lines = session.traceText.split(separator: "\n").count
        #expect(records.count == lines, "every record has a numeric time")
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 }, "times never go backwards: \(times)")
        let begin = try #require(records.first { $0.event == .begin }?.time)
        let complete = try #require(records.first { $0.event == .complete }?.time)
        #expect(begin >= beforeClick && begin <= afterComplete, "begin at \(begin), click at \(beforeClick)")
        #expect(complete <= afterComplete)
        // Tutorial 000's slide, 0.5 s: never early. How late the completing frame comes depends
        // on the machine's load; the exact bound (within a frame) is pinned on the manual clock
        // by TransitionDurationTests.
        print("measured: push begin → complete \(complete - begin) s (tutorial 000: 0.5 s)")
        #expect(complete - begin >= 0.5, "begin → complete \(complete - begin) s, before the tutorial's 0.5 s")
    }

    // MARK: running the binary

    struct Run {
        var status: Int32?
        var stdout: String
        var lines: [String]
        var seconds: Double
    }

    /// Runs segue-demo with `environment` on top of this process's (minus `removing`), and
    /// waits for it to exit (killing it after `timeout`).
    static func runDemo(_ arguments: [String], environment: [String: String], removing: [String] = [],
                        timeout: Double = 10) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Paths.demo)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        for name in removing { env.removeValue(forKey: name) }
        env.merge(environment) { $1 }
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        let start = Date()
        try process.run()
        let deadline = start.addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        let seconds = Date().timeIntervalSince(start)
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return Run(status: nil, stdout: "", lines: ["(killed after \(timeout) s)"], seconds: seconds)
        }
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return Run(status: process.terminationStatus, stdout: stdout, lines: FaultE2ETests.lines(stderr), seconds: seconds)
    }

    static func temporaryDirectory() throws -> String {
        var template = Array((NSTemporaryDirectory() + "segue-startup-XXXXXX").utf8CString)
        guard mkdtemp(&template) != nil else { throw HarnessError("mkdtemp failed") }
        return String(cString: template)
    }

    static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
