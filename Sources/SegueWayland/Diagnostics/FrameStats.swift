import CWayland
import Glibc
import Segue

/// Figures for `segue-demo --stats FILE`: frames, frame callbacks, input-to-commit latency,
/// wake-ups, CPU time and memory, written as one JSON object.
///
/// Latency runs from the moment an input event's bytes were read from the socket in this
/// process (not the compositor's timestamp: another clock) to the `wl_surface.commit` of the
/// first frame drawn after it. The file is rewritten on SIGUSR1 (a snapshot, so a runner can
/// take differences between phases) and at exit.
@MainActor
public final class FrameStats {
    private let path: String
    /// CLOCK_MONOTONIC ms when `main` started, and when the launcher spawned us (if it said).
    private let mainStart: Double
    private let launchTime: Double?
    private var firstFrameTime: Double?
    private(set) var frameCallbacks = 0
    private(set) var commits = 0
    private(set) var framesDrawn = 0
    private(set) var emptyCommits = 0
    /// wp_presentation feedback: frames the compositor showed, frames it dropped, its refresh.
    private(set) var presented = 0
    private(set) var discarded = 0
    private var refreshNanoseconds: UInt32 = 0
    var wakeUps = 0
    /// Bytes of pixels painted into the window's own buffers (the region repaired, × 4).
    private var paintedBytes = 0
    /// Promoted layers shown in subsurfaces, summed over frames; bytes copied into their
    /// buffers (only when a layer's pixels change: a pure move copies nothing).
    private var layersShownTotal = 0
    private var layerBytesCopied = 0
    /// Subsurfaces and their buffers alive after the latest frame (they must not pile up).
    private var layerSurfaces = 0
    private var layerBuffers = 0
    /// The window's own wl_shm buffers alive (one once idle: the spare one is released).
    var windowBuffers = 0
    /// Arrival time of the oldest input event not yet shown by a committed frame.
    private var pendingInput: Double?
    private var inputEvents = 0
    /// `wl_pointer.enter`s received: a test's proof that the pointer reached the window at all.
    private var pointerEnters = 0
    /// Input received by kind: a test harness confirms that what it injected arrived (a
    /// compositor may drop input it gets before its virtual device has joined the seat)
    /// before it looks at the screen for the answer.
    private var pointerMotions = 0
    private var pointerButtons = 0
    private var scrollEvents = 0
    private var keyEvents = 0
    private var touchEvents = 0
    /// Whether everything the window was asked to show is drawn and committed, and no
    /// animation runs (the window sets it before each snapshot): a held gesture that does not
    /// move is settled, a settling spring is not.
    var isSettled = false
    /// Key presses the keyboard's repeat timer made (client-side key repeat), and real ones.
    private var keyRepeats = 0
    private var keyPresses = 0
    /// Configures acknowledged with xdg-shell v6's `suspended` state, and whether the latest
    /// acknowledged one had it: how a test sees that the compositor hid the window.
    private var suspendedConfigures = 0
    private var isSuspended = false
    /// Idle work run (``Segue/Window/performWhenIdle(_:)``): pieces, and the CPU time they
    /// took on the main thread — work moved out of gestures, still paid by the process.
    private var idleWorkPieces = 0
    private var idleWorkCPU = 0.0
    private var latencies: [Double] = []
    private var drawTimes: [Double] = []
    /// Frames whose preparing, drawing and committing took longer than two 60 Hz periods: a
    /// frame the display shows late however its compositor paces it.
    private var framesOverTwoPeriods = 0
    static let twoPeriodsMs = 2000.0 / 60
    /// Frame times (start to commit, ms) of each transition's first frame, and whether the
    /// latest frame drawn had a transition running.
    private var transitionFirstFrames: [Double] = []
    private var transitionWasDrawn = false
    /// The longest time between two commits since the file was last written (ms), and when
    /// the last commit was (nil right after a write: a phase's first commit measures no gap,
    /// so idle time before it is not counted). A stall shows here when the rate hides it.
    private var commitGapMax = 0.0
    private var lastCommit: Double?

    /// `launchTime` (CLOCK_MONOTONIC ms) is when the launcher spawned the process, if known.
    public init(path: String, mainStart: Double, launchTime: Double?) {
        self.path = path
        self.mainStart = mainStart
        self.launchTime = launchTime
        latencies.reserveCapacity(4096)
        drawTimes.reserveCapacity(4096)
    }

