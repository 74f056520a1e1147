import Geometry
import Motion

/// Supplies a top tab bar's transitions (tutorial 000's custom container).
@MainActor
public protocol TopTabBarControllerDelegate: AnyObject {
    /// The animator for a switch; nil: an instant switch (a swipe still slides).
    func topTabBarController(_ container: TopTabBarController,
                             animationControllerForTransitionFrom from: ViewController,
                             to: ViewController) -> AnimatedTransitioning?
    /// An interaction controller, only while the delegate's own gesture drives the switch.
    func topTabBarController(_ container: TopTabBarController,
                             interactionControllerFor animator: AnimatedTransitioning) -> InteractiveTransitioning?
}

extension TopTabBarControllerDelegate {
    /// No gesture of the delegate's own: clicks animate, the container's swipe drives itself.
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
    /// The height of the bar of tabs, in logical pixels.
    public static let barHeight = 48.0
    /// Supplies the transitions; without one, switches slide.
    public weak var delegate: TopTabBarControllerDelegate?

    /// A container showing `viewControllers` (at least one), the first selected.
    public init(viewControllers: [ViewController]) {
        super.init(viewControllers: viewControllers, barPosition: .top, barHeight: TopTabBarController.barHeight, showsIcons: false)
        selectedColor = .white
        unselectedColor = Color(hex: 0x8FA3B8)
    }

    /// Its transitions are traced as `.container` (tutorial 000's custom container).
    open override var transitionKind: TransitionKind { .container }

    /// Darkens the bar behind the white titles.
    open override func viewDidLoad() {
        super.viewDidLoad()
        barView.backgroundColor = Color(hex: 0x1F3B57)
    }

    /// The delegate's animator, or without a delegate a slide in the direction of the indices.
    open override func animationController(from: ViewController, to: ViewController) -> AnimatedTransitioning? {
        if let delegate { return delegate.topTabBarController(self, animationControllerForTransitionFrom: from, to: to) }
        let fromIndex = viewControllers.firstIndex { $0 === from } ?? 0
        let toIndex = viewControllers.firstIndex { $0 === to } ?? 0
        return SlideAnimator(direction: toIndex > fromIndex ? .left : .right)
    }

    /// The delegate's interaction controller, if any.
    open override func interactionController(for animator: AnimatedTransitioning) -> InteractiveTransitioning? {
        delegate?.topTabBarController(self, interactionControllerFor: animator)
    }
}
