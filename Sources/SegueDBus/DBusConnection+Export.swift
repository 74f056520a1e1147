import CSDBus

/// A method call an exported object received: who sent it, to which object, and its arguments.
public struct DBusIncomingCall: Sendable {
    /// The object path called.
    public let path: String
    /// The interface named by the call (empty when the caller named none).
    public let interface: String
    /// The method's name.
    public let member: String
    /// The call's arguments as decoded values.
    public let arguments: [DBusValue]
    /// The arguments' D-Bus signature as sent ("i", "ss", "ssv"): what a handler checks before
    /// reading them, so that a call of the wrong shape is answered `InvalidArgs`.
    public let signature: String

    /// A call as it would arrive (what tests of a handler make); `signature` defaults to the
    /// arguments' own.
    public init(path: String, interface: String, member: String, arguments: [DBusValue], signature: String? = nil) {
        self.path = path
        self.interface = interface
        self.member = member
        self.arguments = arguments
        self.signature = signature ?? arguments.map(\.signature).joined()
    }
}

/// What an exported object answers a call with.
public enum DBusReply: Sendable {
    /// A method return carrying these values.
    case values([DBusArgument])
    /// A D-Bus error reply (`org.freedesktop.DBus.Error.UnknownMethod`, …).
    case error(name: String, message: String)
}

extension DBusConnection {
    /// The connection's unique name on the bus (`:1.42`), once the bus greeted it; nil before.
    public var uniqueName: String? {
        guard let bus else { return nil }
        var name: UnsafePointer<CChar>?
        guard sd_bus_get_unique_name(bus, &name) >= 0, let name else { return nil }
        return String(cString: name)
    }

    /// Answers every method call to `prefix` and every path below it with `handler` (a fallback
    /// object, as sd-bus calls it): what it returns is sent back, and nil leaves the call to
    /// sd-bus, which answers that the method is unknown. Lives as long as the connection.
    public func exportObjects(under prefix: String, handler: @escaping @MainActor (DBusIncomingCall) -> DBusReply?) {
        guard let bus else { return }
        let box = ExportBox(handler: handler)
        var slot: OpaquePointer?
        let result = sd_bus_add_fallback(bus, &slot, prefix, { message, userdata, _ in
            guard let message, let userdata else { return 0 }
            let box = Unmanaged<ExportBox>.fromOpaque(userdata).takeUnretainedValue()
            return MainActor.assumeIsolated { box.handle(message) }
        }, Unmanaged.passUnretained(box).toOpaque())
        if result >= 0, let slot {
            exports.append(box)
            slots.append(slot)
        }
    }

    /// Sends the signal `interface.member` from the object at `path` to everyone listening;
    /// false when it could not be sent (closed connection, a type clash in `arguments`).
    @discardableResult
    public func emitSignal(path: String, interface: String, member: String, arguments: [DBusArgument]) -> Bool {
        guard let bus else { return false }
        var message: OpaquePointer?
        guard sd_bus_message_new_signal(bus, &message, path, interface, member) >= 0, let message else { return false }
        defer { sd_bus_message_unref(message) }
        guard DBusArgument.append(arguments, to: message) else { return false }
        return sd_bus_send(bus, message, nil) >= 0
    }
}

/// The handler of exported objects, kept alive by the connection (``DBusConnection/exports``).
@MainActor
final class ExportBox {
    private let handler: (DBusIncomingCall) -> DBusReply?

    init(handler: @escaping (DBusIncomingCall) -> DBusReply?) { self.handler = handler }

    /// Decodes a method call, asks the handler and sends its answer: 1 when answered, 0 to let
    /// sd-bus go on (not a call, or not ours).
    func handle(_ message: OpaquePointer) -> Int32 {
        var type: UInt8 = 0
        guard sd_bus_message_get_type(message, &type) >= 0, type == UInt8(SD_BUS_MESSAGE_METHOD_CALL) else { return 0 }
        func text(_ pointer: UnsafePointer<CChar>?) -> String { pointer.map { String(cString: $0) } ?? "" }
        let call = DBusIncomingCall(path: text(sd_bus_message_get_path(message)),
                                    interface: text(sd_bus_message_get_interface(message)),
                                    member: text(sd_bus_message_get_member(message)),
                                    arguments: DBusReader.values(of: message),
                                    signature: text(sd_bus_message_get_signature(message, 1)))
        guard let reply = handler(call) else { return 0 }
        switch reply {
        case .values(let values):
            var answer: OpaquePointer?
            guard sd_bus_message_new_method_return(message, &answer) >= 0, let answer else { return 0 }
            defer { sd_bus_message_unref(answer) }
            if DBusArgument.append(values, to: answer) {
                sd_bus_send(nil, answer, nil)
            } else {
                return fail(message, name: "org.freedesktop.DBus.Error.Failed", text: "cannot write the reply to \(call.member)")
            }
        case .error(let name, let text):
            return fail(message, name: name, text: text)
        }
        return 1
    }

    private func fail(_ message: OpaquePointer, name: String, text: String) -> Int32 {
        var error = sd_bus_error()
        sd_bus_error_set(&error, name, text)
        sd_bus_reply_method_error(message, &error)
        sd_bus_error_free(&error)
        return 1
    }
}
