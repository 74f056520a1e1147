import Testing
import PropertyBased
import Motion

@Suite("Timeline properties")
struct TimelinePropertyTests {
    /// Whatever sequence of calls, the completion fires exactly once, with the end the
    /// fraction reached, and never before the timeline has ended.
    @Test("completion fires exactly once under random call sequences")
    func completionExactlyOnce() async {
        await propertyCheck(count: 300,
                            input: Gen.int(in: 0...9).array(of: 1...40),
                            Gen.double(in: 0...1).array(of: 40),
                            Gen.double(in: 0...1).array(of: 40)) { ops, params, gaps in
            let timeline = Timeline(duration: 0.25 + params[0])
            var outcomes: [Bool] = []
            var applied: [Double] = []
            timeline.addAnimation(easing: TimingCurve.easeInOut) { applied.append($0) }
            timeline.addCompletion { outcomes.append($0) }
            var time = 100.0
            for (i, op) in ops.enumerated() {
                let p = params[i], gap = gaps[i] * 0.1
                time += gap
                switch op {
                case 0: timeline.tick(at: time)
                case 1: timeline.pause(at: time)
                case 2: timeline.scrub(to: p * 1.4 - 0.2)
                case 3: timeline.finish(at: time, completionSpeed: 0.5 + 2 * p, completionCurve: p < 0.5 ? .easeOut : .linear)
                case 4: timeline.cancel(at: time, completionSpeed: 0.5 + 2 * p, completionCurve: .easeInOut)
                case 5: timeline.settle(toEnd: p > 0.5, at: time,
                                        spring: p > 0.25 ? .interactiveSettle : .sheetSettle,
                                        initialVelocity: (p - 0.5) * 8)
                case 6: _ = timeline.interrupt(at: time)
                case 7: timeline.settle(toEnd: p > 0.5, at: time, spring: Spring(duration: 0.8, dampingRatio: 0.5),
                                        initialVelocity: (p - 0.5) * 8, bounces: true)
                case 8: timeline.settle(toEnd: p > 0.5, at: time, completionSpeed: 0.5 + 2 * p,
                                        completionCurve: p < 0.3 ? .easeOut : .easeInOut, initialVelocity: (p - 0.5) * 8)
                default: timeline.start(at: time)
                }
                #expect(outcomes.count <= 1)
                #expect((timeline.state == .ended) == (outcomes.count == 1))
                #expect(timeline.fractionComplete >= 0 && timeline.fractionComplete <= 1)
            }
            // Drive whatever is left to an end.
            if !timeline.needsFrames { timeline.settle(toEnd: params[1] > 0.5, at: time, spring: .interactiveSettle, initialVelocity: 0) }
            var frames = 0
            while timeline.needsFrames && frames < 10_000 {
                time += 1.0 / 60
                frames += 1
                timeline.tick(at: time)
            }
            #expect(outcomes.count == 1)
            #expect(timeline.state == .ended)
            if let outcome = outcomes.first {
                #expect(timeline.fractionComplete == (outcome ? 1 : 0))
                #expect(applied.last == (outcome ? 1 : 0))
                #expect(timeline.outcome == outcome)
            }
            // Calls after the end change nothing.
            timeline.tick(at: time + 1)
            timeline.finish(at: time + 2)
            timeline.cancel(at: time + 3)
            #expect(outcomes.count == 1)
        }
    }
}
