import Testing
import Motion

/// A timeline with one linear animation recording what it was given, and its completions.
private final class Probe {
    var applied: [Double] = []
    var completions: [Bool] = []
    let timeline: Timeline

    init(duration: Double = 1, easing: any Easing = TimingCurve.linear, relativeStart: Double = 0, relativeDuration: Double = 1) {
        timeline = Timeline(duration: duration)
        timeline.addAnimation(relativeStart: relativeStart, relativeDuration: relativeDuration, easing: easing) { [unowned self] in
            self.applied.append($0)
        }
        timeline.addCompletion { [unowned self] in self.completions.append($0) }
    }

    var last: Double? { applied.last }
}

@Suite("Timeline")
struct TimelineTests {
    @Test("start from idle runs 0 → 1 in duration; the first tick leaves the fraction unchanged")
    func nonInteractive() {
        let p = Probe(duration: 0.5, easing: TimingCurve.easeInOut)
        let clock = ManualClock(now: 10)
        #expect(p.timeline.state == .idle && !p.timeline.needsFrames)
        p.timeline.start(at: clock.now)
        #expect(p.timeline.state == .running && p.timeline.needsFrames && p.timeline.speed == 1)
        p.timeline.tick(at: clock.now)
        #expect(p.timeline.fractionComplete == 0)
        clock.advance(by: 0.125)
        p.timeline.tick(at: clock.now)
        #expect(isClose(p.timeline.fractionComplete, 0.25, 1e-12))
        #expect(isClose(p.last!, TimingCurve.easeInOut.value(at: 0.25), 1e-12))
        #expect(isClose(p.timeline.velocity(at: clock.now), 2, 1e-12))
        clock.advance(by: 0.374)
        p.timeline.tick(at: clock.now)
        #expect(p.completions.isEmpty)
        clock.advance(by: 0.001)
        p.timeline.tick(at: clock.now)
        #expect(p.completions == [true])
        #expect(p.last == 1 && p.timeline.state == .ended && p.timeline.outcome == true && !p.timeline.needsFrames)
    }

    @Test("scrub, resume and scrub back are path-independent round trips")
    func scrubResumeRoundTrip() {
        let p = Probe(duration: 2, easing: TimingCurve.easeIn)
        p.timeline.scrub(to: 0.3)
        #expect(p.timeline.state == .paused && p.timeline.speed == 0)
        #expect(isClose(p.timeline.timeOffset, 0.6, 1e-12))
        let at03 = p.last!
        p.timeline.start(at: 5)
        p.timeline.tick(at: 5.4)        // 0.4 s of 2 s: +0.2
        #expect(isClose(p.timeline.fractionComplete, 0.5, 1e-12))
        p.timeline.pause(at: 5.6)       // +0.1 more
        #expect(isClose(p.timeline.fractionComplete, 0.6, 1e-12))
        p.timeline.tick(at: 9)          // paused: ignored
        #expect(isClose(p.timeline.fractionComplete, 0.6, 1e-12))
        p.timeline.scrub(to: 0.3)       // back
        #expect(p.last == at03)
        p.timeline.scrub(to: 1.7)       // clamped; an end reached by scrubbing does not complete
        #expect(p.timeline.fractionComplete == 1 && p.completions.isEmpty)
        p.timeline.scrub(to: -1)
        #expect(p.timeline.fractionComplete == 0 && p.completions.isEmpty && p.last == 0)
        p.timeline.start(at: 20)
        p.timeline.tick(at: 21)
        #expect(isClose(p.timeline.fractionComplete, 0.5, 1e-12))
        #expect(isClose(p.last!, TimingCurve.easeIn.value(at: 0.5), 1e-12))
    }

    @Test("finish with completionSpeed 2 and an easeOut completion curve takes (1 − f)·d/2")
    func finishTiming() {
        let p = Probe(duration: 1)
        p.timeline.scrub(to: 0.4)
        p.timeline.finish(at: 10, completionSpeed: 2, completionCurve: .easeOut)
        #expect(p.timeline.state == .settling)
        // Remaining 0.6 s ÷ 2 = 0.3 s; the fraction follows easeOut from 0.4 to 1.
        p.timeline.tick(at: 10.15)
        #expect(isClose(p.timeline.fractionComplete, 0.4 + 0.6 * TimingCurve.easeOut.value(at: 0.5), 1e-12))
        // Velocity: 0.6 × slope ÷ 0.3 s, and speed is that × duration.
        #expect(isClose(p.timeline.velocity(at: 10.15), 0.6 * TimingCurve.easeOut.slope(at: 0.5) / 0.3, 1e-9))
        #expect(isClose(p.timeline.speed, p.timeline.velocity(at: 10.15), 1e-9))
        p.timeline.tick(at: 10.2999)
        #expect(p.completions.isEmpty)
        p.timeline.tick(at: 10.3)
        #expect(p.completions == [true] && p.timeline.fractionComplete == 1)
    }

