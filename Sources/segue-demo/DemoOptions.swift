import ArgumentParser
import Segue
import SegueCommandLine

/// segue-demo's command line.
struct DemoOptions: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "segue-demo",
        abstract: "Every transition from the five tutorials, in one window.",
        discussion: """
            Keys: Ctrl+T slow animations ×5, Ctrl+Shift+M motion plot, F11 fullscreen, Ctrl+Q quit, \
            Esc close the top modal, Alt+Left back, Ctrl+Tab next tab.
            Environment: SEGUE_SLOWDOWN=N (as --slow), SEGUE_SUBSURFACES=0|1 (promoted layers off or on).
            Exit status: 0 when the window was closed, 1 when the compositor could not be reached or \
            went away (one line says why), 2 for a bad command line or an output file that cannot be written.
            """,
        version: segueVersion)

    @Option(name: .customLong("trace"),
            help: ArgumentHelp("Write one JSON line per transition event to FILE (checked before start-up).",
                               valueName: "FILE"))
    var tracePath: String?

    @Option(name: .customLong("stats"),
            help: ArgumentHelp("Write frame, latency, wake-up, CPU and memory figures as JSON to FILE, at exit and on SIGUSR1.",
                               valueName: "FILE"))
    var statsPath: String?

    @Option(name: .customLong("slow"),
            help: ArgumentHelp("Run every animation and settle N times slower (a finite number > 0; default: SEGUE_SLOWDOWN, else 1).",
                               valueName: "N"))
    var slowdown: Double?

    @Flag(name: .customLong("motion-plot"), help: "Start with the motion plot showing (Ctrl+Shift+M toggles it).")
    var motionPlot = false

    mutating func validate() throws {
        if let slowdown, Window.parseSlowdown(String(slowdown)) == nil {
            throw ValidationError("--slow needs a finite number > 0, not '\(slowdown)'")
        }
    }
}
