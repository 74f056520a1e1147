/// Decides, when a gesture driving a transition ends, whether the transition completes
/// (commits) or goes back (cancels).
///
/// `progress` is the transition's fraction (0 = not started, 1 = done) and `velocity` its rate
/// in progress per second (e.g. px/s ÷ width), positive towards commit.
public enum CommitRule: Hashable, Sendable {
    /// Project where the release is heading: commit iff `progress + tau·velocity > 0.5`
    /// (Android's BottomSheet uses τ = 0.1 s). With τ = 0.1 a flick must be fast to change the
    /// outcome: from 20 % it takes more than 3 widths/s to commit.
    case projection(tau: Double = 0.1)
    /// Position only: commit iff `progress > value` (or `≥` when inclusive): the
    /// usual rule of a percent-driven gesture, `> 0.5`.
    case threshold(Double, inclusive: Bool)
    /// Direction only: commit iff `velocity > 0` (a swipe that finishes whichever way it ends up moving).
    case direction
    /// A flick goes its way, otherwise the nearer end wins (libadwaita, Flutter): if
    /// `|velocity| ≥ minimumVelocity` commit iff `velocity > 0`, else commit iff
    /// `progress > 0.5`. This is ``standard``.
    case flick(minimumVelocity: Double = 0.5)

    /// The toolkit default, meeting docs/MOTION.md target 2: from 20 % a flick of ≥ 0.5 widths/s
    /// towards commit completes, from 60 % one of ≥ 0.5 widths/s back cancels, and a slow
    /// release commits iff progress > 0.5.
    public static let standard = CommitRule.flick(minimumVelocity: 0.5)

    /// Whether a release at `progress` moving at `velocity` (progress/s) commits.
    public func shouldCommit(progress: Double, velocity: Double) -> Bool {
        switch self {
        case .projection(let tau):
            return progress + tau * velocity > 0.5
        case .threshold(let value, let inclusive):
            return inclusive ? progress >= value : progress > value
        case .direction:
            return velocity > 0
        case .flick(let minimumVelocity):
            if abs(velocity) >= minimumVelocity { return velocity > 0 }
            return progress > 0.5
        }
    }
}
