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
///
/// The requirements are UIKit's, labels and all (`source:` included), so a method copied from
/// UIKit code is the one that is called. A method that nearly matches one of them, declared in
/// the extension that adds the conformance, gets Swift's "nearly matches defaulted requirement"
/// warning.
@MainActor
public protocol TransitioningDelegate: AnyObject {
    /// The animator that presents `presented` over `presenting` (the top of the presentation
    /// chain); `source` is the controller ``ViewController/present(_:animated:completion:)`` was
    /// called on. nil: a slide up.
    func animationController(forPresented presented: ViewController, presenting: ViewController,
                             source: ViewController) -> AnimatedTransitioning?
    /// The animator that dismisses `dismissed`; nil: a slide down.
    func animationController(forDismissed dismissed: ViewController) -> AnimatedTransitioning?
    /// Only while a gesture drives the presentation; nil otherwise.
    func interactionControllerForPresentation(using animator: AnimatedTransitioning) -> InteractiveTransitioning?
    /// Only while a gesture drives the dismissal; nil otherwise.
    func interactionControllerForDismissal(using animator: AnimatedTransitioning) -> InteractiveTransitioning?
    /// For ``ModalPresentationStyle/custom``: the object that owns extra views and the frame.
    /// `presenting` is optional as in UIKit (Segue always passes it); `source` is the controller
    /// ``ViewController/present(_:animated:completion:)`` was called on.
    func presentationController(forPresented presented: ViewController, presenting: ViewController?,
                                source: ViewController) -> PresentationController?
}

extension TransitioningDelegate {
    /// nil: the presentation slides up.
    public func animationController(forPresented presented: ViewController, presenting: ViewController,
                                    source: ViewController) -> AnimatedTransitioning? { nil }
    /// nil: the dismissal slides down.
    public func animationController(forDismissed dismissed: ViewController) -> AnimatedTransitioning? { nil }
    /// nil: presentations are not interactive.
    public func interactionControllerForPresentation(using animator: AnimatedTransitioning) -> InteractiveTransitioning? { nil }
    /// nil: only the built-in drag-down makes a dismissal interactive.
    public func interactionControllerForDismissal(using animator: AnimatedTransitioning) -> InteractiveTransitioning? { nil }
    /// nil: a plain ``PresentationController``.
    public func presentationController(forPresented presented: ViewController, presenting: ViewController?,
                                       source: ViewController) -> PresentationController? { nil }
}

/// Which of a transition's two views (see ``TransitionContext/view(forKey:)``).
public enum TransitionViewKey: Sendable {
    /// The view of the controller going away (`from`) or coming in (`to`).
    case from, to
}
