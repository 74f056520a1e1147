import Geometry
import ArgumentParser
import Canvas
import Glibc
import Motion
import Segue
import SegueCommandLine

/// segue-bench: every transition of the demo rendered offscreen at 60 Hz steps, at 1280×800
/// and 2560×1600 (1280×800 logical at scale 2), beside the cost of copying one frame and of a
/// plain two-layer Cairo composite measured in the same run; then what each render
/// optimisation buys, and memory over many transitions. Build with `-c release`.
///
///     segue-bench [--repeat N] [--transitions N] [--only NAME-PART]
struct BenchOptions: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "segue-bench",
        abstract: "Every transition rendered offscreen at 60 Hz steps, beside a frame copy and a two-layer composite.",
        discussion: "Build with -c release. Prints Markdown tables (scripts/benchmarks.sh puts them in BENCHMARKS.md).",
        version: segueVersion)

    @Option(name: .customLong("repeat"), help: ArgumentHelp("Runs of each transition; medians are over all of them.", valueName: "N"))
    var repeats = 4

    @Option(name: .customLong("transitions"), help: ArgumentHelp("Transitions in the memory section.", valueName: "N"))
    var rssTransitions = 1000

    @Option(name: .customLong("only"),
            help: ArgumentHelp("Only the transitions whose names contain TEXT (no ablation or memory sections); empty: all of them.", valueName: "TEXT"))
    var only: String?

    @Option(name: .customLong("frames-to"),
            help: ArgumentHelp("Writes frames 2, 6, 12, 20 and 30 of each transition's first run (as drawn, damage repaired into rotating buffers) as PNGs into DIR, to look at.", valueName: "DIR"))
    var framesDirectory: String?

    @Flag(name: .customLong("reduced-motion"),
          help: "Measure the transitions as a user who asked for reduced motion sees them (cross-fades).")
    var reducedMotion = false

    func validate() throws {
        guard repeats > 0 else { throw ValidationError("--repeat needs a positive number, not \(repeats)") }
        guard rssTransitions >= 0 else { throw ValidationError("--transitions needs a number ≥ 0, not \(rssTransitions)") }
    }
}

let options = BenchOptions.parseOrExitWithOneLine()
MainActor.assumeIsolated { BenchWindow.motion = MotionPreferences(reducesMotion: options.reducedMotion) }
let repeats = options.repeats
let rssTransitions = options.rssTransitions
/// Only the transitions whose names contain this (and no ablation or memory sections).
let only = options.only

/// Whether `--only` keeps the transition called `name` (an empty filter keeps every one:
/// Swift's `contains("")` is false).
func selected(_ name: String) -> Bool {
    guard let only, !only.isEmpty else { return true }
    return name.contains(only)
}
/// Where to keep a few frames of each transition (nil: nowhere).
let framesDirectory = options.framesDirectory

func median(_ values: [Double]) -> Double { quantile(values, 0.5) }

func quantile(_ values: [Double], _ q: Double) -> Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * q).rounded()))]
}

/// `value` with `digits` decimals (no Foundation).
func fixed(_ value: Double, _ digits: Int) -> String {
    guard value.isFinite else { return "n/a" }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let scaled = Int((abs(value) * scale).rounded())
    var fraction = String(scaled % Int(scale))
    while fraction.count < digits { fraction = "0" + fraction }
    return (value < 0 ? "-" : "") + "\(scaled / Int(scale))" + (digits > 0 ? "." + fraction : "")
}
func ms(_ value: Double) -> String { fixed(value, 3) }
func ratio(_ value: Double) -> String { fixed(value, 2) + "×" }

/// Times `body` `count` times after two warm-up runs; returns the median in ms.
func timeMedian(_ count: Int, _ body: () -> Void) -> Double {
    body(); body()
    var times: [Double] = []
    for _ in 0..<count {
        let start = monotonicMilliseconds()
        body()
        times.append(monotonicMilliseconds() - start)
    }
    return median(times)
}

/// The floor: copying one frame's bytes.
func memcpyFrame(width: Int, height: Int) -> Double {
    let bytes = width * height * 4
    let source = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
    let destination = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
    defer { source.deallocate(); destination.deallocate() }
    source.initializeMemory(as: UInt8.self, repeating: 0x7f, count: bytes)
    destination.initializeMemory(as: UInt8.self, repeating: 0, count: bytes)
    return timeMedian(60) { destination.copyMemory(from: source, byteCount: bytes) }
}

