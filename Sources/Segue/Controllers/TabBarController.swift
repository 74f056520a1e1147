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
    /// nil: only the tab bar's own swipe makes a switch interactive.
    public func tabBarController(_ tabBarController: TabBarController,
                                 interactionControllerFor animator: AnimatedTransitioning) -> InteractiveTransitioning? { nil }
}

/// Tabs with a bottom bar of icon buttons, as `UITabBarController`.
@MainActor
open class TabBarController: TabbedContainerController {
    /// The height of the bottom bar, in logical pixels.
    public static let barHeight = 60.0
    /// Supplies the switches' transitions; nil: clicks switch at once, swipes slide. Held weakly.
    public weak var delegate: TabBarControllerDelegate?

    /// A tab bar controller of `viewControllers` (at least one), the first selected, with icon
    /// buttons in a bar at the bottom.
    public init(viewControllers: [ViewController]) {
        super.init(viewControllers: viewControllers, barPosition: .bottom, barHeight: TabBarController.barHeight, showsIcons: true)
    }

    /// The delegate's animator, if any (nil: an instant switch).
    open override func animationController(from: ViewController, to: ViewController) -> AnimatedTransitioning? {
        delegate?.tabBarController(self, animationControllerForTransitionFrom: from, to: to)
    }

    /// The delegate's interaction controller, if any.
    open override func interactionController(for animator: AnimatedTransitioning) -> InteractiveTransitioning? {
        delegate?.tabBarController(self, interactionControllerFor: animator)
    }
}
