import CWayland
import Glibc

/// A `timerfd` on CLOCK_MONOTONIC, polled by the ``EventLoop``. Disarmed timers cost nothing:
/// an idle app has no armed timer and so never wakes up.
@MainActor
final class TimerSource {
    let fd: Int32
    private let fire: () -> Void
    private(set) var isArmed = false

    init(fire: @escaping () -> Void) throws {
        fd = timerfd_create(CLOCK_MONOTONIC, Int32(TFD_CLOEXEC | TFD_NONBLOCK))
        guard fd >= 0 else { throw WaylandError.system("timerfd_create failed: \(String(cString: strerror(errno)))") }
        self.fire = fire
    }

    /// Fires after `delay` seconds, then every `interval` seconds (0: once).
    func arm(delay: Double, interval: Double = 0) {
        var spec = itimerspec(it_interval: timespec(seconds: interval), it_value: timespec(seconds: max(delay, 1e-6)))
        timerfd_settime(fd, 0, &spec, nil)
        isArmed = true
    }

    func disarm() {
        guard isArmed else { return }
        var spec = itimerspec()
        timerfd_settime(fd, 0, &spec, nil)
        isArmed = false
    }

    /// Reads the expiry count and runs the handler.
    func handleReadable() {
        var expirations: UInt64 = 0
        guard read(fd, &expirations, 8) == 8 else { return }
        fire()
    }

    isolated deinit {
        close(fd)
    }
}

private extension timespec {
    init(seconds: Double) {
        let whole = seconds.rounded(.down)
        self.init(tv_sec: Int(whole), tv_nsec: Int((seconds - whole) * 1e9))
    }
}
