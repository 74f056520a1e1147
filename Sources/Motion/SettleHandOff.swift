/// The hand-off from a gesture to a settle: which end to go to and at what speed.
///
/// ```swift
/// let handOff = SettleHandOff(progress: p, velocity: tracker.velocity(at: t) / width, rule: .standard)
/// timeline.settle(toEnd: handOff.toEnd, at: t, spring: .interactiveSettle,
///                 initialVelocity: handOff.initialVelocity)
/// ```
public struct SettleHandOff: Hashable, Sendable {
    /// True to complete the transition (settle to 1), false to go back (settle to 0).
    public var toEnd: Bool
    /// The settle's initial velocity in progress per second: the release velocity unchanged, so
    /// the motion continues at the finger's speed (even when that points away from the end
    /// chosen, as a `.threshold` rule can decide: the spring then turns it round).
    public var initialVelocity: Double

    /// Decides with `rule` for a release at `progress` moving at `velocity` (progress/s,
    /// positive towards 1).
    public init(progress: Double, velocity: Double, rule: CommitRule = .standard) {
        toEnd = rule.shouldCommit(progress: progress, velocity: velocity)
        initialVelocity = velocity
        reason = rule.reason(progress: progress, velocity: velocity)
    }

    /// Why the rule decided as it did, in its own terms ("flick |v| ≥ 0.50/s"): what the
    /// trace and the motion plot show beside the release.
    public var reason: String
}
