import Foundation

/// The protocol messages in a `WAYLAND_DEBUG=1` log (client side) or `WAYLAND_DEBUG=server`
/// log (server side), for assertions on protocol facts rather than on the code that sent them.
///
/// libwayland prints one line per message:
///
///     [1094742.622]  -> zxdg_toplevel_decoration_v1@17.set_mode(2)        (sent)
///     [1094920.925] xdg_toplevel@16.configure(1024, 700, array[4])        (received)
///
/// A client prints an event only when it has a listener on that object: an event the app
/// ignores is invisible in its own log (the compositor's log still has it).
public struct WaylandDebugLog: Sendable {
    public struct Message: Sendable, CustomStringConvertible {
        /// `->`: sent by the side that wrote the log.
        public var sent: Bool
        /// e.g. `wl_surface`.
        public var interface: String
        /// e.g. 14 (ids are per client, and reused after a destroy).
        public var id: Int
        /// e.g. `attach`.
        public var name: String
        /// The arguments as libwayland printed them: `wl_buffer@19`, `1024`, `"Segue"`,
        /// `new id wl_buffer@19`, `nil`, `fd 9`, `array[4]`, `1.50000000`.
        public var arguments: [String]
        /// The line's position in the log (messages keep their order).
        public var index: Int

        public var object: String { "\(interface)@\(id)" }
        public var description: String { "\(sent ? "-> " : "")\(object).\(name)(\(arguments.joined(separator: ", ")))" }

        /// Argument `i` as an integer (plain number), or nil.
        public func int(_ i: Int) -> Int? { i < arguments.count ? Int(arguments[i]) : nil }
        /// Argument `i` as a number (fixed-point args print as decimals), or nil.
        public func double(_ i: Int) -> Double? { i < arguments.count ? Double(arguments[i]) : nil }
        /// Argument `i` as an object reference `iface@id` (`new id ` stripped), or nil.
        public func object(_ i: Int) -> String? {
            guard i < arguments.count else { return nil }
            var text = arguments[i]
            if text.hasPrefix("new id ") { text.removeFirst(7) }
            return text.contains("@") ? text : nil
        }
    }

    public let messages: [Message]

    public init(_ text: String) {
        var messages: [Message] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            if let message = WaylandDebugLog.parse(line, index: messages.count) { messages.append(message) }
        }
        self.messages = messages
    }

    /// Parses `[time] [-> ]iface@id.name(args)`; anything else (the app's own output) is nil.
    static func parse(_ line: Substring, index: Int) -> Message? {
        guard line.hasPrefix("["), let close = line.firstIndex(of: "]") else { return nil }
        var rest = line[line.index(after: close)...].drop { $0 == " " }
        var sent = false
        if rest.hasPrefix("-> ") {
            sent = true
            rest = rest.dropFirst(3)
        }
        // Server logs of newer libwayland prefix the client ("{Default Queue}" on clients too).
        if rest.hasPrefix("{"), let brace = rest.firstIndex(of: "}") {
            rest = rest[rest.index(after: brace)...].drop { $0 == " " }
            if rest.hasPrefix("-> ") {
                sent = true
                rest = rest.dropFirst(3)
            }
        }
        // libwayland 1.23 (Debian 13's compositors) writes `iface#id` where 1.21 wrote `iface@id`.
        guard let at = rest.firstIndex(where: { $0 == "@" || $0 == "#" }), let open = rest.firstIndex(of: "("), at < open,
              rest.hasSuffix(")") else { return nil }
        let interface = String(rest[rest.startIndex..<at])
        let target = rest[rest.index(after: at)..<open]
        guard let dot = target.firstIndex(of: "."), let id = Int(target[target.startIndex..<dot]) else { return nil }
        let name = String(target[target.index(after: dot)...])
        let inner = rest[rest.index(after: open)..<rest.index(before: rest.endIndex)]
        let arguments = splitArguments(inner).map { $0.hasPrefix("\"") ? $0 : $0.replacingOccurrences(of: "#", with: "@") }
        return Message(sent: sent, interface: interface, id: id, name: name, arguments: arguments, index: index)
    }

    /// Splits at top-level ", ", keeping quoted strings whole.
    static func splitArguments(_ text: Substring) -> [String] {
        guard !text.isEmpty else { return [] }
        var parts: [String] = []
        var current = ""
        var quoted = false
        var iterator = text.makeIterator()
        while let c = iterator.next() {
            if c == "\"" { quoted.toggle() }
            if c == "," && !quoted {
                parts.append(current)
                current = ""
                continue
            }
            if c == " " && current.isEmpty && !quoted { continue }
            current.append(c)
        }
        parts.append(current)
        return parts
    }

    // MARK: queries

    /// Messages of `interface.name`, in order; `sent` filters by direction.
    public func all(_ interface: String, _ name: String, sent: Bool? = nil) -> [Message] {
        messages.filter { $0.interface == interface && $0.name == name && (sent == nil || $0.sent == sent!) }
    }

    /// Messages on one object (`wl_surface@14`) named `name`.
    public func on(_ object: String, _ name: String) -> [Message] {
        messages.filter { $0.object == object && $0.name == name }
    }

    /// Whether the client bound a global of `interface` (`wl_registry.bind(name, "iface", v, new id)`).
    public func bound(_ interface: String) -> Bool {
        all("wl_registry", "bind", sent: true).contains { $0.arguments.count > 1 && $0.arguments[1] == "\"\(interface)\"" }
    }

    /// Whether a global of `interface` was announced (`wl_registry.global(name, "iface", v)`).
    public func announced(_ interface: String) -> Bool {
        all("wl_registry", "global", sent: false).contains { $0.arguments.count > 1 && $0.arguments[1] == "\"\(interface)\"" }
    }

    /// The `wl_surface` of the (first) xdg_toplevel: the argument of `xdg_wm_base.get_xdg_surface`
    /// whose xdg_surface then got a toplevel.
    public var toplevelSurface: String? {
        let toplevelXdgSurfaces = Set(all("xdg_surface", "get_toplevel", sent: true).map(\.object))
        return all("xdg_wm_base", "get_xdg_surface", sent: true)
            .first { $0.object(0).map(toplevelXdgSurfaces.contains) == true }?.object(1)
    }

    /// The object created by the latest message before `index` that made `object` (`new id`).
    public func creation(of object: String, before index: Int) -> Message? {
        messages[..<min(index, messages.count)].last { $0.arguments.first == "new id \(object)" }
    }

    /// The latest message before `index` whose arguments create an object on `surface` of the
    /// kind `interface` (e.g. the `wp_viewport` from `wp_viewporter.get_viewport(new id, surface)`).
    public func extensionObject(_ interface: String, of surface: String, before index: Int = .max) -> String? {
        messages[..<min(index, messages.count)].last {
            $0.sent && $0.arguments.count >= 2 && $0.arguments[0].hasPrefix("new id \(interface)@")
                && $0.arguments.dropFirst().contains(surface)
        }?.object(0)
    }
}
