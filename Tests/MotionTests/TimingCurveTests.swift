import Testing
import Motion

/// References computed independently in Python by bisecting x(s) = t on the Bernstein form
/// (200 halvings) and evaluating y(s); slopes by central differences of that function:
///
///     bez = lambda p1, p2, s: 3*(1-s)**2*s*p1 + 3*(1-s)*s*s*p2 + s**3
///
/// | curve     | t    | value       | slope    |
/// |-----------|------|-------------|----------|
/// | easeInOut | 0.25 | 0.129161931 | 1.059262 |
/// | easeInOut | 0.5  | 0.5         | 1.724138 |
/// | easeInOut | 0.75 | 0.870838069 | 1.059262 |
/// | easeIn    | 0.5  | 0.315356813 | 1.073979 |
/// | easeOut   | 0.5  | 0.684643187 | 1.073979 |
/// | easeIn    | 0.25 | 0.093464651 | 0.674598 |
@Suite("TimingCurve")
struct TimingCurveTests {
    @Test("easeInOut matches CSS ease-in-out reference values")
    func easeInOutReferences() {
        #expect(isClose(TimingCurve.easeInOut.value(at: 0.25), 0.129161931, 1e-6))
        #expect(isClose(TimingCurve.easeInOut.value(at: 0.5), 0.5, 1e-6))
        #expect(isClose(TimingCurve.easeInOut.value(at: 0.75), 0.870838069, 1e-6))
    }

    @Test("easeIn and easeOut reference values and symmetry")
    func easeInAndOut() {
        #expect(isClose(TimingCurve.easeIn.value(at: 0.5), 0.315356813, 1e-6))
        #expect(isClose(TimingCurve.easeIn.value(at: 0.25), 0.093464651, 1e-6))
        #expect(isClose(TimingCurve.easeOut.value(at: 0.5), 0.684643187, 1e-6))
        for i in 0...20 {
            let t = Double(i) / 20
            #expect(isClose(TimingCurve.easeIn.value(at: t), 1 - TimingCurve.easeOut.value(at: 1 - t), 1e-7))
        }
    }

    @Test("ends are exact and inputs are clamped")
    func endsAndClamping() {
        for curve in [TimingCurve.linear, .easeIn, .easeOut, .easeInOut, TimingCurve(controlPoints: 0.3, -0.5, 0.7, 1.5)] {
            #expect(curve.value(at: 0) == 0)
            #expect(curve.value(at: 1) == 1)
            #expect(curve.value(at: -3) == 0)
            #expect(curve.value(at: 7) == 1)
        }
        #expect(TimingCurve.linear.value(at: 0.3) == 0.3)
    }

    @Test("solver is accurate to 1e-6 across 2000 pseudo-random t, including steep curves")
    func solverAccuracy() {
        var rng = SplitMix64(seed: 42)
        let curves = [TimingCurve.easeIn, .easeOut, .easeInOut,
                      TimingCurve(controlPoints: 0.9, 0.1, 0.1, 0.9),   // flat spot in the middle
                      TimingCurve(controlPoints: 0, 1, 0, 1),           // vertical start
                      TimingCurve(controlPoints: 1, 0, 1, 0),           // flat start, vertical end
                      TimingCurve(controlPoints: 0.25, -0.6, 0.3, 1.6)] // overshoots both ways
        for curve in curves {
            for _ in 0..<2000 {
                let t = rng.uniform(0...1)
                // Independent check: bisect x(s) = t on the Bernstein form to 1e-15.
                var lo = 0.0, hi = 1.0
                func x(_ s: Double) -> Double { 3 * (1 - s) * (1 - s) * s * curve.x1 + 3 * (1 - s) * s * s * curve.x2 + s * s * s }
                func y(_ s: Double) -> Double { 3 * (1 - s) * (1 - s) * s * curve.y1 + 3 * (1 - s) * s * s * curve.y2 + s * s * s }
                for _ in 0..<100 { let m = (lo + hi) / 2; if x(m) < t { lo = m } else { hi = m } }
                let expected = y((lo + hi) / 2)
                #expect(isClose(curve.value(at: t), expected, 1e-6), "\(curve) at \(t)")
            }
        }
    }

    @Test("slope matches references and finite differences; limits at degenerate ends")
    func slope() {
        #expect(isClose(TimingCurve.easeInOut.slope(at: 0.5), 1.724138, 1e-5))
        #expect(isClose(TimingCurve.easeInOut.slope(at: 0.25), 1.059262, 1e-5))
        #expect(isClose(TimingCurve.easeIn.slope(at: 0.5), 1.073979, 1e-5))
        #expect(isClose(TimingCurve.easeIn.slope(at: 0.25), 0.674598, 1e-5))
        #expect(TimingCurve.linear.slope(at: 0.7) == 1)
        // Ends: easeIn starts flat and ends along P1→P3 (slope 1/0.58); easeOut the mirror.
        #expect(isClose(TimingCurve.easeIn.slope(at: 0), 0, 1e-9))
        #expect(isClose(TimingCurve.easeIn.slope(at: 1), 1 / 0.58, 1e-6))
        #expect(isClose(TimingCurve.easeOut.slope(at: 0), 1 / 0.58, 1e-6))
        #expect(isClose(TimingCurve.easeInOut.slope(at: 0), 0, 1e-9))
        for curve in [TimingCurve.easeIn, .easeOut, .easeInOut] {
            for i in 1..<20 {
                let t = Double(i) / 20, h = 1e-5
                let numeric = (curve.value(at: t + h) - curve.value(at: t - h)) / (2 * h)
                #expect(isClose(curve.slope(at: t), numeric, 1e-4))
            }
        }
    }
}
