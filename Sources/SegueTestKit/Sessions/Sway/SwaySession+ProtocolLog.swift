import Foundation

// The app's and sway's WAYLAND_DEBUG logs, parsed.
extension SwaySession {
    /// One line of libwayland's debug log: `[time] [->] interface@id.message(args)`.
    public struct ProtocolMessage: Sendable, CustomStringConvertible {
        /// Sent by the app (`->`), else received.
        public var sent: Bool
        public var interface: String
        public var id: Int
        public var message: String
        /// The arguments as written (strings keep their quotes; `new id x@n` kept whole).
        public var arguments: [String]
        /// Index of the line in the log.
        public var line: Int
        public var description: String {
            "\(sent ? "-> " : "")\(interface)@\(id).\(message)(\(arguments.joined(separator: ", ")))"
        }
        public func int(_ index: Int) -> Int? {
            index < arguments.count ? Int(arguments[index].trimmingCharacters(in: .whitespaces)) : nil
        }
    }

    /// The app's WAYLAND_DEBUG messages so far (needs ``Options/waylandDebug``): `sent` are
    /// the app's requests. An event shows only if the app listens to its object.
    public var protocolLog: [ProtocolMessage] { SwaySession.parseProtocolLog(appLog) }

    /// sway's side (WAYLAND_DEBUG=server, needs ``Options/waylandDebug``), every client's
    /// traffic: `sent` are events sway sent. Object ids are per client; match them with the
    /// app's ``protocolLog``.
    public var compositorProtocolLog: [ProtocolMessage] { SwaySession.parseProtocolLog(swayLog) }

    /// Parses libwayland debug output (either side; `iface@id` or 1.23's `iface#id`).
    public static func parseProtocolLog(_ text: String) -> [ProtocolMessage] {
        var messages: [ProtocolMessage] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard raw.hasPrefix("["), let close = raw.firstIndex(of: "]") else { continue }
            var rest = raw[raw.index(after: close)...].drop { $0 == " " }
            var sent = false
            if rest.hasPrefix("->") {
                sent = true
                rest = rest.dropFirst(2).drop { $0 == " " }
            }
            // libwayland 1.23 (sway 1.10's) writes `iface#id` where 1.21 wrote `iface@id`.
            guard let at = rest.firstIndex(where: { $0 == "@" || $0 == "#" }), let dot = rest[at...].firstIndex(of: "."),
                  let open = rest[dot...].firstIndex(of: "("), let end = rest.lastIndex(of: ")"), open < end,
                  let id = Int(rest[rest.index(after: at)..<dot]) else { continue }
            let args = rest[rest.index(after: open)..<end]
            messages.append(ProtocolMessage(
                sent: sent, interface: String(rest[..<at]), id: id,
                message: String(rest[rest.index(after: dot)..<open]),
                arguments: args.isEmpty ? [] : args.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) },
                line: index))
        }
        return messages
    }
}