    func now() -> Double { segue_monotonic_ms() }

    func inputArrived(_ event: InputEvent, at time: Double) {
        inputEvents += 1
        switch event.kind {
        case .pointerEnter: pointerEnters += 1
        case .pointerMotion: pointerMotions += 1
        case .pointerButton: pointerButtons += 1
        case .scroll: scrollEvents += 1
        case .key(let key):
            if !key.isRepeat { keyEvents += 1 }
            if key.pressed { if key.isRepeat { keyRepeats += 1 } else { keyPresses += 1 } }
        case .touchDown, .touchMotion, .touchUp: touchEvents += 1
        default: break
        }
        if pendingInput == nil { pendingInput = time }
    }

    func frameCallbackReceived() { frameCallbacks += 1 }

    /// The events since the last frame changed nothing: they wait for no frame.
    func inputShowedNothing() { pendingInput = nil }

    func framePresented(refreshNanoseconds refresh: UInt32) {
        presented += 1
        refreshNanoseconds = refresh
    }

    func frameDiscarded() { discarded += 1 }

    func framePainted(bytes: Int) { paintedBytes += bytes }

    func idleWorkRan(cpuMilliseconds: Double) {
        idleWorkPieces += 1
        idleWorkCPU += cpuMilliseconds
    }

    func layersShown(_ count: Int, bytesCopied: Int, surfacesAlive: Int, buffersAlive: Int) {
        layersShownTotal += count
        layerBytesCopied += bytesCopied
        layerSurfaces = surfacesAlive
        layerBuffers = buffersAlive
    }

    /// A commit happened `start` ms after the frame began; `drewBuffer` when it showed a new buffer.
    func frameDrawn(start: Double, drewBuffer: Bool) {
        let end = now()
        commits += 1
        if let lastCommit { commitGapMax = max(commitGapMax, end - lastCommit) }
        lastCommit = end
        guard drewBuffer else { emptyCommits += 1; return }
        framesDrawn += 1
        drawTimes.append(end - start)
        if end - start > Self.twoPeriodsMs { framesOverTwoPeriods += 1 }
        if firstFrameTime == nil { firstFrameTime = end }
        if let pending = pendingInput {
            latencies.append(end - pending)
            pendingInput = nil
        }
    }

    /// After ``frameDrawn(start:drewBuffer:)``: whether a transition runs in the frame just
    /// drawn. The first frame of each (a swipe's first, which must not pay for drawing the
    /// page it reveals) keeps its time from start to commit.
    func transitionsDrawn(running: Bool, drewBuffer: Bool) {
        // A commit without a new buffer leaves the transition's first drawn frame to come.
        defer { if drewBuffer || !running { transitionWasDrawn = running } }
        guard running, drewBuffer, !transitionWasDrawn, let time = drawTimes.last else { return }
        transitionFirstFrames.append(time)
    }

    /// A configure was acknowledged; `suspended` says whether its states held `suspended`.
    func configureAcknowledged(suspended: Bool) {
        if suspended { suspendedConfigures += 1 }
        isSuspended = suspended
    }

