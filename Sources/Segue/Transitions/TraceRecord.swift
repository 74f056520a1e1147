/// One transition event, as written by `segue-demo --trace` (one JSON object per line).
public struct TraceRecord: Sendable, Equatable {
    public enum Event: String, Sendable {
        case begin, update, finish, cancel, interrupt, complete
    }

    public var event: Event
    public var kind: TransitionKind
    public var progress: Double
    public var interactive: Bool
    /// Seconds on the window's frame clock.
    public var time: Double
    /// Release velocity in progress per second (finish, cancel).
    public var velocity: Double?
    /// Whether the transition completed (complete only).
    public var completed: Bool?

    /// The record as one line of JSON.
    public var json: String {
        var fields = [
            "\"event\":\"\(event.rawValue)\"",
            "\"kind\":\"\(kind.rawValue)\"",
            "\"progress\":\(format(progress))",
            "\"interactive\":\(interactive)",
            "\"time\":\(format(time))",
        ]
        if let velocity { fields.append("\"velocity\":\(format(velocity))") }
        if let completed { fields.append("\"completed\":\(completed)") }
        return "{" + fields.joined(separator: ",") + "}"
    }

    private func format(_ value: Double) -> String {
        value.isFinite ? String((value * 10000).rounded() / 10000) : "0"
    }
}
