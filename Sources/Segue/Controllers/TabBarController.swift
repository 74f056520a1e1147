import Motion

/// Supplies a tab bar controller's transitions.
@MainActor
public protocol TabBarControllerDelegate: AnyObject {
    /// The animator for a switch; nil: an instant switch (a swipe still slides).
    func tabBarController(_ tabBarController: TabBarController,
                          animationControllerForTransitionFrom from: ViewController,
                          to: ViewController) -> AnimatedTransitioning?
    /// An interaction controller, only while the delegate's own gesture drives the switch.
    func tabBarController(_ tabBarController: TabBarController,
                          interactionControllerFor animator: AnimatedTransitioning) -> InteractiveTransitioning?
}

extension TabBarControllerDelegate {
    public func tabBarController(_ tabBarController: TabBarController,
                                 interactionControllerFor animator: AnimatedTransitioning) -> InteractiveTransitioning? { nil }
}

/// Tabs with a bottom bar of icon buttons, as `UITabBarController`.
@MainActor
open class TabBarController: TabbedContainerController {
    public static let barHeight = 60.0
    public weak var delegate: TabBarControllerDelegate?

    public init(viewControllers: [ViewController]) {
        super.init(viewControllers: viewControllers, barPosition: .bottom, barHeight: TabBarController.barHeight, showsIcons: true)
    }

    open override func animationController(from: ViewController, to: ViewController) -> AnimatedTransitioning? {
        delegate?.tabBarController(self, animationControllerForTransitionFrom: from, to: to)
    }

    open override func interactionController(for animator: AnimatedTransitioning) -> InteractiveTransitioning? {
        delegate?.tabBarController(self, interactionControllerFor: animator)
    }
}
