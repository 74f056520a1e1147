import Geometry
import Motion

/// Supplies a top tab bar's transitions.
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

/// How a ``TopTabBarController``'s bar looks: its background and its titles' two colours
/// (a title blends between them, in OKLab, while a switch runs).
public struct TopTabBarStyle: Sendable, Equatable {
    /// The bar's background.
    public var barColor: Color
    /// The selected tab's title.
    public var selectedTitleColor: Color
    /// Every other tab's title.
    public var unselectedTitleColor: Color

    /// A style of these three colours.
    public init(barColor: Color, selectedTitleColor: Color, unselectedTitleColor: Color) {
        self.barColor = barColor
        self.selectedTitleColor = selectedTitleColor
        self.unselectedTitleColor = unselectedTitleColor
    }

    /// The toolkit's look in `palette`: the bar colour, the accent for the selected title and the
    /// palette's grey for the others.
    public static func standard(_ palette: Palette) -> TopTabBarStyle {
        TopTabBarStyle(barColor: palette.bar, selectedTitleColor: palette.accent, unselectedTitleColor: palette.unselectedTab)
    }
}

/// Tabs with a top bar of text buttons, a custom container in the sense of UIKit's container
/// view controllers: tap or drag horizontally to switch; the buttons' title colours blend with
/// the transition's progress and keep going to the end, or back, after release. With no
/// delegate it slides; its transitions are traced as `.container`. ``TabBarController`` is the
/// bottom bar of icons; both are ``TabbedContainerController``s.
@MainActor
open class TopTabBarController: TabbedContainerController {
    /// The height of the bar of tabs, in logical pixels.
    public static let barHeight = 48.0
    /// Supplies the transitions; without one, switches slide.
    public weak var delegate: TopTabBarControllerDelegate?
    /// The bar's colours; nil follows the palette (``TopTabBarStyle/standard(_:)``, dark style
    /// and accent included). A change shows at once (no fade).
    public var style: TopTabBarStyle? { didSet { applyStyle() } }

    /// A container showing `viewControllers` (at least one), the first selected, in `style`
    /// (nil: the palette's).
    public init(viewControllers: [ViewController], style: TopTabBarStyle? = nil) {
        self.style = style
        super.init(viewControllers: viewControllers, barPosition: .top, barHeight: TopTabBarController.barHeight, showsIcons: false)
        applyStyle()
    }

    /// Its transitions are traced as `.container`.
    open override var transitionKind: TransitionKind { .container }

    /// Paints the bar in the style (the container's view sets its default bar colour on load).
    open override func viewDidLoad() {
        super.viewDidLoad()
        applyStyle()
    }

    /// Applies the style again: an explicit one stays as it is, the palette's follows the traits.
    open override func traitCollectionDidChange(_ previous: TraitCollection) {
        super.traitCollectionDidChange(previous)
        applyStyle()
    }

    private func applyStyle() {
        let style = self.style ?? .standard(traitCollection.palette)
        selectedColor = style.selectedTitleColor
        unselectedColor = style.unselectedTitleColor
        barView.backgroundColor = style.barColor
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
