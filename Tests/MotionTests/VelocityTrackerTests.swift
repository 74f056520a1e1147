import Geometry
import Testing
import Motion

@Suite("VelocityTracker")
struct VelocityTrackerTests {
    /// A synthetic drag: positions from the true event times, timestamps with ±4 ms
    /// deterministic pseudo-random jitter (docs/MOTION.md target 1).
    private func drag(rate: Double, seed: UInt64, duration: Double = 0.3,
                      position: (Double) -> Double) -> (tracker: VelocityTracker, lastTime: Double) {
        var rng = SplitMix64(seed: seed)
        var tracker = VelocityTracker()
        var lastTime = -Double.infinity
        let count = Int(duration * rate)
        for i in 0...count {
            let trueTime = Double(i) / rate
            let stamp = trueTime + rng.uniform(-0.004...0.004)
            tracker.add(position: position(trueTime), time: stamp)
            lastTime = max(lastTime, stamp)
        }
        return (tracker, lastTime)
    }

    @Test("constant-velocity drags at 60/120/144 Hz with ±4 ms jitter: within 10 %",
          arguments: [60.0, 120.0, 144.0])
    func constantVelocity(rate: Double) {
        for (seed, velocity) in [(1 as UInt64, 300.0), (2, 1500.0), (3, -800.0), (4, 4000.0), (5, -60.0)] {
            let d = drag(rate: rate, seed: seed) { 50 + velocity * $0 }
            let estimate = d.tracker.velocity(at: d.lastTime + 0.004)
            #expect(abs(estimate - velocity) <= 0.1 * abs(velocity), "\(rate) Hz: \(estimate) vs \(velocity)")
        }
    }

    @Test("a gently decelerating flick: within 10 % of the release velocity", arguments: [60.0, 120.0, 144.0])
    func decelerating(rate: Double) {
        // x = 2000 t − 1000 t²: velocity 2000 − 2000 t, 1400 px/s at the release (t = 0.3).
        let d = drag(rate: rate, seed: 9) { 2000 * $0 - 1000 * $0 * $0 }
        let estimate = d.tracker.velocity(at: 0.3)
        #expect(abs(estimate - 1400) <= 140, "\(estimate)")
    }

    @Test("a 40 ms pause before release means velocity 0")
    func pause() {
        var tracker = VelocityTracker()
        for i in 0...30 { tracker.add(position: Double(i) * 10, time: Double(i) / 60) }
        let last = 30.0 / 60
        #expect(tracker.velocity(at: last + 0.039) > 500)
        #expect(tracker.velocity(at: last + 0.04) == 0)
        #expect(tracker.velocity(at: last + 0.2) == 0)
    }

    @Test("fewer than two samples, or one timestamp, give 0; reset forgets")
    func degenerate() {
        var tracker = VelocityTracker()
        #expect(tracker.velocity(at: 0) == 0)
        tracker.add(position: 5, time: 1)
        #expect(tracker.velocity(at: 1) == 0)
        tracker.add(position: 9, time: 1)
        #expect(tracker.velocity(at: 1) == 0)
        tracker.add(position: 19, time: 1.01)
        #expect(tracker.velocity(at: 1.01) != 0)
        tracker.reset()
        #expect(tracker.sampleCount == 0 && tracker.velocity(at: 1.01) == 0)
    }

    @Test("only the last 100 ms count")
    func horizon() {
        var tracker = VelocityTracker()
        // 200 ms at 100 px/s, then 100 ms at 1000 px/s.
        var x = 0.0
        for i in 0...20 { x = 100 * Double(i) / 100; tracker.add(position: x, time: Double(i) / 100) }
        for i in 1...10 { tracker.add(position: x + 1000 * Double(i) / 100, time: 0.2 + Double(i) / 100) }
        #expect(isClose(tracker.velocity(at: 0.3), 1000, 1e-6))
    }

    @Test("PointVelocityTracker tracks both axes")
    func point() {
        var tracker = PointVelocityTracker()
        for i in 0...12 {
            let t = Double(i) / 120
            tracker.add(position: Point(x: 300 * t, y: -700 * t), time: t)
        }
        let v = tracker.velocity(at: 0.1)
        #expect(isClose(v.x, 300, 1e-6) && isClose(v.y, -700, 1e-6))
        tracker.reset()
        #expect(tracker.velocity(at: 0.1) == .zero)
    }
}
