import Foundation
import SegueTestKit

/// Where `segue-perf --peer adw` measures: headless weston (at an output scale) or headless mutter.
struct PeerSetting {
    var compositor: PerfOptions.Compositor = .weston
    var scale = 1

    /// The default setting keeps the summary line scripts read (`bench-adw: …`); the others
    /// name themselves in theirs, so a script can never take one for the other.
    var isDefault: Bool { compositor == .weston && scale == 1 }
    var summaryPrefix: String {
        isDefault ? "bench-adw" : "bench-adw \(compositor.rawValue)" + (scale == 1 ? "" : " scale \(scale)")
    }
    var fileSuffix: String { isDefault ? "" : "-\(compositor.rawValue)" + (scale == 1 ? "" : "-scale\(scale)") }
    /// Whether a third side runs segue-demo with its layer promotion the other way round: in
    /// weston at scale 1 and in mutter with `SEGUE_SUBSURFACES=1` (weston 10 headless offers no
    /// dmabuf; mutter 48 does, but the app does not promote on mutter by default, for its wrong
    /// frames: docs/TRIXIE-LANE.md).
    var measuresSubsurfaces: Bool { isDefault || compositor.isMutter }
    /// Whether the app's default promotes layers here: on none of the compositors measured.
    var defaultPromotes: Bool { false }
    /// The mutter in use, named.
    var mutterName: String { compositor == .mutter48 ? "mutter 48" : "mutter 43" }
}

/// What a side of the comparison runs.
private enum SideKind {
    /// libadwaita's AdwCarousel.
    case peer
    /// segue-demo (with or without subsurfaces).
    case segue
    /// segue-copy-floor: one full-window memcpy per frame, nothing else.
    case floor

    /// Which side wrote a stats snapshot: each peer names its renderer, segue-demo none.
    init(_ run: PerformanceRun) {
        switch run.final.strings["renderer"] {
        case nil: self = .segue
        case "memcpy": self = .floor
        default: self = .peer
        }
    }
}

/// One client measured in every round.
private struct Side {
    var name: String
    var shot: String
    var run: () throws -> PerformanceRun
}

