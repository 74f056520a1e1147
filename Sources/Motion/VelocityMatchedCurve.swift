/// A timing curve bent so that it starts at a given slope: the rest of a transition after
/// release, on the interaction controller's completion curve, beginning at the release
/// velocity instead of jumping to the curve's own pace.
///
/// y(u) = curve(u) + k·u·(1 − u)², k = startSlope − curve′(0). The added term is 0 at both
/// ends and flat at the end, so the curve lands where and as it did (same end slope); only
/// its start is bent. A large bend may carry y past 1 before u = 1 (a fast flick near the
/// end) or below 0 (a release moving away from the end): ``Timeline`` ends the first case
/// the moment the end is reached and pins the second at 0…1.
///
/// ```swift
/// let rest = VelocityMatchedCurve(curve: .easeOut, startSlope: 3)
/// rest.slope(at: 0)   // 3
/// rest.value(at: 1)   // 1
/// ```
public struct VelocityMatchedCurve: Hashable, Sendable {
    /// The curve being bent.
    public let curve: TimingCurve
    /// k: how much the start slope was raised (negative: lowered) from the curve's own.
    public let bend: Double

    /// `curve` bent to start at `startSlope` (dy/du at u = 0).
    public init(curve: TimingCurve, startSlope: Double) {
        self.curve = curve
        bend = startSlope - curve.slope(at: 0)
    }

    /// y(u) for u in 0…1 (clamped).
    public func value(at u: Double) -> Double {
        let u = min(max(u, 0), 1)
        return curve.value(at: u) + bend * u * (1 - u) * (1 - u)
    }

    /// dy/du at u (clamped to 0…1).
    public func slope(at u: Double) -> Double {
        let u = min(max(u, 0), 1)
        return curve.slope(at: u) + bend * (1 - u) * (1 - 3 * u)
    }
}
