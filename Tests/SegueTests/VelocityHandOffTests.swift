import Geometry
import Motion
import Segue
import Testing

@MainActor
@Suite("Release velocity hand-off")
struct VelocityHandOffTests {
    static let speed = 1000.0 // px/s
    static let dt = 1.0 / 60

    /// Pushes a page, then drags from the left edge at a steady `speed` px/s (motion events and
    /// frames in lockstep at 60 Hz) so that the last event lands on `end`, and releases there at
    /// once. Returns the detail view's tx after the last drag event, and at the first two frames
    /// after release.
    private func flick(from start: Double, to end: Double, demo: NavigationFixture, detail: ViewController)
        -> (lastDrag: Double, first: Double, second: Double)
    {
        let step = Self.speed * Self.dt * (end > start ? 1 : -1)
        let steps = Int(((end - start) / step).rounded())
        let pressX = end - Double(steps) * step
        demo.host.press(at: Point(x: pressX, y: 160))
        for i in 1...steps {
            demo.host.frame(after: Self.dt)
            demo.host.move(to: Point(x: pressX + Double(i) * step, y: 160))
        }
        let lastDrag = detail.view.transform.tx
        demo.host.release() // same timestamp as the last motion: no pause
        demo.host.frame() // the settle started at the release's frame: this one has moved
        let first = detail.view.transform.tx
        demo.host.frame()
        let second = detail.view.transform.tx
        return (lastDrag, first, second)
    }

    @Test func aSteadyFlickReleasedAt60PercentKeepsItsSpeedWithoutAJump() throws {
        let demo = NavigationFixture()
        let detail = try #require(demo.pushByTappingRow(0))
        demo.host.clearTrace()
        let w = demo.width

        let (lastDrag, first, second) = flick(from: 5, to: 0.6 * w, demo: demo, detail: detail)
        #expect(abs(lastDrag - 0.6 * w) <= 0.5, "the page is under the pointer at release")

        let finish = try #require(demo.host.trace.first { $0.event == .finish })
        let releaseVelocity = try #require(finish.velocity) * w // px/s
        #expect(abs(releaseVelocity - Self.speed) <= 0.01 * Self.speed, "release velocity \(releaseVelocity) px/s")

        // The settle starts at the release's frame: the first frame after release has already
        // moved on at the finger's speed, with no jump beyond that (≤ 0.5 px).
        #expect(abs(first - (lastDrag + releaseVelocity * Self.dt)) <= 0.5, "jump at release: \(first - lastDrag) px")
        let settleSpeed = (first - lastDrag) / Self.dt
        print("measured: first settle frame \(settleSpeed) px/s after a release at \(releaseVelocity) px/s "
              + "(error \(abs(settleSpeed - releaseVelocity) / releaseVelocity * 100) %)")
        #expect(second > first, "the settle keeps going")
        #expect(abs(settleSpeed - releaseVelocity) <= 0.05 * releaseVelocity,
                "first settle frame moves at \(settleSpeed) px/s, released at \(releaseVelocity) px/s")

        demo.host.runFrames()
        #expect(demo.navigation.viewControllers.count == 1)
        #expect(demo.host.completions.map(\.completed) == [true])
    }

    @Test func aSteadyLeftwardFlickReleasedAt40PercentCancelsAtItsSpeed() throws {
        let demo = NavigationFixture()
        let detail = try #require(demo.pushByTappingRow(0))
        let w = demo.width
        // Drag out to 70 % first (slowly), then flick back left to 40 %.
        demo.host.drag(from: demo.edgePoint(), to: Point(x: 0.7 * w, y: 160), steps: 20, duration: 0.5)
        demo.host.hold(for: 0.1)
        demo.host.clearTrace()

        let step = -Self.speed * Self.dt
        let steps = Int(((0.4 * w - 0.7 * w) / step).rounded())
        let startX = 0.4 * w - Double(steps) * step
        demo.host.moveLinearly(to: Point(x: startX, y: 160), steps: 1, duration: Self.dt)
        for i in 1...steps {
            demo.host.frame(after: Self.dt)
            demo.host.move(to: Point(x: startX + Double(i) * step, y: 160))
        }
        let lastDrag = detail.view.transform.tx
        demo.host.release()
        demo.host.frame()
        let first = detail.view.transform.tx
        demo.host.frame()
        let second = detail.view.transform.tx

        let cancel = try #require(demo.host.trace.first { $0.event == .cancel })
        let releaseVelocity = try #require(cancel.velocity) * w
        #expect(releaseVelocity < 0)
        #expect(abs(first - (lastDrag + releaseVelocity * Self.dt)) <= 0.5, "jump at release: \(first - lastDrag) px")
        let settleSpeed = (first - lastDrag) / Self.dt
        #expect(second < first, "the settle keeps going")
        #expect(abs(settleSpeed - releaseVelocity) <= 0.05 * abs(releaseVelocity),
                "first settle frame moves at \(settleSpeed) px/s, released at \(releaseVelocity) px/s")

        demo.host.runFrames()
        #expect(demo.navigation.viewControllers.count == 2)
        #expect(demo.host.completions.map(\.completed) == [false])
        #expect(detail.view.transform == .identity)
    }
}
