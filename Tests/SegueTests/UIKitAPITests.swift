import Foundation
import Geometry
import Canvas
import Motion
import Segue
import SegueTesting
import Testing

// Issue 25: the UIKit-shaped API. Expected values are UIKit's and Core Animation's documented
// ones (written here), never read from Segue.

/// A transition animator written with `View.animate` and keyframes, as UIKit code is.
@MainActor
private final class UIViewStyleAnimator: AnimatedTransitioning {
    let duration: Double
    let body: (TransitionContext, View) -> Void
    init(duration: Double, body: @escaping (TransitionContext, View) -> Void) {
        self.duration = duration
        self.body = body
    }
    func transitionDuration(using context: TransitionContext?) -> Double { duration }
    func animateTransition(using context: TransitionContext) {
        let toView = context.viewController(forKey: .to)!.view
        context.containerView.addSubview(toView)
        body(context, toView)
    }
}

@MainActor
private final class PushWith: NavigationControllerDelegate {
    let animator: AnimatedTransitioning
    var interaction: PercentDrivenInteractiveTransition?
    init(_ animator: AnimatedTransitioning) { self.animator = animator }

    /// A navigation stack in a 400 × 300 window pushing a page with `animator` (the delegate
    /// kept alive by the caller, as UIKit's delegate is weak).
    static func push(with animator: AnimatedTransitioning) -> (OffscreenWindow, LoggingPage, PushWith) {
        let navigation = NavigationController(rootViewController: LoggingPage("Root"))
        let host = OffscreenWindow(root: navigation, size: Size(width: 400, height: 300))
        let delegate = PushWith(animator)
        navigation.delegate = delegate
        let page = LoggingPage("Pushed")
        navigation.pushViewController(page, animated: true)
        return (host, page, delegate)
    }
    func navigationController(_ navigationController: NavigationController,
                              interactionControllerFor animationController: ViewControllerAnimatedTransitioning)
        -> ViewControllerInteractiveTransitioning? {
        interaction
    }
    func navigationController(_ navigationController: NavigationController,
                              animationControllerFor operation: NavigationController.Operation,
                              from fromVC: ViewController, to toVC: ViewController) -> ViewControllerAnimatedTransitioning? {
        operation == .push ? animator : nil
    }
}

/// One animator for both directions (000's overlay, 004's expand do so).
@MainActor
private final class BothWays: TransitioningDelegate {
    let animator: AnimatedTransitioning
    init(_ animator: AnimatedTransitioning) { self.animator = animator }
    func animationController(forPresented presented: ViewController, presenting: ViewController,
                             source: ViewController) -> AnimatedTransitioning? { animator }
    func animationController(forDismissed dismissed: ViewController) -> AnimatedTransitioning? { animator }
}

@MainActor
private final class GestureTarget {
    var states: [GestureRecognizer.State] = []
    var translations: [Point] = []
    func handle(_ pan: PanGestureRecognizer) {
        states.append(pan.state)
        translations.append(pan.translation(in: pan.view))
    }
}

@MainActor
@Suite("UIKit-shaped API")
struct UIKitAPITests {
    /// `CATransform3DMakeRotation(a, 0, 1, 0)`: m11 = cos a, m13 = −sin a, m31 = sin a, m33 = cos a.
    @Test func rotationMatchesCoreAnimation() {
        let a = 0.3
        let t = Transform3DMakeRotation(a, 0, 1, 0)
        #expect(abs(t.m11 - cos(a)) < 1e-12 && abs(t.m13 + sin(a)) < 1e-12)
        #expect(abs(t.m31 - sin(a)) < 1e-12 && abs(t.m33 - cos(a)) < 1e-12)
        #expect(t.m22 == 1 && t.m34 == 0)
        // About z: the affine rotation (b = sin, c = −sin).
        let z = Transform3DMakeRotation(a, 0, 0, 1)
        #expect(abs(z.m12 - sin(a)) < 1e-12 && abs(z.m21 + sin(a)) < 1e-12)
        #expect(Transform3DIdentity.isIdentity)
    }

    /// `layer.transform` and `layer.sublayerTransform` reach the view's y rotation and perspective.
    @Test func layerTransformsSetTheViewsTurnAndPerspective() {
        let view = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        view.layer.transform = Transform3DMakeRotation(-.pi / 2, 0, 1, 0)
        #expect(abs(view.rotationY + .pi / 2) < 1e-12)
        var perspective = Transform3DIdentity
        perspective.m34 = -0.002
        view.layer.sublayerTransform = perspective
        #expect(abs(view.sublayerPerspectiveDistance! - 500) < 1e-9)
        view.layer.transform = Transform3DIdentity
        #expect(view.rotationY == 0 && view.transform == .identity)
        view.layer.cornerRadius = 12
        view.layer.masksToBounds = true
        #expect(view.cornerRadius == 12 && view.clipsToBounds)
    }

