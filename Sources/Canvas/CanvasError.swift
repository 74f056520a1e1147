import CCairo

/// A failure reported by Cairo or Pango, with a message naming the operation and its cause.
public struct CanvasError: Error, CustomStringConvertible {
    /// A one-line, human-readable account of what failed and why.
    public let description: String

    /// Makes an error with the given message.
    public init(_ description: String) {
        self.description = description
    }

    /// An error for a failed Cairo call: "`operation`: `Cairo's own message`".
    init(_ operation: String, status: cairo_status_t) {
        self.description = "\(operation): \(String(cString: cairo_status_to_string(status)))"
    }
}

extension cairo_status_t {
    /// Throws a `CanvasError` naming `operation` unless this status is success.
    func check(_ operation: @autoclosure () -> String) throws {
        if self != CAIRO_STATUS_SUCCESS { throw CanvasError(operation(), status: self) }
    }
}
