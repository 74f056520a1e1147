/// A mapping of normalized time to normalized progress.
///
/// `value(at: 0)` is 0 and `value(at: 1)` is 1; in between the output may leave 0…1
/// (a spring overshoots). Inputs outside 0…1 are clamped by every conformer in this module.
///
/// Conformers: ``TimingCurve`` (cubic Bézier, as Core Animation) and ``SpringEasing``
/// (a spring run over a fixed duration, as UIKit's spring animations).
public protocol Easing: Sendable {
    /// The eased progress at normalized time `t` (0…1).
    func value(at t: Double) -> Double
}
