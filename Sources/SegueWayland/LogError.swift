import Glibc

/// Writes one line to standard error, unbuffered (safe from any isolation domain).
func logError(_ message: String) {
    let line = "segue: \(message)\n"
    line.withCString { _ = write(2, $0, strlen($0)) }
}
