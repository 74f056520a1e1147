import CWayland
import Glibc

/// One thread, one `poll`: the display's fd plus timer fds.
///
/// Each turn dispatches what arrived, lets the window draw what is dirty (so one frame holds
/// every event of a burst), flushes, and sleeps until the compositor or a timer speaks.
@MainActor
final class EventLoop {
    private let display: OpaquePointer
    private var timers: [TimerSource] = []
    private var idleHandlers: [() -> Void] = []
    private var exitCode: Int32?

    init(display: OpaquePointer) {
        self.display = display
    }

    func add(_ timer: TimerSource) { timers.append(timer) }

    func remove(_ timer: TimerSource) { timers.removeAll { $0 === timer } }

    /// Runs after each dispatch, before sleeping (the place to draw).
    func addIdleHandler(_ handler: @escaping () -> Void) { idleHandlers.append(handler) }

    /// Ends the loop after the current turn.
    func stop(exitCode: Int32 = 0) { self.exitCode = exitCode }

    /// Runs until ``stop(exitCode:)``; throws when the connection breaks.
    func run() throws -> Int32 {
        let displayFD = wl_display_get_fd(display)
        while exitCode == nil {
            guard wl_display_dispatch_pending(display) >= 0 else { throw lost() }
            for handler in idleHandlers { handler() }
            if exitCode != nil { break }

            while wl_display_prepare_read(display) != 0 {
                guard wl_display_dispatch_pending(display) >= 0 else { throw lost() }
            }
            var wantWrite = false
            if wl_display_flush(display) < 0 {
                if errno == EAGAIN {
                    wantWrite = true
                } else {
                    wl_display_cancel_read(display)
                    throw lost()
                }
            }

            var fds = [pollfd(fd: displayFD, events: Int16(POLLIN) | (wantWrite ? Int16(POLLOUT) : 0), revents: 0)]
            for timer in timers where timer.isArmed {
                fds.append(pollfd(fd: timer.fd, events: Int16(POLLIN), revents: 0))
            }
            let ready = poll(&fds, nfds_t(fds.count), -1)
            if ready < 0 {
                wl_display_cancel_read(display)
                if errno == EINTR { continue }
                throw WaylandError.system("poll failed: \(String(cString: strerror(errno)))")
            }

            let displayEvents = fds[0].revents
            if displayEvents & Int16(POLLIN) != 0 {
                guard wl_display_read_events(display) >= 0 else { throw lost() }
            } else {
                wl_display_cancel_read(display)
            }
            if displayEvents & Int16(POLLERR | POLLHUP) != 0 && displayEvents & Int16(POLLIN) == 0 {
                throw WaylandError.connectionLost("the compositor hung up")
            }
            for pfd in fds.dropFirst() where pfd.revents & Int16(POLLIN) != 0 {
                timers.first { $0.fd == pfd.fd }?.handleReadable()
            }
        }
        wl_display_flush(display)
        return exitCode ?? 0
    }

    private func lost() -> WaylandError {
        WaylandError.connectionLost(WaylandDisplay.describeError(display))
    }
}
