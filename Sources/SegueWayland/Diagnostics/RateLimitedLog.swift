/// Lines about what a peer sent (a portal's bad values, a client's bad calls), at most
/// ``burst`` in any ``interval``: a flood of bad messages costs a few lines and a count of the
/// rest, not one line per message. Pure (the time is passed in), so tests pin it.
struct RateLimitedLog {
    /// How many lines may be written in one interval.
    let burst: Int
    /// The interval, in seconds.
    let interval: Double
    private var windowStart = -Double.infinity
    private var written = 0
    private var suppressed = 0

    init(burst: Int = 3, interval: Double = 10) {
        self.burst = burst
        self.interval = interval
    }

    /// The lines to write now for `line` at `now` (seconds, any monotonic clock): the line
    /// itself, after a count of those held back since the last one written; none while the
    /// interval's lines are spent.
    mutating func lines(for line: String, now: Double) -> [String] {
        if now - windowStart >= interval {
            windowStart = now
            written = 0
        }
        guard written < burst else {
            suppressed += 1
            return []
        }
        written += 1
        var lines: [String] = []
        if suppressed > 0 {
            lines.append("\(suppressed) more like it not logged")
            suppressed = 0
        }
        lines.append(line)
        if written == burst { lines[lines.count - 1] += " (more within \(Int(interval)) s are counted, not logged)" }
        return lines
    }
}
