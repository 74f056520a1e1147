import Demos
import Glibc
import Segue
import SegueWayland

/// segue-demo: every transition from the five tutorials, in one window.
///
///     segue-demo [--trace FILE] [--stats FILE] [--slow N] [--motion-plot]
let usage = "usage: segue-demo [--trace FILE] [--stats FILE] [--slow N] [--motion-plot]"
let mainStart = segueMonotonicMilliseconds()

struct Options {
    var tracePath: String?
    /// Frame, latency, wake-up, CPU and memory figures as JSON: at exit, and on SIGUSR1.
    var statsPath: String?
    /// Slow animations: everything animates N times slower (`--slow N`, else `SEGUE_SLOWDOWN`).
    var slowdown: Double?
    /// Start with the motion plot showing (Ctrl+Shift+M toggles it).
    var motionPlot = false
}

struct UsageError: Error { let message: String }

func parseOptions(_ arguments: [String]) -> Result<Options, UsageError> {
    var options = Options()
    var rest = arguments[...]
    while let argument = rest.popFirst() {
        switch argument {
        case "--trace":
            guard let path = rest.popFirst(), !path.hasPrefix("--") else { return .failure(UsageError(message: "--trace needs a file name")) }
            options.tracePath = path
        case "--stats":
            guard let path = rest.popFirst(), !path.hasPrefix("--") else { return .failure(UsageError(message: "--stats needs a file name")) }
            options.statsPath = path
        case "--slow":
            guard let text = rest.popFirst() else { return .failure(UsageError(message: "--slow needs a factor")) }
            guard let factor = Window.parseSlowdown(text) else {
                return .failure(UsageError(message: "--slow needs a finite number > 0, not '\(text)'"))
            }
            options.slowdown = factor
        case "--motion-plot":
            options.motionPlot = true
        case "-h", "--help":
            print(usage)
            exit(0)
        default:
            return .failure(UsageError(message: "unknown argument '\(argument)'"))
        }
    }
    if options.slowdown == nil, let text = getenv("SEGUE_SLOWDOWN").map({ String(cString: $0) }) {
        guard let factor = Window.parseSlowdown(text) else {
            return .failure(UsageError(message: "SEGUE_SLOWDOWN needs a finite number > 0, not '\(text)'"))
        }
        options.slowdown = factor
    }
    return .success(options)
}

func fail(_ message: String, code: Int32) -> Never {
    let line = "segue-demo: \(message)\n"
    line.withCString { _ = write(2, $0, strlen($0)) }
    exit(code)
}

/// One line on standard error; the app goes on.
func warn(_ message: String) {
    let line = "segue-demo: warning: \(message)\n"
    line.withCString { _ = write(2, $0, strlen($0)) }
}

let options: Options
switch parseOptions(Array(CommandLine.arguments.dropFirst())) {
case .success(let parsed): options = parsed
case .failure(let error): fail("\(error.message) (\(usage))", code: 2)
}

// Output files are checked before anything else, and emptied only once the app is connected.
func checkedOutput(_ path: String?, _ option: String) -> OutputFile? {
    guard let path else { return nil }
    switch OutputFile.check(path, for: option) {
    case .success(let file): return file
    case .failure(let error): fail(error.message, code: 2)
    }
}
let traceOutput = checkedOutput(options.tracePath, "--trace")
let statsOutput = checkedOutput(options.statsPath, "--stats")

MainActor.assumeIsolated {
    let window = Window(rootViewController: DemoApp.makeRoot())
    if let slowdown = options.slowdown { window.animationSlowdown = slowdown }
    window.showsMotionPlot = options.motionPlot
    do {
        // The launcher may say when it spawned us (CLOCK_MONOTONIC ms) for launch-to-first-frame.
        let launch = getenv("SEGUE_LAUNCH_MONOTONIC_MS").flatMap { Double(String(cString: $0)) }
        let stats = options.statsPath.map { FrameStats(path: $0, mainStart: mainStart, launchTime: launch) }
        stats?.onWriteFailure = { warn($0) }
        let code = try WaylandApplication.run(window, title: "Segue", appID: "org.segue.Demo", stats: stats,
                                              onConnected: {
            statsOutput?.release()
            // Line-buffered in effect: each record is flushed so a test reading the trace sees it at once.
            if let traceOutput, let file = traceOutput.start() {
                let writer = LineWriter(file: file, description: "--trace '\(traceOutput.path)'")
                window.traceSink = { record in writer.write(record.json) }
            }
        })
        exit(code)
    } catch {
        traceOutput?.abandon()
        statsOutput?.abandon()
        fail("\(error)", code: 1)
    }
}

/// CLOCK_MONOTONIC in milliseconds (the clock `FrameStats` uses).
func segueMonotonicMilliseconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1e6
}
