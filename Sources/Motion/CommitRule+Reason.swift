extension CommitRule {
    /// The comparison that decided a release at `progress` moving at `velocity` (progress/s),
    /// in the rule's own terms: "flick |v| ≥ 0.5/s", "p 0.62 > 0.5".
    public func reason(progress p: Double, velocity v: Double) -> String {
        let commits = shouldCommit(progress: p, velocity: v)
        switch self {
        case .projection(let tau):
            let projected = p + tau * v
            return "p + \(Self.number(tau))·v = \(Self.number(projected)) \(commits ? ">" : "≤") 0.50"
        case .threshold(let value, let inclusive):
            let sign = commits ? (inclusive ? "≥" : ">") : (inclusive ? "<" : "≤")
            return "p \(Self.number(p)) \(sign) \(Self.number(value))"
        case .direction:
            return "v \(Self.number(v)) \(commits ? ">" : "≤") 0"
        case .flick(let minimum):
            if abs(v) >= minimum { return "flick |v| ≥ \(Self.number(minimum))/s" }
            return "slow (|v| < \(Self.number(minimum))/s), p \(Self.number(p)) \(commits ? ">" : "≤") 0.50"
        }
    }

    /// Two decimals, trailing zeros kept: numbers line up in the overlay.
    package static func number(_ value: Double) -> String {
        let hundredths = Int((abs(value) * 100).rounded())
        let text = "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)"
        return value < 0 && hundredths > 0 ? "−" + text : text
    }
}
