import Geometry
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
    /// The controller the presentation covers (the top of the presentation chain when it began).
    public unowned let presentingViewController: ViewController
    /// The view the presentation lives in, over the whole window; set before the transition.
    public internal(set) var containerView: View?

    /// A presentation of `presentedViewController` over `presenting`, full screen unless a subclass
    /// says otherwise.
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
    /// The presentation ended: `completed` false when it was cancelled (the presented controller is
    /// then not shown). Remove extra views here if it was.
    open func presentationTransitionDidEnd(_ completed: Bool) {}
    /// Animate extra views away along with `coordinator` (the dismissal may still be cancelled).
    open func dismissalTransitionWillBegin(coordinator: TransitionCoordinator) {}
    /// The dismissal ended: `completed` false when it was cancelled (the presented controller
    /// stays). Remove extra views here if it completed.
    open func dismissalTransitionDidEnd(_ completed: Bool) {}

    /// The container was resized: lay out extra views and the presented view.
    open func containerViewDidLayout() {
        guard presentedViewController.presentationTransitionIsIdle else { return }
        presentedViewController.view.frame = frameOfPresentedViewInContainerView
    }
}
