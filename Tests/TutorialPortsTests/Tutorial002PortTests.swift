import Foundation
import SegueKit
import SegueTesting
import Testing

/// Tutorial 002's own classes (Ports/FlipPresentAnimationController, FlipDismissAnimationController,
/// SwipeInteractionController, CardViewController+TransitioningDelegate) offscreen on the manual
/// clock, with the assertions of the demo's own card flip (DemosTests/CardFlipTests). Expected
/// values are the tutorial's: 0.6 s each way in three equal keyframes (the card page turns
/// 0 → −90°, the reveal snapshot +90° → 0 in the card's rect, then grows to the window while its
/// corners go to 0), one perspective m34 = −1/500 on the container, the edge pan's dx / 200 px
/// clamped, "> 0.5" at the last move.
@MainActor
@Suite("Tutorial 002 ported: card flip")
struct Tutorial002PortTests {
    static let size = Size(width: 800, height: 600)
    static let full = Rect(size: size)
    static let card = CardViewController.cardFrame
    static let duration = 0.6

    @MainActor
    struct Scene {
        let page = CardViewController()
        let host: OffscreenWindow
        init() { host = OffscreenWindow(root: page, size: Tutorial002PortTests.size) }

        var reveal: RevealViewController? { page.presentedViewController as? RevealViewController }
        var container: View? { reveal?.presentationController?.containerView }
        /// The tutorial's snapshot: the container's image view.
        var snapshot: View? { container?.subviews.first { $0 is ImageView } }

        func start(_ action: () -> Void) {
            action()
            host.frame()
        }

        func settle() { host.runFrames(seconds: 5) }

        func completions(_ kind: TransitionKind) -> [Bool] {
            host.completions.filter { $0.kind == kind }.compactMap(\.completed)
        }
    }