/// `segue-perf --peer adw`: libadwaita 1.2's AdwCarousel (GTK 4 cairo renderer, the program in
/// bench/adw-carousel/) and segue-demo's tab swipe, each in its own fresh headless compositor set
/// up the same way, both driven by the same PerformanceRun script and the same injected drag: a
/// press at x = 1000, 120 motions 16 ms apart to x = 280, release (logical coordinates, also at
/// output scale 2). Each side reports through the same `--stats` protocol; the figure is process
/// CPU (getrusage, user + system) from just before the press to just after the last motion,
/// divided by the frames drawn in that window (commits of the window's surface that carried a new
/// buffer or moved promoted layers). The compositor's own CPU (schedstat, all threads) is read
/// beside each, and the whole system (client + compositor) is the headline.
///
/// The last side of every round is the copy floor (`segue-copy-floor`, meson-helpers): a client
/// that maps the same fullscreen window in the same compositor and, for every frame of the same
/// drag, memcpy's one full prepared frame into its wl_shm buffer, damages all and commits. Its
/// CPU per frame is the least any wl_shm client pays to show a new full-window picture; segue's
/// client CPU per frame over the floor's is issue 24's target (≤ 1.25×).
///
/// Settings: weston (pixman, kiosk shell, 1280×800, `repaint-window=16`, the test plugin) at
/// output scale 1, where a third side, the same segue-demo with `SEGUE_SUBSURFACES=1`, shows what
/// subsurfaces change; weston at output scale 2 (`--scale 2`, 2560×1600 device pixels); mutter
/// 43 (`--compositor mutter`, ``MutterPerformanceSession``: windowed launch, then F11 to
/// fullscreen), with the subsurfaces side too. Rounds rotate which side goes first. The output ends with exactly one summary
/// line; in the default setting, for scripts:
///
///     bench-adw: whole-system per frame segue X ms, libadwaita Y ms, ratio Z×; client ratio W×; client/floor F×; fps A vs B
///
/// segue-demo runs without `--trace` here (the peer writes no trace either).
func compareWithAdwCarousel(rounds: Int, setting: PeerSetting) throws {
    let width = 1280, height = 800
    let swipe = PerformanceRun.Swipe(fromX: 1000, toX: 280, steps: 120, intervalMs: 16)
    let mutter = setting.compositor.isMutter
    // In mutter the peer opens a normal window as segue-demo does, and both go fullscreen on F11.
    let peer = HeadlessSession.Client(path: Paths.adwCarousel, arguments: mutter ? ["--windowed"] : [], environment: [
        "GDK_BACKEND": "wayland", "GSK_RENDERER": "cairo", "GTK_A11Y": "none", "NO_AT_BRIDGE": "1",
        "GSETTINGS_BACKEND": "memory",
    ])
    guard FileManager.default.isExecutableFile(atPath: peer.path) else {
        throw HarnessError("\(peer.path) is not built: run `make adw-carousel` (installs libadwaita-1-dev)")
    }
    try Paths.requireBuilt([Paths.copyFloor], demo: nil)
    let floor = HeadlessSession.Client(path: Paths.copyFloor, arguments: [], environment: [:])
    try? FileManager.default.createDirectory(atPath: Paths.artifacts, withIntermediateDirectories: true)
    func shot(_ name: String) -> String { Paths.artifacts + "/\(name)\(setting.fileSuffix)-mid-swipe.png" }

    func run(_ client: HeadlessSession.Client?, _ shot: String, _ environment: [String: String] = [:],
             name: String) throws -> PerformanceRun {
        if mutter {
            return try PerformanceRun.runInMutter(width: width, height: height, client: client, swipe: swipe,
                                                  captureMidSwipe: shot, environment: environment,
                                                  root: setting.compositor == .mutter48 ? .trixie : .host, name: name)
        }
        return try PerformanceRun.run(width: width, height: height, scale: setting.scale, client: client, swipe: swipe,
                                      captureMidSwipe: shot, trace: false, environment: environment)
    }
    var sides = [
        Side(name: "libadwaita", shot: shot("adw-carousel")) { try run(peer, shot("adw-carousel"), name: "perfAdw") },
        Side(name: "segue-demo tab swipe (default)", shot: shot("segue")) { try run(nil, shot("segue"), name: "perfSegue") },
    ]
    // Promotion the other way round in weston at scale 1 and in mutter (weston at scale 2 keeps
    // its rounds short): forced on where the default does not promote, forced off where it does.
    if setting.measuresSubsurfaces {
        let on = !setting.defaultPromotes
        let name = on ? "segue-demo with subsurfaces (`SEGUE_SUBSURFACES=1`)" : "segue-demo without subsurfaces (`SEGUE_SUBSURFACES=0`)"
        sides.append(Side(name: name, shot: shot("segue-subsurfaces")) {
            try run(nil, shot("segue-subsurfaces"), ["SEGUE_SUBSURFACES": on ? "1" : "0"], name: "perfLayered")
        })
    }
    sides.append(Side(name: "copy floor (`segue-copy-floor`: one full-window memcpy per frame)", shot: shot("copy-floor")) {
        try run(floor, shot("copy-floor"), name: "perfFloor")
    })

    // runs[side][round]; round r starts with side r mod n.
    var runs = Array(repeating: [PerformanceRun](), count: sides.count)
    var orders: [String] = []
    for round in 0..<rounds {
        let order = (0..<sides.count).map { (round + $0) % sides.count }
        var results = [PerformanceRun?](repeating: nil, count: sides.count)
        for index in order { results[index] = try sides[index].run() }
        for index in sides.indices { runs[index].append(results[index]!) }
        orders.append(order.map { shortName(sides[$0].name) }.joined(separator: ", "))
    }

    // At scale 2, whether each client really drew 2× buffers: the peer says in its stats;
    // segue-demo's protocol log says, from one more launch that is not measured.
    var bufferCheck: String?
    if setting.scale != 1 {
        let adw = runs[0].last!.final
        bufferCheck = "Buffers at output scale \(setting.scale): libadwaita's window surface last attached a"
            + " \(Int(adw["buffer_width"]))×\(Int(adw["buffer_height"])) wl_shm buffer at buffer scale \(Int(adw["buffer_scale"]))"
            + " (its stats); segue-demo's \(try segueBuffers(width: width, height: height, scale: setting.scale))"
            + " (one more launch with `WAYLAND_DEBUG=1`, not measured)."
    }

    printReport(sides: sides, runs: runs, orders: orders, setting: setting, bufferCheck: bufferCheck)
}

