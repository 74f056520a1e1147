import SegueKit
import SegueTesting
import Testing

/// The page turn (Scenes/PageTurn.swift) on the manual clock, against tutorial 002's figures:
/// 0.6 s each way in three equal keyframes, each eased in and out; the presenter turns from flat
/// to −90°; the presented page's snapshot, on the tile with corners of 25, turns from +90° to
/// flat, then grows to the window while its corners go to 0; one perspective of m34 = −1/500 on
/// the container; the edge swipe's progress is its travel over 200 points, clamped to 0…1, and
/// only more than half finishes.
@MainActor
@Suite("UIKit conformance: a page turn with a snapshot, keyframes and perspective")
struct PageTurnTests {
    static let size = Size(width: 800, height: 600)
    static let window = Rect(size: size)
    static let tile = TileSheet.tileFrame
    static let quarter = Double.pi / 2

    @MainActor
    struct Scene {
        let sheet = TileSheet()
        let host: OffscreenWindow
        init() { host = OffscreenWindow(root: sheet, size: PageTurnTests.size) }

        var back: TileBackSide? { sheet.presentedViewController as? TileBackSide }
        var container: View? { back?.presentationController?.containerView }
        var snapshot: View? { container?.subviews.first { $0 is ImageView } }

        func begin(_ action: () -> Void) {
            action()
            host.frame()
        }

        func settle() { host.runFrames(seconds: 5) }
    }

    @Test func turningOverRunsItsThreeKeyframesInPerspective() throws {
        let scene = Scene()
        scene.begin { scene.sheet.showBackSide() }
        scene.host.frame(after: 0.1)
        let container = try #require(scene.container)
        let back = try #require(scene.back)
        let picture = try #require(scene.snapshot)
        #expect(container.sublayerPerspectiveDistance == 500)
        #expect(scene.sheet.lastTurn?.presentedFrameAtStart == Self.window, "sized before animateTransition")
        #expect(back.view.isHidden, "the snapshot stands in for it")
        #expect(Check.close(scene.sheet.view.rotationY, -Self.quarter / 2), "\(scene.sheet.view.rotationY)")
        #expect(Check.close(picture.rotationY, Self.quarter) && picture.frame == Self.tile && picture.cornerRadius == 25)
        scene.host.frame(after: 0.2)
        #expect(Check.close(scene.sheet.view.rotationY, -Self.quarter))
        #expect(Check.close(picture.rotationY, Self.quarter / 2), "\(picture.rotationY)")
        scene.host.frame(after: 0.2)
        #expect(Check.close(picture.rotationY, 0))
        #expect(Check.close(picture.frame, Rect.interpolate(from: Self.tile, to: Self.window, fraction: 0.5)), "\(picture.frame)")
        #expect(Check.close(picture.cornerRadius, 12.5, 0.01))
        scene.settle()
        #expect(Check.completions(scene.host, .present) == [true])
        #expect(!back.view.isHidden && back.view.frame == Self.window)
        #expect(scene.sheet.view.rotationY == 0 && scene.snapshot == nil)
    }

    @Test func contextNamesItsControllersByKey() throws {
        let scene = Scene()
        scene.begin { scene.sheet.showBackSide() }
        let context = try #require(scene.host.window.activeTransitions.last)
        #expect(context.viewController(forKey: .from) === scene.sheet)
        #expect(context.viewController(forKey: .to) === scene.back)
        #expect(context.initialFrame(for: scene.sheet) == Self.window, "the presenter starts where it is: the whole window")
        scene.settle()
        let back = try #require(scene.back)
        scene.begin { back.dismiss(animated: true) }
        let dismissal = try #require(scene.host.window.activeTransitions.last)
        #expect(dismissal.viewController(forKey: .from) === back)
        #expect(dismissal.viewController(forKey: .to) === scene.sheet)
        scene.settle()
    }

    @Test func beingPresentedAndBeingDismissedHoldOnlyWhileTheyRun() throws {
        let scene = Scene()
        scene.begin { scene.sheet.showBackSide() }
        let back = try #require(scene.back)
        #expect(back.isBeingPresented && !back.isBeingDismissed)
        scene.settle()
        #expect(!back.isBeingPresented && !back.isBeingDismissed)
        scene.begin { back.dismiss(animated: true) }
        #expect(back.isBeingDismissed && !back.isBeingPresented)
        scene.settle()
        #expect(!back.isBeingPresented && !back.isBeingDismissed)
    }

