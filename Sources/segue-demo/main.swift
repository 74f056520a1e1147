import Demos
import Glibc
import Segue
import SegueWayland

/// segue-demo: every transition from the five tutorials, in one window.
///
///     segue-demo [--trace FILE] [--stats FILE] [--motion-plot]
let usage = "usage: segue-demo [--trace FILE] [--stats FILE] [--motion-plot]"
let mainStart = segueMonotonicMilliseconds()

struct Options {
    var tracePath: String?
    /// Frame, latency, wake-up, CPU and memory figures as JSON: at exit, and on SIGUSR1.
    var statsPath: String?
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
        case "--motion-plot":
            options.motionPlot = true
        case "-h", "--help":
            print(usage)
            exit(0)
        default:
            return .failure(UsageError(message: "unknown argument '\(argument)'"))
        }
    }
    return .success(options)
}

func fail(_ message: String, code: Int32) -> Never {
    let line = "segue-demo: \(message)\n"
    line.withCString { _ = write(2, $0, strlen($0)) }
    exit(code)
}

let options: Options
switch parseOptions(Array(CommandLine.arguments.dropFirst())) {
case .success(let parsed): options = parsed
case .failure(let error): fail("\(error.message) (\(usage))", code: 2)
}

// Line-buffered so a test reading the trace sees each event as it happens.
var traceFile: UnsafeMutablePointer<FILE>?
if let path = options.tracePath {
    guard let file = fopen(path, "w") else {
        fail("cannot write the trace to '\(path)': \(String(cString: strerror(errno)))", code: 2)
    }
    traceFile = file
}

MainActor.assumeIsolated {
    let window = Window(rootViewController: DemoApp.makeRoot())
    window.showsMotionPlot = options.motionPlot
    if let traceFile {
        window.traceSink = { record in
            fputs(record.json + "\n", traceFile)
            fflush(traceFile)
        }
    }
    do {
        // The launcher may say when it spawned us (CLOCK_MONOTONIC ms) for launch-to-first-frame.
        let launch = getenv("SEGUE_LAUNCH_MONOTONIC_MS").flatMap { Double(String(cString: $0)) }
        let stats = options.statsPath.map { FrameStats(path: $0, mainStart: mainStart, launchTime: launch) }
        let code = try WaylandApplication.run(window, title: "Segue", appID: "org.segue.Demo", stats: stats)
        exit(code)
    } catch {
        fail("\(error)", code: 1)
    }
}

/// CLOCK_MONOTONIC in milliseconds (the clock `FrameStats` uses).
func segueMonotonicMilliseconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1e6
}
