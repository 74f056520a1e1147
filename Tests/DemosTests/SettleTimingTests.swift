import Geometry
import Canvas
@testable import Demos
import Foundation
import Motion
import Segue
import SegueTesting
import Testing

/// After release each transition keeps its own character (UIKit's `continueAnimation(
/// withTimingParameters:)`): the flat zoom lands on its ζ 0.5 spring, bouncing; the expand
/// finishes at its own pace on the interaction controller's completion curve; both start at
/// the release velocity. Positions after release are compared frame by frame with the
/// formulas written out here.
@MainActor
@Suite("Each transition's own settle after release")
struct SettleTimingTests {
    static let frame = OffscreenWindow.frameInterval
    /// Tutorial 001: `usingSpringWithDamping: 0.5`.
    static let tutorialDamping = 0.5

    /// x(t) of a damped oscillator with ζ < 1 released at displacement x0 with velocity v0.
    static func underDamped(_ t: Double, omega: Double, zeta: Double, x0: Double, v0: Double) -> Double {
        let wd = omega * (1 - zeta * zeta).squareRoot()
        return exp(-zeta * omega * t) * (x0 * cos(wd * t) + (v0 + zeta * omega * x0) / wd * sin(wd * t))
    }

    // MARK: flat zoom (001)

    /// Pushes picture 4, drags on the page to `progress` (10 steps over 1/6 s), optionally
    /// holds, releases; then checks each frame's flying rect against the ζ 0.5 spring started at
    /// the release velocity (one frame at that velocity first, as every settle).
    func flatZoomRelease(at progress: Double, hold: Double, finishes: Bool) throws {
        let navigation = GalleryNavigationController()
        let host = OffscreenWindow(root: navigation)
        let container = navigation.containerView
        let cell = GalleryPage.cellFrame(4, width: container.bounds.width)
        host.click(at: cell.offsetBy(dx: 0, dy: NavigationBar.height).center)
        host.runFrames()
        let image = PhotoPage.imageFrame(in: container.bounds)
        let start = Point(x: 100, y: NavigationBar.height + container.bounds.height / 2)
        host.drag(from: start, to: Point(x: start.x + progress * container.bounds.width, y: start.y))
        if hold > 0 { host.hold(for: hold) }
        let animator = try #require(navigation.activeTransition?.animationController as? FlatZoomAnimator)
        let flying = try #require(animator.flyingView)
        host.clearTrace()
        host.release()
        let end = try #require(host.trace.first { $0.event == .finish || $0.event == .cancel })
        #expect((end.event == .finish) == finishes)
        let v = try #require(end.velocity)
        let target = finishes ? 1.0 : 0.0
        // Tutorial 001: a 0.8 s spring with damping 0.5 (ω₀ by Motion's duration mapping).
        let omega = Spring(duration: 0.8, dampingRatio: Self.tutorialDamping).angularFrequency
        let h = 1.0 / 60
        var passedTheEnd = false, k = 0
        while let shown = animator.flyingView?.shownRect, k < 300 {
            k += 1
            host.frame()
            guard animator.flyingView != nil else { break }
            let t = Double(k) * Self.frame
            let expected = t < h ? progress + v * t
                : target + Self.underDamped(t - h, omega: omega, zeta: Self.tutorialDamping,
                                            x0: progress + v * h - target, v0: v)
            let rect = Rect.interpolate(from: image, to: cell, fraction: expected)
            let now = flying.shownRect
            let error = max(abs(now.minX - rect.minX), abs(now.maxX - rect.maxX), abs(now.minY - rect.minY), abs(now.maxY - rect.maxY))
            #expect(error <= 0.5, "frame \(k): flying \(now), the ζ 0.5 spring says \(rect)")
            if k == 1 {
                // The first frame moves on at the release speed: no jump, the finger's pace.
                let moved = (image.width - now.width) / (image.width - cell.width) - progress
                #expect(abs(moved - v * Self.frame) <= max(0.05 * abs(v) * Self.frame, 0.5 / (image.width - cell.width)))
            }
            if finishes ? now.width < cell.width - 1 : now.width > image.width + 1 { passedTheEnd = true }
            _ = shown
        }
        #expect(passedTheEnd, "the picture swings past its place and back (ζ 0.5)")
        #expect(navigation.viewControllers.count == (finishes ? 1 : 2))
        #expect(host.completions.map(\.completed) == [finishes])
    }

