import CSDBus

/// A value a message carries out: the arguments of a call, a reply's values, a signal's.
/// Containers carry their element signature so an empty array still has a type.
public indirect enum DBusArgument: Sendable {
    case string(String)
    case objectPath(String)
    case stringArray([String])
    case uint32(UInt32)
    case int32(Int32)
    case int64(Int64)
    case double(Double)
    case bool(Bool)
    /// An array of `element`-typed values (`element` is a single complete type's signature).
    case array(element: String, [DBusArgument])
    /// A struct of these fields.
    case structure([DBusArgument])
    /// A variant holding this value.
    case variant(DBusArgument)
    /// A dictionary (`a{…}`) of `key`-typed keys to `value`-typed values.
    case dictionary(key: String, value: String, [(DBusArgument, DBusArgument)])

    /// The value's D-Bus type signature.
    public var signature: String {
        switch self {
        case .string: "s"
        case .objectPath: "o"
        case .stringArray: "as"
        case .uint32: "u"
        case .int32: "i"
        case .int64: "x"
        case .double: "d"
        case .bool: "b"
        case .array(let element, _): "a" + element
        case .structure(let fields): "(" + fields.map(\.signature).joined() + ")"
        case .variant: "v"
        case .dictionary(let key, let value, _): "a{" + key + value + "}"
        }
    }

    /// Appends the arguments to `message` in order; false when sd-bus refused one (a type clash).
    static func append(_ arguments: [DBusArgument], to message: OpaquePointer) -> Bool {
        arguments.allSatisfy { $0.append(to: message) }
    }

    private static func code(_ character: Character) -> CChar { CChar(UInt8(ascii: character.unicodeScalars.first!)) }

    private func append(to message: OpaquePointer) -> Bool {
        switch self {
        case .string(let text):
            return text.withCString { sd_bus_message_append_basic(message, Self.code("s"), $0) } >= 0
        case .objectPath(let path):
            return path.withCString { sd_bus_message_append_basic(message, Self.code("o"), $0) } >= 0
        case .uint32(var value):
            return sd_bus_message_append_basic(message, Self.code("u"), &value) >= 0
        case .int32(var value):
            return sd_bus_message_append_basic(message, Self.code("i"), &value) >= 0
        case .int64(var value):
            return sd_bus_message_append_basic(message, Self.code("x"), &value) >= 0
        case .double(var value):
            return sd_bus_message_append_basic(message, Self.code("d"), &value) >= 0
        case .bool(let flag):
            var value: Int32 = flag ? 1 : 0
            return sd_bus_message_append_basic(message, Self.code("b"), &value) >= 0
        case .stringArray(let texts):
            return DBusArgument.array(element: "s", texts.map(DBusArgument.string)).append(to: message)
        case .array(let element, let items):
            guard sd_bus_message_open_container(message, Self.code("a"), element) >= 0 else { return false }
            guard items.allSatisfy({ $0.append(to: message) }) else { return false }
            return sd_bus_message_close_container(message) >= 0
        case .structure(let fields):
            let inner = fields.map(\.signature).joined()
            guard sd_bus_message_open_container(message, Self.code("r"), inner) >= 0 else { return false }
            guard fields.allSatisfy({ $0.append(to: message) }) else { return false }
            return sd_bus_message_close_container(message) >= 0
        case .variant(let value):
            guard sd_bus_message_open_container(message, Self.code("v"), value.signature) >= 0 else { return false }
            guard value.append(to: message) else { return false }
            return sd_bus_message_close_container(message) >= 0
        case .dictionary(let key, let value, let entries):
            guard sd_bus_message_open_container(message, Self.code("a"), "{" + key + value + "}") >= 0 else { return false }
            for (k, v) in entries {
                guard sd_bus_message_open_container(message, Self.code("e"), key + value) >= 0,
                      k.append(to: message), v.append(to: message),
                      sd_bus_message_close_container(message) >= 0 else { return false }
            }
            return sd_bus_message_close_container(message) >= 0
        }
    }
}
