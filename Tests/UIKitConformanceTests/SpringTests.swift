import SegueKit
import SegueTesting
import Testing

/// UIKit's spring animation with tutorial 001's figures (0.8 s, damping 0.5, initial velocity
/// 0.5): below critical damping the value swings past its end and comes back; the duration is
/// the whole animation, so by its end the value rests on the end.
@MainActor
@Suite("UIKit conformance: a spring animation")
struct SpringTests {
    @Test func anUnderdampedSpringOvershootsThenRestsWithinItsDuration() throws {
        let page = PlainPage("Spring", colour: Color(hex: 0xF2E8CF))
        let host = OffscreenWindow(root: page, size: Size(width: 800, height: 600))
        let ball = View(frame: Rect(x: 0, y: 100, width: 40, height: 40))
        page.view.addSubview(ball)
        host.frame()
        var finished: Bool?
        View.animate(withDuration: 0.8, delay: 0, usingSpringWithDamping: 0.5, initialSpringVelocity: 0.5, options: [],
                     animations: { ball.frame.origin.x = 400 }, completion: { finished = $0 })
        var furthest = 0.0
        for _ in 0..<Int((0.8 / OffscreenWindow.frameInterval).rounded()) {
            host.frame()
            furthest = max(furthest, ball.frame.minX)
        }
        #expect(furthest > 400, "past the end before settling: \(furthest)")
        host.runFrames(seconds: 0.1)
        #expect(abs(ball.frame.minX - 400) < 0.5, "\(ball.frame.minX)")
        #expect(finished == true)
    }
}
