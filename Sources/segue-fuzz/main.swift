import ArgumentParser
import Foundation
import SegueCommandLine
import SegueProcess
import SegueTestKit

/// segue-fuzz: randomized end-to-end input against the real app in a fresh headless weston.
///
///     segue-fuzz --seed N [--events 5000] [--size 800x600] [--save FILE]
///     segue-fuzz --replay FILE
///     … --app-log FILE: run the app with WAYLAND_DEBUG=1 and keep what it printed
///
/// Prints one summary line per run; exits 0 when the run passed, 1 when it failed, 2 on
/// bad arguments or when the harness cannot run. A failing seed replays exactly from the
/// stream it saved (--save, default artifacts/fuzz/seed-N.events).
struct FuzzOptions: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "segue-fuzz",
        abstract: "Randomized end-to-end input against segue-demo in a fresh headless weston.",
        discussion: """
            Give --seed N (the stream is saved, by default to artifacts/fuzz/seed-N.events) or \
            --replay FILE (a saved stream, played again exactly). Prints one summary line; exits 0 \
            when the run passed, 1 when it failed, 2 on a bad command line or when the harness cannot run.
            """,
        version: segueVersion)

    @Option(help: ArgumentHelp("The stream's seed.", valueName: "N"))
    var seed: UInt64?

    @Option(help: ArgumentHelp("Events in the stream.", valueName: "COUNT"))
    var events = 5000

    @Option(help: ArgumentHelp("The output's size, WxH, each at least 100.", valueName: "WxH"))
    var size = "800x600"

    @Option(name: .customLong("save"), help: ArgumentHelp("Where to save the stream.", valueName: "FILE"))
    var savePath: String?

    @Option(name: .customLong("replay"), help: ArgumentHelp("Play a saved stream instead of a seed's.", valueName: "FILE"))
    var replayPath: String?

    @Option(name: .customLong("app-log"),
            help: ArgumentHelp("Run the app with WAYLAND_DEBUG=1 and keep what it printed.", valueName: "FILE"))
    var appLogPath: String?

    /// The parsed --size.
    var dimensions: (width: Int, height: Int) {
        let parts = size.split(separator: "x").compactMap { Int($0) }
        return (parts[0], parts[1])
    }

    func validate() throws {
        guard events > 0 else { throw ValidationError("--events needs a positive integer") }
        let parts = size.split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, parts[0] >= 100, parts[1] >= 100 else { throw ValidationError("--size needs WxH, each at least 100") }
        if replayPath != nil && seed != nil { throw ValidationError("--replay plays a saved stream; it takes no --seed") }
        if replayPath == nil && seed == nil { throw ValidationError("give --seed N or --replay FILE") }
    }
}

func fail(_ message: String) -> Never {
    OneLine.exit(message, status: 2)
}

let options = FuzzOptions.parseOrExitWithOneLine()
let (width, height) = options.dimensions
let (seed, events, savePath, replayPath, appLogPath) =
    (options.seed, options.events, options.savePath, options.replayPath, options.appLogPath)

let script: FuzzScript
if let replayPath {
    do { script = try FuzzScript.load(from: replayPath) } catch { fail("\(error)") }
} else {
    guard let seed else { fail("give --seed N or --replay FILE") }
    script = InputFuzzer.script(.init(seed: seed, events: events, width: width, height: height))
    let path = savePath ?? Paths.artifacts + "/fuzz/seed-\(seed).events"
    do { try script.save(to: path) } catch { fail("cannot save the stream to '\(path)': \(error)") }
    print("segue-fuzz: stream saved to \(path) (replay: segue-fuzz --replay \(path))")
}

do {
    let report = try FuzzRun.run(script, keepShotsAs: "fuzz-seed-\(script.seed)", appLogPath: appLogPath)
    print(report.summary)
    for violation in report.violations.prefix(10) { print("  \(violation)") }
    exit(report.passed ? 0 : 1)
} catch {
    fail("the harness could not run: \(error)")
}