    @Test("flat zoom pop released at 60 % moving: the picture bounces into its cell on the ζ 0.5 spring")
    func flatZoomFinishBounces() throws {
        try flatZoomRelease(at: 0.6, hold: 0, finishes: true)
    }

    @Test("flat zoom pop released at 30 % at rest: the picture springs back onto the page, bouncing")
    func flatZoomCancelBounces() throws {
        try flatZoomRelease(at: 0.3, hold: 0.1, finishes: false)
    }

    /// A press mid-bounce takes the transition over; the gesture's progress is 0…1, so the
    /// picture is grabbed at its place (the overshoot, a few pixels, is dropped), then follows.
    @Test("a press catches the flat zoom while it bounces; the drag then drives it again")
    func aPressCatchesTheBouncingZoom() throws {
        let navigation = GalleryNavigationController()
        let host = OffscreenWindow(root: navigation)
        let container = navigation.containerView
        let cell = GalleryPage.cellFrame(4, width: container.bounds.width)
        host.click(at: cell.offsetBy(dx: 0, dy: NavigationBar.height).center)
        host.runFrames()
        let start = Point(x: 100, y: NavigationBar.height + container.bounds.height / 2)
        host.drag(from: start, to: Point(x: start.x + 0.6 * container.bounds.width, y: start.y))
        let animator = try #require(navigation.activeTransition?.animationController as? FlatZoomAnimator)
        let flying = try #require(animator.flyingView)
        let context = try #require(navigation.activeTransition)
        host.clearTrace()
        host.release()
        // Run until the picture has swung past its cell (smaller than the cell).
        var frames = 0
        while flying.shownRect.width >= cell.width, frames < 60 { host.frame(); frames += 1 }
        #expect(flying.shownRect.width < cell.width, "it bounced past the cell")
        host.press(at: Point(x: 380, y: start.y))
        #expect(context.isInteractive, "the press took the transition over")
        GalleryFixtureRects.expect(flying.shownRect, cell, "grabbed at its place")
        host.frame()
        GalleryFixtureRects.expect(flying.shownRect, cell, "held still while pressed")
        // Back by 65 % of the width: 35 %, below half-way.
        host.moveLinearly(to: Point(x: 380 - 0.65 * container.bounds.width, y: start.y), steps: 20, duration: 1)
        let image = PhotoPage.imageFrame(in: container.bounds)
        GalleryFixtureRects.expect(flying.shownRect, Rect.interpolate(from: image, to: cell, fraction: 0.35), "follows the drag")
        host.hold(for: 0.1)
        host.release()
        host.runFrames()
        #expect(navigation.viewControllers.count == 2, "dragged back below half-way, the pop cancels")
        #expect(host.completions.map(\.completed) == [false])
    }

    @Test("the zoom spring: damping 0.5 (tutorial 001), read off the motion of a tapped push")
    func zoomDampingFromTheMotion() throws {
        // Successive overshoot peaks of a damped oscillator shrink by exp(−πζ/√(1−ζ²)) each
        // half period: 0.163 for ζ 0.5 (0.254 for 0.4, 0.095 for 0.6).
        let navigation = GalleryNavigationController()
        let host = OffscreenWindow(root: navigation)
        let cell = GalleryPage.cellFrame(0, width: navigation.containerView.bounds.width)
        host.click(at: cell.offsetBy(dx: 0, dy: NavigationBar.height).center)
        host.frame()
        let image = PhotoPage.imageFrame(in: navigation.containerView.bounds)
        var fractions: [Double] = []
        var t = 0.0
        // Sample finely: 1 ms frames.
        while let animator = navigation.activeTransition?.animationController as? FlatZoomAnimator,
              let flying = animator.flyingView, t < 1 {
            fractions.append((flying.shownRect.width - cell.width) / (image.width - cell.width))
            host.frame(after: 0.001)
            t += 0.001
        }
        // Extremes of the deviation from 1 (the first overshoot, then the undershoot).
        var extremes: [Double] = []
        for i in 1..<(fractions.count - 1) {
            let a = fractions[i - 1] - 1, b = fractions[i] - 1, c = fractions[i + 1] - 1
            if (b > 0 && b >= a && b >= c) || (b < 0 && b <= a && b <= c) { extremes.append(b) }
        }
        #expect(extremes.count >= 2, "\(extremes)")
        guard extremes.count >= 2 else { return }
        let ratio = abs(extremes[1] / extremes[0])
        let zeta = Self.tutorialDamping
        let expected = exp(-Double.pi * zeta / (1 - zeta * zeta).squareRoot())
        print("measured: zoom overshoot ratio \(ratio) (ζ 0.5 gives \(expected))")
        // The easing blends away its last 0.1 %: allow 0.01.
        #expect(abs(ratio - expected) < 0.01, "peak ratio \(ratio), ζ 0.5 gives \(expected)")
    }

