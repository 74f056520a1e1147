/// A part of an animation's normalized time, as UIKit's
/// `addKeyframe(withRelativeStartTime:relativeDuration:)`.
///
/// A card flip in three equal phases:
/// ```swift
/// let flipOut = Phase(relativeStart: 0, relativeDuration: 1.0 / 3)
/// let flipIn  = Phase(relativeStart: 1.0 / 3, relativeDuration: 1.0 / 3)
/// let grow    = Phase(relativeStart: 2.0 / 3, relativeDuration: 1.0 / 3)
/// let angle = -Double.pi / 2 * flipOut.localProgress(t)
/// ```
public struct Phase: Hashable, Sendable {
    /// Where the phase starts, as a fraction of the whole (0…1).
    public var relativeStart: Double
    /// How long the phase lasts, as a fraction of the whole (≥ 0).
    public var relativeDuration: Double

    /// A phase; a negative duration is treated as 0.
    public init(relativeStart: Double, relativeDuration: Double) {
        self.relativeStart = relativeStart
        self.relativeDuration = max(relativeDuration, 0)
    }

    /// Where the phase ends, as a fraction of the whole.
    public var relativeEnd: Double { relativeStart + relativeDuration }

    /// Progress within the phase at overall progress `t`: 0 before it, 1 after it, linear in
    /// between. A zero-length phase is a step at its start.
    public func localProgress(_ t: Double) -> Double {
        if relativeDuration <= 0 { return t >= relativeStart ? 1 : 0 }
        return min(max((t - relativeStart) / relativeDuration, 0), 1)
    }
}
