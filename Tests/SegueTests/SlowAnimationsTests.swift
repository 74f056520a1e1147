import Geometry
import Canvas
import Foundation
import Motion
import Segue
import SegueDiagnostics
import SegueTesting
import Testing

/// Slow animations (`--slow N`, `SEGUE_SLOWDOWN`, Ctrl+T): every animation runs N times slower
/// in exact proportion, a toggle mid-animation changes the pace without a jump, gestures still
/// follow the pointer 1:1, a release hands its velocity on in real time, and a badge shows.
@MainActor
@Suite("Slow animations")
struct SlowAnimationsTests {
    static let frame = OffscreenWindow.frameInterval
    static let ctrlT = (key: Key.character("t"), modifiers: Modifiers.control)

    @Test("at ×5 the 0.5 s slide push takes 2.5 s (frame timestamps)")
    func slidePushAtFive() throws {
        let demo = NavigationFixture()
        _ = DeveloperTools.attached(to: demo.host.window)
        demo.host.window.animationSlowdown = 5
        let measured = try demo.host.measureTransition { demo.host.click(at: demo.rowPoint(0)) }
        // A transition of D seconds completes on the first frame at or after D.
        #expect(measured >= 2.5 - 1e-9 && measured < 2.5 + Self.frame,
                "slide push at ×5: \(measured) s from frame timestamps, expected 2.5 s")
    }

    @Test("with the developer tools, Ctrl+T toggles ×5 and back (Ctrl+Shift+T is another shortcut); the factor parses from text")
    func toggleKeyAndParsing() {
        let demo = NavigationFixture()
        demo.host.key(Self.ctrlT.key, modifiers: Self.ctrlT.modifiers)
        #expect(demo.host.window.animationSlowdown == 1, "no developer tools, no Ctrl+T")
        _ = DeveloperTools.attached(to: demo.host.window)
        demo.host.key(Self.ctrlT.key, modifiers: Self.ctrlT.modifiers)
        #expect(demo.host.window.animationSlowdown == 5)
        demo.host.key(Key.character("t"), modifiers: [.control, .shift])
        #expect(demo.host.window.animationSlowdown == 5, "Ctrl+Shift+T is not Ctrl+T")
        demo.host.key(Self.ctrlT.key, modifiers: Self.ctrlT.modifiers)
        #expect(demo.host.window.animationSlowdown == 1)
        demo.host.key(Self.ctrlT.key)   // a plain "t" is not the toggle
        #expect(demo.host.window.animationSlowdown == 1)
        #expect(Window.parseSlowdown("5") == 5 && Window.parseSlowdown("0.5") == 0.5)
        for bad in ["0", "-1", "nan", "inf", "", "fast", "5x"] { #expect(Window.parseSlowdown(bad) == nil, "\(bad)") }
    }

    @Test("toggling ×5 half-way through a slide: no jump, a fifth of the pace, 0.25 + 5 × 0.25 s in all")
    func toggleMidAnimation() throws {
        let demo = NavigationFixture()
        _ = DeveloperTools.attached(to: demo.host.window)
        demo.host.click(at: demo.rowPoint(0))
        demo.host.frame()   // the timeline starts here
        let started = demo.host.window.now
        let detail = try #require(demo.navigation.viewControllers.last)
        for _ in 0..<15 { demo.host.frame() }   // 0.25 s: half-way, the ease-in-out's fastest
        let before = detail.view.transform.tx
        demo.host.frame()
        let step = detail.view.transform.tx - before   // one frame at ×1
        demo.host.key(Self.ctrlT.key, modifiers: Self.ctrlT.modifiers)
        let atToggle = detail.view.transform.tx
        #expect(atToggle == before + step, "the toggle itself moves nothing")
        demo.host.frame()
        let slowStep = detail.view.transform.tx - atToggle
        #expect(abs(slowStep - step / 5) <= 0.05 * abs(step / 5), "one frame at ×5 moved \(slowStep) px, at ×1 \(step) px")
        demo.host.runFrames(seconds: 5)
        #expect(demo.host.completions.map(\.completed) == [true])
        // 16 frames at ×1 (16/60 s of animation), the remaining (0.5 − 16/60) s at ×5.
        let expected = 16.0 / 60 + (0.5 - 16.0 / 60) * 5
        let measured = demo.host.window.now - started
        #expect(measured >= expected - 1e-9 && measured < expected + Self.frame, "took \(measured) s, expected \(expected) s")
    }

    @Test("at ×5 a drag still follows the pointer 1:1, and the release's speed carries on in real time")
    func gesturesAreNotSlowed() throws {
        let demo = NavigationFixture()
        _ = DeveloperTools.attached(to: demo.host.window)
        let detail = try #require(demo.pushByTappingRow(0))
        demo.host.window.animationSlowdown = 5
        let w = demo.width
        demo.host.drag(from: demo.edgePoint(), to: Point(x: 0.4 * w, y: 160), steps: 10, duration: 10.0 / 60)
        #expect(abs(detail.view.transform.tx - 0.4 * w) <= 0.5,
                "page edge at \(detail.view.transform.tx), pointer at \(0.4 * w)")
        let held = detail.view.transform.tx
        // A steady 1000 px/s drag on to 60 %, released moving.
        let speed = 1000.0, step = speed * Self.frame
        var x = demo.host.pointer!.x
        while x + step <= 0.6 * w {
            x += step
            demo.host.frame(after: Self.frame)
            demo.host.move(to: Point(x: x, y: 160))
        }
        let lastDrag = detail.view.transform.tx
        #expect(abs((lastDrag - held) - (x - 0.4 * w)) <= 0.5, "the page moved with the pointer")
        demo.host.clearTrace()
        demo.host.release()
        let finish = try #require(demo.host.trace.first { $0.event == .finish })
        let releaseSpeed = try #require(finish.velocity) * w
        demo.host.frame()
        let firstStep = detail.view.transform.tx - lastDrag
        #expect(abs(firstStep / Self.frame - releaseSpeed) <= 0.05 * releaseSpeed,
                "first settle frame at \(firstStep / Self.frame) px/s, released at \(releaseSpeed) px/s")
        demo.host.runFrames(seconds: 10)
        #expect(demo.navigation.viewControllers.count == 1)
    }

    @Test("a badge in the top-right corner shows while slowed")
    func badge() {
        let demo = NavigationFixture()
        _ = DeveloperTools.attached(to: demo.host.window)
        let w = Int(demo.width)
        let probe = (x: w - 15, y: 13)
        let normal = demo.host.render().pixel(x: probe.x, y: probe.y)
        demo.host.window.animationSlowdown = 5
        let slowed = demo.host.render()
        let pixel = slowed.pixel(x: probe.x, y: probe.y)
        try? FileManager.default.createDirectory(atPath: Artifacts.directory, withIntermediateDirectories: true)
        try? slowed.writePNG(to: Artifacts.directory + "/slow-animations-badge.png")
        #expect(pixel.red > 0.7 && pixel.green < 0.45 && pixel.blue < 0.2, "badge colour at the corner: \(pixel)")
        #expect(normal != pixel)
        demo.host.window.animationSlowdown = 1
        #expect(demo.host.render().pixel(x: probe.x, y: probe.y) == normal, "gone at ×1")
    }

    @Test("with the motion plot showing, the badge moves below its panel instead of under it")
    func badgeBelowTheMotionPlot() {
        let demo = NavigationFixture()
        _ = DeveloperTools.attached(to: demo.host.window)
        demo.host.window.animationSlowdown = 5
        DeveloperTools.attached(to: demo.host.window).showsMotionPlot = true
        let shot = demo.host.render()
        let panel = DeveloperTools.attached(to: demo.host.window).motionPlot.frame
        #expect(panel.height > 100, "the panel is laid out: \(panel)")
        // The badge: 24 px tall, 10 px below the panel's bottom, 12 px from the right edge.
        let pixel = shot.pixel(x: Int(demo.width) - 15, y: Int(panel.maxY) + 13)
        #expect(pixel.red > 0.7 && pixel.green < 0.45 && pixel.blue < 0.2, "badge below the panel: \(pixel)")
        DeveloperTools.attached(to: demo.host.window).showsMotionPlot = false
        let back = demo.host.render().pixel(x: Int(demo.width) - 15, y: 13)
        #expect(back.red > 0.7 && back.green < 0.45 && back.blue < 0.2, "badge back in the corner: \(back)")
    }
}
