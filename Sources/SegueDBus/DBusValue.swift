/// A D-Bus value as it came off the wire: each type the settings and accessibility services
/// send, and the containers around them. A reader of a reply matches the cases it expects, so a
/// value of the wrong type is simply not what it asked for (never a crash).
public indirect enum DBusValue: Sendable, Equatable {
    case byte(UInt8)
    case bool(Bool)
    case int16(Int16), uint16(UInt16), int32(Int32), uint32(UInt32), int64(Int64), uint64(UInt64)
    case double(Double)
    case string(String), objectPath(String), signature(String)
    /// A variant: the value inside, whatever its type.
    case variant(DBusValue)
    /// An array that is not a dictionary.
    case array([DBusValue])
    /// An array of dict entries (`a{…}`), in wire order.
    case dictionary([(key: DBusValue, value: DBusValue)])
    /// A struct (`(…)`).
    case structure([DBusValue])
    /// A type this reader does not decode (a Unix fd), by its signature.
    case unsupported(String)

    /// The value inside any number of variants.
    public var unwrapped: DBusValue {
        if case .variant(let inner) = self { return inner.unwrapped }
        return self
    }

    /// The value's D-Bus type signature ("i", "(ddd)", "a{sv}"); an empty array or dictionary,
    /// whose element type is not known here, reads as `av` or `a{sv}`.
    public var signature: String {
        switch self {
        case .byte: "y"
        case .bool: "b"
        case .int16: "n"
        case .uint16: "q"
        case .int32: "i"
        case .uint32: "u"
        case .int64: "x"
        case .uint64: "t"
        case .double: "d"
        case .string: "s"
        case .objectPath: "o"
        case .signature: "g"
        case .variant: "v"
        case .array(let items): "a" + (items.first?.signature ?? "v")
        case .dictionary(let entries):
            "a{" + (entries.first.map { $0.key.signature + $0.value.signature } ?? "sv") + "}"
        case .structure(let fields): "(" + fields.map(\.signature).joined() + ")"
        case .unsupported(let signature): signature
        }
    }

    /// The string, if this is one (through variants).
    public var string: String? {
        if case .string(let value) = unwrapped { return value }
        return nil
    }

    /// Any integer type as an Int (through variants); nil for anything else.
    public var integer: Int? {
        switch unwrapped {
        case .byte(let v): Int(v)
        case .int16(let v): Int(v)
        case .uint16(let v): Int(v)
        case .int32(let v): Int(v)
        case .uint32(let v): Int(v)
        case .int64(let v): Int(exactly: v)
        case .uint64(let v): Int(exactly: v)
        default: nil
        }
    }

    /// A double, or any integer as a double (through variants).
    public var double: Double? {
        if case .double(let value) = unwrapped { return value }
        return integer.map(Double.init)
    }

    /// A boolean (through variants).
    public var bool: Bool? {
        if case .bool(let value) = unwrapped { return value }
        return nil
    }

    /// A dictionary's entries keyed by string keys (through variants); nil for anything else.
    public var stringKeyed: [String: DBusValue]? {
        guard case .dictionary(let entries) = unwrapped else { return nil }
        var result: [String: DBusValue] = [:]
        for entry in entries { if let key = entry.key.string { result[key] = entry.value } }
        return result
    }

    public static func == (lhs: DBusValue, rhs: DBusValue) -> Bool {
        switch (lhs, rhs) {
        case let (.byte(a), .byte(b)): a == b
        case let (.bool(a), .bool(b)): a == b
        case let (.int16(a), .int16(b)): a == b
        case let (.uint16(a), .uint16(b)): a == b
        case let (.int32(a), .int32(b)): a == b
        case let (.uint32(a), .uint32(b)): a == b
        case let (.int64(a), .int64(b)): a == b
        case let (.uint64(a), .uint64(b)): a == b
        case let (.double(a), .double(b)): a == b
        case let (.string(a), .string(b)), let (.objectPath(a), .objectPath(b)), let (.signature(a), .signature(b)): a == b
        case let (.variant(a), .variant(b)): a == b
        case let (.array(a), .array(b)), let (.structure(a), .structure(b)): a == b
        case let (.dictionary(a), .dictionary(b)):
            a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case let (.unsupported(a), .unsupported(b)): a == b
        default: false
        }
    }
}