/// "libadwaita" for the peer, "floor" for the copy floor, "segue" / "segue with subsurfaces" /
/// "segue without subsurfaces" for the others.
private func shortName(_ name: String) -> String {
    if name.hasPrefix("libadwaita") { return "libadwaita" }
    if name.hasPrefix("copy floor") { return "floor" }
    if name.contains("without subsurfaces") { return "segue without subsurfaces" }
    return name.contains("subsurfaces") ? "segue with subsurfaces" : "segue"
}

/// The largest wl_shm buffer segue-demo created and the buffer scales of the surface it was
/// attached to (the window's, not the cursor's), from its protocol log.
private func segueBuffers(width: Int, height: Int, scale: Int) throws -> String {
    let session = try HeadlessSession(width: width, height: height,
                                      options: .init(westonConfig: PerformanceRun.westonConfig, trace: false,
                                                     protocolLog: true, scale: scale))
    defer { session.stop() }
    try session.waitForApp()
    func arguments(_ line: String, after request: String) -> [Substring] {
        guard let open = line.range(of: request) else { return [] }
        return line[open.upperBound...].prefix { $0 != ")" }.split(separator: ",").map { $0.drop { $0 == " " } }
    }
    // wl_shm_pool@P.create_buffer(new id wl_buffer@B, offset, width, height, stride, format)
    let buffers = session.protocolLines(".create_buffer(").compactMap { line -> (id: String, width: Int, height: Int)? in
        let values = arguments(line, after: ".create_buffer(")
        guard values.count >= 4, let id = values[0].split(separator: " ").last,
              let width = Int(values[2]), let height = Int(values[3]) else { return nil }
        return (String(id), width, height)
    }
    guard let largest = buffers.max(by: { $0.width * $0.height < $1.width * $1.height }) else {
        return "created no wl_shm buffer"
    }
    // -> wl_surface@S.attach(wl_buffer@B, 0, 0), then wl_surface@S.set_buffer_scale(K)
    let surface = session.protocolLines(".attach(\(largest.id),").first
        .flatMap { $0.split(separator: " ").first { $0.hasPrefix("wl_surface@") } }
        .map { String($0.prefix { $0 != "." }) }
    let scales = surface.map { surface in
        Set(session.protocolLines("\(surface).set_buffer_scale(").compactMap { Int(arguments($0, after: "set_buffer_scale(").first ?? "") })
    } ?? []
    return "window surface's largest wl_shm buffer is \(largest.width)×\(largest.height), at buffer scale "
        + (scales.isEmpty ? "1 (never set)" : scales.sorted().map(String.init).joined(separator: ", "))
}

