import Motion

/// Supplies a top tab bar's transitions (tutorial 000's custom container).
@MainActor
public protocol TopTabBarControllerDelegate: AnyObject {
    func topTabBarController(_ container: TopTabBarController,
                             animationControllerForTransitionFrom from: ViewController,
                             to: ViewController) -> AnimatedTransitioning?
    func topTabBarController(_ container: TopTabBarController,
                             interactionControllerFor animator: AnimatedTransitioning) -> InteractiveTransitioning?
}

extension TopTabBarControllerDelegate {
    public func topTabBarController(_ container: TopTabBarController,
                                    interactionControllerFor animator: AnimatedTransitioning) -> InteractiveTransitioning? { nil }
}

/// Tabs with a top bar of text buttons, tutorial 000's custom container: tap or drag
/// horizontally to switch; the buttons' title colours blend with the transition's progress
/// and keep going to the end, or back, after release. With no delegate it slides (tutorial
/// 000's default); its transitions are traced as `.container`. ``TabBarController`` is the
/// bottom bar of icons; both are ``TabbedContainerController``s.
@MainActor
open class TopTabBarController: TabbedContainerController {
    public static let barHeight = 48.0
    public weak var delegate: TopTabBarControllerDelegate?

    public init(viewControllers: [ViewController]) {
        super.init(viewControllers: viewControllers, barPosition: .top, barHeight: TopTabBarController.barHeight, showsIcons: false)
        selectedColor = .white
        unselectedColor = Color(hex: 0x8FA3B8)
    }

    open override var transitionKind: TransitionKind { .container }

    open override func viewDidLoad() {
        super.viewDidLoad()
        barView.backgroundColor = Color(hex: 0x1F3B57)
    }

    open override func animationController(from: ViewController, to: ViewController) -> AnimatedTransitioning? {
        if let delegate { return delegate.topTabBarController(self, animationControllerForTransitionFrom: from, to: to) }
        let fromIndex = viewControllers.firstIndex { $0 === from } ?? 0
        let toIndex = viewControllers.firstIndex { $0 === to } ?? 0
        return SlideAnimator(direction: toIndex > fromIndex ? .left : .right)
    }

    open override func interactionController(for animator: AnimatedTransitioning) -> InteractiveTransitioning? {
        delegate?.topTabBarController(self, interactionControllerFor: animator)
    }
}
