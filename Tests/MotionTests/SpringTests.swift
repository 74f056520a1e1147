import Testing
import Motion
import RealModule

/// The analytic step response written out independently of `Spring`, from m, k, c directly.
private func reference(mass m: Double, stiffness k: Double, damping c: Double, t: Double, v0: Double) -> (x: Double, v: Double) {
    let disc = c * c - 4 * m * k
    let alpha = c / (2 * m)
    if abs(disc) < 1e-9 {
        // x = 1 − e^(−αt)(1 + (α − v0)t)... derived for e(0) = −1, e'(0) = v0.
        let b = v0 - alpha
        let e = Double.exp(-alpha * t) * (-1 + b * t)
        let de = Double.exp(-alpha * t) * (b + alpha - alpha * b * t)
        return (1 + e, de)
    } else if disc < 0 {
        let w = Double.sqrt(-disc) / (2 * m)
        let b = (v0 - alpha) / w
        let e = Double.exp(-alpha * t) * (-Double.cos(w * t) + b * Double.sin(w * t))
        let de = -alpha * e + Double.exp(-alpha * t) * (w * Double.sin(w * t) + b * w * Double.cos(w * t))
        return (1 + e, de)
    } else {
        let r1 = (-c + Double.sqrt(disc)) / (2 * m), r2 = (-c - Double.sqrt(disc)) / (2 * m)
        // e = A e^(r1 t) + B e^(r2 t), A + B = −1, r1 A + r2 B = v0.
        let a = (v0 + r2) / (r1 - r2)
        let b = -1 - a
        return (1 + a * Double.exp(r1 * t) + b * Double.exp(r2 * t),
                a * r1 * Double.exp(r1 * t) + b * r2 * Double.exp(r2 * t))
    }
}

@Suite("Spring")
struct SpringTests {
    @Test("matches the analytic solution in all three damping regimes",
          arguments: [(1.0, 100.0, 4.0), (1.0, 100.0, 20.0), (1.0, 100.0, 50.0), (2.0, 300.0, 5.0), (0.5, 50.0, 10.0)])
    func analytic(mass: Double, stiffness: Double, damping: Double) {
        let spring = Spring(mass: mass, stiffness: stiffness, damping: damping)
        for v0 in [0.0, 3.0, -5.0] {
            #expect(spring.value(at: 0, initialVelocity: v0) == 0)
            #expect(isClose(spring.velocity(at: 0, initialVelocity: v0), v0, 1e-12))
            for i in 0...100 {
                let t = Double(i) * 0.02
                let r = reference(mass: mass, stiffness: stiffness, damping: damping, t: t, v0: v0)
                #expect(isClose(spring.value(at: t, initialVelocity: v0), r.x, 1e-9))
                #expect(isClose(spring.velocity(at: t, initialVelocity: v0), r.v, 1e-8))
            }
        }
    }

    @Test("parameters: response and dampingRatio round-trip")
    func parameters() {
        let s = Spring(response: 0.5, dampingRatio: 0.7)
        #expect(isClose(s.angularFrequency, 2 * Double.pi / 0.5, 1e-12))
        #expect(isClose(s.dampingRatio, 0.7, 1e-12))
        #expect(isClose(s.response, 0.5, 1e-12))
        #expect(isClose(Spring(mass: 1, stiffness: 100, damping: 20).dampingRatio, 1, 1e-12))
    }

    @Test("settlingDuration is the last time the energy measure exceeds ε", arguments: [0.3, 1.0, 2.0])
    func settlingDuration(zeta: Double) {
        let spring = Spring(response: 0.4, dampingRatio: zeta)
        let w = spring.angularFrequency
        for v0 in [0.0, 4.0, -2.0] {
            let eps = 0.001
            let ts = spring.settlingDuration(initialVelocity: v0, epsilon: eps)
            func measure(_ t: Double) -> Double {
                let e = 1 - spring.value(at: t, initialVelocity: v0), v = spring.velocity(at: t, initialVelocity: v0) / w
                return Double.sqrt(e * e + v * v)
            }
            #expect(ts > 0 && ts < 10)
            #expect(measure(ts - 1e-6) > eps)
            // Settled from then on: position within ε.
            for i in 0...400 {
                let t = ts + Double(i) * 0.005
                #expect(abs(1 - spring.value(at: t, initialVelocity: v0)) <= eps * 1.000001)
            }
        }
        #expect(spring.settlingDuration(displacement: 0, velocity: 0, epsilon: 0.001) == 0)
    }

    @Test("Spring(duration:dampingRatio:) settles from rest exactly at the duration", arguments: [0.3, 0.5, 0.8, 1.0, 1.5])
    func durationSpring(zeta: Double) {
        for duration in [0.25, 0.8, 2.0] {
            let s = Spring(duration: duration, dampingRatio: zeta)
            #expect(isClose(s.dampingRatio, zeta, 1e-12))
            #expect(isClose(s.settlingDuration(initialVelocity: 0, epsilon: Spring.durationEpsilon), duration, 1e-6))
        }
    }

    @Test("interactiveSettle: 1000 px lands within 0.5 px in ≤ 250 ms, overshoot ≤ 1 px (target 4)")
    func interactiveSettle() {
        let s = Spring.interactiveSettle
        #expect(s.dampingRatio == 1)
        var landed = 0.0, overshoot = 0.0
        for i in 0...200_000 {
            let t = Double(i) * 1e-5
            let px = 1000 * s.value(at: t, initialVelocity: 0)
            if abs(1000 - px) > 0.5 { landed = t }
            overshoot = max(overshoot, px - 1000)
        }
        #expect(landed <= 0.25 - 1.0 / 60, "lands at \(landed) s, leaving a hand-off frame")
        #expect(overshoot <= 1)
        #expect(s.settlingDuration(initialVelocity: 0, epsilon: 0.0005) <= 0.25)
        // Flicks towards the target (up to 3 widths/s on a 1000 px move) overshoot ≤ 1 px too.
        for v0 in [0.5, 1.0, 3.0] {
            var peak = 0.0
            for i in 0...1000 { peak = max(peak, 1000 * s.value(at: Double(i) * 1e-3, initialVelocity: v0) - 1000) }
            #expect(peak <= 1, "v0 \(v0): \(peak) px")
        }
    }

    @Test("sheetSettle: ζ ≈ 0.8, lands within 0.5 px of 1000 px in ≤ 450 ms")
    func sheetSettle() {
        let s = Spring.sheetSettle
        #expect(isClose(s.dampingRatio, 0.8, 1e-12))
        var landed = 0.0
        for i in 0...200_000 {
            let t = Double(i) * 1e-5
            if abs(1000 - 1000 * s.value(at: t, initialVelocity: 0)) > 0.5 { landed = t }
        }
        #expect(landed <= 0.45 - 1.0 / 60, "lands at \(landed) s")
    }

    @Test("general state matches the unit step scaled")
    func generalState() {
        let s = Spring(response: 0.3, dampingRatio: 0.6)
        for i in 0...50 {
            let t = Double(i) * 0.01
            let st = s.state(at: t, displacement: -250, velocity: 500)
            #expect(isClose(250 + st.displacement, 250 * s.value(at: t, initialVelocity: 2), 1e-9))
            #expect(isClose(st.velocity, 250 * s.velocity(at: t, initialVelocity: 2), 1e-8))
        }
    }
}
