import Geometry
import Testing
import Motion

@Suite("KeyframeTrack and Phase")
struct KeyframeTrackTests {
    @Test("linear keyframes at relative times")
    func linear() {
        let track = KeyframeTrack(keyframes: [.init(0, 0.0), .init(0.25, 10.0), .init(1, 40.0)])
        #expect(track.value(at: -1) == 0 && track.value(at: 2) == 40)
        #expect(isClose(track.value(at: 0.125), 5, 1e-12))
        #expect(isClose(track.value(at: 0.25), 10, 1e-12))
        #expect(isClose(track.value(at: 0.625), 25, 1e-12))
        let even = KeyframeTrack(values: [Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 10)])
        #expect(even.value(at: 0.75) == Point(x: 10, y: 5))
    }

    @Test("cubic (Catmull-Rom) passes through the keyframes, is smooth, and uniform CR in the middle")
    func cubic() {
        let values = [0.0, 1.0, 3.0, 2.0, 5.0]
        let track = KeyframeTrack(values: values, mode: .cubic)
        for (i, v) in values.enumerated() { #expect(isClose(track.value(at: Double(i) / 4), v, 1e-12)) }
        // Interior segment 1…3 at u = 0.5 with uniform knots: (−p0 + 9p1 + 9p2 − p3) / 16.
        let expected: Double = (-0.0 + 9.0 * 1.0 + 9.0 * 3.0 - 2.0) / 16.0
        #expect(isClose(track.value(at: 0.375), expected, 1e-12))
        // C¹ at an interior keyframe: left and right slopes agree.
        let h = 1e-6
        let left = (track.value(at: 0.5) - track.value(at: 0.5 - h)) / h
        let right = (track.value(at: 0.5 + h) - track.value(at: 0.5)) / h
        #expect(isClose(left, right, 1e-3))
    }

    @Test("a jump: two keyframes at the same time")
    func jump() {
        let track = KeyframeTrack(keyframes: [.init(0, 0.0), .init(0.5, 1.0), .init(0.5, 5.0), .init(1, 6.0)], mode: .cubic)
        #expect(track.value(at: 0.4999) < 1.01)
        #expect(track.value(at: 0.5) == 5)
        #expect(track.value(at: 1) == 6)
    }

    @Test("tutorial 002: three equal phases")
    func phases() {
        let flipOut = Phase(relativeStart: 0, relativeDuration: 1.0 / 3)
        let flipIn = Phase(relativeStart: 1.0 / 3, relativeDuration: 1.0 / 3)
        let grow = Phase(relativeStart: 2.0 / 3, relativeDuration: 1.0 / 3)
        #expect(flipOut.localProgress(-0.5) == 0 && flipOut.localProgress(0.5) == 1)
        #expect(isClose(flipIn.localProgress(0.5), 0.5, 1e-12))
        #expect(grow.localProgress(0.5) == 0 && grow.localProgress(1) == 1)
        #expect(isClose(grow.relativeEnd, 1, 1e-12))
        let step = Phase(relativeStart: 0.5, relativeDuration: 0)
        #expect(step.localProgress(0.49) == 0 && step.localProgress(0.5) == 1)
    }
}
