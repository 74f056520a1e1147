import Foundation
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
let usage = "usage: segue-fuzz --seed N [--events COUNT] [--size WxH] [--save FILE] | --replay FILE; [--app-log FILE]"

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("segue-fuzz: \(message)\n".utf8))
    exit(2)
}

var seed: UInt64?
var events = 5000
var width = 800, height = 600
var savePath: String?
var replayPath: String?
var appLogPath: String?
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    func value() -> String {
        guard let next = arguments.popFirst(), !next.hasPrefix("--") else { fail("\(argument) needs a value (\(usage))") }
        return next
    }
    switch argument {
    case "--seed":
        guard let parsed = UInt64(value()) else { fail("--seed needs a non-negative integer") }
        seed = parsed
    case "--events":
        guard let parsed = Int(value()), parsed > 0 else { fail("--events needs a positive integer") }
        events = parsed
    case "--size":
        let parts = value().split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, parts[0] >= 100, parts[1] >= 100 else { fail("--size needs WxH, each at least 100") }
        (width, height) = (parts[0], parts[1])
    case "--save": savePath = value()
    case "--replay": replayPath = value()
    case "--app-log": appLogPath = value()
    case "-h", "--help":
        print(usage)
        exit(0)
    default: fail("unknown argument '\(argument)' (\(usage))")
    }
}

let script: FuzzScript
if let replayPath {
    guard seed == nil else { fail("--replay plays a saved stream; it takes no --seed") }
    do { script = try FuzzScript.load(from: replayPath) } catch { fail("\(error)") }
} else {
    guard let seed else { fail("give --seed N or --replay FILE (\(usage))") }
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
