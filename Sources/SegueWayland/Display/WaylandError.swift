/// Why the Wayland platform could not start or had to stop. Each case reads as one line.
public enum WaylandError: Error, CustomStringConvertible {
    /// No compositor answered at the named display; `reason` is what libwayland or the system said.
    case cannotConnect(display: String, reason: String?)
    /// The compositor accepted the connection but did not answer within `seconds`.
    case noAnswer(display: String, seconds: Double)
    /// The compositor lacks a global Segue cannot work without.
    case missingGlobal(String)
    /// The compositor ended the connection because of a request it rejected: the object's
    /// interface and id, the interface's error code, and the compositor's own message.
    case protocolError(interface: String, id: UInt32, code: UInt32, message: String)
    /// The connection broke while running (the compositor quit or crashed).
    case connectionLost(String)
    /// A system call failed.
    case system(String)

    /// The error as one line, for standard error after the program's name.
    public var description: String {
        switch self {
        case .cannotConnect(let display, let reason):
            return "cannot connect to the Wayland compositor at '\(display)'"
                + (reason.map { " (\($0))" } ?? "")
                + "; run the app inside a Wayland session (WAYLAND_DISPLAY names the compositor's socket)"
        case .noAnswer(let display, let seconds):
            return "the Wayland compositor at '\(display)' accepted the connection but did not answer "
                + "within \(seconds.formatted1) s; giving up"
        case .missingGlobal(let name):
            return "the Wayland compositor does not offer \(name), which segue needs"
        case .protocolError(let interface, let id, let code, let message):
            return "the Wayland compositor ended the connection on a protocol error: "
                + "\(interface)@\(id) error \(code): \(message)"
        case .connectionLost(let why):
            return "lost the connection to the Wayland compositor (\(why))"
        case .system(let what):
            return what
        }
    }
}

private extension Double {
    /// "5" for whole numbers, else one decimal.
    var formatted1: String {
        rounded() == self ? String(Int(self)) : String((self * 10).rounded() / 10)
    }
}
