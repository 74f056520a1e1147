import Geometry
import Canvas
import Motion
import Segue
import SegueTesting
import Testing

/// The user's motion preferences offscreen: reduced motion turns a clicked push into a
/// cross-fade (every changed pixel the mix of start and end at one common fraction, nothing
/// offset), animations off completes a push at the next frame with one completion, and a
/// gesture follows the finger 1:1 under both.
@MainActor
@Suite("Motion preferences")
struct MotionPreferencesTests {
    private func fixture(_ motion: MotionPreferences) -> NavigationFixture {
        let demo = NavigationFixture()
        demo.host.window.settings.motion = motion
        return demo
    }

    /// The common fraction `f` with `mid = start + f · (end − start)`, fitted over the pixels of
    /// the page (below the navigation bar, whose titles fade one after the other) that differ
    /// between `start` and `end`, and the largest distance (0…255) of any of them from that mix.
    private func commonMix(start: Surface, mid: Surface, end: Surface) -> (fraction: Double, worst: Double, changed: Int) {
        var numerator = 0.0, denominator = 0.0, changed = 0
        var samples: [(Color, Color, Color)] = []
        for y in Int(NavigationBar.height)..<start.height {
            for x in 0..<start.width {
                let a = start.pixel(x: x, y: y), b = end.pixel(x: x, y: y)
                guard Surface.channelDistance(a, b) > 24 else { continue }
                let m = mid.pixel(x: x, y: y)
                changed += 1
                samples.append((a, m, b))
                for (p, q, r) in [(a.red, m.red, b.red), (a.green, m.green, b.green), (a.blue, m.blue, b.blue)] {
                    numerator += (q - p) * (r - p)
                    denominator += (r - p) * (r - p)
                }
            }
        }
        let f = denominator > 0 ? numerator / denominator : 0
        var worst = 0.0
        for (a, m, b) in samples {
            for (p, q, r) in [(a.red, m.red, b.red), (a.green, m.green, b.green), (a.blue, m.blue, b.blue)] {
                worst = max(worst, abs(q - (p + f * (r - p))) * 255)
            }
        }
        return (f, worst, changed)
    }

    @Test func reducedMotionTurnsAClickedPushIntoACrossFadeAtOneCommonFraction() throws {
        let demo = fixture(MotionPreferences(reducesMotion: true))
        let start = demo.host.render()
        demo.host.click(at: demo.rowPoint(0))
        demo.host.frame()   // the timeline starts
        // 0.1 s into the 0.25 s fade.
        for _ in 0..<6 { demo.host.frame() }
        let mid = demo.host.render()
        let detail = try #require(demo.navigation.viewControllers.last)
        #expect(detail.view.transform == .identity, "nothing slides")
        demo.host.runFrames()
        let end = demo.host.render()
        #expect(demo.navigation.viewControllers.count == 2)
        let mix = commonMix(start: start, mid: mid, end: end)
        #expect(mix.changed > 1000, "the push changed the page")
        #expect(mix.fraction > 0.05 && mix.fraction < 0.95, "caught mid-fade: \(mix.fraction)")
        // Text edges are antialiased and the bar's title is drawn over: 1/255 rounding at most
        // in the mix itself, a few levels where glyph coverage rounds.
        #expect(mix.worst <= 6, "every changed pixel is the common mix: worst \(mix.worst) at f \(mix.fraction)")
        #expect(demo.host.completions.count == 1)
    }

    @Test func withFullMotionTheSamePushSlidesAndIsNoCrossFade() throws {
        // The check above fails for a slide: the same measurement, caught mid-way.
        let demo = fixture(MotionPreferences())
        let start = demo.host.render()
        demo.host.click(at: demo.rowPoint(0))
        demo.host.frame()
        for _ in 0..<6 { demo.host.frame() }
        let mid = demo.host.render()
        demo.host.runFrames()
        let mix = commonMix(start: start, mid: mid, end: demo.host.render())
        #expect(mix.worst > 40, "a slide is not a mix: worst \(mix.worst)")
    }

    @Test func reducedMotionUsesAnAnimatorsOwnVariant() throws {
        final class Spin: AnimatedTransitioning {
            let variant = CrossFadeAnimator(duration: 0.1)
            func transitionDuration(using context: TransitionContext?) -> Double { 1 }
            func animateTransition(using context: TransitionContext) {
                context.animate({ context.view(forKey: .to)?.rotationY = .pi }, completion: { _ in
                    context.completeTransition(!context.transitionWasCancelled)
                })
            }
            func reducedMotionVariant(using context: TransitionContext) -> AnimatedTransitioning? { variant }
        }
        final class Delegate: NavigationControllerDelegate {
            let spin = Spin()
            func navigationController(_ navigationController: NavigationController, animationControllerFor operation: NavigationOperation,
                                      from: ViewController, to: ViewController) -> AnimatedTransitioning? { spin }
        }
        let demo = fixture(MotionPreferences(reducesMotion: true))
        let delegate = Delegate()
        demo.navigation.delegate = delegate
        demo.host.click(at: demo.rowPoint(0))
        demo.host.frame()
        let took = demo.host.runFrames()
        #expect(abs(took - 0.1) < 0.02, "the variant's 0.1 s, not the animator's 1 s: \(took)")
        #expect(demo.navigation.viewControllers.last?.view.rotationY == 0)
    }