    @Test("cancel reverses along the same easing: an easeIn scrubbed to 0.6 retraces its values")
    func cancelRetracesCurve() {
        let p = Probe(duration: 1, easing: TimingCurve.easeIn)
        p.timeline.scrub(to: 0.6)
        #expect(isClose(p.last!, TimingCurve.easeIn.value(at: 0.6), 1e-12))
        p.applied.removeAll()
        p.timeline.cancel(at: 0, completionSpeed: 1)   // 0.6 s back to 0, linear in time
        var fractions: [Double] = []
        var t = 0.0
        while p.timeline.needsFrames {
            t += 1.0 / 60
            p.timeline.tick(at: t)
            fractions.append(p.timeline.fractionComplete)
        }
        #expect(p.completions == [false])
        #expect(isClose(t, 0.6, 1.0 / 60 + 1e-9))
        // Every value applied is easeIn at the (decreasing) fraction: the same curve, backwards.
        #expect(p.applied.count >= fractions.count)
        for (value, f) in zip(p.applied.dropFirst(), fractions) {
            #expect(isClose(value, TimingCurve.easeIn.value(at: f), 1e-12))
        }
        #expect(zip(p.applied, p.applied.dropFirst()).allSatisfy { $0 >= $1 })
        #expect(p.last == 0)
        // Partway: at 0.3 s the fraction is 0.3, the animation easeIn(0.3).
        let q = Probe(duration: 1, easing: TimingCurve.easeIn)
        q.timeline.scrub(to: 0.6)
        q.timeline.cancel(at: 0)
        q.timeline.tick(at: 0.3)
        #expect(isClose(q.timeline.fractionComplete, 0.3, 1e-12))
        #expect(isClose(q.last!, TimingCurve.easeIn.value(at: 0.3), 1e-12))
        #expect(q.timeline.speed < 0)
    }

    @Test("phases: animations over part of the timeline see clamped local progress")
    func phases() {
        var first: [Double] = [], third: [Double] = []
        let timeline = Timeline(duration: 0.6)
        timeline.addAnimation(relativeStart: 0, relativeDuration: 1.0 / 3) { first.append($0) }
        timeline.addAnimation(relativeStart: 2.0 / 3, relativeDuration: 1.0 / 3, easing: TimingCurve.easeIn) { third.append($0) }
        timeline.scrub(to: 0.5)
        #expect(first.last == 1 && third.last == 0)
        timeline.scrub(to: 5.0 / 6)
        #expect(isClose(third.last!, TimingCurve.easeIn.value(at: 0.5), 1e-9))
    }

    @Test("ends reached immediately: finish at 1, cancel at 0, start at 1, zero duration")
    func immediateEnds() {
        let a = Probe()
        a.timeline.scrub(to: 1)
        a.timeline.finish(at: 0)
        #expect(a.completions == [true])
        let b = Probe()
        b.timeline.cancel(at: 0)
        #expect(b.completions == [false])
        let c = Probe()
        c.timeline.scrub(to: 1)
        c.timeline.start(at: 3)
        #expect(c.completions == [true])
        let d = Probe(duration: 0)
        d.timeline.start(at: 0)
        #expect(d.completions == [true] && d.last == 1)
        var late: [Bool] = []
        d.timeline.addCompletion { late.append($0) }
        #expect(late == [true])
    }

    @Test("calls after the end are ignored")
    func afterEnd() {
        let p = Probe()
        p.timeline.cancel(at: 0)
        let count = p.applied.count
        p.timeline.scrub(to: 0.5)
        p.timeline.start(at: 1)
        p.timeline.finish(at: 2)
        p.timeline.settle(toEnd: true, at: 3, spring: .interactiveSettle, initialVelocity: 1)
        p.timeline.tick(at: 4)
        #expect(p.timeline.interrupt(at: 5) == 0)
        #expect(p.completions == [false] && p.applied.count == count && p.timeline.fractionComplete == 0)
    }
}
