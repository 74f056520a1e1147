import Motion

/// Supplies a custom container's transitions (tutorial 000's finale).
@MainActor
public protocol ContainerViewControllerDelegate: AnyObject {
    func containerViewController(_ container: ContainerViewController,
                                 animationControllerForTransitionFrom from: ViewController,
                                 to: ViewController) -> AnimatedTransitioning?
    func containerViewController(_ container: ContainerViewController,
                                 interactionControllerFor animator: AnimatedTransitioning) -> InteractiveTransitioning?
}

extension ContainerViewControllerDelegate {
    public func containerViewController(_ container: ContainerViewController,
                                        interactionControllerFor animator: AnimatedTransitioning) -> InteractiveTransitioning? { nil }
}

/// A custom container with a top bar of button tabs: tap or drag horizontally to switch;
/// the buttons' title colours blend with the transition's progress and keep going to the
/// end, or back, after release. With no delegate it slides (tutorial 000's default).
@MainActor
open class ContainerViewController: TabbedContainerController {
    public static let barHeight = 48.0
    public weak var delegate: ContainerViewControllerDelegate?

    public init(viewControllers: [ViewController]) {
        super.init(viewControllers: viewControllers, barPosition: .top, barHeight: ContainerViewController.barHeight, showsIcons: false)
        selectedColor = .white
        unselectedColor = Color(hex: 0x8FA3B8)
    }

    open override var transitionKind: TransitionKind { .container }

    open override func viewDidLoad() {
        super.viewDidLoad()
        barView.backgroundColor = Color(hex: 0x1F3B57)
    }

    open override func animationController(from: ViewController, to: ViewController) -> AnimatedTransitioning? {
        if let delegate { return delegate.containerViewController(self, animationControllerForTransitionFrom: from, to: to) }
        let fromIndex = viewControllers.firstIndex { $0 === from } ?? 0
        let toIndex = viewControllers.firstIndex { $0 === to } ?? 0
        return SlideAnimator(direction: toIndex > fromIndex ? .left : .right)
    }

    open override func interactionController(for animator: AnimatedTransitioning) -> InteractiveTransitioning? {
        delegate?.containerViewController(self, interactionControllerFor: animator)
    }
}
