import CSDBus
import Glibc

/// Why the bus could not be used; each reads as one line.
public enum DBusError: Error, CustomStringConvertible, Equatable {
    /// There is no bus to connect to (no address in the environment, no socket).
    case noBus(String)
    /// Connecting or sending failed (the system's reason).
    case failed(String)
    /// The other side answered with a D-Bus error (its name and message), or did not answer in
    /// time (`org.freedesktop.DBus.Error.Timeout`, `NoReply`).
    case remote(name: String, message: String)

    public var description: String {
        switch self {
        case .noBus(let why): "no D-Bus session bus: \(why)"
        case .failed(let why): why
        case .remote(let name, let message): "\(name): \(message)"
        }
    }
}

/// A connection to a message bus, driven by the caller's `poll`: ``fd``, ``events`` and
/// ``deadline`` say what to wait for, ``process()`` handles what arrived. Nothing in it blocks:
/// method calls are asynchronous with a timeout, so a service that is missing, slow or silent
/// costs the app nothing but the answer it never gets.
///
/// Built on systemd's sd-bus, which is single-threaded and needs no main loop of its own.
@MainActor
public final class DBusConnection {
    private(set) var bus: OpaquePointer?
    /// Every callback box handed to sd-bus, released when the connection closes.
    private var boxes: [ObjectIdentifier: CallbackBox] = [:]
    var slots: [OpaquePointer] = []
    /// The handlers of exported objects (``exportObjects(under:handler:)``).
    var exports: [ExportBox] = []

    /// Connects to the bus at `address` (a D-Bus address, `unix:path=…`). The connection is
    /// made at once (a Unix socket connects or fails immediately); the bus's greeting is
    /// awaited in the background.
    public init(address: String) throws {
        var bus: OpaquePointer?
        guard sd_bus_new(&bus) >= 0, let bus else { throw DBusError.failed("cannot create a D-Bus connection") }
        var result = sd_bus_set_address(bus, address)
        if result >= 0 { result = sd_bus_set_bus_client(bus, 1) }
        if result >= 0 { result = sd_bus_start(bus) }
        guard result >= 0 else {
            sd_bus_unref(bus)
            throw DBusError.failed("cannot connect to the D-Bus bus at \(address): \(String(cString: strerror(-result)))")
        }
        self.bus = bus
    }

    /// The session bus: `DBUS_SESSION_BUS_ADDRESS`, else `$XDG_RUNTIME_DIR/bus` when that socket
    /// exists. Never starts a bus (no autolaunch): without one this throws ``DBusError/noBus(_:)``.
    public static func session() throws -> DBusConnection {
        if let address = getenv("DBUS_SESSION_BUS_ADDRESS").map({ String(cString: $0) }), !address.isEmpty {
            return try DBusConnection(address: address)
        }
        if let runtime = getenv("XDG_RUNTIME_DIR").map({ String(cString: $0) }), !runtime.isEmpty {
            let path = runtime + "/bus"
            var info = stat()
            if stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFSOCK {
                return try DBusConnection(address: "unix:path=" + path)
            }
        }
        throw DBusError.noBus("DBUS_SESSION_BUS_ADDRESS is unset and there is no $XDG_RUNTIME_DIR/bus")
    }

    isolated deinit { close() }

    /// Closes the connection; callbacks not yet called never will be.
    public func close() {
        for slot in slots { sd_bus_slot_unref(slot) }
        slots = []
        exports = []
        if let bus { sd_bus_flush_close_unref(bus) }
        bus = nil
        for box in boxes.values { box.release() }
        boxes = [:]
    }

    /// Whether the connection is open (it closes itself when the bus goes away).
    public var isOpen: Bool { bus != nil }

    /// The fd to poll; -1 once closed.
    public var fd: Int32 { bus.map { sd_bus_get_fd($0) } ?? -1 }

    /// The `poll` events to wait for on ``fd``.
    public var events: Int16 {
        // Resting after a full batch: the fd is not watched (it would wake the loop at once).
        guard let bus, Self.now() >= restingUntil else { return 0 }
        let events = sd_bus_get_events(bus)
        return events > 0 ? Int16(events) : 0
    }

    /// When the bus must be processed even if nothing arrives (a call's timeout), in seconds on
    /// CLOCK_MONOTONIC; nil when nothing waits.
    public var deadline: Double? {
        guard let bus else { return nil }
        if Self.now() < restingUntil { return restingUntil }
        var usec: UInt64 = 0
        guard sd_bus_get_timeout(bus, &usec) >= 0, usec != UInt64.max else { return nil }
        return Double(usec) / 1e6
    }

    /// The most messages one ``process()`` handles, and the longest it goes on (seconds): a
    /// client that floods the app (AT-SPI's `Cache.GetItems`, eight at a time) is answered in
    /// batches between frames, not all before the next one. What is left waits in sd-bus's
    /// queue (or the socket) while the bus rests ``restAfterFullTurn``: ``events`` asks for
    /// nothing and ``deadline`` is the rest's end. The rest gives the CPU back: on a loaded
    /// machine, a process that spends every spare moment on a flood is scheduled late for its
    /// next frame (a flooded swipe fell to 0.84 of its rate without it, with the batches alone).
    public static let messagesPerTurn = 64
    /// The longest one ``process()`` goes on (seconds).
    public static let timePerTurn = 0.003
    /// How long the bus rests after a ``process()`` that stopped at its bound (seconds).
    public static let restAfterFullTurn = 0.003
    /// When the rest after a full batch ends (CLOCK_MONOTONIC seconds).
    private var restingUntil = 0.0

