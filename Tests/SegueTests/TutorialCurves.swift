import Foundation
import Motion

/// The tutorials' curves, evaluated here from their definitions so that the formula tests do
/// not lean on Motion's own evaluators (which they check).
enum TutorialCurves {
    /// UIKit's `.CurveEaseInOut`: Core Animation's `kCAMediaTimingFunctionEaseInEaseOut`, the
    /// cubic Bézier through (0, 0), (0.42, 0), (0.58, 1), (1, 1).
    static let easeInOutControlPoints = (x1: 0.42, y1: 0.0, x2: 0.58, y2: 1.0)

    /// A cubic Bézier timing curve at time fraction `u`: the curve's x(s) is solved for s by
    /// bisection (x is monotonic for control x in 0…1), and y(s) returned.
    static func cubicBezier(_ u: Double, x1: Double, y1: Double, x2: Double, y2: Double) -> Double {
        func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            let r = 1 - s
            return 3 * r * r * s * p1 + 3 * r * s * s * p2 + s * s * s
        }
        if u <= 0 { return 0 }
        if u >= 1 { return 1 }
        var low = 0.0, high = 1.0
        for _ in 0..<80 {
            let mid = (low + high) / 2
            if bezier(mid, x1, x2) < u { low = mid } else { high = mid }
        }
        return bezier((low + high) / 2, y1, y2)
    }

    /// Ease-in-out at time fraction `u`.
    static func easeInOut(_ u: Double) -> Double {
        let c = easeInOutControlPoints
        return cubicBezier(u, x1: c.x1, y1: c.y1, x2: c.x2, y2: c.y2)
    }

    /// A damped spring's unit step from rest-position 0 towards 1 with initial velocity `v0`
    /// (distance per second), ω₀ in rad/s and damping ratio ζ < 1:
    /// x(t) = 1 − e^(−ζω₀t)·(cos ω_d t + (ζω₀ − v0)/ω_d · sin ω_d t), ω_d = ω₀√(1 − ζ²).
    static func springStep(_ t: Double, omega: Double, zeta: Double, v0: Double) -> Double {
        let wd = omega * (1 - zeta * zeta).squareRoot()
        return 1 - exp(-zeta * omega * t) * (cos(wd * t) + (zeta * omega - v0) / wd * sin(wd * t))
    }

    /// UIKit's spring animations end at their duration: ω₀ such that the unit step from rest
    /// is settled (√((1 − x)² + (x′/ω₀)²) ≤ 0.001, MOTION.md's settling measure) at `duration`.
    /// The motion depends on ω₀·t only, so ω₀ = T₁ / duration, T₁ the settling time at ω₀ = 1
    /// (found by scanning then bisecting the energy measure, which never increases).
    static func omega(settlingIn duration: Double, zeta: Double, epsilon: Double = 0.001) -> Double {
        func residual(_ t: Double) -> Double {
            let wd = (1 - zeta * zeta).squareRoot()
            let decay = exp(-zeta * t)
            let x = decay * (cos(wd * t) + zeta / wd * sin(wd * t))      // 1 − position
            let v = decay * (1 / wd) * sin(wd * t) * (zeta * zeta + wd * wd) // velocity at ω₀ = 1
            return (x * x + v * v).squareRoot()
        }
        var high = 1.0
        while residual(high) > epsilon { high *= 2 }
        var low = 0.0
        for _ in 0..<100 {
            let mid = (low + high) / 2
            if residual(mid) > epsilon { low = mid } else { high = mid }
        }
        return high / duration
    }
}
