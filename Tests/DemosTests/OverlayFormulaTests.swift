import Geometry
import Canvas
import Demos
import Motion
import Segue
import SegueTesting
import Testing

/// Tutorial 000's overlay, at several times on a manual clock. The facts it takes from the
/// article: the panel is centred and sized to two thirds of the container each way; it opens
/// from a one-point-wide sliver of its full height to its full width on UIKit's default
/// ease-in-out; a half-transparent black dimming layer starts at the panel's size and grows to
/// cover the container over the same time; closing shrinks the panel back to one point wide
/// while the dimming fades out to nothing.
///
/// Expected values: rects whose edges are interpolated by the ease-in-out Bézier
/// (0.42, 0, 0.58, 1), evaluated in ``TutorialCurves``. The duration is the tutorial's
/// animators' 0.5 s. The app snaps the panel's 2/3 rect to whole pixels (533.33 → 533 wide,
/// x 133.5 → 134), so the expected rects start from that snapped rect; then they are exact to
/// 0.01 px, alphas to 0.001.
@MainActor
@Suite("Overlay formulas (tutorial 000)")
struct OverlayFormulaTests {
    static let size = Size(width: 800, height: 600)
    static let duration = 0.5
    /// The panel's full size: 2/3 of the container, as the tutorial computes it.
    static let panelSize = Size(width: size.width * 2 / 3, height: size.height * 2 / 3)
    /// The panel's final rect: 2/3 × 2/3, centred, snapped to whole pixels.
    static let panelFinal = Rect(x: ((size.width - panelSize.width.rounded()) / 2).rounded(),
                                 y: ((size.height - panelSize.height.rounded()) / 2).rounded(),
                                 width: panelSize.width.rounded(), height: panelSize.height.rounded())
    /// The tutorial's start: width 1 about the same centre, full height.
    static let panelSliver = Rect(x: panelFinal.midX - 0.5, y: panelFinal.minY, width: 1, height: panelFinal.height)
    /// Sample times within the run (seconds after the timeline's first frame).
    static let times = [0.1, 0.2, 0.25, 0.3, 0.4]

    /// Each edge moved the fraction `f` of the way from `a` to `b`.
    static func lerp(_ a: Rect, _ b: Rect, _ f: Double) -> Rect {
        Rect(x: a.minX + (b.minX - a.minX) * f, y: a.minY + (b.minY - a.minY) * f,
             width: a.width + (b.width - a.width) * f, height: a.height + (b.height - a.height) * f)
    }

    static func expectClose(_ a: Rect, _ b: Rect, within tolerance: Double, _ what: String,
                            sourceLocation: SourceLocation = #_sourceLocation) {
        let error = max(abs(a.minX - b.minX), abs(a.minY - b.minY), abs(a.maxX - b.maxX), abs(a.maxY - b.maxY))
        #expect(error <= tolerance, "\(what): \(a), expected \(b) (edge error \(error))", sourceLocation: sourceLocation)
    }

    @Test("the easing is UIKit's ease-in-out: control points (0.42, 0) (0.58, 1)")
    func easeInOutIsTheTutorials() {
        let curve = TimingCurve.easeInOut
        #expect(curve.x1 == 0.42 && curve.y1 == 0 && curve.x2 == 0.58 && curve.y2 == 1)
    }

    @Test("presentation: the panel widens from 1 px, the dimming grows from the panel's size to the window, alpha 0.5")
    func presentationFollowsTheTutorialsCurve() throws {
        let page = ModalPage()
        let host = OffscreenWindow(root: page, size: Self.size)
        page.presentOverlay()
        host.frame() // the timeline starts at this frame
        let panel = try #require(page.presentedViewController?.view)
        let presentation = try #require(page.presentedViewController?.presentationController as? OverlayPresentationController)
        var elapsed = 0.0
        for t in Self.times {
            host.frame(after: t - elapsed)
            elapsed = t
            let eased = TutorialCurves.easeInOut(t / Self.duration)
            Self.expectClose(panel.frame, Self.lerp(Self.panelSliver, Self.panelFinal, eased), within: 0.01, "panel at \(t) s")
            Self.expectClose(presentation.dimmingView.frame, Self.lerp(Self.panelFinal, Rect(size: Self.size), eased),
                             within: 0.01, "dimming at \(t) s")
            #expect(abs(presentation.dimmingView.alpha - 0.5) < 1e-9, "dimming alpha at \(t) s: \(presentation.dimmingView.alpha)")
            #expect(presentation.dimmingView.backgroundColor == .black)
        }
        host.runFrames()
        #expect(panel.frame == Self.panelFinal && presentation.dimmingView.frame == Rect(size: Self.size))
    }

