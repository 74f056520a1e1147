import Foundation
import SegueTestKit

/// `segue-perf --peer adw`: libadwaita 1.2's AdwCarousel (GTK 4 cairo renderer, the program in
/// bench/adw-carousel/) and segue-demo's tab swipe, each in its own fresh headless weston set up
/// the same way (pixman, kiosk shell, 1280×800, `repaint-window=16`, the test plugin), both driven
/// by the same PerformanceRun script and the same injected drag: a press at x = 1000, 120 motions
/// 16 ms apart (explicit timestamps) to x = 280, release. Each side reports through the same
/// `--stats` protocol; the figure is process CPU (getrusage, user + system) from just before the
/// press to just after the last motion, divided by the frames drawn in that window (commits of
/// the window's surface that carried a new buffer or moved promoted layers). A third side, the
/// same segue-demo with `SEGUE_SUBSURFACES=1` (promoted layers in subsurfaces, off by default on
/// this software compositor), shows what subsurfaces change, in the same run; weston's own CPU is
/// read beside each, and the whole system (client + weston) is the headline. Rounds rotate which
/// side goes first. The output ends with exactly one summary line, for scripts:
///
///     bench-adw: whole-system per frame segue X ms, libadwaita Y ms, ratio Z×; client ratio W×; fps A vs B
/// segue-demo runs without `--trace` here (the peer writes no trace either).
func compareWithAdwCarousel(rounds: Int) throws {
    let width = 1280, height = 800
    let swipe = PerformanceRun.Swipe(fromX: 1000, toX: 280, steps: 120, intervalMs: 16)
    let peer = HeadlessSession.Client(path: Paths.adwCarousel, environment: [
        "GDK_BACKEND": "wayland", "GSK_RENDERER": "cairo", "GTK_A11Y": "none", "NO_AT_BRIDGE": "1",
        "GSETTINGS_BACKEND": "memory",
    ])
    guard FileManager.default.isExecutableFile(atPath: peer.path) else {
        throw HarnessError("\(peer.path) is not built: run `make adw-carousel` (installs libadwaita-1-dev)")
    }
    try? FileManager.default.createDirectory(atPath: Paths.artifacts, withIntermediateDirectories: true)
    let adwShot = Paths.artifacts + "/adw-carousel-mid-swipe.png"
    let segueShot = Paths.artifacts + "/segue-mid-swipe.png"
    let layeredShot = Paths.artifacts + "/segue-subsurfaces-mid-swipe.png"

    // The third side is the same segue-demo with promoted layers in subsurfaces
    // (`SEGUE_SUBSURFACES=1`), in the same run.
    var pairs: [(adw: PerformanceRun, segue: PerformanceRun, layered: PerformanceRun)] = []
    for round in 0..<rounds {
        func adw() throws -> PerformanceRun {
            try PerformanceRun.run(width: width, height: height, client: peer, swipe: swipe, captureMidSwipe: adwShot)
        }
        func segue() throws -> PerformanceRun {
            try PerformanceRun.run(width: width, height: height, swipe: swipe, captureMidSwipe: segueShot, trace: false)
        }
        func layered() throws -> PerformanceRun {
            try PerformanceRun.run(width: width, height: height, swipe: swipe, captureMidSwipe: layeredShot, trace: false,
                                   environment: ["SEGUE_SUBSURFACES": "1"])
        }
        // Rotate which side goes first.
        switch round % 3 {
        case 0:
            let a = try adw(), s = try segue()
            pairs.append((a, s, try layered()))
        case 1:
            let s = try segue(), l = try layered()
            pairs.append((try adw(), s, l))
        default:
            let l = try layered(), a = try adw()
            pairs.append((a, try segue(), l))
        }
    }

    func f(_ value: Double, _ digits: Int = 2) -> String { String(format: "%.\(digits)f", value) }
    func moved(_ run: PerformanceRun) -> String {
        run.midSwipeChangedFraction.map { "\(f($0 * 100, 1)) %" } ?? "–"
    }
    let names = pairs[0].adw.final.strings
    let adwLabel = "libadwaita \(names["libadwaita"] ?? "?") AdwCarousel (GTK \(names["gtk"] ?? "?"), \(names["renderer"] ?? "?"))"

    func pooled(_ runs: [PerformanceRun], _ cpu: (PerformanceRun) -> Double) -> Double {
        runs.map(cpu).reduce(0, +) / max(1, runs.map(\.swipeFramesDrawn).reduce(0, +))
    }
    let orders = ["libadwaita, segue, segue with subsurfaces", "segue, segue with subsurfaces, libadwaita",
                  "segue with subsurfaces, libadwaita, segue"]
    let adwPooled = pooled(pairs.map(\.adw), \.swipeCPUms)
    let seguePooled = pooled(pairs.map(\.segue), \.swipeCPUms)
    let layeredPooled = pooled(pairs.map(\.layered), \.swipeCPUms)
    // Work can move between client and compositor (weston moves subsurfaces): weston's own CPU
    // during the same held drags, per frame the client drew, makes the whole-system figure.
    let adwWeston = pooled(pairs.map(\.adw), \.westonSwipeCPUms)
    let segueWeston = pooled(pairs.map(\.segue), \.westonSwipeCPUms)
    let layeredWeston = pooled(pairs.map(\.layered), \.westonSwipeCPUms)
    func rate(_ runs: [PerformanceRun]) -> Double {
        runs.map(\.swipeFramesDrawn).reduce(0, +) / max(0.001, runs.map(\.swipeSeconds).reduce(0, +))
    }
    func ratio(_ a: Double, _ b: Double) -> Double { a / max(0.001, b) }

    print("Whole system during the same held drags: client CPU (getrusage) and weston's CPU"
        + " (/proc/PID/task/*/schedstat, less the mid-drag capture, a PNG the test plugin writes inside weston),"
        + " all \(pairs.count) rounds, total CPU ÷ total frames the client drew:")
    print()
    print("| side | client + weston per frame | ÷ libadwaita | client per frame | ÷ libadwaita | weston per frame | frames per s |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    func side(_ name: String, _ runs: [PerformanceRun], _ client: Double, _ weston: Double) {
        print("| \(name) | \(f(client + weston, 3)) ms | \(f(ratio(client + weston, adwPooled + adwWeston)))×"
            + " | \(f(client, 3)) ms | \(f(ratio(client, adwPooled)))× | \(f(weston, 3)) ms | \(f(rate(runs), 1)) |")
    }
    side(adwLabel, pairs.map(\.adw), adwPooled, adwWeston)
    side("segue-demo tab swipe (default)", pairs.map(\.segue), seguePooled, segueWeston)
    side("segue-demo with subsurfaces (`SEGUE_SUBSURFACES=1`)", pairs.map(\.layered), layeredPooled, layeredWeston)
    print()
    print("Client CPU per frame, round by round:")
    print()
    print("| round (order) | libadwaita | segue-demo (default) | ÷ libadwaita | segue-demo with subsurfaces | ÷ libadwaita |")
    print("|---|---:|---:|---:|---:|---:|")
    for (index, pair) in pairs.enumerated() {
        print("| \(index + 1) (\(orders[index % 3])) | \(f(pair.adw.swipeCPUPerFrame, 3)) ms (\(Int(pair.adw.swipeFramesDrawn)) frames)"
            + " | \(f(pair.segue.swipeCPUPerFrame, 3)) ms (\(Int(pair.segue.swipeFramesDrawn)) frames)"
            + " | \(f(ratio(pair.segue.swipeCPUPerFrame, pair.adw.swipeCPUPerFrame)))×"
            + " | \(f(pair.layered.swipeCPUPerFrame, 3)) ms (\(Int(pair.layered.swipeFramesDrawn)) frames)"
            + " | \(f(ratio(pair.layered.swipeCPUPerFrame, pair.adw.swipeCPUPerFrame)))× |")
    }
    print()

    let last = pairs[pairs.count - 1]
    print("Round \(pairs.count) in detail:")
    print()
    print("| figure | libadwaita AdwCarousel | segue-demo tab swipe (default) | segue-demo with subsurfaces |")
    print("|---|---:|---:|---:|")
    func row(_ name: String, _ value: (PerformanceRun) -> String) {
        print("| \(name) | \(value(last.adw)) | \(value(last.segue)) | \(value(last.layered)) |")
    }
    func relative(_ path: String) -> String {
        path.hasPrefix(Paths.root + "/") ? String(path.dropFirst(Paths.root.count + 1)) : path
    }
    row("client") { relative($0.final.strings["renderer"] == nil ? Paths.demo : Paths.adwCarousel) }
    row("held drag: duration") { "\(f($0.swipeSeconds)) s" }
    row("held drag: commits of the window's surface") { "\(Int($0.swipeCommits))" }
    row("held drag: frames drawn (commits with a new buffer or moved layers)") { "\(Int($0.swipeFramesDrawn)) (\(f($0.swipeFrameRate, 1)) per s)" }
    row("held drag: process CPU, user + system (getrusage)") { "\(f($0.swipeCPUms, 1)) ms" }
    row("held drag: CPU per frame drawn") { "\(f($0.swipeCPUPerFrame, 3)) ms" }
    row("held drag: bytes painted into the window's buffers per frame") {
        $0.final.strings["renderer"] != nil ? "–" : "\(Int(($0.swipeEnd["painted_bytes"] - $0.swipeStart["painted_bytes"]) / max(1, $0.swipeFramesDrawn)))"
    }
    row("held drag: layer pixels copied into subsurface buffers (bytes)") {
        $0.final.strings["renderer"] != nil ? "–" : "\(Int($0.swipeEnd["layer_bytes_copied"] - $0.swipeStart["layer_bytes_copied"]))"
    }
    row("held drag: weston CPU (schedstat; /proc stat ticks)") { "\(f($0.westonSwipeCPUms, 1)) ms; \(f($0.westonSwipeStatCPUms, 0)) ms" }
    row("mid-drag shot: output changed since the press") { moved($0) }
    row("idle 3 s: commits") { "\(Int($0.idleFrames))" }
    row("idle 3 s: CPU") { "\(f($0.idleCPUms)) ms" }
    row("RSS at exit") { "\(Int($0.final["rss_kb"])) kB" }
    row("exit status after SIGTERM") { $0.exitStatus.map(String.init) ?? "none" }
    print()
    print("Mid-drag screenshots (round \(pairs.count)): `artifacts/adw-carousel-mid-swipe.png`, `artifacts/segue-mid-swipe.png`,"
        + " `artifacts/segue-subsurfaces-mid-swipe.png`.")
    print()
    print("bench-adw: whole-system per frame segue \(f(seguePooled + segueWeston, 3)) ms, libadwaita \(f(adwPooled + adwWeston, 3)) ms,"
        + " ratio \(f(ratio(seguePooled + segueWeston, adwPooled + adwWeston)))×; client ratio \(f(ratio(seguePooled, adwPooled)))×;"
        + " fps \(f(rate(pairs.map(\.segue)), 1)) vs \(f(rate(pairs.map(\.adw)), 1))")
}
