import SegueProcess

/// Writes one line to standard error, unbuffered (safe from any isolation domain).
func logError(_ message: String) {
    OneLine.write(message)
}
