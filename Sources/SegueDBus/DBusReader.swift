import CSDBus

/// Decodes a message's body into ``DBusValue``s, whatever its signature: what a caller expected
/// is then a pattern match, and a value of another type is just not matched.
@MainActor
enum DBusReader {
    /// Every value of the message's body, in order (empty when it cannot be read).
    static func values(of message: OpaquePointer) -> [DBusValue] {
        sd_bus_message_rewind(message, 1)
        var values: [DBusValue] = []
        while sd_bus_message_at_end(message, 0) == 0, let value = read(message) { values.append(value) }
        return values
    }

    /// Reads the next complete value; nil at the end or on a malformed message.
    private static func read(_ message: OpaquePointer) -> DBusValue? {
        var type: CChar = 0
        var contents: UnsafePointer<CChar>?
        guard sd_bus_message_peek_type(message, &type, &contents) > 0 else { return nil }
        let code = UInt8(bitPattern: type)
        switch code {
        case UInt8(ascii: "y"): return basic(message, type, UInt8(0)).map(DBusValue.byte)
        case UInt8(ascii: "b"): return basic(message, type, Int32(0)).map { .bool($0 != 0) }
        case UInt8(ascii: "n"): return basic(message, type, Int16(0)).map(DBusValue.int16)
        case UInt8(ascii: "q"): return basic(message, type, UInt16(0)).map(DBusValue.uint16)
        case UInt8(ascii: "i"): return basic(message, type, Int32(0)).map(DBusValue.int32)
        case UInt8(ascii: "u"): return basic(message, type, UInt32(0)).map(DBusValue.uint32)
        case UInt8(ascii: "x"): return basic(message, type, Int64(0)).map(DBusValue.int64)
        case UInt8(ascii: "t"): return basic(message, type, UInt64(0)).map(DBusValue.uint64)
        case UInt8(ascii: "d"): return basic(message, type, Double(0)).map(DBusValue.double)
        case UInt8(ascii: "s"), UInt8(ascii: "o"), UInt8(ascii: "g"):
            var pointer: UnsafePointer<CChar>?
            guard sd_bus_message_read_basic(message, type, &pointer) > 0, let pointer else { return nil }
            let text = String(cString: pointer)
            return code == UInt8(ascii: "s") ? .string(text) : code == UInt8(ascii: "o") ? .objectPath(text) : .signature(text)
        case UInt8(ascii: "v"):
            guard sd_bus_message_enter_container(message, type, contents) > 0 else { return nil }
            defer { sd_bus_message_exit_container(message) }
            return read(message).map(DBusValue.variant)
        case UInt8(ascii: "a"):
            let signature = contents.map { String(cString: $0) } ?? ""
            guard sd_bus_message_enter_container(message, type, contents) > 0 else { return nil }
            defer { sd_bus_message_exit_container(message) }
            if signature.hasPrefix("{") {
                var entries: [(key: DBusValue, value: DBusValue)] = []
                let inner = String(signature.dropFirst().dropLast())
                while inner.withCString({ sd_bus_message_enter_container(message, CChar(UInt8(ascii: "e")), $0) }) > 0 {
                    let key = read(message), value = read(message)
                    sd_bus_message_exit_container(message)
                    guard let key, let value else { return nil }
                    entries.append((key, value))
                }
                return .dictionary(entries)
            }
            var items: [DBusValue] = []
            while sd_bus_message_at_end(message, 0) == 0 {
                guard let item = read(message) else { return nil }
                items.append(item)
            }
            return .array(items)
        case UInt8(ascii: "r"):
            guard sd_bus_message_enter_container(message, type, contents) > 0 else { return nil }
            defer { sd_bus_message_exit_container(message) }
            var fields: [DBusValue] = []
            while sd_bus_message_at_end(message, 0) == 0 {
                guard let field = read(message) else { return nil }
                fields.append(field)
            }
            return .structure(fields)
        default:
            let signature = String(UnicodeScalar(code))
            guard sd_bus_message_skip(message, signature) >= 0 else { return nil }
            return .unsupported(signature)
        }
    }

    private static func basic<T>(_ message: OpaquePointer, _ type: CChar, _ initial: T) -> T? {
        var value = initial
        return sd_bus_message_read_basic(message, type, &value) > 0 ? value : nil
    }
}
