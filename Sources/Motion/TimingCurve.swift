/// A cubic Bézier timing curve from (0, 0) to (1, 1), as `CAMediaTimingFunction` and CSS
/// `cubic-bezier()`.
///
/// ```swift
/// let eased = TimingCurve.easeInOut.value(at: 0.25)   // ≈ 0.129
/// ```
///
/// The curve is the parametric Bézier B(s) = (x(s), y(s)) with control points
/// P0 = (0, 0), P1 = (x1, y1), P2 = (x2, y2), P3 = (1, 1). `value(at:)` solves x(s) = t for s
/// (Newton's method, falling back to bisection) and returns y(s).
public struct TimingCurve: Easing, Hashable, Sendable, CustomStringConvertible {
    /// The first control point's x, clamped to 0…1 so that x(s) is monotone.
    public let x1: Double
    /// The first control point's y (may leave 0…1: the curve then overshoots).
    public let y1: Double
    /// The second control point's x, clamped to 0…1.
    public let x2: Double
    /// The second control point's y.
    public let y2: Double

    /// Tolerance on x when solving x(s) = t. The resulting error on the output is below 1e-6
    /// for every curve whose slope stays below 1e3.
    static let solverTolerance = 1e-9

    /// A curve with the given control points. `x1` and `x2` are clamped to 0…1 (as Core
    /// Animation and CSS require); `y1` and `y2` are free.
    public init(controlPoints x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = min(max(x1, 0), 1)
        self.y1 = y1
        self.x2 = min(max(x2, 0), 1)
        self.y2 = y2
    }

    /// Constant speed: control points (0, 0, 1, 1).
    public static let linear = TimingCurve(controlPoints: 0, 0, 1, 1)
    /// Slow start: Core Animation's `easeIn`, control points (0.42, 0, 1, 1).
    public static let easeIn = TimingCurve(controlPoints: 0.42, 0, 1, 1)
    /// Slow end: Core Animation's `easeOut`, control points (0, 0, 0.58, 1).
    public static let easeOut = TimingCurve(controlPoints: 0, 0, 0.58, 1)
    /// Slow start and end: Core Animation's `easeInEaseOut`, control points (0.42, 0, 0.58, 1).
    public static let easeInOut = TimingCurve(controlPoints: 0.42, 0, 0.58, 1)

    /// True when the curve is the identity (both control points on the diagonal).
    public var isLinear: Bool { x1 == y1 && x2 == y2 }

    /// The eased progress at time `t`, clamped to 0…1; exact at both ends.
    public func value(at t: Double) -> Double {
        let t = min(max(t, 0), 1)
        if isLinear || t == 0 || t == 1 { return t }
        return y(parameter(forX: t))
    }

    /// The slope dy/dx of the curve at time `t` (clamped to 0…1): the eased progress's rate of
    /// change relative to time's. Multiply by a segment's speed to get a velocity.
    ///
    /// Where the Bézier's parametric derivative vanishes (a control point on an end point, as
    /// `easeOut` at 0) the limit is taken with the next non-vanishing derivative.
    public func slope(at t: Double) -> Double {
        if isLinear { return 1 }
        let s = parameter(forX: min(max(t, 0), 1))
        let c = coefficients
        let dx1 = (3 * c.ax * s + 2 * c.bx) * s + c.cx
        let dy1 = (3 * c.ay * s + 2 * c.by) * s + c.cy
        if abs(dx1) > 1e-9 { return dy1 / dx1 }
        let dx2 = 6 * c.ax * s + 2 * c.bx
        let dy2 = 6 * c.ay * s + 2 * c.by
        if abs(dx2) > 1e-9 { return dy2 / dx2 }
        // x(s) is a non-constant cubic, so its third derivative cannot vanish here as well.
        return c.ax == 0 ? 0 : c.ay / c.ax
    }

    /// CSS notation, `cubic-bezier(x1, y1, x2, y2)`.
    public var description: String { "cubic-bezier(\(x1), \(y1), \(x2), \(y2))" }

    // MARK: - Bézier evaluation

    /// Power-basis coefficients: x(s) = ((ax·s + bx)·s + cx)·s, likewise y.
    private var coefficients: (ax: Double, bx: Double, cx: Double, ay: Double, by: Double, cy: Double) {
        let cx = 3 * x1, bx = 3 * (x2 - x1) - cx, ax = 1 - cx - bx
        let cy = 3 * y1, by = 3 * (y2 - y1) - cy, ay = 1 - cy - by
        return (ax, bx, cx, ay, by, cy)
    }

    private func x(_ s: Double) -> Double {
        let c = coefficients
        return ((c.ax * s + c.bx) * s + c.cx) * s
    }

    private func y(_ s: Double) -> Double {
        let c = coefficients
        return ((c.ay * s + c.by) * s + c.cy) * s
    }

    /// Solves x(s) = t for s in 0…1: a few Newton steps from s = t, then bisection if Newton
    /// has not converged (flat spots make Newton unreliable).
    func parameter(forX t: Double) -> Double {
        if t <= 0 { return 0 }
        if t >= 1 { return 1 }
        let c = coefficients
        var s = t
        for _ in 0..<8 {
            let error = x(s) - t
            if abs(error) < Self.solverTolerance { return s }
            let derivative = (3 * c.ax * s + 2 * c.bx) * s + c.cx
            if abs(derivative) < 1e-7 { break }
            let next = s - error / derivative
            if next < 0 || next > 1 { break }
            s = next
        }
        // x(s) is monotone on 0…1 because x1, x2 ∈ 0…1: bisection always converges.
        var lo = 0.0, hi = 1.0
        s = t
        for _ in 0..<64 {
            let value = x(s)
            if abs(value - t) < Self.solverTolerance { return s }
            if value < t { lo = s } else { hi = s }
            s = (lo + hi) / 2
        }
        return s
    }
}
