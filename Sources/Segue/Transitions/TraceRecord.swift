/// One transition event, as written by `segue-demo --trace` (one JSON object per line).
///
///     {"event":"begin","kind":"push","progress":0.0,"interactive":false,"time":8123.402117}
public struct TraceRecord: Sendable, Equatable {
    /// What happened to the transition; the raw value is the JSON's `"event"`.
    public enum Event: String, Sendable {
        /// `begin`: it started; `update`: a gesture moved it; `finish` and `cancel`: the gesture
        /// let go towards the end or the start; `interrupt`: a press caught it while it settled;
        /// `complete`: it ended (once per transition).
        case begin, update, finish, cancel, interrupt, complete
    }

    /// What happened.
    public var event: Event
    /// Which transition (push, pop, tab …).
    public var kind: TransitionKind
    /// The progress, 0…1: as the gesture set it for an update, else the timeline's.
    public var progress: Double
    /// Whether a gesture was driving the transition at that moment.
    public var interactive: Bool
    /// When it happened, in seconds on one monotonic clock (the host's, CLOCK_MONOTONIC under
    /// Wayland; offscreen, the window's manual frame clock).
    public var time: Double
    /// Release velocity in progress per second (finish, cancel).
    public var velocity: Double?
    /// Whether the transition completed (complete only).
    public var completed: Bool?
    /// Why the gesture's commit rule chose this way (finish and cancel, when a rule decided):
    /// written where the decision is made, e.g. "p + 0.10·v = 0.62 > 0.50".
    public var reason: String?

    /// A record; `velocity` for finish and cancel, `completed` for complete.
    public init(event: Event, kind: TransitionKind, progress: Double, interactive: Bool, time: Double,
                velocity: Double? = nil, completed: Bool? = nil, reason: String? = nil) {
        self.event = event
        self.kind = kind
        self.progress = progress
        self.interactive = interactive
        self.time = time
        self.velocity = velocity
        self.completed = completed
        self.reason = reason
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
        if let reason { fields.append("\"reason\":\"\(Self.escaped(reason))\"") }
        return "{" + fields.joined(separator: ",") + "}"
    }

    /// `text` as the inside of a JSON string.
    private static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20: out += "\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
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