    /// Inside `animateTransition`, `View.animate(withDuration:)` runs on the transition's own
    /// clock: half-way through a 0.4 s push on UIKit's default ease-in-out curve the view is half
    /// way (the curve is symmetric), and its completion runs when the transition ends.
    @Test func viewAnimateJoinsTheTransition() {
        var completed: [Bool] = []
        let animator = UIViewStyleAnimator(duration: 0.4) { context, toView in
            toView.alpha = 0
            View.animate(withDuration: 0.4, animations: { toView.alpha = 1 }, completion: { finished in
                completed.append(finished)
                context.completeTransition(!context.transitionWasCancelled)
            })
        }
        let (host, page, delegate) = PushWith.push(with: animator)
        defer { withExtendedLifetime(delegate) {} }   // the navigation's delegate is weak
        host.frame()
        host.frame(after: 0.2)
        #expect(abs(page.view.alpha - 0.5) < 0.01, "half-way: \(page.view.alpha)")
        host.runFrames()
        #expect(completed == [true])
        #expect(page.view.alpha == 1)
        #expect(host.completions.map(\.completed) == [true])
    }

    /// UIKit's spring animation with damping below 1 swings past its end value and settles on it
    /// by the end of its duration.
    @Test func springAnimationOvershootsAndSettles() {
        var samples: [Double] = []
        let animator = UIViewStyleAnimator(duration: 0.8) { context, toView in
            toView.alpha = 0
            View.animate(withDuration: 0.8, delay: 0, usingSpringWithDamping: 0.3, initialSpringVelocity: 0,
                         options: [], animations: { toView.transform = AffineTransform(translationX: 100, y: 0) },
                         completion: { _ in context.completeTransition(!context.transitionWasCancelled) })
            toView.alpha = 1
        }
        let (host, page, delegate) = PushWith.push(with: animator)
        defer { withExtendedLifetime(delegate) {} }   // the navigation's delegate is weak
        host.frame()
        for _ in 0..<48 {
            host.frame()
            samples.append(page.view.transform.tx)
        }
        host.runFrames()
        #expect((samples.max() ?? 0) > 105, "past the end: \(samples.max() ?? 0)")
        #expect(page.view.transform.tx == 100)
    }

    /// A percent-driven transition scrubs `View.animate`'s animation (UIKit: the interaction
    /// controller drives the animations submitted in `animateTransition`): paused at a quarter,
    /// the view holds still however long the pause; finished, it completes.
    @Test func viewAnimateIsScrubbedByAnInteractionController() {
        let animator = UIViewStyleAnimator(duration: 0.4) { context, toView in
            toView.alpha = 0
            View.animate(withDuration: 0.4, delay: 0, options: .curveLinear, animations: { toView.alpha = 1 },
                         completion: { _ in context.completeTransition(!context.transitionWasCancelled) })
        }
        let navigation = NavigationController(rootViewController: LoggingPage("Root"))
        let host = OffscreenWindow(root: navigation, size: Size(width: 400, height: 300))
        let delegate = PushWith(animator)
        let interaction = PercentDrivenInteractiveTransition()
        delegate.interaction = interaction
        navigation.delegate = delegate
        let page = LoggingPage("Pushed")
        navigation.pushViewController(page, animated: true)
        interaction.update(0.25)
        host.frames(2)
        #expect(abs(page.view.alpha - 0.25) < 0.01, "scrubbed to a quarter: \(page.view.alpha)")
        host.hold(for: 1)
        #expect(abs(page.view.alpha - 0.25) < 0.01, "still a quarter after a paused second: \(page.view.alpha)")
        interaction.finish()
        host.runFrames()
        #expect(page.view.alpha == 1)
        #expect(host.completions.map(\.completed) == [true])
    }

    /// UIKit: `isBeingPresented` while the presentation runs (asked in `animateTransition`),
    /// `isBeingDismissed` while the dismissal runs, neither otherwise.
    @Test func beingPresentedAndDismissed() {
        let root = LoggingPage("Root")
        let host = OffscreenWindow(root: root, size: Size(width: 400, height: 300))
        var seen: [(presented: Bool, dismissed: Bool)] = []
        let sheet = LoggingPage("Sheet")
        let animator = UIViewStyleAnimator(duration: 0.2) { context, _ in
            seen.append((sheet.isBeingPresented, sheet.isBeingDismissed))
            View.animate(withDuration: 0.2, animations: {}, completion: { _ in
                context.completeTransition(!context.transitionWasCancelled)
            })
        }
        let delegate = BothWays(animator)
        sheet.transitioningDelegate = delegate
        root.present(sheet)
        host.runFrames()
        #expect(!sheet.isBeingPresented && !sheet.isBeingDismissed)
        sheet.dismiss()
        host.runFrames()
        #expect(seen.map(\.presented) == [true, false] && seen.map(\.dismissed) == [false, true])
        #expect(!sheet.isBeingPresented && !sheet.isBeingDismissed)
    }