    private static func now() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// Called once when the connection closes itself because the bus went away (not after
    /// ``close()``): the owner's moment to say so and to connect again.
    public var onDisconnect: (@MainActor () -> Void)?

    /// Handles what arrived or timed out, up to ``messagesPerTurn`` messages or ``timePerTurn``
    /// seconds: replies and signals reach their callbacks, calls to exported objects are
    /// answered. A broken connection closes (the callbacks waiting on it are dropped) and
    /// ``onDisconnect`` is called.
    public func process() {
        let start = Self.now()
        guard start >= restingUntil else { return }
        for _ in 0..<Self.messagesPerTurn {
            guard let bus else { return }
            let result = sd_bus_process(bus, nil)
            if result < 0 {
                close()
                let disconnected = onDisconnect
                onDisconnect = nil
                disconnected?()
                return
            }
            if result == 0 { return }
            if Self.now() - start >= Self.timePerTurn { break }
        }
        restingUntil = Self.now() + Self.restAfterFullTurn
    }

    /// Calls `member` on `destination`'s object at `path`, and calls `reply` once with the
    /// reply's values, or with the error (including a timeout after `timeout` seconds).
    public func call(destination: String, path: String, interface: String, member: String,
                     arguments: [DBusArgument] = [], timeout: Double,
                     reply: @escaping @MainActor (Result<[DBusValue], DBusError>) -> Void) {
        guard let bus else { reply(.failure(.failed("the D-Bus connection is closed"))); return }
        var message: OpaquePointer?
        guard sd_bus_message_new_method_call(bus, &message, destination, path, interface, member) >= 0, let message else {
            reply(.failure(.failed("cannot make a D-Bus call to \(destination)")))
            return
        }
        defer { sd_bus_message_unref(message) }
        guard Self.append(arguments, to: message) else {
            reply(.failure(.failed("cannot write the arguments of \(interface).\(member)")))
            return
        }
        let box = CallbackBox(owner: self) { message in
            let error = sd_bus_message_get_error(message)
            if let error, let name = error.pointee.name {
                reply(.failure(.remote(name: String(cString: name),
                                       message: error.pointee.message.map { String(cString: $0) } ?? "")))
            } else {
                reply(.success(DBusReader.values(of: message)))
            }
        }
        boxes[ObjectIdentifier(box)] = box
        let result = sd_bus_call_async(bus, nil, message, { message, userdata, _ in
            guard let message, let userdata else { return 0 }
            let box = Unmanaged<CallbackBox>.fromOpaque(userdata).takeUnretainedValue()
            MainActor.assumeIsolated { box.fireOnce(message) }
            return 0
        }, box.opaque, UInt64(max(timeout, 0.001) * 1e6))
        if result < 0 {
            box.release()
            boxes[ObjectIdentifier(box)] = nil
            reply(.failure(.failed("cannot send \(interface).\(member): \(String(cString: strerror(-result)))")))
        }
    }

    /// Calls `handler` with the values of every signal `member` of `interface` from `sender`
    /// (nil: anyone) at `path` (nil: any), for as long as the connection lives.
    public func subscribe(sender: String?, path: String?, interface: String, member: String,
                          handler: @escaping @MainActor ([DBusValue]) -> Void) {
        guard let bus else { return }
        let box = CallbackBox(owner: self, once: false) { message in handler(DBusReader.values(of: message)) }
        var slot: OpaquePointer?
        let result = sd_bus_match_signal_async(bus, &slot, sender, path, interface, member, { message, userdata, _ in
            guard let message, let userdata else { return 0 }
            let box = Unmanaged<CallbackBox>.fromOpaque(userdata).takeUnretainedValue()
            MainActor.assumeIsolated { box.fireOnce(message) }
            return 0
        }, nil, box.opaque)
        if result >= 0, let slot {
            boxes[ObjectIdentifier(box)] = box
            slots.append(slot)
        } else {
            box.release()
        }
    }

    /// A callback box is done (a reply came): sd-bus holds it no longer.
    fileprivate func finished(_ box: CallbackBox) {
        boxes[ObjectIdentifier(box)] = nil
        box.release()
    }

    private static func append(_ arguments: [DBusArgument], to message: OpaquePointer) -> Bool {
        DBusArgument.append(arguments, to: message)
    }
}

/// A Swift closure handed to sd-bus as `userdata`: retained while sd-bus may call it.
@MainActor
private final class CallbackBox {
    private weak var owner: DBusConnection?
    private let once: Bool
    private var handler: ((OpaquePointer) -> Void)?
    private(set) var opaque: UnsafeMutableRawPointer!

    init(owner: DBusConnection, once: Bool = true, handler: @escaping (OpaquePointer) -> Void) {
        self.owner = owner
        self.once = once
        self.handler = handler
        opaque = Unmanaged.passRetained(self).toOpaque()
    }

    func fireOnce(_ message: OpaquePointer) {
        guard let handler else { return }
        if once {
            self.handler = nil
            handler(message)
            owner?.finished(self)
        } else {
            handler(message)
        }
    }

    func release() {
        guard let opaque else { return }
        self.opaque = nil
        handler = nil
        Unmanaged<CallbackBox>.fromOpaque(opaque).release()
    }
}
