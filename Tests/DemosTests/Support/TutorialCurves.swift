import Foundation

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
}
