import Testing
import Motion

@Suite("SpringEasing")
struct SpringEasingTests {
    /// Tutorial 001: push 0.8 s, damping 0.5, velocity 0.5; pop velocity 0.8.
    @Test("tutorial 001 springs start at 0, end exactly at 1, and follow the spring", arguments: [0.5, 0.8])
    func tutorial001(velocity: Double) {
        let spring = Spring(duration: 0.8, dampingRatio: 0.5)
        let easing = SpringEasing(spring: spring, initialVelocity: velocity)
        #expect(easing.value(at: 0) == 0)
        #expect(easing.value(at: 1) == 1)
        #expect(easing.value(at: 1.5) == 1)
        // The spring time scale is its settling time: close to the 0.8 s it was built for.
        #expect(abs(easing.duration - 0.8) < 0.1)
        // It overshoots like a ζ = 0.5 spring (≈ 16 % from rest) …
        var peak = 0.0
        for i in 0...1000 { peak = max(peak, easing.value(at: Double(i) / 1000)) }
        #expect(peak > 1.1 && peak < 1.3)
        // … and differs from the free spring only by the blended residual (≤ 0.001).
        for i in 0...100 {
            let t = Double(i) / 100
            #expect(abs(easing.value(at: t) - spring.value(at: t * easing.duration, initialVelocity: velocity)) <= 0.001 * t + 1e-12)
        }
        // No jump at the end.
        #expect(abs(easing.value(at: 0.999) - 1) < 0.002)
    }

    @Test("a critically damped spring easing is monotone")
    func monotone() {
        let easing = SpringEasing(spring: Spring(response: 0.3, dampingRatio: 1))
        var previous = 0.0
        for i in 1...200 {
            let v = easing.value(at: Double(i) / 200)
            #expect(v >= previous)
            previous = v
        }
    }
}