/// The reference: two full-window opaque images side by side, moved by a few pixels each
/// time, painted with Cairo's default operator (over), as a plain Cairo client composites a
/// two-page slide.
@MainActor
func twoLayerComposite(width: Int, height: Int) -> Double {
    let a = Surface(width: width, height: height), b = Surface(width: width, height: height)
    a.clear(to: Color(hex: 0xFFFFFF))
    b.clear(to: Color(hex: 0x3478F6))
    let target = Canvas(surface: Surface(width: width, height: height))
    var x = width / 3
    return timeMedian(60) {
        x = (x + 7) % width
        target.draw(a, at: Point(x: Double(-x), y: 0))
        target.draw(b, at: Point(x: Double(width - x), y: 0))
    }
}

struct Measured {
    var name: String
    var times: [Double]
    var contentDraws: Int
}

@MainActor
func measure(_ scenario: Scenario, size: Size, scale: Double, repeats: Int,
             features: RenderFeatures = .all) -> Measured {
    let bench = BenchWindow(size: size, scale: scale, features: features)
    var times: [Double] = []
    var draws = 0
    for run in 0..<repeats {
        scenario.prepare(bench)
        _ = bench.takeBegunKinds()
        scenario.trigger(bench)
        // The first frame of a transition may lay out and draw its new page; the rest may not.
        times.append(bench.frame())
        let before = View.drawCount
        if run == 0, let framesDirectory {
            keepFrames(of: bench, named: "\(scenario.name) @\(Int(scale))x", in: framesDirectory, times: &times)
        }
        bench.runFrames(into: &times)
        draws += View.drawCount - before
        // Back to the start state for the next repeat.
        _ = ScenarioFinder.undoTransition(bench)
        _ = bench.takeBegunKinds()
    }
    return Measured(name: scenario.name, times: times, contentDraws: draws)
}

/// Runs the transition's frames, writing a few of them (counting the first, already drawn, as 1).
@MainActor
func keepFrames(of bench: BenchWindow, named name: String, in directory: String, times: inout [Double]) {
    let kept: Set<Int> = [2, 6, 12, 20, 30]
    var index = 1
    let file = String(name.map { $0.isLetter || $0.isNumber || $0 == "@" ? $0 : "-" })
    while bench.window.wantsFrames, index < kept.max()! {
        times.append(bench.frame())
        index += 1
        if kept.contains(index) { try? bench.lastSurface.writePNG(to: "\(directory)/\(file)-f\(index).png") }
    }
}

func readRSSKilobytes() -> Int {
    guard let file = fopen("/proc/self/status", "r") else { return 0 }
    defer { fclose(file) }
    var line = [CChar](repeating: 0, count: 256)
    while fgets(&line, Int32(line.count), file) != nil {
        let text = String(cString: line)
        if text.hasPrefix("VmRSS:") { return Int(text.split(separator: " ")[1]) ?? 0 }
    }
    return 0
}

func cpuModel() -> String {
    guard let file = fopen("/proc/cpuinfo", "r") else { return "unknown" }
    defer { fclose(file) }
    var line = [CChar](repeating: 0, count: 512)
    while fgets(&line, Int32(line.count), file) != nil {
        let text = String(cString: line)
        if text.hasPrefix("model name") {
            return text.split(separator: ":", maxSplits: 1)[1].trimmingCharacters()
        }
    }
    return "unknown"
}

extension Substring {
    func trimmingCharacters() -> String {
        String(self.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == "\n" || $0 == " " }.reversed())
    }
}