    // MARK: expand from icon (004)

    @Test("expand dismissal released at 60 %: the rest at completionSpeed on the ease-out completion curve, from the release velocity",
          arguments: [1.0, 2.0])
    func expandFinishesOnItsCurve(speed: Double) throws {
        let size = Size(width: 800, height: 600)
        let page = ModalPage()
        let host = OffscreenWindow(root: page, size: size)
        page.presentDetail()
        host.runFrames()
        let detail = try #require(page.presentedViewController as? ExpandDetailPage)
        #expect(detail.swipe.completionCurve == .easeOut, "the demo sets its completion curve")
        detail.swipe.completionSpeed = speed
        let progress = 0.6
        host.drag(from: Point(x: 400, y: 150), to: Point(x: 400, y: 150 + progress * size.height))
        host.clearTrace()
        host.release()
        let finish = try #require(host.trace.first { $0.event == .finish })
        let v = try #require(finish.velocity)
        #expect(v > 1, "released moving down: \(v) heights/s")
        let icon = ModalPage.iconFrame
        func fraction() -> Double { (size.width - detail.view.frame.width) / (size.width - icon.width) }
        let h = 1.0 / 60, f1 = progress + v * h, delta = 1 - f1
        // The expand's duration, 0.6 s (tutorial 002's product speed; 004's 3.0 s is a demo speed).
        let length = delta * 0.6 / speed
        let curve = TimingCurve.easeOut
        let bend = v * length / delta - curve.slope(at: 0)
        var k = 0
        while host.completions.isEmpty, k < 200 {
            k += 1
            host.frame()
            guard host.completions.isEmpty else { break }
            let t = Double(k) * Self.frame
            let u = (t - h) / length
            let expected = t <= h ? progress + v * t : f1 + delta * (curve.value(at: u) + bend * u * (1 - u) * (1 - u))
            let width = size.width + (icon.width - size.width) * expected
            #expect(abs(detail.view.frame.width - width) <= 0.5,
                    "frame \(k): width \(detail.view.frame.width), expected \(width) (fraction \(fraction()) vs \(expected))")
        }
        let elapsed = Double(k) * Self.frame
        print("measured: expand rest after release at ×\(speed): \(elapsed) s (expected \(h + length) s)")
        #expect(elapsed >= h + length - 1e-9 && elapsed < h + length + Self.frame,
                "the rest took \(elapsed) s, expected (1 − f)·0.6 s ÷ \(speed) + one hand-off frame = \(h + length) s")
        #expect(host.completions.map(\.completed) == [true])
        #expect(page.presentedViewController == nil)
    }

    // MARK: the custom container's rule (000)

    /// A quick flick left from 20 % (3 widths/s): tutorial 000's container goes back (it finishes
    /// only past 0.5), while a container with the toolkit's default rule follows the flick.
    @Test("the demo's custom container finishes only past half-way; the toolkit default follows a flick")
    func containerCommitsOnlyPastHalf() throws {
        for (container, expected) in [(ContainerTab.make() as! TopTabBarController, 0),
                                      (TopTabBarController(viewControllers: [ViewController(), ViewController()]), 1)] {
            let host = OffscreenWindow(root: container)
            host.drag(from: Point(x: 300, y: 150), to: Point(x: 220, y: 150), steps: 4, duration: 4.0 / 60)
            host.release()
            host.runFrames()
            #expect(container.selectedIndex == expected, "flick from 20 %: selected \(container.selectedIndex)")
        }
        // Slowly past half-way, the demo's container switches.
        let container = ContainerTab.make() as! TopTabBarController
        let host = OffscreenWindow(root: container)
        host.drag(from: Point(x: 300, y: 150), to: Point(x: 80, y: 150), steps: 20, duration: 1)
        host.hold(for: 0.1)
        host.release()
        host.runFrames()
        #expect(container.selectedIndex == 1)
    }
}

/// Rect comparison within half a pixel.
enum GalleryFixtureRects {
    static func expect(_ a: Rect, _ b: Rect, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let d = max(abs(a.minX - b.minX), abs(a.minY - b.minY), abs(a.maxX - b.maxX), abs(a.maxY - b.maxY))
        #expect(d <= 0.5, "\(what): \(a), expected \(b)", sourceLocation: sourceLocation)
    }
}