    /// Writes the file now.
    public func write() {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1000
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1000
        let status = FrameStats.procStatus()
        var fields: [(String, String)] = [
            ("time_ms", fmt(now())),
            ("frame_callbacks", "\(frameCallbacks)"),
            ("commits", "\(commits)"),
            ("frames_drawn", "\(framesDrawn)"),
            ("empty_commits", "\(emptyCommits)"),
            ("frames_presented", "\(presented)"),
            ("frames_discarded", "\(discarded)"),
            ("output_refresh_ms", fmt(Double(refreshNanoseconds) / 1e6)),
            ("input_events", "\(inputEvents)"),
            ("pointer_enters", "\(pointerEnters)"),
            ("pointer_motions", "\(pointerMotions)"),
            ("pointer_buttons", "\(pointerButtons)"),
            ("scroll_events", "\(scrollEvents)"),
            ("key_events", "\(keyEvents)"),
            ("touch_events", "\(touchEvents)"),
            ("settled", isSettled ? "1" : "0"),
            ("key_presses", "\(keyPresses)"),
            ("key_repeats", "\(keyRepeats)"),
            ("suspended_configures", "\(suspendedConfigures)"),
            ("suspended", isSuspended ? "1" : "0"),
            ("latency_samples", "\(latencies.count)"),
            ("latency_p50_ms", fmt(percentile(latencies, 0.5))),
            ("latency_p99_ms", fmt(percentile(latencies, 0.99))),
            ("latency_max_ms", fmt(latencies.max() ?? 0)),
            ("draw_p50_ms", fmt(percentile(drawTimes, 0.5))),
            ("draw_p99_ms", fmt(percentile(drawTimes, 0.99))),
            ("frames_over_two_periods", "\(framesOverTwoPeriods)"),
            ("transition_first_frames", "\(transitionFirstFrames.count)"),
            ("transition_first_frame_max_ms", fmt(transitionFirstFrames.max() ?? 0)),
            ("wake_ups", "\(wakeUps)"),
            ("idle_work_pieces", "\(idleWorkPieces)"),
            ("idle_work_cpu_ms", fmt(idleWorkCPU)),
            ("painted_bytes", "\(paintedBytes)"),
            ("layers_shown", "\(layersShownTotal)"),
            ("layer_bytes_copied", "\(layerBytesCopied)"),
            ("layer_surfaces", "\(layerSurfaces)"),
            ("layer_buffers", "\(layerBuffers)"),
            ("window_buffers", "\(windowBuffers)"),
            ("cpu_ms", fmt(cpu)),
            ("main_thread_cpu_ms", fmt(FrameStats.callingThreadCPU())),
            ("voluntary_ctxt_switches", "\(status.voluntary)"),
            ("rss_kb", "\(status.rssKB)"),
            ("commit_gap_max_ms", fmt(commitGapMax)),
        ]
        commitGapMax = 0
        lastCommit = nil
        if let firstFrameTime {
            fields.append(("main_to_first_frame_ms", fmt(firstFrameTime - mainStart)))
            if let launchTime { fields.append(("launch_to_first_frame_ms", fmt(firstFrameTime - launchTime))) }
        }
        let json = "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}\n"
        if let failure = FrameStats.replace(path, with: json) {
            guard !hasWarned else { return }
            hasWarned = true
            onWriteFailure?("cannot write --stats '\(path)': \(failure)")
        }
    }

    /// CPU time (user and system, ms) of the calling thread: written from the main loop, this is
    /// the main thread's share of `cpu_ms`, apart from worker threads (a photo grid's decoders).
    private static func callingThreadCPU() -> Double {
        var time = timespec()
        guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time) == 0 else { return 0 }
        return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1e6
    }

    /// Said once when writing the file fails (the app goes on); by default a line on standard error.
    public var onWriteFailure: ((String) -> Void)? = { logError("warning: \($0)") }
    private var hasWarned = false

    /// Writes `contents` to `path`: through a temporary file and a rename, so a reader never sees
    /// half a file, or in place when `path` is not a regular file (a pipe, /dev/stdout) or its
    /// directory takes no new files. Returns the reason it failed.
    private static func replace(_ path: String, with contents: String) -> String? {
        var info = stat()
        let isRegular = stat(path, &info) != 0 || (info.st_mode & S_IFMT) == S_IFREG
        let temporary = path + ".tmp"
        if isRegular, let file = fopen(temporary, "w") {
            let wrote = fputs(contents, file) >= 0 && fflush(file) == 0
            let reason = String(cString: strerror(errno))
            fclose(file)
            guard wrote else { unlink(temporary); return reason }
            return rename(temporary, path) == 0 ? nil : String(cString: strerror(errno))
        }
        guard let file = fopen(path, "w") else { return String(cString: strerror(errno)) }
        let wrote = fputs(contents, file) >= 0 && fflush(file) == 0
        let reason = String(cString: strerror(errno))
        fclose(file)
        return wrote ? nil : reason
    }

    private func fmt(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        return rounded.isFinite ? "\(rounded)" : "0"
    }

    private func percentile(_ values: [Double], _ q: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * q).rounded()))]
    }

    /// voluntary_ctxt_switches and VmRSS from /proc/self/status.
    static func procStatus() -> (voluntary: Int, rssKB: Int) {
        guard let file = fopen("/proc/self/status", "r") else { return (0, 0) }
        defer { fclose(file) }
        var voluntary = 0, rss = 0
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            func value() -> Int { Int(String(text.drop { $0 != ":" }.filter(\.isNumber))) ?? 0 }
            if text.hasPrefix("voluntary_ctxt_switches:") { voluntary = value() }
            if text.hasPrefix("VmRSS:") { rss = value() }
        }
        return (voluntary, rss)
    }
}
