#if canImport(Glibc)
import Glibc
#endif

/// Every Segue program reports trouble the same way: one line on standard error, named after
/// the program ("segue-demo: SEGUE_SLOWDOWN needs a finite number > 0, not 'fast'"), written
/// unbuffered so that it is out before an exit or a crash. Kept here, once, for the demo, the
/// tools and ``exitWithOneLine(_:status:)``'s users in apps.
public enum OneLine {
    /// The running program's name: the last part of its path ("segue-demo").
    public static var programName: String {
        CommandLine.arguments.first.flatMap { $0.split(separator: "/").last.map(String.init) } ?? "segue"
    }

    /// Writes `NAME: message` and a newline to standard error; safe from any isolation domain.
    public static func write(_ message: String) {
        let line = "\(programName): \(message)\n"
        line.withCString { _ = Glibc.write(2, $0, strlen($0)) }
    }

    /// Writes `NAME: warning: message`: the program goes on.
    public static func warn(_ message: String) {
        write("warning: \(message)")
    }

    /// Writes `NAME: message` and exits with `status` (1: the program failed; 2: it was used
    /// wrongly, as the command-line parser's errors).
    public static func exit(_ message: String, status: Int32) -> Never {
        write(message)
        Glibc.exit(status)
    }
}
