import Foundation
import Motion
import Testing

/// The settles an animator chooses after release (UIKit's `continueAnimation(
/// withTimingParameters:)`): a bouncing spring, and the transition's own curve at
/// `completionSpeed`, both starting at the release velocity. Expected positions come from the
/// closed-form damped oscillator and the curve formulas written out here.
@Suite("Timeline: the animator's own settle")
struct TimelineOwnSettleTests {
    static let frame = 1.0 / 60

    /// x(t) of an under-damped oscillator (ζ < 1) from displacement x0 and velocity v0.
    static func underDamped(_ t: Double, omega: Double, zeta: Double, x0: Double, v0: Double) -> Double {
        let wd = omega * (1 - zeta * zeta).squareRoot()
        return Foundation.exp(-zeta * omega * t) * (x0 * Foundation.cos(wd * t) + (v0 + zeta * omega * x0) / wd * Foundation.sin(wd * t))
    }

    @Test("a bouncing ζ 0.5 settle follows the analytic spring frame by frame, past the end and back")
    func bouncingSpring() {
        let spring = Spring(response: 0.35, dampingRatio: 0.5)
        let timeline = Timeline(duration: 0.8)
        var shown: [Double] = []
        timeline.addAnimation { shown.append($0) }
        var outcome: [Bool] = []
        timeline.addCompletion { outcome.append($0) }
        timeline.scrub(to: 0.6)
        let v = 2.0, t0 = 5.0, h = timeline.handOffDuration
        timeline.settle(toEnd: true, at: t0, spring: spring, initialVelocity: v, bounces: true)
        var maxShown = 0.0
        var k = 1
        while timeline.needsFrames && k < 600 {
            let t = Double(k) * Self.frame
            timeline.tick(at: t0 + t)
            guard timeline.needsFrames else { break }
            let expected = t < h ? 0.6 + v * t
                : 1 + Self.underDamped(t - h, omega: 2 * .pi / 0.35, zeta: 0.5, x0: 0.6 + v * h - 1, v0: v)
            #expect(abs(shown.last! - expected) < 1e-9, "frame \(k): \(shown.last!) vs \(expected)")
            #expect(timeline.fractionComplete >= 0 && timeline.fractionComplete <= 1)
            maxShown = max(maxShown, shown.last!)
            k += 1
        }
        #expect(maxShown > 1.05, "it swings past the end: \(maxShown)")
        #expect(outcome == [true] && shown.last == 1)
    }

    @Test("without bounces the same spring stops at the end (the page never passes its place)")
    func clampedSpring() {
        let timeline = Timeline(duration: 0.8)
        var shown: [Double] = []
        timeline.addAnimation { shown.append($0) }
        timeline.scrub(to: 0.6)
        timeline.settle(toEnd: true, at: 0, spring: Spring(response: 0.35, dampingRatio: 0.5), initialVelocity: 2)
        var t = 0.0
        while timeline.needsFrames { t += Self.frame; timeline.tick(at: t) }
        #expect(shown.allSatisfy { $0 <= 1 })
    }

    @Test("a curve settle: one frame at the release velocity, then the completion curve bent to it, (1 − f)·d ÷ speed long",
          arguments: [(TimingCurve.linear, 1.0), (TimingCurve.easeOut, 1.0), (TimingCurve.easeInOut, 2.0)])
    func curveSettle(curve: TimingCurve, speed: Double) {
        let duration = 0.6
        let timeline = Timeline(duration: duration)
        var outcome: [Bool] = []
        timeline.addCompletion { outcome.append($0) }
        timeline.scrub(to: 0.55)
        let v = 1.2, t0 = 2.0, h = timeline.handOffDuration
        timeline.settle(toEnd: true, at: t0, completionSpeed: speed, completionCurve: curve, initialVelocity: v)
        // The first frame moves at exactly the release velocity.
        timeline.tick(at: t0 + h)
        #expect(abs((timeline.fractionComplete - 0.55) / h - v) < 1e-9)
        let f1 = 0.55 + v * h, delta = 1 - f1
        let length = delta * duration / speed
        let bend = v * length / delta - curve.slope(at: 0)
        var t = h
        while timeline.needsFrames {
            t += Self.frame
            timeline.tick(at: t0 + t)
            guard timeline.needsFrames else { break }
            let u = (t - h) / length
            let expected = f1 + delta * (curve.value(at: u) + bend * u * (1 - u) * (1 - u))
            #expect(abs(timeline.fractionComplete - expected) < 1e-9)
        }
        // It ends within one frame of h + (1 − f1)·d ÷ speed.
        #expect(t >= h + length - 1e-9 && t < h + length + Self.frame, "ended at \(t), expected \(h + length)")
        #expect(outcome == [true])
    }

    @Test("a curve settle back (cancel) from a release moving away turns round and lands at 0")
    func curveCancelTurnsRound() {
        let timeline = Timeline(duration: 0.6)
        var outcome: [Bool] = []
        timeline.addCompletion { outcome.append($0) }
        timeline.scrub(to: 0.4)
        timeline.settle(toEnd: false, at: 0, completionSpeed: 1, completionCurve: .easeOut, initialVelocity: 0.5)
        var t = 0.0, highest = 0.4
        while timeline.needsFrames && t < 2 {
            t += Self.frame
            timeline.tick(at: t)
            highest = max(highest, timeline.fractionComplete)
        }
        #expect(highest > 0.4, "it first keeps the release's direction")
        #expect(outcome == [false] && timeline.fractionComplete == 0)
    }

    @Test("a press interrupts a curve settle with its velocity")
    func interruptCurve() {
        let timeline = Timeline(duration: 0.6)
        timeline.scrub(to: 0.5)
        timeline.settle(toEnd: true, at: 0, completionSpeed: 1, completionCurve: .linear, initialVelocity: 1)
        timeline.tick(at: 0.1)
        let v = timeline.interrupt(at: 0.1)
        #expect(timeline.state == .paused && v > 0)
    }
}
