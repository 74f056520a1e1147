/// Why the Wayland platform could not start or had to stop. Each case reads as one line.
public enum WaylandError: Error, CustomStringConvertible {
    /// No compositor answered at the named display.
    case cannotConnect(display: String)
    /// The compositor lacks a global Segue cannot work without.
    case missingGlobal(String)
    /// The connection broke while running (the compositor quit or crashed).
    case connectionLost(String)
    /// A system call failed.
    case system(String)

    public var description: String {
        switch self {
        case .cannotConnect(let display):
            return "cannot connect to the Wayland compositor at '\(display)'; "
                + "run inside a Wayland session, or `make demo` for the headless tour"
        case .missingGlobal(let name):
            return "the Wayland compositor does not offer \(name), which segue needs"
        case .connectionLost(let why):
            return "lost the connection to the Wayland compositor (\(why))"
        case .system(let what):
            return what
        }
    }
}