    static func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-3) -> Bool { abs(a - b) <= tolerance }
    static func close(_ a: Rect, _ b: Rect, _ tolerance: Double = 0.05) -> Bool {
        close(a.minX, b.minX, tolerance) && close(a.minY, b.minY, tolerance)
            && close(a.width, b.width, tolerance) && close(a.height, b.height, tolerance)
    }
    static func isColour(_ a: Color, _ b: Color) -> Bool {
        max(abs(a.red - b.red), abs(a.green - b.green), abs(a.blue - b.blue)) * 255 <= 3
    }

    @Test func presentTurnsTheCardPageAwayThenTheRevealInThenGrows() throws {
        let scene = Scene()
        scene.start { scene.page.presentReveal() }
        scene.host.frame(after: 0.1)
        let container = try #require(scene.container)
        let reveal = try #require(scene.reveal)
        let snapshot = try #require(scene.snapshot)
        #expect(container.sublayerPerspectiveDistance == 500, "m34 = −0.002 on the container")
        #expect(reveal.view.frame == Self.full, "UIKit sized the reveal page before animateTransition")
        #expect(reveal.view.isHidden)
        // Half of the first third: the card page at −45° (each keyframe eases in and out).
        #expect(Self.close(scene.page.view.rotationY, -.pi / 4), "\(scene.page.view.rotationY)")
        #expect(Self.close(snapshot.rotationY, .pi / 2) && snapshot.frame == Self.card && snapshot.cornerRadius == 25)
        scene.host.frame(after: 0.2)
        #expect(Self.close(scene.page.view.rotationY, -.pi / 2))
        #expect(Self.close(snapshot.rotationY, .pi / 4), "half of the second third: \(snapshot.rotationY)")
        #expect(snapshot.frame == Self.card)
        scene.host.frame(after: 0.2)
        #expect(Self.close(snapshot.rotationY, 0))
        #expect(Self.close(snapshot.frame, Rect.interpolate(from: Self.card, to: Self.full, fraction: 0.5)), "\(snapshot.frame)")
        #expect(Self.close(snapshot.cornerRadius, 12.5, 0.01))
        scene.settle()
        #expect(scene.completions(.present) == [true])
        #expect(!reveal.view.isHidden && reveal.view.frame == Self.full)
        #expect(scene.page.view.rotationY == 0, "CATransform3DIdentity restored")
        #expect(scene.snapshot == nil)
    }

    @Test func dismissReversesAndPutsTheCardPageBackInTheWindow() throws {
        let scene = Scene()
        let rootView = scene.host.window.rootView
        scene.page.presentReveal()
        scene.settle()
        let reveal = try #require(scene.reveal)
        scene.start { reveal.dismiss(animated: true) }
        scene.host.frame(after: 0.1)
        let container = try #require(scene.container)
        let snapshot = try #require(scene.snapshot)
        #expect(scene.page.view.superview === container, "the tutorial puts the card page in the container")
        #expect(Self.close(snapshot.frame, Rect.interpolate(from: Self.full, to: Self.card, fraction: 0.5)), "\(snapshot.frame)")
        #expect(Self.close(scene.page.view.rotationY, -.pi / 2))
        scene.host.frame(after: 0.2)
        #expect(Self.close(snapshot.rotationY, .pi / 4))
        scene.host.frame(after: 0.2)
        #expect(Self.close(scene.page.view.rotationY, -.pi / 4))
        scene.settle()
        #expect(scene.completions(.dismiss) == [true])
        #expect(scene.page.presentedViewController == nil)
        #expect(scene.page.view.superview === rootView, "the presenter is back in the window")
        #expect(!scene.page.view.isHidden && scene.page.view.rotationY == 0)
        let shot = scene.host.render()
        #expect(Self.isColour(shot.pixel(x: 100, y: 300), CardViewController.background))
        #expect(Self.isColour(shot.pixel(x: 400, y: 300), CardViewController.cardColour))
    }

    @Test func durationsAreTheTutorials() throws {
        let scene = Scene()
        let present = try scene.host.measureTransition { scene.page.presentReveal() }
        #expect(present >= Self.duration - 1e-9 && present < Self.duration + OffscreenWindow.frameInterval + 1e-9, "\(present)")
        let reveal = try #require(scene.reveal)
        let dismiss = try scene.host.measureTransition { reveal.dismiss(animated: true) }
        #expect(dismiss >= Self.duration - 1e-9 && dismiss < Self.duration + OffscreenWindow.frameInterval + 1e-9, "\(dismiss)")
    }

    /// dx / 200 px, clamped: 80 px is 0.4, not past half: cancelled, and the card page (which the
    /// animator takes out of the container when cancelled) keeps its place in the window; 150 px
    /// is 0.75: dismissed.
    @Test func edgeSwipeUsesDxOver200AndFinishesAboveHalf() throws {
        let scene = Scene()
        let rootView = scene.host.window.rootView
        scene.page.presentReveal()
        scene.settle()
        let reveal = try #require(scene.reveal)
        scene.host.drag(from: Point(x: 5, y: 300), to: Point(x: 85, y: 300))
        let context = try #require(scene.host.window.activeTransitions.last)
        #expect(context.kind == .dismiss && context.isInteractive)
        #expect(Self.close(context.percentComplete, 0.4), "\(context.percentComplete)")
        scene.host.release()
        scene.settle()
        #expect(scene.completions(.dismiss) == [false])
        #expect(scene.page.presentedViewController === reveal && !reveal.view.isHidden)
        #expect(scene.page.view.superview === rootView, "removed by the animator, put back by the toolkit")
        #expect(Self.isColour(scene.host.render().pixel(x: 100, y: 300), RevealViewController.background))

        scene.host.drag(from: Point(x: 5, y: 300), to: Point(x: 405, y: 300))
        #expect(Self.close(scene.host.window.activeTransitions.last?.percentComplete ?? -1, 1), "clamped to 1")
        scene.host.release()
        scene.settle()
        #expect(scene.completions(.dismiss) == [false, true])
        #expect(scene.page.presentedViewController == nil)
        #expect(scene.page.view.superview === rootView && !scene.page.view.isHidden)
    }

    /// "> 0.5" at the last move: exactly half (100 px) cancels.
    @Test func exactlyHalfCancels() throws {
        let scene = Scene()
        scene.page.presentReveal()
        scene.settle()
        scene.host.drag(from: Point(x: 5, y: 300), to: Point(x: 105, y: 300))
        scene.host.release()
        scene.settle()
        #expect(scene.completions(.dismiss) == [false])
    }

    /// A screen-edge pan: a drag that starts away from the left edge does nothing.
    @Test func swipeNeedsTheLeftEdge() throws {
        let scene = Scene()
        scene.page.presentReveal()
        scene.settle()
        scene.host.drag(from: Point(x: 300, y: 300), to: Point(x: 600, y: 300))
        scene.host.release()
        scene.settle()
        #expect(scene.completions(.dismiss).isEmpty)
        #expect(scene.reveal != nil)
    }
}
