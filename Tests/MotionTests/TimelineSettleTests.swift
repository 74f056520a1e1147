import Testing
import Motion

@Suite("Timeline settle")
struct TimelineSettleTests {
    static let frame = 0.01667

    /// docs/MOTION.md target 3: the first settle frame moves at the release speed (within 5 %) at
    /// any width, and the release itself does not move anything (≤ 0.5 px).
    @Test("first settle frame continues at the release speed, no jump at release",
          arguments: [400.0, 1000.0, 2500.0])
    func firstFrameSpeed(width: Double) {
        // (progress at release, release velocity in px/s)
        let releases: [(Double, Double)] = [(0.2, 0.6 * width), (0.3, 1500), (0.6, -0.6 * width),
                                            (0.55, 40), (0.45, -40), (0.8, 2500), (0.1, -3000)]
        for (progress, pxPerSecond) in releases {
            let timeline = Timeline(duration: 0.5)
            var completions = 0
            timeline.addCompletion { _ in completions += 1 }
            timeline.scrub(to: progress)
            let velocity = pxPerSecond / width
            let handOff = SettleHandOff(progress: progress, velocity: velocity)
            let t0 = 3.25
            timeline.settle(toEnd: handOff.toEnd, at: t0, spring: .interactiveSettle, initialVelocity: handOff.initialVelocity)
            #expect(timeline.velocity(at: t0) == velocity)
            timeline.tick(at: t0)
            #expect(abs(timeline.fractionComplete - progress) * width <= 0.5)
            timeline.tick(at: t0 + Self.frame)
            let end: Double = handOff.toEnd ? 1 : 0
            if (progress + velocity * Self.frame - end) * (progress - end) <= 0 {
                // The finger's next frame would pass the end: the page stops there, done.
                #expect(timeline.fractionComplete == end && completions == 1)
                continue
            }
            let measured = (timeline.fractionComplete - progress) * width / Self.frame
            #expect(abs(measured - pxPerSecond) <= 0.05 * abs(pxPerSecond),
                    "width \(width), p \(progress): \(measured) px/s vs \(pxPerSecond)")
            // And it still lands, once.
            var t = t0 + Self.frame
            while timeline.needsFrames && t < t0 + 2 { t += Self.frame; timeline.tick(at: t) }
            #expect(completions == 1 && timeline.outcome == handOff.toEnd)
        }
    }

    @Test("a pure spring (handOffDuration 0) still starts at exactly the release velocity")
    func pureSpring() {
        let timeline = Timeline(duration: 0.5)
        timeline.handOffDuration = 0
        timeline.scrub(to: 0.4)
        timeline.settle(toEnd: true, at: 0, spring: .interactiveSettle, initialVelocity: 1.5)
        #expect(timeline.velocity(at: 0) == 1.5)
        let h = 1e-6
        timeline.tick(at: h)
        #expect(isClose((timeline.fractionComplete - 0.4) / h, 1.5, 0.01))
    }

    @Test("a settle from rest lands within 0.5 px of 1000 px in ≤ 250 ms and completes by ≈ 270 ms")
    func landing() {
        let timeline = Timeline(duration: 0.5)
        var done: [Bool] = []
        timeline.addCompletion { done.append($0) }
        timeline.scrub(to: 0)
        timeline.settle(toEnd: true, at: 0, spring: .interactiveSettle, initialVelocity: 0)
        var t = 0.0, landed = 0.0
        while timeline.needsFrames {
            t += 0.001
            timeline.tick(at: t)
            if abs(1 - timeline.fractionComplete) * 1000 > 0.5 { landed = t }
        }
        #expect(landed <= 0.25)
        #expect(t <= 0.275)
        #expect(done == [true])
    }

    @Test("an underdamped settle never pushes the fraction past its end and completes when it gets there")
    func clampedOvershoot() {
        let timeline = Timeline(duration: 0.5)
        var done: [Bool] = []
        timeline.addCompletion { done.append($0) }
        timeline.scrub(to: 0.2)
        timeline.settle(toEnd: true, at: 0, spring: Spring(response: 0.3, dampingRatio: 0.3), initialVelocity: 2)
        var t = 0.0, maxFraction = 0.0
        while timeline.needsFrames && t < 3 {
            t += 1.0 / 120
            timeline.tick(at: t)
            maxFraction = max(maxFraction, timeline.fractionComplete)
        }
        #expect(maxFraction <= 1 && done == [true])
        #expect(t < 0.3)   // ends at the first arrival, not after the ringing
    }

    @Test("a release moving away from the chosen end turns round and lands there")
    func turnRound() {
        let timeline = Timeline(duration: 0.5)
        var done: [Bool] = []
        timeline.addCompletion { done.append($0) }
        timeline.scrub(to: 0.6)
        // A threshold rule commits at 0.6 even though the finger moves back.
        let handOff = SettleHandOff(progress: 0.6, velocity: -1, rule: .threshold(0.5, inclusive: false))
        #expect(handOff.toEnd)
        timeline.settle(toEnd: handOff.toEnd, at: 0, spring: .interactiveSettle, initialVelocity: handOff.initialVelocity)
        var t = 0.0, minFraction = 1.0
        while timeline.needsFrames && t < 2 {
            t += 1.0 / 60
            timeline.tick(at: t)
            minFraction = min(minFraction, timeline.fractionComplete)
        }
        #expect(minFraction < 0.6 && done == [true])
    }

    /// docs/MOTION.md target 5: grab a settling transition, keep its velocity, no jump, decide again.
    @Test("interrupt keeps position and velocity; a new settle continues from there")
    func interruptAndResettle() {
        let width = 1000.0
        let timeline = Timeline(duration: 0.5)
        var done: [Bool] = []
        timeline.addCompletion { done.append($0) }
        timeline.scrub(to: 0.3)
        timeline.settle(toEnd: true, at: 0, spring: .interactiveSettle, initialVelocity: 0.5)
        var t = 0.0
        for _ in 0..<4 { t += 1.0 / 60; timeline.tick(at: t) }
        let grab = t + 0.004   // a press between frames
        // What the settle shows at the press, sampled on an identical timeline.
        let probe = Timeline(duration: 0.5)
        probe.scrub(to: 0.3)
        probe.settle(toEnd: true, at: 0, spring: .interactiveSettle, initialVelocity: 0.5)
        let h = 1e-6
        probe.tick(at: grab - h)
        let a = probe.fractionComplete
        probe.tick(at: grab + h)
        let numeric = (probe.fractionComplete - a) / (2 * h)
        probe.tick(at: grab)
        let expectedVelocity = timeline.velocity(at: grab)
        let v = timeline.interrupt(at: grab)
        #expect(v == expectedVelocity && v > 0)
        #expect(isClose(v, numeric, 1e-3 * abs(numeric)))
        #expect(timeline.state == .paused && !timeline.needsFrames)
        let grabbed = timeline.fractionComplete
        #expect(abs(grabbed - probe.fractionComplete) * width <= 0.5)   // no jump
        timeline.tick(at: grab + 1)   // paused: nothing moves
        #expect(timeline.fractionComplete == grabbed)
        #expect(done.isEmpty)
        // The finger drags back, releases backwards: cancel, continuing at the finger's speed.
        timeline.scrub(to: grabbed - 0.05)
        let release = grab + 0.1
        timeline.settle(toEnd: false, at: release, spring: .interactiveSettle, initialVelocity: -0.8)
        timeline.tick(at: release + Self.frame)
        #expect(isClose((timeline.fractionComplete - (grabbed - 0.05)) / Self.frame, -0.8, 0.04))
        while timeline.needsFrames { t += 1.0 / 60; timeline.tick(at: release + t) }
        #expect(done == [false] && timeline.fractionComplete == 0)
    }

    @Test("settling at the end it already is at completes at once")
    func settleAtEnd() {
        let timeline = Timeline(duration: 0.5)
        var done: [Bool] = []
        timeline.addCompletion { done.append($0) }
        timeline.scrub(to: 1)
        timeline.settle(toEnd: true, at: 0, spring: .sheetSettle, initialVelocity: 3)
        #expect(done == [true] && timeline.state == .ended)
    }
}
