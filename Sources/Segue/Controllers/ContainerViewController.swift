import Motion

/// Supplies a custom container's transitions (tutorial 000's finale).
@MainActor
public protocol ContainerViewControllerDelegate: AnyObject {
    /// The animator for a switch from `from` to `to`; nil: a click switches at once (a swipe still
    /// slides).
    func containerViewController(_ container: ContainerViewController,
                                 animationControllerForTransitionFrom from: ViewController,
                                 to: ViewController) -> AnimatedTransitioning?
    /// An interaction controller for `animator`, or nil for the container's own swipe (which
    /// drives only the switches it starts).
    func containerViewController(_ container: ContainerViewController,
                                 interactionControllerFor animator: AnimatedTransitioning) -> InteractiveTransitioning?
}

extension ContainerViewControllerDelegate {
    /// nil: only the container's own swipe makes a switch interactive.
    public func containerViewController(_ container: ContainerViewController,
                                        interactionControllerFor animator: AnimatedTransitioning) -> InteractiveTransitioning? { nil }
}

/// A custom container with a top bar of button tabs: tap or drag horizontally to switch;
/// the buttons' title colours blend with the transition's progress and keep going to the
/// end, or back, after release. With no delegate it slides (tutorial 000's default).
@MainActor
open class ContainerViewController: TabbedContainerController {
    /// The height of the top bar, in logical pixels.
    public static let barHeight = 48.0
    /// Supplies the switches' transitions; nil slides. Held weakly.
    public weak var delegate: ContainerViewControllerDelegate?

    /// A container of `viewControllers` (at least one), the first selected, with the bar at the
    /// top.
    public init(viewControllers: [ViewController]) {
        super.init(viewControllers: viewControllers, barPosition: .top, barHeight: ContainerViewController.barHeight, showsIcons: false)
        selectedColor = .white
        unselectedColor = Color(hex: 0x8FA3B8)
    }

    /// `.container`, for traces.
    open override var transitionKind: TransitionKind { .container }

    /// Gives the bar its dark blue.
    open override func viewDidLoad() {
        super.viewDidLoad()
        barView.backgroundColor = Color(hex: 0x1F3B57)
    }

    /// The delegate's animator when there is a delegate; otherwise a slide towards the new index.
    open override func animationController(from: ViewController, to: ViewController) -> AnimatedTransitioning? {
        if let delegate { return delegate.containerViewController(self, animationControllerForTransitionFrom: from, to: to) }
        let fromIndex = viewControllers.firstIndex { $0 === from } ?? 0
        let toIndex = viewControllers.firstIndex { $0 === to } ?? 0
        return SlideAnimator(direction: toIndex > fromIndex ? .left : .right)
    }

    /// The delegate's interaction controller, if any.
    open override func interactionController(for animator: AnimatedTransitioning) -> InteractiveTransitioning? {
        delegate?.containerViewController(self, interactionControllerFor: animator)
    }
}
