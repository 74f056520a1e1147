import Demos
import Glibc
import Segue
import SegueCommandLine
import SegueDiagnostics
import SegueKit
import SegueProcess
import SegueWayland

/// segue-demo: every transition from the five tutorials, in one window, started through the
/// same entry point apps use (``SegueApplication``), with the developer tools attached.
///
///     segue-demo [--trace FILE] [--stats FILE] [--slow N] [--motion-plot]   (DemoOptions.swift)
let mainStart = segueMonotonicMilliseconds()


let options = DemoOptions.parseOrExitWithOneLine()

// Output files are checked before anything else, and emptied only once the app is connected.
let traceOutput = OutputFile.checkedOrExit(options.tracePath, for: "--trace")
let statsOutput = OutputFile.checkedOrExit(options.statsPath, for: "--stats")

// The window is freed before the exit (the closure returns the status), so an AddressSanitizer
// build's LeakSanitizer checks that closing it freed everything it showed.
let exitCode: Int32 = MainActor.assumeIsolated {
    // fontconfig reads its font list on a thread of Pango's while the pages are built and the
    // compositor is greeted, instead of when the first text is laid out.
    Font.startLoadingFonts()
    // Translations first: every page looks its strings up as it is built.
    GettextLocalization.install(domains: [Localization.toolkitDomain, DemoApp.textDomain])
    let window = Window(rootViewController: DemoApp.makeRoot())
    // --slow wins over SEGUE_SLOWDOWN, which SegueApplication reads otherwise.
    if let slowdown = options.slowdown { window.animationSlowdown = slowdown }
    DeveloperTools.attached(to: window).showsMotionPlot = options.motionPlot
    // The launcher may say when it spawned us (CLOCK_MONOTONIC ms) for launch-to-first-frame.
    let launch = getenv("SEGUE_LAUNCH_MONOTONIC_MS").flatMap { Double(String(cString: $0)) }
    let stats = options.statsPath.map { FrameStats(path: $0, mainStart: mainStart, launchTime: launch) }
    stats?.onWriteFailure = { OneLine.warn($0) }
    return SegueApplication.run(window, title: "Segue", appID: "org.segue.Demo", stats: stats, onConnected: {
        statsOutput?.release()
        // Line-buffered in effect: each record is flushed so a test reading the trace sees it at once.
        if let traceOutput, let file = traceOutput.start() {
            let writer = LineWriter(file: file, description: "--trace '\(traceOutput.path)'")
            window.traceSink = { record in writer.write(record.json) }
        }
    }, onFailure: {
        traceOutput?.abandon()
        statsOutput?.abandon()
    })
}
exit(exitCode)