MainActor.assumeIsolated {
    print("# segue-bench")
    print("cpu: \(cpuModel()); cores online: \(sysconf(Int32(_SC_NPROCESSORS_ONLN))); repeats per transition: \(repeats)")
    print("frame = tick + layout + damage + drawing into one of two buffers in rotation (as the Wayland client does);")
    print("60 Hz steps from the click to the end of the transition; all frames of every repeat counted.\n")

    let logical = Size(width: 1280, height: 800)
    let scenarios = ScenarioFinder.find(size: logical).filter { selected($0.name) }
    var slideMedians1x: [Double] = []
    var composite1x = 0.0
    for scale in [1.0, 2.0] {
        let width = Int(logical.width * scale), height = Int(logical.height * scale)
        let copy = memcpyFrame(width: width, height: height)
        let composite = twoLayerComposite(width: width, height: height)
        if scale == 1 { composite1x = composite }
        print("## \(width)×\(height)\(scale == 2 ? " (1280×800 at scale 2)" : "")\n")
        print("reference, same run: memcpy of one frame \(ms(copy)) ms; two-layer full-window Cairo composite (over) \(ms(composite)) ms\n")
        print("| transition | frames | median ms | p99 ms | median ÷ two-layer | median ÷ memcpy | content redraws after 1st frame (any view) |")
        print("|---|---:|---:|---:|---:|---:|---:|")
        if selected("tab swipe (held drag)") {
            let swipe = measureSwipe(size: logical, scale: scale, repeats: repeats)
            let m = median(swipe)
            if scale == 1 { slideMedians1x.append(m) }
            print("| tab swipe (held drag, then settle) | \(swipe.count) | \(ms(m)) | \(ms(quantile(swipe, 0.99))) | \(ratio(m / composite)) | \(ratio(m / copy)) | – |")
        }
        for scenario in scenarios {
            let result = measure(scenario, size: logical, scale: scale, repeats: repeats)
            let m = median(result.times)
            if scale == 1 { slideMedians1x.append(m) }
            print("| \(result.name) | \(result.times.count) | \(ms(m)) | \(ms(quantile(result.times, 0.99))) | \(ratio(m / composite)) | \(ratio(m / copy)) | \(result.contentDraws) |")
        }
        print("")
    }
    if let worst = slideMedians1x.max() {
        print("worst transition median at 1280×800: \(ms(worst)) ms = \(ratio(worst / composite1x)) the two-layer composite (targets: ≤ 1.5 ms, ≤ 1.5×)\n")
    }

    if only != nil { return }
    // What each optimisation buys: the same transitions with optimisations added one at a time.
    print("## What each render optimisation buys (1280×800, same run)\n")
    let steps: [(String, RenderFeatures)] = [
        ("none (full redraw, every view blended)", []),
        ("+ damage (repaint only what changed)", [.damage]),
        ("+ occlusion (skip what opaque views hide)", [.damage, .occlusion]),
        ("+ layers (a moving subtree is one cached image)", [.damage, .occlusion, .layers]),
        ("+ opaque copy (operator source, a row copy)", RenderFeatures.all),
    ]
    let picked = scenarios.filter { $0.name.contains("(push)") || $0.name.hasPrefix("tab slide") }.prefix(2)
        + scenarios.filter { $0.name.contains("(present)") || $0.name.contains("(container)") }.prefix(2)
    print("| features | " + picked.map(\.name).joined(separator: " | ") + " |")
    print("|---|" + picked.map { _ in "---:|" }.joined())
    for (label, features) in steps {
        let medians = picked.map { median(measure($0, size: logical, scale: 1, repeats: repeats, features: features).times) }
        print("| \(label) | " + medians.map { "\(ms($0)) ms" }.joined(separator: " | ") + " |")
    }
    print("")

    // A frame's cost against the size of the pages it moves: a swipe between two tabs of 20
    // rows, then of 500.
    print("## A tab swipe's frame against the page's size (1280×800, same run)\n")
    print("Two tabs of text rows in a scroll view each, the same held swipe as above; views measured: the median")
    print("number of views a frame's geometry pass entered.\n")
    print("| rows per page | swipes | median ms | views measured per frame (median) |")
    print("|---:|---:|---:|---:|")
    var swipeMedians: [Double] = []
    for rows in [20, 500] {
        let result = measureSwipe(rowsPerPage: rows, size: logical, repeats: repeats)
        swipeMedians.append(result.median)
        print("| \(rows) | \(repeats) | \(ms(result.median)) | \(result.measured) |")
    }
    print("\n500 rows ÷ 20 rows, median frame: \(ratio(swipeMedians[1] / swipeMedians[0]))\n")

    // Memory: many transitions in one window, cycling through every scenario.
    print("## Memory over \(rssTransitions) transitions (1280×800, offscreen, 15 Hz steps)\n")
    let bench = BenchWindow(size: logical, scale: 1)
    var ignored: [Double] = []
    @MainActor func cycle(_ count: Int) {
        var done = 0
        while done < count {
            for scenario in scenarios where done < count {
                scenario.prepare(bench)
                scenario.trigger(bench)
                bench.runFrames(into: &ignored, step: 1.0 / 15)
                _ = ScenarioFinder.undoTransition(bench)
                done += 1 + (bench.takeBegunKinds().isEmpty ? 0 : 1)
                ignored.removeAll(keepingCapacity: true)
            }
        }
    }
    cycle(100)
    let before = readRSSKilobytes()
    cycle(rssTransitions)
    let after = readRSSKilobytes()
    let growth = after - before
    let perTransition = fixed(Double(growth) * 1024 / Double(rssTransitions), 1)
    print("RSS after 100 warm-up transitions: \(before) kB; after \(rssTransitions) more: \(after) kB; "
          + "growth \(growth) kB (\(perTransition) bytes per transition)")
}