    @Test func animationsOffCompleteAPushAtTheNextFrameWithOneCompletion() throws {
        let demo = fixture(MotionPreferences(animationsEnabled: false))
        demo.host.click(at: demo.rowPoint(0))
        #expect(demo.host.traceEvents == [.begin])
        demo.host.frame()
        #expect(demo.host.traceEvents == [.begin, .complete], "begin and complete with no frame between")
        #expect(demo.navigation.viewControllers.count == 2)
        #expect(demo.navigation.viewControllers.last?.view.frame == demo.navigation.containerView.bounds)
        #expect(!demo.host.window.wantsFrames, "nothing left to animate")
    }

    @Test(arguments: [MotionPreferences(reducesMotion: true), MotionPreferences(animationsEnabled: false)])
    func anEdgeDragStillFollowsTheFinger(_ motion: MotionPreferences) throws {
        let demo = fixture(motion)
        try #require(demo.pushByTappingRow(0) != nil)
        let detail = try #require(demo.navigation.topViewController)
        demo.host.press(at: demo.edgePoint())
        demo.host.moveLinearly(to: Point(x: 0.4 * demo.width, y: 160))
        demo.host.frame()
        // The page under the finger: 40 % of the width to the right, 1:1.
        let shown = detail.view.frame.minX + detail.view.transform.tx
        #expect(abs(shown - 0.4 * demo.width) <= 1, "held at 40 %: \(shown)")
        demo.host.release()
        demo.host.runFrames()
        #expect(demo.host.completions.last?.completed != nil)
    }

    @Test func animationsOffSendAReleasedPopStraightToItsEnd() throws {
        let demo = fixture(MotionPreferences(animationsEnabled: false))
        try #require(demo.pushByTappingRow(0) != nil)
        demo.host.press(at: demo.edgePoint())
        demo.host.moveLinearly(to: Point(x: 0.7 * demo.width, y: 160))
        demo.host.frame()
        demo.host.release()
        demo.host.frame()
        #expect(demo.navigation.viewControllers.count == 1, "past half-way: popped at the first frame after release")
        #expect(demo.host.completions.count == 2)
    }
}

/// The palette follows the window's traits at the next frame, and an app's explicit colours stay.
@MainActor
@Suite("Dark style")
struct DarkStyleTests {
    @Test func theToolkitsViewsTurnDarkAtTheNextFrameAndBack() throws {
        let demo = NavigationFixture()
        let light = demo.host.render()
        let navigationBar = Point(x: 300, y: 5)
        #expect(Surface.channelDistance(light.pixel(x: 300, y: 5), Color(hex: 0xF9F9FB)) <= 1)
        demo.host.window.settings.traits.userInterfaceStyle = .dark
        let dark = demo.host.render()
        // libadwaita's dark style: a #242424 page, the toolkit's #2E2E2E bars.
        #expect(Surface.channelDistance(dark.pixel(x: Int(navigationBar.x), y: Int(navigationBar.y)), Color(hex: 0x2E2E2E)) <= 1)
        #expect(demo.list.view.backgroundColor == Color(hex: 0x242424), "the page")
        demo.host.window.settings.traits.userInterfaceStyle = .light
        #expect(demo.host.render().isPixelEqual(to: light), "back to light: the very same pixels")
    }

    @Test func anAppsOwnColoursStayWhenTheStyleChanges() {
        let page = ViewController(title: "Own")
        let label = Label(text: "Fixed", color: Color(hex: 0x112233))
        let host = OffscreenWindow(root: page)
        page.view.backgroundColor = Color(hex: 0xABCDEF)
        page.view.addSubview(label)
        host.window.settings.traits.userInterfaceStyle = .dark
        #expect(label.textColor == Color(hex: 0x112233))
        #expect(page.view.backgroundColor == Color(hex: 0xABCDEF))
    }

    @Test func viewsAddedLaterTakeTheWindowsTraits() {
        let page = ViewController(title: "Later")
        let host = OffscreenWindow(root: page)
        host.window.settings.traits.userInterfaceStyle = .dark
        let label = Label(text: "New")
        page.view.addSubview(label)
        #expect(label.traitCollection.userInterfaceStyle == .dark)
        #expect(label.textColor == .white)
    }

    @Test func theAccentIsMadeReadableOnTheDarkPage() {
        // A dark accent (navy) on the dark page is lightened until its OKLab lightness is 0.3
        // above the page's; on the light page a light accent is darkened the same way.
        let navy = Color(hex: 0x102040)
        let onDark = Palette(for: TraitCollection(userInterfaceStyle: .dark, accentColor: navy)).accent
        #expect(OKLab(onDark).L - OKLab(Color(hex: 0x242424)).L >= 0.3 - 1e-6)
        let pale = Color(hex: 0xC0F0C0)
        let onLight = Palette(for: TraitCollection(accentColor: pale)).accent
        #expect(OKLab(Color.white).L - OKLab(onLight).L >= 0.3 - 1e-6)
        let green = Color(red: 0.2, green: 0.6, blue: 0.3)
        #expect(Palette(for: TraitCollection(accentColor: green)).accent == green, "readable already: kept as sent")
    }
}
