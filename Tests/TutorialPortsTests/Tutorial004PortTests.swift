import Foundation
import SegueKit
import SegueTesting
import Testing

/// Tutorial 004's own classes (Ports/AnimationController, ViewController+TransitioningDelegate,
/// DetailViewController) offscreen on the manual clock, with the assertions of the demo's own
/// expand (DemosTests/ModalScenesTests). Expected values are the tutorial's: 3.0 s each way on
/// UIView.animate's default ease-in-out; presenting, the detail page starts at the icon's origin
/// and width with its height unchanged and grows to the container while every subview but the
/// image view fades in; dismissing, the reverse onto the icon's frame over the root page; a pan
/// down: progress = dy / the page's height, "≥ 0.5" finishes, a fresh interaction controller per
/// pan, none for the button.
@MainActor
@Suite("Tutorial 004 ported: expand from the icon")
struct Tutorial004PortTests {
    static let size = Size(width: 800, height: 600)
    static let full = Rect(size: size)
    static let icon = RootViewController.iconFrame
    static let duration = 3.0

    /// The tutorial's detail page holds its root strongly (`rootViewController`), as UIKit's
    /// app does; UIKit breaks that cycle at dismissal. A test that ends while the page is
    /// presented breaks it here, so the leak checker sees the scene go.
    @MainActor
    final class Scene {
        let root = RootViewController()
        let host: OffscreenWindow
        init() { host = OffscreenWindow(root: root, size: Tutorial004PortTests.size) }
        isolated deinit { (root.presentedViewController as? DetailViewController)?.rootViewController = nil }

        var detail: DetailViewController? { root.presentedViewController as? DetailViewController }

        func start(_ action: () -> Void) {
            action()
            host.frame()
        }

        func settle() { host.runFrames(seconds: 10) }

        func completions(_ kind: TransitionKind) -> [Bool] {
            host.completions.filter { $0.kind == kind }.compactMap(\.completed)
        }
    }

    static func close(_ a: Double, _ b: Double, _ tolerance: Double = 0.05) -> Bool { abs(a - b) <= tolerance }
    static func close(_ a: Rect, _ b: Rect) -> Bool {
        close(a.minX, b.minX) && close(a.minY, b.minY) && close(a.width, b.width) && close(a.height, b.height)
    }
    static func isColour(_ a: Color, _ b: Color) -> Bool {
        max(abs(a.red - b.red), abs(a.green - b.green), abs(a.blue - b.blue)) * 255 <= 3
    }
    static func fading(_ view: View) -> [View] { view.subviews.filter { !($0 is ImageView) } }

    @Test func presentGrowsFromTheIconWhileTheRestFadesIn() throws {
        let scene = Scene()
        scene.start { scene.root.presentDetail() }
        scene.host.frame(after: Self.duration / 2)
        let detail = try #require(scene.detail)
        let view = detail.view
        // Ease-in-out at half time is half way: from (icon origin, icon width, full height).
        let start = Rect(x: Self.icon.minX, y: Self.icon.minY, width: Self.icon.width, height: Self.size.height)
        #expect(Self.close(view.frame, Rect.interpolate(from: start, to: Self.full, fraction: 0.5)), "\(view.frame)")
        #expect(view.frame.height == Self.size.height, "the height stays the page's")
        #expect(Self.fading(view).count == 3 && Self.fading(view).allSatisfy { Self.close($0.alpha, 0.5, 0.01) })
        let picture = try #require(view.subviews.first { $0 is ImageView })
        #expect(picture.alpha == 1, "the image view does not fade")
        #expect(Self.close(picture.frame.width, view.frame.width), "laid out for this frame")
        scene.settle()
        #expect(scene.completions(.present) == [true])
        #expect(view.frame == Self.full && Self.fading(view).allSatisfy { $0.alpha == 1 })
    }

    @Test func closeButtonDismissesOntoTheIconOverTheRootPage() throws {
        let scene = Scene()
        let rootView = scene.host.window.rootView
        scene.root.presentDetail()
        scene.settle()
        let detail = try #require(scene.detail)
        scene.start { scene.host.click(at: Point(x: 90, y: 600 - 42)) }
        #expect(scene.root.interactionController == nil, "a click is not interactive")
        scene.host.frame(after: Self.duration / 2)
        #expect(Self.close(detail.view.frame, Rect.interpolate(from: Self.full, to: Self.icon, fraction: 0.5)), "\(detail.view.frame)")
        #expect(scene.root.view.superview === detail.view.superview, "inserted below the detail page")
        #expect(!scene.root.view.isHidden, "the root page shows underneath")
        scene.settle()
        #expect(scene.completions(.dismiss) == [true])
        let interactive = scene.host.trace.filter { $0.kind == .dismiss && $0.event == .begin }.map(\.interactive)
        #expect(interactive == [false])
        #expect(scene.root.presentedViewController == nil)
        #expect(scene.root.view.superview === rootView && !scene.root.view.isHidden, "the presenter is back in the window")
        #expect(Self.isColour(scene.host.render().pixel(x: 400, y: 300), RootViewController.background))
    }

    @Test func durationsAreTheTutorials() throws {
        let scene = Scene()
        let present = try scene.host.measureTransition { scene.root.presentDetail() }
        #expect(present >= Self.duration - 1e-9 && present < Self.duration + OffscreenWindow.frameInterval + 1e-9, "\(present)")
        let detail = try #require(scene.detail)
        let dismiss = try scene.host.measureTransition { detail.dismiss(animated: true) }
        #expect(dismiss >= Self.duration - 1e-9 && dismiss < Self.duration + OffscreenWindow.frameInterval + 1e-9, "\(dismiss)")
    }

    /// A short pan down cancels (the page comes back whole); a long one dismisses; each pan had
    /// its own interaction controller, dropped at release.
    @Test func panDownDismissesInteractively() throws {
        let scene = Scene()
        let rootView = scene.host.window.rootView
        scene.root.presentDetail()
        scene.settle()
        let detail = try #require(scene.detail)
        scene.host.drag(from: Point(x: 400, y: 200), to: Point(x: 400, y: 260))
        let first = try #require(scene.root.interactionController)
        let context = try #require(scene.host.window.activeTransitions.last)
        #expect(context.kind == .dismiss && context.isInteractive)
        #expect(context.percentComplete > 0 && context.percentComplete < 0.5)
        scene.host.release()
        #expect(scene.root.interactionController == nil)
        scene.settle()
        #expect(scene.completions(.dismiss) == [false])
        #expect(detail.view.frame == Self.full && Self.fading(detail.view).allSatisfy { $0.alpha == 1 })
        #expect(scene.root.view.superview === rootView)

        scene.host.drag(from: Point(x: 400, y: 100), to: Point(x: 400, y: 500))
        let second = try #require(scene.root.interactionController)
        #expect(second !== first, "a fresh interaction controller")
        scene.host.release()
        scene.settle()
        #expect(scene.completions(.dismiss) == [false, true])
        #expect(scene.root.presentedViewController == nil)
        #expect(scene.root.view.superview === rootView && !scene.root.view.isHidden)
    }
}
