import Geometry
import Canvas
import Motion
import Segue
import SegueTesting
import Testing

// Issue 25: what UIKit does around a custom animator that the tutorials' code relies on.
// Every expected value here is UIKit's documented behaviour (or the tutorial's), not read from
// Segue: the presenting view is back in the window after a full-screen dismissal whatever the
// animator did with it; a container that owns the incoming view's frame has sized it to
// `finalFrame(for:)` and laid it out before `animateTransition`; the delegate method called is
// UIKit's `animationController(forPresented:presenting:source:)`, with `source` the controller
// `present` was called on.

/// A dismissal animator that does what tutorial 002's does with the presenter: it inserts the
/// presenter's view at the back of the container, and when cancelled removes it again.
@MainActor
private final class ReparentingDismissal: AnimatedTransitioning {
    func transitionDuration(using context: TransitionContext?) -> Double { 0.3 }
    func animateTransition(using context: TransitionContext) {
        let container = context.containerView
        let toView = context.toViewController.view
        let fromView = context.fromViewController.view
        container.insertSubview(toView, at: 0)
        context.animate({ fromView.alpha = 0 }, completion: { _ in
            fromView.alpha = 1
            if context.transitionWasCancelled { toView.removeFromSuperview() }
            context.completeTransition(!context.transitionWasCancelled)
        })
    }
}

/// An animator that adds the to view and slides it in, never setting its frame (000's slide:
/// it relies on UIKit having sized the view). It notes what it found.
@MainActor
private final class UnsizedSlide: AnimatedTransitioning {
    var foundFrame: Rect?
    var foundLaidOut = false
    func transitionDuration(using context: TransitionContext?) -> Double { 0.3 }
    func animateTransition(using context: TransitionContext) {
        let toView = context.toViewController.view
        foundFrame = toView.frame
        foundLaidOut = (toView as? RecordingLayoutView)?.laidOutBounds == toView.bounds
        context.containerView.addSubview(toView)
        toView.transform = AffineTransform(translationX: context.containerView.bounds.width, y: 0)
        context.animate({ toView.transform = .identity }, completion: { _ in
            context.completeTransition(!context.transitionWasCancelled)
        })
    }
}

/// A view that records the bounds its last layout ran for.
@MainActor
private final class RecordingLayoutView: View {
    var laidOutBounds: Rect?
    override func layoutSubviews() { laidOutBounds = bounds }
}

/// A page whose view is a ``RecordingLayoutView`` of no size (as `View()`), coloured.
@MainActor
private final class UnsizedPage: ViewController {
    let colour: Color
    init(_ title: String, colour: Color) {
        self.colour = colour
        super.init(title: title)
    }
    override func loadView() {
        let view = RecordingLayoutView()
        view.backgroundColor = colour
        setView(view)
    }
}

/// A delegate written as UIKit code is: `source:` included.
@MainActor
private final class UIKitShapedDelegate: TransitioningDelegate {
    var dismissal: AnimatedTransitioning?
    var presentedArguments: (presented: ViewController, presenting: ViewController, source: ViewController)?
    let presentAnimator = UnsizedSlide()

    func animationController(forPresented presented: ViewController, presenting: ViewController,
                             source: ViewController) -> AnimatedTransitioning? {
        presentedArguments = (presented, presenting, source)
        return presentAnimator
    }

    func animationController(forDismissed dismissed: ViewController) -> AnimatedTransitioning? { dismissal }
}

/// The dismissal's interaction controller, offered only while the test drives it.
@MainActor
private final class DrivenDelegate: TransitioningDelegate {
    let interaction = PercentDrivenInteractiveTransition()
    var interactive = false
    func animationController(forDismissed dismissed: ViewController) -> AnimatedTransitioning? { ReparentingDismissal() }
    func interactionControllerForDismissal(using animator: AnimatedTransitioning) -> InteractiveTransitioning? {
        interactive ? interaction : nil
    }
}

@MainActor
@Suite("UIKit fidelity around custom animators")
struct UIKitFidelityTests {
    static let size = Size(width: 400, height: 300)
    static let rootColour = Color(hex: 0x34C759)
    static let sheetColour = Color(hex: 0x5856D6)

    private func setUp() -> (OffscreenWindow, LoggingPage) {
        let root = LoggingPage("Root", color: Self.rootColour)
        return (OffscreenWindow(root: root, size: Self.size), root)
    }

    private func isColour(_ a: Color, _ b: Color) -> Bool {
        max(abs(a.red - b.red), abs(a.green - b.green), abs(a.blue - b.blue)) * 255 <= 2
    }

    /// UIKit: after a full-screen dismissal the presenting view is back in the window, whatever
    /// the animator did with it (002 and 004 add it to the container).
    @Test func presenterIsBackInTheWindowAfterADismissalThatReparentedIt() {
        let (host, root) = setUp()
        let rootView = host.window.rootView
        let delegate = UIKitShapedDelegate()
        delegate.dismissal = ReparentingDismissal()
        let sheet = LoggingPage("Sheet", color: Self.sheetColour)
        sheet.transitioningDelegate = delegate
        root.present(sheet)
        host.runFrames()
        sheet.dismiss()
        host.frames(3)
        #expect(root.view.superview !== rootView, "the animator moved the presenter into the container")
        host.runFrames()
        #expect(host.completions.map(\.completed) == [true, true])
        #expect(root.view.superview === rootView, "back in the window")
        #expect(rootView.subviews.first === root.view, "at its place, at the back")
        #expect(rootView.subviews.count == 1, "the container is gone")
        #expect(!root.view.isHidden)
        #expect(root.view.frame == Rect(size: Self.size))
        let shot = host.render()
        #expect(isColour(shot.pixel(x: 200, y: 150), Self.rootColour), "the root page is on screen")
    }

