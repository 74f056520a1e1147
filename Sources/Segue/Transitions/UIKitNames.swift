// UIKit's names for Segue's transition types, so code written against UIKit reads the same once
// the `UI` prefix is dropped (docs/UIKIT.md maps every API the tutorials use). Only names that
// clash with nothing: no `CGRect`, `CGFloat` or other Foundation names are redefined.

/// UIKit's name (`UIViewControllerAnimatedTransitioning`) for ``AnimatedTransitioning``.
public typealias ViewControllerAnimatedTransitioning = AnimatedTransitioning
/// UIKit's name (`UIViewControllerInteractiveTransitioning`) for ``InteractiveTransitioning``.
public typealias ViewControllerInteractiveTransitioning = InteractiveTransitioning
/// UIKit's name (`UIViewControllerContextTransitioning`) for ``TransitionContext``.
public typealias ViewControllerContextTransitioning = TransitionContext
/// UIKit's name (`UIViewControllerTransitioningDelegate`) for ``TransitioningDelegate``.
public typealias ViewControllerTransitioningDelegate = TransitioningDelegate

extension NavigationController {
    /// UIKit's name (`UINavigationController.Operation`) for ``NavigationOperation``.
    public typealias Operation = NavigationOperation
}

/// Which of a transition's two controllers, as `UITransitionContextViewControllerKey`.
public enum TransitionViewControllerKey: Sendable {
    /// The controller going away (`from`) or coming in (`to`).
    case from, to
}

extension TransitionContext {
    /// The from or to controller, as `UIViewControllerContextTransitioning.viewController(forKey:)`.
    /// Optional as UIKit's; Segue always has both (``fromViewController``, ``toViewController``).
    public func viewController(forKey key: TransitionViewControllerKey) -> ViewController? {
        switch key {
        case .from: fromViewController
        case .to: toViewController
        }
    }
}

/// Controllers are equal when they are the same object, as UIKit's (`NSObject`'s `isEqual:`):
/// `viewControllers.firstIndex(of: controller)` finds a controller in a list.
extension ViewController: Hashable {
    /// Identity: the same object.
    public nonisolated static func == (lhs: ViewController, rhs: ViewController) -> Bool { lhs === rhs }
    /// Hashes the object's identity.
    public nonisolated func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension ViewController {
    /// True while this controller is being presented (its presentation transition runs), as
    /// `UIViewController.isBeingPresented`: one animator can serve both directions.
    public var isBeingPresented: Bool { presentationTransition?.kind == .present }

    /// True while this controller is being dismissed (its dismissal transition runs), as
    /// `UIViewController.isBeingDismissed`.
    public var isBeingDismissed: Bool { presentationTransition?.kind == .dismiss }
}
