import Geometry
import Motion
import Segue
import SegueTesting
import Testing

/// The coordinator as UIKit has it: `transitionCoordinator` only during a transition,
/// `initiallyInteractive`, alongside animations on the transition's own curve,
/// `notifyWhenInteractionEnds` (tutorial 000's undo-on-cancel pattern) and `animationEnded(_:)`.
@MainActor
@Suite("Transition coordinator")
struct TransitionCoordinatorTests {
    /// A page that records what the coordinator tells it.
    final class Page: ViewController {
        var coordinatorAtWillAppear: TransitionCoordinator?
        var initiallyInteractiveAtWillAppear: Bool?
        var sideEffects = 0
        var undone = 0

        override func viewWillAppear(_ animated: Bool) {
            coordinatorAtWillAppear = transitionCoordinator
            guard let coordinator = transitionCoordinator else { return }
            initiallyInteractiveAtWillAppear = coordinator.initiallyInteractive
            sideEffects += 1
            // Tutorial 000: only an interactive transition can be cancelled, so only then is
            // there anything to undo.
            if coordinator.initiallyInteractive {
                coordinator.notifyWhenInteractionEnds { [weak self] context in
                    if context.isCancelled { self?.undone += 1 }
                }
            }
        }
    }

    /// Counts `animationEnded(_:)` on top of the default slide's behaviour.
    final class CountingSlide: AnimatedTransitioning {
        let slide: SlideAnimator
        var ended: [Bool] = []
        init(_ direction: Direction) { slide = SlideAnimator(direction: direction) }
        func transitionDuration(using context: TransitionContext?) -> Double { slide.transitionDuration(using: context) }
        func animateTransition(using context: TransitionContext) { slide.animateTransition(using: context) }
        func animationEnded(_ transitionCompleted: Bool) { ended.append(transitionCompleted) }
    }

    final class Delegate: NavigationControllerDelegate {
        var animators: [CountingSlide] = []
        func navigationController(_ navigationController: NavigationController, animationControllerFor operation: NavigationOperation,
                                  from: ViewController, to: ViewController) -> AnimatedTransitioning? {
            let animator = CountingSlide(operation == .push ? .left : .right)
            animators.append(animator)
            return animator
        }
    }

    let root = Page(title: "Root")
    let second = Page(title: "Second")
    let navigation: NavigationController
    let delegate = Delegate()
    let host: OffscreenWindow

    init() {
        navigation = NavigationController(rootViewController: root)
        navigation.delegate = delegate
        host = OffscreenWindow(root: navigation)
        host.runFrames()
    }

    @Test func theCoordinatorExistsOnlyDuringATransition() {
        #expect(root.transitionCoordinator == nil && navigation.transitionCoordinator == nil)
        navigation.pushViewController(second)
        let coordinator = second.transitionCoordinator
        #expect(coordinator != nil, "the incoming page has it")
        #expect(root.transitionCoordinator === coordinator && navigation.transitionCoordinator === coordinator,
                "the outgoing page and the container share it")
        #expect(second.coordinatorAtWillAppear === coordinator, "viewWillAppear already sees it")
        #expect(second.initiallyInteractiveAtWillAppear == false, "a push by code is not interactive")
        host.runFrames()
        #expect(second.transitionCoordinator == nil && root.transitionCoordinator == nil && navigation.transitionCoordinator == nil)
        #expect(delegate.animators.last?.ended == [true], "animationEnded(true) once")
    }

    @Test func alongsideAnimationsFollowTheTransitionsOwnCurve() throws {
        let marker = View()
        navigation.view.addSubview(marker)
        navigation.pushViewController(second)
        let coordinator = try #require(second.transitionCoordinator)
        coordinator.animate(alongside: { marker.alpha = 0 })
        host.frame()  // the timeline starts on this frame
        // The slide is 0.5 s on ease-in-out, cubic-bezier(0.42, 0, 0.58, 1) (UIKit's, tutorial 000).
        for elapsed in [0.125, 0.25, 0.375] {
            host.frame(after: 0.125)
            let expected = 1 - Self.cubicBezierY(x: elapsed / 0.5, 0.42, 0, 0.58, 1)
            #expect(abs(marker.alpha - expected) < 1e-3, "alpha \(marker.alpha) at \(elapsed) s, want \(expected)")
        }
        host.runFrames()
        #expect(marker.alpha == 0)
    }

    @Test func anInteractivePopCancelledUndoesTheSideEffectAndReportsItsEnd() throws {
        navigation.pushViewController(second)
        host.runFrames()
        root.sideEffects = 0
        // Drag from the left edge to 30 %, pause, let go: the pop is cancelled.
        host.drag(from: Point(x: 5, y: 150), to: Point(x: 0.3 * host.width, y: 150))
        #expect(root.initiallyInteractiveAtWillAppear == true)
        #expect(root.transitionCoordinator?.isInteractive == true)
        host.hold(for: 0.1)
        host.release()
        #expect(root.transitionCoordinator?.isInteractive == false, "released: no longer interactive")
        #expect(root.transitionCoordinator?.initiallyInteractive == true, "but it was from the start")
        #expect(root.undone == 1, "notifyWhenInteractionEnds ran at release with isCancelled")
        host.runFrames()
        #expect(root.sideEffects == 1 && root.undone == 1)
        #expect(delegate.animators.last?.ended == [false], "animationEnded(false) once for the cancelled pop")
        #expect(navigation.viewControllers.count == 2)

        // Again, past half-way: finished, nothing undone.
        host.drag(from: Point(x: 5, y: 150), to: Point(x: 0.8 * host.width, y: 150))
        host.release()
        host.runFrames()
        #expect(root.undone == 1 && root.sideEffects == 2)
        #expect(delegate.animators.last?.ended == [true])
        #expect(navigation.viewControllers.count == 1)
    }

    /// y of the cubic Bézier (0,0) (x1,y1) (x2,y2) (1,1) where its x is `x`, by bisection.
    static func cubicBezierY(x: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
        func bezier(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
            3 * (1 - t) * (1 - t) * t * p1 + 3 * (1 - t) * t * t * p2 + t * t * t
        }
        var low = 0.0, high = 1.0
        for _ in 0..<60 {
            let mid = (low + high) / 2
            if bezier(mid, x1, x2) < x { low = mid } else { high = mid }
        }
        return bezier((low + high) / 2, y1, y2)
    }
}
