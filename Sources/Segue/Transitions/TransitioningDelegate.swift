import Motion

/// How a controller is presented.
public enum ModalPresentationStyle: Sendable {
    /// Covers the window; the presenter's view is taken off screen once presented and put
    /// back for the dismissal.
    case fullScreen
    /// The transitioning delegate's ``PresentationController`` decides frame, extra views and
    /// whether the presenter stays (it stays by default, never re-parented).
    case custom
}

/// Supplies a presentation's objects, as `UIViewControllerTransitioningDelegate`. It is set
/// on the presented controller.
@MainActor
public protocol TransitioningDelegate: AnyObject {
    func animationController(forPresented presented: ViewController, presenting: ViewController) -> AnimatedTransitioning?
    func animationController(forDismissed dismissed: ViewController) -> AnimatedTransitioning?
    /// Only while a gesture drives the presentation; nil otherwise.
    func interactionControllerForPresentation(using animator: AnimatedTransitioning) -> InteractiveTransitioning?
    /// Only while a gesture drives the dismissal; nil otherwise.
    func interactionControllerForDismissal(using animator: AnimatedTransitioning) -> InteractiveTransitioning?
    /// For ``ModalPresentationStyle/custom``: the object that owns extra views and the frame.
    func presentationController(forPresented presented: ViewController, presenting: ViewController) -> PresentationController?
}

extension TransitioningDelegate {
    public func animationController(forPresented presented: ViewController, presenting: ViewController) -> AnimatedTransitioning? { nil }
    public func animationController(forDismissed dismissed: ViewController) -> AnimatedTransitioning? { nil }
    public func interactionControllerForPresentation(using animator: AnimatedTransitioning) -> InteractiveTransitioning? { nil }
    public func interactionControllerForDismissal(using animator: AnimatedTransitioning) -> InteractiveTransitioning? { nil }
    public func presentationController(forPresented presented: ViewController, presenting: ViewController) -> PresentationController? { nil }
}

/// Which of a transition's two views (see ``TransitionContext/view(forKey:)``).
public enum TransitionViewKey: Sendable {
    case from, to
}
