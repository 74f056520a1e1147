import ArgumentParser
import Foundation
import SegueCommandLine
import SegueTestKit

/// segue-perf: runs `segue-demo --stats` in headless weston (60 Hz pacing, `repaint-window=16`)
/// with a real injected 2 s full-window tab swipe, and prints the in-compositor figures.
/// Set SEGUE_BIN_DIR=.build/release to measure the release build.
///
///     segue-perf
///     segue-perf --peer adw [--rounds N]   # side by side with libadwaita's AdwCarousel (ComparePeer.swift)
///     segue-perf --peer adw --scale 2      # the same in weston at output scale 2 (2560×1600 device pixels)
///     segue-perf --peer adw --compositor mutter   # the same in headless mutter 43
///     segue-perf --peer adw --compositor mutter48 # and in mutter 48 (the Debian 13 lane)
struct PerfOptions: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "segue-perf",
        abstract: "In-compositor figures of segue-demo --stats in headless weston, during a real 2 s tab swipe.",
        discussion: "SEGUE_BIN_DIR=.build/release measures the release build.",
        version: segueVersion)

    /// The benchmark peers `--peer` knows.
    enum Peer: String, ExpressibleByArgument {
        case adw
    }

    @Option(name: .customLong("peer"),
            help: ArgumentHelp("Side by side with a peer: adw, libadwaita 1.2's AdwCarousel (make adw-carousel).",
                               valueName: "PEER"))
    var peer: Peer?

    @Option(name: .customLong("rounds"), help: ArgumentHelp("Alternating rounds with --peer.", valueName: "N"))
    var rounds = 3

    /// The compositors `--compositor` knows.
    enum Compositor: String, ExpressibleByArgument {
        case weston, mutter, mutter48

        /// Whether the compositor is a mutter (43 on the host, 48 in the Debian 13 lane's root).
        var isMutter: Bool { self != .weston }
    }

    @Option(name: .customLong("compositor"),
            help: ArgumentHelp("With --peer: weston (default; pixman, kiosk), mutter (GNOME's mutter 43, headless) or mutter48 (mutter 48 in the Debian 13 root: make trixie-root).",
                               valueName: "NAME"))
    var compositor: Compositor?

    @Option(name: .customLong("scale"),
            help: ArgumentHelp("With --peer, in weston: the output's integer scale, 1 or 2 (2: 2560×1600 device pixels).",
                               valueName: "N"))
    var scale: Int?

    func validate() throws {
        guard rounds > 0 else { throw ValidationError("--rounds needs a positive number, not \(rounds)") }
        if peer == nil, compositor != nil || scale != nil {
            throw ValidationError("--compositor and --scale apply to the side-by-side run: add --peer adw")
        }
        if let scale, ![1, 2].contains(scale) { throw ValidationError("--scale needs 1 or 2, not \(scale)") }
        if compositor?.isMutter == true, let scale, scale != 1 {
            throw ValidationError("--scale \(scale) is measured in weston only; mutter runs at scale 1")
        }
    }
}

let options = PerfOptions.parseOrExitWithOneLine()
if options.peer == .adw {
    do {
        try compareWithAdwCarousel(rounds: options.rounds,
                                   setting: PeerSetting(compositor: options.compositor ?? .weston, scale: options.scale ?? 1))
    } catch {
        FileHandle.standardError.write(Data("segue-perf: \(error)\n".utf8))
        exit(1)
    }
    exit(0)
}
do {
    let run = try PerformanceRun.run()
    func f(_ value: Double, _ digits: Int = 2) -> String { String(format: "%.\(digits)f", value) }
    print("| figure | value |")
    print("|---|---:|")
    print("| app binary | \(Paths.demo) |")
    print("| launch → first frame committed (spawn to commit) | \(f(run.launched["launch_to_first_frame_ms"], 1)) ms |")
    print("| main() → first frame committed | \(f(run.launched["main_to_first_frame_ms"], 1)) ms |")
    print("| idle 3 s: commits | \(Int(run.idleFrames)) |")
    print("| idle 3 s: wake-ups (poll returns, less the snapshot's own) | \(Int(run.idleWakeUps)) |")
    print("| idle 3 s: voluntary context switches (incl. the snapshot's) | \(Int(run.idleContextSwitches)) |")
    print("| idle 3 s: CPU | \(f(run.idleCPUms)) ms |")
    print("| whole run: idle work (neighbouring tabs prepared, layer memory freed): pieces, main-thread CPU | \(Int(run.final["idle_work_pieces"])), \(f(run.final["idle_work_cpu_ms"])) ms |")
    print("| swipe: duration of the held drag | \(f(run.swipeSeconds)) s |")
    print("| swipe: frame callbacks received | \(Int(run.swipeCallbacks)) |")
    print("| swipe: commits | \(Int(run.swipeCommits)) |")
    print("| swipe: frames drawn (new buffer or moved layers) | \(Int(run.swipeFramesDrawn)) (\(f(run.swipeFrameRate, 1)) per s) |")
    print("| swipe: frames skipped (callbacks not answered by a commit) | \(Int(max(0, run.swipeCallbacks - run.swipeCommits))) |")
    print("| swipe: frames over two periods (33.3 ms from start to commit) | \(Int(run.swipeFramesOverTwoPeriods)) |")
    print("| swipe: process CPU per frame drawn (getrusage) | \(f(run.swipeCPUPerFrame, 3)) ms |")
    print("| swipe: weston CPU per frame drawn (schedstat) | \(f(run.westonSwipeCPUPerFrame, 3)) ms |")
    print("| whole run: pointer event read → commit, p50 | \(f(run.final["latency_p50_ms"])) ms |")
    print("| whole run: pointer event read → commit, p99 | \(f(run.final["latency_p99_ms"])) ms |")
    print("| whole run: latency samples | \(Int(run.final["latency_samples"])) |")
    print("| whole run: frame (prepare + draw + commit) p50 / p99 | \(f(run.final["draw_p50_ms"], 3)) / \(f(run.final["draw_p99_ms"], 3)) ms |")
    print("| RSS at launch / at exit | \(Int(run.launched["rss_kb"])) / \(Int(run.final["rss_kb"])) kB |")
    print("| exit status after SIGTERM | \(run.exitStatus.map(String.init) ?? "none") |")
} catch {
    FileHandle.standardError.write(Data("segue-perf: \(error)\n".utf8))
    exit(1)
}