    @Test func turningBackReversesAndTheSheetIsBackInTheWindow() throws {
        let scene = Scene()
        let rootView = scene.host.window.rootView
        scene.sheet.showBackSide()
        scene.settle()
        let back = try #require(scene.back)
        scene.begin { back.dismiss(animated: true) }
        scene.host.frame(after: 0.1)
        let picture = try #require(scene.snapshot)
        #expect(Check.close(picture.frame, Rect.interpolate(from: Self.window, to: Self.tile, fraction: 0.5)), "\(picture.frame)")
        #expect(Check.close(scene.sheet.view.rotationY, -Self.quarter))
        scene.host.frame(after: 0.2)
        #expect(Check.close(picture.rotationY, Self.quarter / 2))
        scene.host.frame(after: 0.2)
        #expect(Check.close(scene.sheet.view.rotationY, -Self.quarter / 2))
        scene.settle()
        #expect(Check.completions(scene.host, .dismiss) == [true])
        #expect(scene.sheet.presentedViewController == nil)
        #expect(scene.sheet.view.superview === rootView && !scene.sheet.view.isHidden)
        let shot = scene.host.render()
        #expect(Check.isColour(shot.pixel(x: 100, y: 300), TileSheet.paper))
        #expect(Check.isColour(shot.pixel(x: 400, y: 300), TileSheet.tileColour))
    }

    @Test func bothWaysTakeSixTenthsOfASecond() throws {
        let scene = Scene()
        #expect(PageTurnAnimator(.turnOver, tile: Self.tile).transitionDuration(using: nil) == 0.6)
        let over = try scene.host.measureTransition { scene.sheet.showBackSide() }
        #expect(Check.lasted(over, 0.6), "\(over)")
        let back = try #require(scene.back)
        let under = try scene.host.measureTransition { back.dismiss(animated: true) }
        #expect(Check.lasted(under, 0.6), "\(under)")
    }

    /// 80 points is 0.4: let go there and the turn goes back, the back side stays, and the sheet
    /// (which the animator left in the container) is back in its place in the window. 400 points
    /// is clamped to 1: let go and the sheet is back on top.
    @Test func edgeSwipeUpdatesThenCancelsThenFinishes() throws {
        let scene = Scene()
        let rootView = scene.host.window.rootView
        scene.sheet.showBackSide()
        scene.settle()
        let back = try #require(scene.back)
        scene.host.drag(from: Point(x: 5, y: 300), to: Point(x: 85, y: 300))
        let context = try #require(scene.host.window.activeTransitions.last)
        #expect(context.kind == .dismiss && context.isInteractive)
        #expect(Check.close(context.percentComplete, 0.4), "\(context.percentComplete)")
        scene.host.release()
        scene.settle()
        #expect(Check.completions(scene.host, .dismiss) == [false])
        #expect(scene.sheet.presentedViewController === back && !back.view.isHidden)
        #expect(scene.sheet.view.superview === rootView, "the presenter restored after a cancelled dismissal")
        #expect(Check.isColour(scene.host.render().pixel(x: 100, y: 300), TileBackSide.field))

        scene.host.drag(from: Point(x: 5, y: 300), to: Point(x: 405, y: 300))
        #expect(Check.close(scene.host.window.activeTransitions.last?.percentComplete ?? -1, 1), "clamped")
        scene.host.release()
        scene.settle()
        #expect(Check.completions(scene.host, .dismiss) == [false, true])
        #expect(scene.sheet.presentedViewController == nil)
        #expect(scene.sheet.view.superview === rootView && !scene.sheet.view.isHidden)
    }

    /// Exactly half (100 points) is not more than half: the turn goes back.
    @Test func exactlyHalfGoesBack() throws {
        let scene = Scene()
        scene.sheet.showBackSide()
        scene.settle()
        scene.host.drag(from: Point(x: 5, y: 300), to: Point(x: 105, y: 300))
        scene.host.release()
        scene.settle()
        #expect(Check.completions(scene.host, .dismiss) == [false])
    }

    /// A drag that starts away from the left edge is no screen-edge pan.
    @Test func theSwipeMustStartAtTheEdge() throws {
        let scene = Scene()
        scene.sheet.showBackSide()
        scene.settle()
        scene.host.drag(from: Point(x: 300, y: 300), to: Point(x: 600, y: 300))
        scene.host.release()
        scene.settle()
        #expect(Check.completions(scene.host, .dismiss).isEmpty)
        #expect(scene.back != nil)
    }

    /// Esc (a plain dismissal, no swipe) is not handed the interaction controller, so it runs on
    /// its own clock to the end.
    @Test func aPlainDismissalIsNotInteractive() throws {
        let scene = Scene()
        scene.sheet.showBackSide()
        scene.settle()
        let back = try #require(scene.back)
        scene.begin { back.dismiss(animated: true) }
        #expect(scene.host.window.activeTransitions.last?.isInteractive == false)
        scene.settle()
        #expect(Check.completions(scene.host, .dismiss) == [true])
    }
}
