import Geometry
import Motion
import Segue
import SegueTesting
import Testing

/// Motions that arrive between two frames move the gesture once, at the frame, while every
/// sample still reaches the velocity tracker (issue 30, item 1): a flick fed several motions a
/// frame ends exactly as the same flick with a frame after each motion.
@MainActor
@Suite("Coalesced pointer motion")
struct CoalescedInputTests {
    /// Counts the pan's action calls, and how many came in each frame.
    @MainActor
    final class Counter {
        var calls = 0
        func changed(_ pan: PanGestureRecognizer) { calls += 1 }
    }

    struct Outcome {
        var velocity: Point
        /// How many pages the stack holds once everything settled (1: popped, 2: cancelled).
        var pages: Int
        var callsPerFrame: [Int]
    }

    /// An interactive pop flicked from the left edge to `endX` in `frames` frames of
    /// `perFrame` motions each, released right after the last; `coalesced` ticks once a frame,
    /// otherwise a frame follows every motion.
    static func flick(to endX: Double, frames: Int, perFrame: Int, coalesced: Bool) throws -> Outcome {
        let demo = NavigationFixture()
        _ = try #require(demo.pushByTappingRow(0))
        let host = demo.host
        let counter = Counter()
        demo.navigation.interactivePop.recognizer.addTarget(counter, action: Counter.changed)
        let start = demo.edgePoint()
        host.press(at: start)
        let count = frames * perFrame
        let dt = OffscreenWindow.frameInterval / Double(perFrame)
        var perFrameCalls: [Int] = []
        var before = counter.calls
        for i in 1...count {
            let t = host.clock.now + dt
            host.clock.advance(by: dt)
            // Accelerating, as a flick does: a fit that missed the held samples would read another speed.
            let f = Double(i) / Double(count)
            let x = start.x + (endX - start.x) * f * f
            host.move(to: Point(x: x, y: start.y), time: t)
            if !coalesced || i % perFrame == 0 {
                host.window.tick(at: host.clock.now)
                perFrameCalls.append(counter.calls - before)
                before = counter.calls
            }
        }
        host.release()
        let velocity = demo.navigation.interactivePop.recognizer.velocity
        host.runFrames()
        return Outcome(velocity: velocity, pages: demo.navigation.viewControllers.count, callsPerFrame: perFrameCalls)
    }

    @Test(arguments: [(0.3, 3), (0.2, 8), (0.9, 4)])
    func aFlickEndsTheSameCoalescedOrNot(reach: Double, perFrame: Int) throws {
        let width = 400.0
        let coalesced = try Self.flick(to: reach * width, frames: 6, perFrame: perFrame, coalesced: true)
        let oneByOne = try Self.flick(to: reach * width, frames: 6, perFrame: perFrame, coalesced: false)
        #expect(abs(coalesced.velocity.x - oneByOne.velocity.x) < 1e-9, "\(coalesced.velocity) vs \(oneByOne.velocity)")
        #expect(abs(coalesced.velocity.y - oneByOne.velocity.y) < 1e-9)
        #expect(coalesced.velocity.x > 0, "a flick to the right")
        #expect(coalesced.pages == oneByOne.pages, "the same page at the end: \(coalesced.pages) vs \(oneByOne.pages)")
    }

    @Test func thePanRunsAtMostTwiceAFrameNotOncePerMotion() throws {
        let outcome = try Self.flick(to: 200, frames: 6, perFrame: 5, coalesced: true)
        // No call before the pan begins; then at most twice a frame whatever the motion count
        // (the frame's first motion at once, the rest together at the frame), against the
        // five a frame delivered one by one.
        let calls = outcome.callsPerFrame
        let first = try #require(calls.firstIndex { $0 > 0 }, "\(calls)")
        #expect(calls[first] <= 2, "\(calls)")
        #expect(calls[(first + 1)...].allSatisfy { $0 >= 1 && $0 <= 2 }, "\(calls)")
        #expect(calls.count - first >= 3, "the pan ran over several frames: \(calls)")
    }
}
