import Motion

/// Manages one presentation from start to dismissal, as `UIPresentationController`: the
/// presented view's frame, any extra views (a dimming view), layout on resize, and whether
/// the presenter's view leaves the screen.
///
/// The base class is the full-screen presentation; subclass it for custom ones.
@MainActor
open class PresentationController {
    /// The presented controller, which owns this presentation controller (its
    /// `presentationController`): a strong reference back would keep both alive when the
    /// window goes away with the presentation still up.
    public unowned let presentedViewController: ViewController
    public unowned let presentingViewController: ViewController
    /// The view the presentation lives in, over the whole window; set before the transition.
    public internal(set) var containerView: View?

    public init(presentedViewController: ViewController, presenting: ViewController) {
        self.presentedViewController = presentedViewController
        presentingViewController = presenting
    }

    /// Whether the presenter's view goes off screen once presented (full screen: yes).
    open var shouldRemovePresentersView: Bool { true }

    /// Where the presented view sits in the container once presented.
    open var frameOfPresentedViewInContainerView: Rect { containerView?.bounds ?? .zero }

    /// Add extra views here; animate them along with `coordinator`.
    open func presentationTransitionWillBegin(coordinator: TransitionCoordinator) {}
    open func presentationTransitionDidEnd(_ completed: Bool) {}
    open func dismissalTransitionWillBegin(coordinator: TransitionCoordinator) {}
    open func dismissalTransitionDidEnd(_ completed: Bool) {}

    /// The container was resized: lay out extra views and the presented view.
    open func containerViewDidLayout() {
        guard presentedViewController.presentationTransitionIsIdle else { return }
        presentedViewController.view.frame = frameOfPresentedViewInContainerView
    }
}