    /// UIKit: a cancelled dismissal leaves the presentation as it was, the presenter's view in its
    /// place under the presented page even when the animator removed it (002's completion does);
    /// the next dismissal then brings it back on screen.
    @Test func presenterKeepsItsPlaceAfterACancelledDismissalThatRemovedIt() {
        let (host, root) = setUp()
        let rootView = host.window.rootView
        let delegate = DrivenDelegate()
        let sheet = LoggingPage("Sheet", color: Self.sheetColour)
        sheet.transitioningDelegate = delegate
        root.present(sheet)
        host.runFrames()
        delegate.interactive = true
        sheet.dismiss()
        delegate.interactive = false
        host.frames(2)
        delegate.interaction.update(0.3)
        host.frames(2)
        delegate.interaction.cancel()
        host.runFrames()
        #expect(host.completions.map(\.completed) == [true, false])
        #expect(root.presentedViewController === sheet, "still presented")
        #expect(root.view.superview === rootView, "still in the window, under the presentation")
        #expect(rootView.subviews.first === root.view)
        let covered = host.render()
        #expect(isColour(covered.pixel(x: 200, y: 150), Self.sheetColour), "the sheet still covers the window")

        sheet.dismiss()
        host.runFrames()
        #expect(host.completions.map(\.completed) == [true, false, true])
        #expect(root.view.superview === rootView && !root.view.isHidden)
        #expect(isColour(host.render().pixel(x: 200, y: 150), Self.rootColour))
    }

    /// UIKit's navigation controller sizes the pushed page to its content area and lays it out
    /// before `animateTransition` (000's slide never sets a frame): `finalFrame(for:)`.
    @Test func pushedPageIsSizedAndLaidOutBeforeTheAnimatorRuns() throws {
        let first = LoggingPage("First")
        let navigation = NavigationController(rootViewController: first)
        let host = OffscreenWindow(root: navigation, size: Self.size)
        let slide = UnsizedSlide()
        let delegate = PushDelegate(animator: slide)
        navigation.delegate = delegate
        let page = UnsizedPage("Second", colour: Self.sheetColour)
        var finalFrame = Rect.zero
        delegate.onAnimator = { context in finalFrame = context.finalFrame(for: context.toViewController) }
        navigation.pushViewController(page, animated: true)
        host.runFrames()
        let found = try #require(slide.foundFrame)
        #expect(!finalFrame.isEmpty)
        #expect(found == finalFrame, "sized to finalFrame(for:) before animateTransition: \(found)")
        #expect(slide.foundLaidOut, "and laid out for that size")
        #expect(page.view.frame == finalFrame)
    }

    /// A full-screen presentation owns the presented view's frame too (UIKit: the whole window).
    @Test func fullScreenPresentedPageIsSizedBeforeTheAnimatorRuns() throws {
        let (host, root) = setUp()
        let delegate = UIKitShapedDelegate()
        let page = UnsizedPage("Reveal", colour: Self.sheetColour)
        page.transitioningDelegate = delegate
        root.present(page)
        host.runFrames()
        #expect(delegate.presentAnimator.foundFrame == Rect(size: Self.size))
        #expect(delegate.presentAnimator.foundLaidOut)
    }

    /// UIKit calls `animationController(forPresented:presenting:source:)`: `presenting` is the top
    /// of the chain (here the window's root), `source` the controller `present` was called on.
    @Test func uikitShapedDelegateMethodIsTheOneCalled() throws {
        let child = LoggingPage("Child")
        let navigation = NavigationController(rootViewController: child)
        let host = OffscreenWindow(root: navigation, size: Self.size)
        let delegate = UIKitShapedDelegate()
        let page = UnsizedPage("Presented", colour: Self.sheetColour)
        page.transitioningDelegate = delegate
        child.present(page)
        host.runFrames()
        let arguments = try #require(delegate.presentedArguments, "the UIKit-shaped method was called")
        #expect(arguments.presented === page)
        #expect(arguments.presenting === navigation)
        #expect(arguments.source === child)
        #expect(delegate.presentAnimator.foundFrame != nil, "its animator ran, not the default slide")
    }
}

/// A navigation delegate that hands out one animator for pushes and lets the test see the
/// context it runs in.
@MainActor
private final class PushDelegate: NavigationControllerDelegate {
    let animator: UnsizedSlide
    var onAnimator: ((TransitionContext) -> Void)?
    init(animator: UnsizedSlide) { self.animator = animator }
    func navigationController(_ navigationController: NavigationController,
                              animationControllerFor operation: NavigationOperation,
                              from: ViewController, to: ViewController) -> AnimatedTransitioning? {
        operation == .push ? ContextSpy(animator, onAnimator) : nil
    }
}

/// Forwards to an animator, handing the context to `spy` first.
@MainActor
private final class ContextSpy: AnimatedTransitioning {
    let wrapped: AnimatedTransitioning
    let spy: ((TransitionContext) -> Void)?
    init(_ wrapped: AnimatedTransitioning, _ spy: ((TransitionContext) -> Void)?) {
        self.wrapped = wrapped
        self.spy = spy
    }
    func transitionDuration(using context: TransitionContext?) -> Double { wrapped.transitionDuration(using: context) }
    func animateTransition(using context: TransitionContext) {
        spy?(context)
        wrapped.animateTransition(using: context)
    }
}
