import CWayland
import Glibc

/// Something else the loop polls beside the display: an fd, the events to wait for on it, and
/// a deadline by which it must be processed even if nothing arrives (a D-Bus call's timeout).
@MainActor
protocol PollSource: AnyObject {
    /// The fd to poll; negative: skip it this turn.
    var fd: Int32 { get }
    /// The `poll` events to wait for.
    var events: Int16 { get }
    /// CLOCK_MONOTONIC seconds by which ``process()`` must run; nil: no deadline.
    var deadline: Double? { get }
    /// Handles what arrived or timed out.
    func process()
}

/// One thread, one `poll`: the display's fd plus timer fds and other sources (the session bus).
///
/// Each turn dispatches what arrived, lets the window draw what is dirty (so one frame holds
/// every event of a burst), flushes, and sleeps until the compositor or a timer speaks.
@MainActor
final class EventLoop {
    private let display: OpaquePointer
    private var timers: [TimerSource] = []
    private var idleHandlers: [(id: Int, run: () -> Void)] = []
    private var nextIdleHandlerID = 0
    private var backgroundWork: [(id: Int, isReady: () -> Bool, run: () -> Void)] = []
    private var exitCode: Int32?
    /// Reused every turn: polling allocates nothing.
    private var fds: [pollfd] = []
    private var signalFD: Int32 = -1
    private var onSignal: ((Int32) -> Void)?
    /// How many times `poll` returned with something to do (wake-ups; not EINTR), and when the display's bytes were last read
    /// (CLOCK_MONOTONIC ms): the arrival time of the events dispatched next.
    private(set) var wakeUps = 0
    private(set) var lastReadTime = 0.0

    init(display: OpaquePointer) {
        self.display = display
    }

    func add(_ timer: TimerSource) { timers.append(timer) }

    /// Polls `source` too, from the next turn on.
    func add(_ source: PollSource) { sources.append(source) }

    private var sources: [PollSource] = []

    /// Stops polling `source` (a connection that closed).
    func remove(_ source: PollSource) { sources.removeAll { $0 === source } }

    func remove(_ timer: TimerSource) { timers.removeAll { $0 === timer } }

    /// Runs after each dispatch, before sleeping (the place to draw). Returns what
    /// ``removeIdleHandler(_:)`` takes.
    @discardableResult
    func addIdleHandler(_ handler: @escaping () -> Void) -> Int {
        nextIdleHandlerID += 1
        idleHandlers.append((nextIdleHandlerID, handler))
        return nextIdleHandlerID
    }

    func removeIdleHandler(_ id: Int) { idleHandlers.removeAll { $0.id == id } }

    /// Work that runs only in turns where nothing else happens: while `isReady` says true, the
    /// loop polls without sleeping and runs `run` once when nothing arrived, so events and
    /// timers always go first. Returns what ``removeBackgroundWork(_:)`` takes.
    @discardableResult
    func addBackgroundWork(isReady: @escaping () -> Bool, run: @escaping () -> Void) -> Int {
        nextIdleHandlerID += 1
        backgroundWork.append((nextIdleHandlerID, isReady, run))
        return nextIdleHandlerID
    }

    func removeBackgroundWork(_ id: Int) { backgroundWork.removeAll { $0.id == id } }

    /// Delivers `signals` (e.g. SIGTERM) through the loop instead of interrupting it: the
    /// handler only writes the signal's number to a pipe the loop polls (the self-pipe trick).
    func handleSignals(_ signals: [Int32], _ handler: @escaping (Int32) -> Void) {
        var ends: [Int32] = [0, 0]
        guard pipe2(&ends, O_CLOEXEC | O_NONBLOCK) == 0 else { return }
        signalFD = ends[0]
        signalPipeWriteEnd = ends[1]
        onSignal = handler
        // A launcher's blocked signals stay blocked across exec (a test runner's may be).
        var set = sigset_t()
        sigemptyset(&set)
        for number in signals { sigaddset(&set, number) }
        sigprocmask(SIG_UNBLOCK, &set, nil)
        for number in signals { signal(number, writeSignalByte) }
    }

    /// Ends the loop after the current turn.
    func stop(exitCode: Int32 = 0) { self.exitCode = exitCode }

