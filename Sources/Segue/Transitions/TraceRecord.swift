/// One transition event, as written by `segue-demo --trace` (one JSON object per line).
///
///     {"event":"begin","kind":"push","progress":0.0,"interactive":false,"time":8123.402117}
public struct TraceRecord: Sendable, Equatable {
    public enum Event: String, Sendable {
        case begin, update, finish, cancel, interrupt, complete
    }

    public var event: Event
    public var kind: TransitionKind
    public var progress: Double
    public var interactive: Bool
    /// When it happened, in seconds on one monotonic clock (the host's, CLOCK_MONOTONIC under
    /// Wayland; offscreen, the window's manual frame clock).
    public var time: Double
    /// Release velocity in progress per second (finish, cancel).
    public var velocity: Double?
    /// Whether the transition completed (complete only).
    public var completed: Bool?

    /// A record; `velocity` for finish and cancel, `completed` for complete.
    public init(event: Event, kind: TransitionKind, progress: Double, interactive: Bool, time: Double,
                velocity: Double? = nil, completed: Bool? = nil) {
        self.event = event
        self.kind = kind
        self.progress = progress
        self.interactive = interactive
        self.time = time
        self.velocity = velocity
        self.completed = completed
    }

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

    /// The shortest text that reads back as exactly `value`. JSON has no NaN or infinity: those
    /// are written as the strings "NaN", "Infinity" and "-Infinity", so a reader expecting a number
    /// sees at once that it is not one (never a stand-in number).
    private func format(_ value: Double) -> String {
        if value.isNaN { return "\"NaN\"" }
        if value.isInfinite { return value < 0 ? "\"-Infinity\"" : "\"Infinity\"" }
        return String(value)
    }
}