    @Test("the rendered frame at 0.25 s: the white panel and the dimmed band where the formula puts them")
    func presentationPixelsAtHalfTime() throws {
        let page = ModalPage()
        let host = OffscreenWindow(root: page, size: Self.size)
        let before = host.render()
        page.presentOverlay()
        host.frame()
        host.frame(after: 0.25)
        let shot = host.render()
        // ease-in-out(0.5) = 0.5: the panel is (1 + 533) / 2 wide, the dimming 666.5 × 500.
        let eased = TutorialCurves.easeInOut(0.5)
        #expect(abs(eased - 0.5) < 1e-9)
        let panelRect = Self.lerp(Self.panelSliver, Self.panelFinal, eased)
        let dimming = Self.lerp(Self.panelFinal, Rect(size: Self.size), eased)
        // Inside the panel, white; just outside it and inside the dimming, the page at half
        // brightness (black at alpha 0.5 over it); outside the dimming, the page untouched.
        let y = 300
        let left = Int(panelRect.minX.rounded(.up)) + 1, right = Int(panelRect.maxX.rounded(.down)) - 2
        for x in [left, 400, right] {
            #expect(shot.pixel(x: x, y: y) == .white, "panel pixel at x \(x): \(shot.pixel(x: x, y: y))")
        }
        for x in [left - 3, right + 3, Int(dimming.minX) + 2, Int(dimming.maxX) - 3] {
            let page = before.pixel(x: x, y: y), seen = shot.pixel(x: x, y: y)
            let expected = Color(red: page.red * 0.5, green: page.green * 0.5, blue: page.blue * 0.5)
            #expect(Surface.channelDistance(seen, expected) <= 1, "dimmed pixel at x \(x): \(seen), expected \(expected)")
        }
        for x in [Int(dimming.minX) - 2, Int(dimming.maxX) + 1] {
            #expect(shot.pixel(x: x, y: y) == before.pixel(x: x, y: y), "undimmed page at x \(x)")
        }
    }

    @Test("dismissal reverses it: the panel narrows to 1 px on ease-in-out, the dimming fades 0.5 → 0 full-size")
    func dismissalReversesIt() throws {
        let page = ModalPage()
        let host = OffscreenWindow(root: page, size: Self.size)
        page.presentOverlay()
        host.runFrames(seconds: 5)
        let panel = try #require(page.presentedViewController?.view)
        let presentation = try #require(page.presentedViewController?.presentationController as? OverlayPresentationController)
        weak var dimmingView = presentation.dimmingView
        host.key(.escape)
        host.frame()
        var elapsed = 0.0
        for t in Self.times {
            host.frame(after: t - elapsed)
            elapsed = t
            let eased = TutorialCurves.easeInOut(t / Self.duration)
            Self.expectClose(panel.frame, Self.lerp(Self.panelFinal, Self.panelSliver, eased), within: 0.01, "panel at \(t) s")
            #expect(presentation.dimmingView.frame == Rect(size: Self.size), "the dimming stays full-size")
            #expect(abs(presentation.dimmingView.alpha - 0.5 * (1 - eased)) < 0.001,
                    "dimming alpha at \(t) s: \(presentation.dimmingView.alpha), expected \(0.5 * (1 - eased))")
        }
        host.runFrames()
        #expect(page.presentedViewController == nil && dimmingView?.superview == nil)
    }
}
