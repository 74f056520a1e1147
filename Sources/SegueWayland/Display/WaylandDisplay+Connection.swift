import CWayland
import Glibc

extension WaylandDisplay {
    /// How long start-up waits for the compositor's first answers. A compositor that accepted
    /// the connection but is stopped, deadlocked or not a Wayland server would otherwise leave
    /// the app blocked in `wl_display_roundtrip` forever, silently.
    static let answerTimeout = 4.0

    /// `wl_display_roundtrip`, but giving up after `timeout` seconds with ``WaylandError/noAnswer``.
    func roundtrip(within timeout: Double) throws {
        let answered = SyncFlag()
        let listener = ListenerOwner(answered)
        guard let callback = wl_display_sync(display) else { throw WaylandDisplay.connectionError(display) }
        defer {
            wl_callback_destroy(callback)
            withExtendedLifetime(listener) {}
        }
        wl_callback_add_listener(callback, syncListener, listener.data)
        let deadline = segue_monotonic_ms() + timeout * 1000
        let fd = wl_display_get_fd(display)
        while !answered.isSet {
            guard wl_display_dispatch_pending(display) >= 0 else { throw WaylandDisplay.connectionError(display) }
            if answered.isSet { break }
            while wl_display_prepare_read(display) != 0 {
                guard wl_display_dispatch_pending(display) >= 0 else { throw WaylandDisplay.connectionError(display) }
            }
            // EPIPE: the compositor hung up, maybe after saying why; read what it said first.
            if wl_display_flush(display) < 0 && errno != EAGAIN && errno != EPIPE {
                wl_display_cancel_read(display)
                throw WaylandDisplay.connectionError(display)
            }
            let remaining = deadline - segue_monotonic_ms()
            guard remaining > 0 else {
                wl_display_cancel_read(display)
                throw WaylandError.noAnswer(display: WaylandDisplay.displayName(), seconds: timeout)
            }
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(remaining.rounded(.up)))
            if ready <= 0 {
                wl_display_cancel_read(display)
                if ready < 0 && errno != EINTR {
                    throw WaylandError.system("poll failed: \(String(cString: strerror(errno)))")
                }
                continue
            }
            guard wl_display_read_events(display) >= 0 else { throw WaylandDisplay.connectionError(display) }
        }
    }

    /// Why the connection broke, in one line: for a protocol error, the object's interface and
    /// id, the error code and the compositor's message (as libwayland logged it).
    static func connectionError(_ display: OpaquePointer) -> WaylandError {
        let said = WaylandLog.takeHeld()
        let code = wl_display_get_error(display)
        if code == EPROTO {
            var interface: UnsafePointer<wl_interface>?
            var id: UInt32 = 0
            let errorCode = wl_display_get_protocol_error(display, &interface, &id)
            let name = interface.map { String(cString: $0.pointee.name) } ?? "unknown interface"
            return .protocolError(interface: name, id: id, code: errorCode,
                                  message: compositorMessage(in: said) ?? "(no message)")
        }
        let why = code == 0 ? "connection closed" : String(cString: strerror(code))
        return .connectionLost(([why] + said).joined(separator: "; "))
    }

    /// The message part of libwayland's "interface@id: error N: message" line.
    static func compositorMessage(in logged: [String]) -> String? {
        for line in logged.reversed() {
            guard let marker = line.firstRange(of: ": error ") else { continue }
            let rest = line[marker.upperBound...]
            if let colon = rest.firstRange(of: ": ") { return String(rest[colon.upperBound...]) }
        }
        return logged.last
    }
}

/// Set by a `wl_callback.done`.
private final class SyncFlag {
    var isSet = false
}

nonisolated(unsafe) private let syncListener: UnsafeMutablePointer<wl_callback_listener> = {
    let listener = UnsafeMutablePointer<wl_callback_listener>.allocate(capacity: 1)
    listener.initialize(to: wl_callback_listener(done: { data, _, _ in ListenerOwner<SyncFlag>.dispatch(data) { $0.isSet = true } }))
    return listener
}()