    /// Runs until ``stop(exitCode:)``; throws when the connection breaks.
    func run() throws -> Int32 {
        let displayFD = wl_display_get_fd(display)
        while exitCode == nil {
            guard wl_display_dispatch_pending(display) >= 0 else { throw lost() }
            // What libwayland logged without the connection failing is said, not kept.
            WaylandLog.flushHeld()
            for handler in idleHandlers { handler.run() }
            if exitCode != nil { break }

            while wl_display_prepare_read(display) != 0 {
                guard wl_display_dispatch_pending(display) >= 0 else { throw lost() }
            }
            var wantWrite = false
            if wl_display_flush(display) < 0 {
                if errno == EAGAIN {
                    wantWrite = true
                } else if errno == EPIPE || errno == ECONNRESET {
                    // The compositor closed its end, perhaps right after a protocol error: read
                    // and dispatch what it sent, so the error (and its message) is the reason given.
                    if wl_display_read_events(display) >= 0 { _ = wl_display_dispatch_pending(display) }
                    throw lost()
                } else {
                    wl_display_cancel_read(display)
                    throw lost()
                }
            }

            fds.removeAll(keepingCapacity: true)
            fds.append(pollfd(fd: displayFD, events: Int16(POLLIN) | (wantWrite ? Int16(POLLOUT) : 0), revents: 0))
            if signalFD >= 0 { fds.append(pollfd(fd: signalFD, events: Int16(POLLIN), revents: 0)) }
            for timer in timers where timer.isArmed {
                fds.append(pollfd(fd: timer.fd, events: Int16(POLLIN), revents: 0))
            }
            let firstSource = fds.count
            var timeout: Int32 = -1
            for source in sources where source.fd >= 0 {
                fds.append(pollfd(fd: source.fd, events: source.events, revents: 0))
                if let deadline = source.deadline {
                    let milliseconds = max(0, ((deadline * 1000 - segue_monotonic_ms())).rounded(.up))
                    timeout = timeout < 0 ? Int32(min(milliseconds, 60_000)) : min(timeout, Int32(min(milliseconds, 60_000)))
                }
            }
            let background = backgroundWork.first { $0.isReady() }
            let ready = poll(&fds, nfds_t(fds.count), background == nil ? timeout : 0)
            if ready < 0 {
                wl_display_cancel_read(display)
                // A signal's own wake-up is counted when its byte arrives on the pipe.
                if errno == EINTR { continue }
                throw WaylandError.system("poll failed: \(String(cString: strerror(errno)))")
            }
            if ready == 0 {
                // Nothing arrived: a source's deadline passed, or (the poll did not sleep) one
                // piece of background work.
                wl_display_cancel_read(display)
                processSources(from: firstSource, timedOut: true)
                if background != nil { background?.run() }
                continue
            }

            wakeUps += 1
            let displayEvents = fds[0].revents
            if displayEvents & Int16(POLLIN) != 0 {
                lastReadTime = segue_monotonic_ms()
                guard wl_display_read_events(display) >= 0 else { throw lost() }
            } else {
                wl_display_cancel_read(display)
            }
            if displayEvents & Int16(POLLERR | POLLHUP) != 0 && displayEvents & Int16(POLLIN) == 0 {
                throw WaylandError.connectionLost("the compositor hung up")
            }
            processSources(from: firstSource, timedOut: false)
            for index in 1..<firstSource where fds[index].revents & Int16(POLLIN) != 0 {
                let fd = fds[index].fd
                if fd == signalFD {
                    var byte: UInt8 = 0
                    while read(signalFD, &byte, 1) == 1 { onSignal?(Int32(byte)) }
                } else {
                    timers.first { $0.fd == fd }?.handleReadable()
                }
            }
        }
        wl_display_flush(display)
        return exitCode ?? 0
    }

    /// Processes the sources polled from `fds[first]` on that have something, or whose deadline
    /// passed.
    private func processSources(from first: Int, timedOut: Bool) {
        guard first < fds.count else { return }
        let now = segue_monotonic_ms() / 1000
        var index = first
        for source in sources where source.fd >= 0 {
            defer { index += 1 }
            guard index < fds.count else { break }
            let due = source.deadline.map { $0 <= now } ?? false
            if fds[index].revents != 0 || due { source.process() }
        }
    }

    private func lost() -> WaylandError {
        WaylandDisplay.connectionError(display)
    }
}

/// The write end of ``EventLoop/handleSignals(_:_:)``'s pipe, for the signal handler.
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1

/// The signal handler: it only writes the signal's number to the pipe (async-signal-safe), and
/// it is defined outside the main actor on purpose. The kernel runs it on whichever thread does
/// not block the signal; a closure written inside ``EventLoop`` would be main-actor isolated,
/// and Swift 6 checks that isolation on entry: on another thread the app died of the check
/// (SIGILL in `dispatch_assert_queue`, seen as a lost `--stats` snapshot in the e2e tests).
private func writeSignalByte(_ received: Int32) {
    var byte = UInt8(truncatingIfNeeded: received)
    _ = write(signalPipeWriteEnd, &byte, 1)
}