    /// Keyframes: each runs in its share of the group; a property changed in the third third
    /// does not move before 2/3 of the duration.
    @Test func keyframesRunInTheirShareOfTheGroup() {
        let animator = UIViewStyleAnimator(duration: 0.6) { context, toView in
            toView.alpha = 0
            View.animateKeyframes(withDuration: 0.6, delay: 0, options: .calculationModeCubic, animations: {
                View.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1.0 / 3) { toView.alpha = 1 }
                View.addKeyframe(withRelativeStartTime: 2.0 / 3, relativeDuration: 1.0 / 3) { toView.cornerRadius = 30 }
            }, completion: { _ in context.completeTransition(!context.transitionWasCancelled) })
        }
        let (host, page, delegate) = PushWith.push(with: animator)
        defer { withExtendedLifetime(delegate) {} }   // the navigation's delegate is weak
        host.frame()
        host.frame(after: 0.1)
        #expect(abs(page.view.alpha - 0.5) < 0.01, "mid first third: \(page.view.alpha)")
        #expect(page.view.cornerRadius == 0)
        host.frame(after: 0.2)
        #expect(page.view.alpha == 1 && page.view.cornerRadius == 0, "between the keyframes")
        host.frame(after: 0.2)
        #expect(abs(page.view.cornerRadius - 15) < 0.3, "mid last third: \(page.view.cornerRadius)")
        host.runFrames()
        #expect(page.view.cornerRadius == 30)
    }

    /// UIKit chains a property's keyframes: changed in the first third (0 → 1) and again in the
    /// last (→ 0.2), it holds 1 in between and starts the last third from 1.
    @Test func aPropertyChangedInTwoKeyframesChains() {
        let animator = UIViewStyleAnimator(duration: 0.6) { context, toView in
            toView.alpha = 0
            View.animateKeyframes(withDuration: 0.6, delay: 0, options: .calculationModeLinear, animations: {
                View.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1.0 / 3) { toView.alpha = 1 }
                View.addKeyframe(withRelativeStartTime: 2.0 / 3, relativeDuration: 1.0 / 3) { toView.alpha = 0.2 }
            }, completion: { _ in context.completeTransition(!context.transitionWasCancelled) })
            #expect(toView.alpha == 0, "the start value until the animation runs")
        }
        let (host, page, delegate) = PushWith.push(with: animator)
        defer { withExtendedLifetime(delegate) {} }   // the navigation's delegate is weak
        host.frame()
        host.frame(after: 0.1)
        #expect(abs(page.view.alpha - 0.5) < 0.01, "mid first third: \(page.view.alpha)")
        host.frame(after: 0.2)
        #expect(abs(page.view.alpha - 1) < 0.01, "held between: \(page.view.alpha)")
        host.frame(after: 0.2)
        #expect(abs(page.view.alpha - 0.6) < 0.01, "mid last third, from 1 to 0.2: \(page.view.alpha)")
        host.runFrames()
        #expect(abs(page.view.alpha - 0.2) < 1e-9)
    }

    /// Target-action with the recognizer typed, `translation(in:)` in the view's coordinates
    /// (a view scaled ×2 sees half the window movement), controllers found by identity.
    @Test func targetActionTranslationAndIdentity() {
        let root = LoggingPage("Root")
        let host = OffscreenWindow(root: root, size: Size(width: 400, height: 300))
        let target = GestureTarget()
        let pan = PanGestureRecognizer(target: target, action: GestureTarget.handle)
        root.view.addGestureRecognizer(pan)
        host.drag(from: Point(x: 100, y: 100), to: Point(x: 200, y: 100))
        host.release()
        #expect(target.states.first == .began && target.states.last == .ended)
        #expect(abs((target.translations.last?.x ?? 0) - 100) < 0.01)
        let scaled = View()
        scaled.transform = AffineTransform(scaleX: 2, y: 2)
        root.view.addSubview(scaled)
        #expect(abs(pan.translation(in: scaled).x - 50) < 0.01)

        final class Taps { var count = 0; func tapped(_ tap: TapGestureRecognizer) { count += 1 } }
        let taps = Taps()
        let tap = TapGestureRecognizer(target: taps, action: Taps.tapped)
        root.view.addGestureRecognizer(tap)
        host.click(at: Point(x: 300, y: 200))
        #expect(taps.count == 1, "UITapGestureRecognizer(target:action:)")

        let a = LoggingPage("A"), b = LoggingPage("B")
        let list: [ViewController] = [a, b]
        #expect(list.firstIndex(of: b) == 1)
        #expect(a != b && a == a)
    }
}
