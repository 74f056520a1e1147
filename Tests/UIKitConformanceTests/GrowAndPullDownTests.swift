import SegueKit
import SegueTesting
import Testing

/// Grow from an icon and pull down to put back (Scenes/GrowFromIcon.swift) on the manual clock,
/// against tutorial 004's figures: 3 s each way on UIKit's default ease-in-out (half way at half
/// time); the page starts at the icon's origin and width, at its full height, and grows to the
/// container while all but its pictures fade in; it goes back onto the icon's rect over the
/// launcher; a pull's progress is its downward travel over the page's height, at least half
/// finishes, and each pull has an interaction controller of its own, a click none.
@MainActor
@Suite("UIKit conformance: a pan-down dismissal with UIView.animate")
struct GrowAndPullDownTests {
    static let size = Size(width: 800, height: 600)
    static let window = Rect(size: size)
    static let icon = IconLauncher.iconFrame
    static let duration = 3.0

    @MainActor
    struct Scene {
        let launcher = IconLauncher()
        let host: OffscreenWindow
        init() { host = OffscreenWindow(root: launcher, size: GrowAndPullDownTests.size) }

        var page: IconPage? { launcher.presentedViewController as? IconPage }

        func begin(_ action: () -> Void) {
            action()
            host.frame()
        }

        func settle() { host.runFrames(seconds: 10) }
    }

    static func fading(_ view: View) -> [View] { view.subviews.filter { !($0 is ImageView) } }

    @Test func growsFromTheIconWhileTheWordsFadeIn() throws {
        let scene = Scene()
        scene.begin { scene.launcher.open() }
        scene.host.frame(after: Self.duration / 2)
        let view = try #require(scene.page).view
        let start = Rect(x: Self.icon.minX, y: Self.icon.minY, width: Self.icon.width, height: Self.size.height)
        #expect(Check.close(view.frame, Rect.interpolate(from: start, to: Self.window, fraction: 0.5)), "\(view.frame)")
        #expect(Self.fading(view).count == 3 && Self.fading(view).allSatisfy { Check.close($0.alpha, 0.5, 0.01) })
        let picture = try #require(view.subviews.first { $0 is ImageView })
        #expect(picture.alpha == 1)
        #expect(Check.close(picture.frame.width, view.frame.width, 0.05), "laid out at every frame of the animation")
        scene.settle()
        #expect(Check.completions(scene.host, .present) == [true])
        #expect(view.frame == Self.window && Self.fading(view).allSatisfy { $0.alpha == 1 })
    }

    @Test func closeShrinksOntoTheIconAndIsNotInteractive() throws {
        let scene = Scene()
        let rootView = scene.host.window.rootView
        scene.launcher.open()
        scene.settle()
        let page = try #require(scene.page)
        scene.begin { scene.host.click(at: Point(x: 84, y: 600 - 44)) }
        #expect(scene.launcher.pullDown == nil)
        #expect(scene.host.window.activeTransitions.last?.isInteractive == false)
        scene.host.frame(after: Self.duration / 2)
        #expect(Check.close(page.view.frame, Rect.interpolate(from: Self.window, to: Self.icon, fraction: 0.5)), "\(page.view.frame)")
        #expect(scene.launcher.view.superview === page.view.superview && !scene.launcher.view.isHidden)
        scene.settle()
        #expect(Check.completions(scene.host, .dismiss) == [true])
        #expect(scene.launcher.presentedViewController == nil)
        #expect(scene.launcher.view.superview === rootView && !scene.launcher.view.isHidden)
        #expect(Check.isColour(scene.host.render().pixel(x: 400, y: 300), IconLauncher.paper))
    }

    @Test func threeSecondsEachWay() throws {
        let scene = Scene()
        #expect(GrowAnimator(growing: true, icon: Self.icon).transitionDuration(using: nil) == Self.duration)
        let open = try scene.host.measureTransition { scene.launcher.open() }
        #expect(Check.lasted(open, Self.duration), "\(open)")
        let page = try #require(scene.page)
        let close = try scene.host.measureTransition { page.dismiss(animated: true) }
        #expect(Check.lasted(close, Self.duration), "\(close)")
    }

    /// 60 points of 600 is short of half: the page comes back whole; 400 is past it: dismissed.
    @Test func pullDownCancelsShortAndFinishesLong() throws {
        let scene = Scene()
        let rootView = scene.host.window.rootView
        scene.launcher.open()
        scene.settle()
        let page = try #require(scene.page)
        scene.host.drag(from: Point(x: 400, y: 200), to: Point(x: 400, y: 260))
        let first = try #require(scene.launcher.pullDown)
        let context = try #require(scene.host.window.activeTransitions.last)
        #expect(context.kind == .dismiss && context.isInteractive)
        #expect(context.percentComplete > 0 && context.percentComplete < 0.5)
        scene.host.release()
        #expect(scene.launcher.pullDown == nil)
        scene.settle()
        #expect(Check.completions(scene.host, .dismiss) == [false])
        #expect(page.view.frame == Self.window && Self.fading(page.view).allSatisfy { $0.alpha == 1 })
        #expect(scene.launcher.view.superview === rootView)

        scene.host.drag(from: Point(x: 400, y: 100), to: Point(x: 400, y: 500))
        let second = try #require(scene.launcher.pullDown)
        #expect(second !== first, "one interaction controller per pull")
        scene.host.release()
        scene.settle()
        #expect(Check.completions(scene.host, .dismiss) == [false, true])
        #expect(scene.launcher.presentedViewController == nil)
        #expect(scene.launcher.view.superview === rootView && !scene.launcher.view.isHidden)
    }
}
