import ArgumentParser
import Glibc
import Photos
import SegueCommandLine
import SegueKit
import SegueProcess
import SegueWayland

let mainStart = segueMonotonicMilliseconds()

/// segue-photos: browse a folder's pictures as a grid and page through them.
struct PhotosOptions: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "segue-photos",
        abstract: "Browse pictures (JPEG, PNG, WebP) as a grid and page through them.",
        discussion: """
            Without a path, opens the desktop's pictures folder (XDG_PICTURES_DIR), or sample \
            pictures when it has none. One picture file opens its folder at that picture. Keys: arrows move, Return opens, Escape or Alt+Left goes back, \
            Ctrl+Q quits.
            Exit status: 0 when the window was closed, 1 when the compositor could not be reached or \
            went away, 2 for a bad command line or a path that cannot be opened.
            """,
        version: segueVersion)

    @Argument(help: ArgumentHelp("Folders and picture files to show.", valueName: "DIR|FILE"))
    var paths: [String] = []

    @Option(name: .customLong("trace"),
            help: ArgumentHelp("Write one JSON line per transition event to FILE (checked before start-up).",
                               valueName: "FILE"))
    var tracePath: String?

    @Option(name: .customLong("stats"),
            help: ArgumentHelp("Write frame, latency, wake-up, CPU and memory figures as JSON to FILE, at exit and on SIGUSR1.",
                               valueName: "FILE"))
    var statsPath: String?
}

let options = PhotosOptions.parseOrExitWithOneLine()
// Output files are checked before anything else, and emptied only once the app is connected.
let traceOutput = OutputFile.checkedOrExit(options.tracePath, for: "--trace")
let statsOutput = OutputFile.checkedOrExit(options.statsPath, for: "--stats")
// Translations before the folder is opened: its title and a path that cannot be opened are
// said in the user's language. The command line's help and its errors stay in English, in
// swift-argument-parser's words (which it cannot translate).
GettextLocalization.install(domains: [Localization.toolkitDomain, PhotosApp.textDomain])
let folder: PictureFolder
var shown: Int?
if options.paths.isEmpty {
    folder = PhotosApp.defaultFolder()
} else {
    do {
        (folder, shown) = try PictureFolder.opening(arguments: options.paths)
    } catch {
        OneLine.exit("\(error)", status: 2)
    }
}
let exitCode = MainActor.assumeIsolated { () -> Int32 in
    let window = Window(rootViewController: PhotosApp.makeRoot(folder: folder, shown: shown))
    // The launcher may say when it spawned us (CLOCK_MONOTONIC ms) for launch-to-first-frame.
    let launch = getenv("SEGUE_LAUNCH_MONOTONIC_MS").flatMap { Double(String(cString: $0)) }
    let stats = options.statsPath.map { FrameStats(path: $0, mainStart: mainStart, launchTime: launch) }
    stats?.onWriteFailure = { OneLine.warn($0) }
    return SegueApplication.run(window, title: folder.title, appID: PhotosApp.appID, stats: stats, onConnected: {
        statsOutput?.release()
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