private func printReport(sides: [Side], runs: [[PerformanceRun]], orders: [String], setting: PeerSetting,
                         bufferCheck: String?) {
    func f(_ value: Double, _ digits: Int = 2) -> String { String(format: "%.\(digits)f", value) }
    func ratio(_ a: Double, _ b: Double) -> Double { a / max(0.001, b) }
    func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
    func pooled(_ runs: [PerformanceRun], _ cpu: (PerformanceRun) -> Double) -> Double {
        runs.map(cpu).reduce(0, +) / max(1, runs.map(\.swipeFramesDrawn).reduce(0, +))
    }
    func rate(_ runs: [PerformanceRun]) -> Double {
        runs.map(\.swipeFramesDrawn).reduce(0, +) / max(0.001, runs.map(\.swipeSeconds).reduce(0, +))
    }
    let compositor = runs[0][0].compositor
    let mutter = setting.compositor.isMutter
    let names = runs[0][0].final.strings
    let adwLabel = "libadwaita \(names["libadwaita"] ?? "?") AdwCarousel (GTK \(names["gtk"] ?? "?"), \(names["renderer"] ?? "?"))"
    func label(_ index: Int) -> String { index == 0 ? adwLabel : sides[index].name }

    let client = runs.map { pooled($0, \.swipeCPUms) }
    let server = runs.map { pooled($0, \.westonSwipeCPUms) }
    let where_ = mutter ? "headless \(setting.mutterName) (1280×800, windowed launch, then fullscreen on F11)"
        : "headless weston" + (setting.scale == 1 ? "" : " at output scale \(setting.scale) (1280×800 logical, 2560×1600 device pixels)")
    let capture = mutter ? "the mid-drag shot is read from mutter's screen cast by the driver, outside mutter"
        : "less the mid-drag capture, a PNG the test plugin writes inside weston"
    print("Whole system during the same held drags in \(where_): client CPU (getrusage) and \(compositor)'s CPU"
        + " (/proc/PID/task/*/schedstat, \(capture)), all \(runs[0].count) rounds, total CPU ÷ total frames the client drew:")
    print()
    let harness = mutter ? " harness per frame (not counted) |" : ""
    print("| side | client + \(compositor) per frame | ÷ libadwaita | client per frame | ÷ libadwaita | \(compositor) per frame | frames per s |\(harness)")
    print("|---|---:|---:|---:|---:|---:|---:|" + (mutter ? "---:|" : ""))
    for index in sides.indices {
        var line = "| \(label(index)) | \(f(client[index] + server[index], 3)) ms | \(f(ratio(client[index] + server[index], client[0] + server[0])))×"
            + " | \(f(client[index], 3)) ms | \(f(ratio(client[index], client[0])))× | \(f(server[index], 3)) ms | \(f(rate(runs[index]), 1)) |"
        if mutter { line += " \(f(pooled(runs[index]) { $0.harnessSwipeCPUms ?? 0 }, 3)) ms |" }
        print(line)
    }
    print()
    // The copy floor: the client's CPU per frame over the floor's, pooled as above and round by round.
    let floor = sides.count - 1, segue = 1, adw = 0
    let floorRatios = runs[segue].indices.map { ratio(runs[segue][$0].swipeCPUPerFrame, runs[floor][$0].swipeCPUPerFrame) }
    print("Copy floor: segue-demo's client CPU per frame is \(f(ratio(client[segue], client[floor])))× the floor's"
        + " (all rounds pooled; round by round median \(f(median(floorRatios)))×, range \(f(floorRatios.min() ?? 0))–\(f(floorRatios.max() ?? 0))×;"
        + " issue 24's target ≤ 1.25×). The floor maps the same fullscreen window in the same \(compositor) and, on every frame of the"
        + " same drag, memcpy's one full prepared frame (\(Int(runs[floor].last!.final["buffer_width"]))×\(Int(runs[floor].last!.final["buffer_height"]))"
        + " device pixels) into a free wl_shm buffer, damages all and commits: what any wl_shm client pays to show a new full-window picture.")
    print()
    // What the compositor's own pacing allows, so a frame rate under 60 is read for what it is.
    let refresh = runs[1].map { $0.final["output_refresh_ms"] }.max() ?? 0
    let refreshText = refresh > 0 ? "\(f(refresh, 3)) ms" : "none reported"
    if mutter {
        print("Pacing: \(setting.mutterName)'s virtual monitor runs a 60 Hz frame clock (refresh in segue-demo's wp_presentation feedback:"
            + " \(refreshText)); without a GPU it composites with Mesa's llvmpipe (its log: \"Created surfaceless renderer without"
            + " GPU\"), which is most of mutter's CPU per frame, on the same two cores as the client. The screen cast that carries the"
            + " absolute pointer and the screenshots stays on: mutter's copy of each repaint into it is inside mutter's figure, the"
            + " harness processes (bus, pipewire, wireplumber, the driver's reader) are shown beside it and not counted.")
    } else {
        let ceiling = sides.indices.map { "\(f(1000 / (1000 / 60 + server[$0]), 1)) (\(shortName(sides[$0].name)))" }
        print("Pacing: weston's headless backend re-arms a 16 ms timer when a repaint ends and, with `repaint-window=16` against"
            + " its 60 Hz mode (wp_presentation refresh \(refreshText)), repaints 0.67 ms after it fires: a frame every 16.67 ms plus"
            + " the repaint's own time, so its pacing allows at most 1000 ÷ (16.67 + weston's ms per frame) ≈ "
            + ceiling.joined(separator: ", ") + " fps here, never 60.")
    }
    print()

    // Launch and memory: medians over the rounds, with the range.
    func spread(_ values: [Double], _ digits: Int, _ unit: String) -> String {
        "\(f(median(values), digits)) \(unit) (\(f(values.min() ?? 0, digits))–\(f(values.max() ?? 0, digits)))"
    }
    print("Launch and memory, median (range) over the \(runs[0].count) rounds; ÷ libadwaita is the ratio of the medians:")
    print()
    print("| figure | target | " + sides.indices.map { shortName(sides[$0].name) }.joined(separator: " | ")
        + " | " + sides.indices.dropFirst().map { "\(shortName(sides[$0].name)) ÷ libadwaita" }.joined(separator: " | ") + " |")
    print("|---|---|" + String(repeating: "---:|", count: sides.count * 2 - 1))
    func figure(_ name: String, _ target: String, _ digits: Int, _ unit: String, _ value: (PerformanceRun) -> Double?) {
        let values = runs.map { $0.compactMap(value) }
        let cells = values.map { $0.isEmpty ? "–" : spread($0, digits, unit) }
        let ratios = values.dropFirst().map { values[0].isEmpty || $0.isEmpty ? "–" : "\(f(ratio(median($0), median(values[0]))))×" }
        print("| \(name) | \(target) | " + cells.joined(separator: " | ") + " | " + ratios.joined(separator: " | ") + " |")
    }
    let firstFrame = mutter ? "a normal window's first frame" : "the first frame"
    figure("launch → first frame (spawn to the first commit with a buffer, CLOCK_MONOTONIC)", "segue ≤ 0.5×", 1, "ms") {
        $0.launched.values["launch_to_first_frame_ms"]
    }
    figure("main() → first frame", "", 1, "ms") { $0.launched.values["main_to_first_frame_ms"] }
    figure("RSS at exit (VmRSS)", "segue ≤ 1.1×", 0, "kB") { $0.final.values["rss_kb"] }
    print()
    print("Launch is timed from the launcher's spawn (`SEGUE_LAUNCH_MONOTONIC_MS`, CLOCK_MONOTONIC) to just after"
        + " the `wl_surface.commit` of \(firstFrame) that carried a buffer: segue-demo's FrameStats, the peer's interposed"
        + " `wl_proxy_marshal_flags`, the same definition.")
    if let bufferCheck {
        print()
        print(bufferCheck)
    }
    print()

    print("Client CPU per frame, round by round:")
    print()
    var header = "| round (order) | libadwaita |"
    for index in sides.indices.dropFirst() { header += " \(sides[index].name) | ÷ libadwaita |" }
    print(header + " segue ÷ floor |")
    print("|---|---:|" + String(repeating: "---:|---:|", count: sides.count - 1) + "---:|")
    for round in runs[0].indices {
        let adw = runs[0][round]
        var line = "| \(round + 1) (\(orders[round])) | \(f(adw.swipeCPUPerFrame, 3)) ms (\(Int(adw.swipeFramesDrawn)) frames) |"
        for index in sides.indices.dropFirst() {
            let run = runs[index][round]
            line += " \(f(run.swipeCPUPerFrame, 3)) ms (\(Int(run.swipeFramesDrawn)) frames) | \(f(ratio(run.swipeCPUPerFrame, adw.swipeCPUPerFrame)))× |"
        }
        print(line + " \(f(floorRatios[round]))× |")
    }
    print()

    let lastRound = runs[0].count
    let last = runs.map { $0[lastRound - 1] }
    print("Round \(lastRound) in detail:")
    print()
    print("| figure | libadwaita AdwCarousel | " + sides.indices.dropFirst().map { sides[$0].name }.joined(separator: " | ") + " |")
    print("|---|" + String(repeating: "---:|", count: sides.count))
    func row(_ name: String, _ value: (PerformanceRun) -> String) {
        print("| \(name) | " + last.map(value).joined(separator: " | ") + " |")
    }
    func relative(_ path: String) -> String {
        path.hasPrefix(Paths.root + "/") ? String(path.dropFirst(Paths.root.count + 1)) : path
    }
    func isPeer(_ run: PerformanceRun) -> Bool { SideKind(run) != .segue }
    row("client") {
        switch SideKind($0) {
        case .peer: relative(Paths.adwCarousel)
        case .segue: relative(Paths.demo)
        case .floor: relative(Paths.copyFloor)
        }
    }
    row("held drag: duration (less the mid-drag capture's pause)") { "\(f($0.swipeSeconds)) s (\(f($0.captureSeconds)) s)" }
    row("held drag: commits of the window's surface") { "\(Int($0.swipeCommits))" }
    row("held drag: frames drawn (commits with a new buffer or moved layers)") { "\(Int($0.swipeFramesDrawn)) (\(f($0.swipeFrameRate, 1)) per s)" }
    row("held drag: frame callbacks requested (peer) / received (segue)") {
        "\(Int(isPeer($0) ? $0.swipeEnd["frame_requests"] - $0.swipeStart["frame_requests"] : $0.swipeCallbacks))"
    }
    row("held drag: frames presented / discarded (wp_presentation; segue only)") {
        isPeer($0) ? "–" : "\(Int($0.swipeEnd["frames_presented"] - $0.swipeStart["frames_presented"])) / "
            + "\(Int($0.swipeEnd["frames_discarded"] - $0.swipeStart["frames_discarded"]))"
    }
    row("held drag: process CPU, user + system (getrusage)") { "\(f($0.swipeCPUms, 1)) ms" }
    row("held drag: CPU per frame drawn") { "\(f($0.swipeCPUPerFrame, 3)) ms" }
    row("held drag: bytes painted into the window's buffers per frame") {
        SideKind($0) == .peer ? "–" : "\(Int(($0.swipeEnd["painted_bytes"] - $0.swipeStart["painted_bytes"]) / max(1, $0.swipeFramesDrawn)))"
    }
    if setting.measuresSubsurfaces {
        row("held drag: layer pixels copied into subsurface buffers (bytes)") {
            isPeer($0) ? "–" : "\(Int($0.swipeEnd["layer_bytes_copied"] - $0.swipeStart["layer_bytes_copied"]))"
        }
    }
    row("held drag: \(compositor) CPU (schedstat; /proc stat ticks)") { "\(f($0.westonSwipeCPUms, 1)) ms; \(f($0.westonSwipeStatCPUms, 0)) ms" }
    if mutter {
        row("held drag: harness CPU (bus, pipewire, wireplumber, screen-cast reader; not counted)") {
            "\(f($0.harnessSwipeCPUms ?? 0, 1)) ms"
        }
    }
    row("mid-drag shot: output changed since the press") { run in
        run.midSwipeChangedFraction.map { "\(f($0 * 100, 1)) %" } ?? "–"
    }
    row("launch → first frame") { "\(f($0.launched["launch_to_first_frame_ms"], 1)) ms" }
    row("idle 3 s: commits") { "\(Int($0.idleFrames))" }
    row("idle 3 s: CPU") { "\(f($0.idleCPUms)) ms" }
    row("the swipe's first frame, start to commit (segue only; its neighbours' caches released while idle)") {
        SideKind($0) == .segue ? "\(f($0.swipeEnd["transition_first_frame_max_ms"], 2)) ms" : "–"
    }
    row("RSS 1 s after the release") { run in run.afterRelease.map { "\(Int($0["rss_kb"])) kB" } ?? "–" }
    row("RSS after launch / at exit \(f(PerformanceRun.quietBeforeExit, 1)) s after the release (what the swipe added)") {
        "\(Int($0.launched["rss_kb"])) / \(Int($0.final["rss_kb"])) kB (+\(Int($0.final["rss_kb"] - $0.launched["rss_kb"])))"
    }
    row("exit status after SIGTERM") { $0.exitStatus.map(String.init) ?? "none" }
    print()
    print("Mid-drag screenshots (round \(lastRound)): " + sides.map { "`\(relative($0.shot))`" }.joined(separator: ", ") + ".")
    print()
    print("\(setting.summaryPrefix): whole-system per frame segue \(f(client[segue] + server[segue], 3)) ms,"
        + " libadwaita \(f(client[adw] + server[adw], 3)) ms, ratio \(f(ratio(client[segue] + server[segue], client[adw] + server[adw])))×;"
        + " client ratio \(f(ratio(client[segue], client[adw])))×; client/floor \(f(ratio(client[segue], client[floor])))×; fps \(f(rate(runs[segue]), 1)) vs \(f(rate(runs[adw]), 1))")
}
