import Demos
import Glibc
import Segue
import SegueCommandLine
import SegueWayland

/// segue-demo: every transition from the five tutorials, in one window.
///
///     segue-demo [--trace FILE] [--stats FILE] [--slow N] [--motion-plot]   (DemoOptions.swift)
let mainStart = segueMonotonicMilliseconds()

struct UsageError: Error { let message: String }

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

var options = DemoOptions.parseOrExitWithOneLine()
if options.slowdown == nil, let text = getenv("SEGUE_SLOWDOWN").map({ String(cString: $0) }) {
    guard let factor = Window.parseSlowdown(text) else {
        fail("SEGUE_SLOWDOWN needs a finite number > 0, not '\(text)'", code: 2)
    }
    options.slowdown = factor
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

// The window is freed before the exit (the closure returns the status), so an AddressSanitizer
// build's LeakSanitizer checks that closing it freed everything it showed.
let exitCode: Int32 = MainActor.assumeIsolated {
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
        return code
    } catch {
        traceOutput?.abandon()
        statsOutput?.abandon()
        fail("\(error)", code: 1)
    }
}
exit(exitCode)

/// CLOCK_MONOTONIC in milliseconds (the clock `FrameStats` uses).
func segueMonotonicMilliseconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1e6
}
