import SegueKit

// A custom-style presentation in UIKit's idiom: the presented page's transitioning delegate
// supplies a presentation controller (which owns the dimming and the panel's frame) and an
// animator that only moves the panel. Tutorial 000's figures: the panel is centred at two
// thirds of the container each way, opens from one point wide to its full width on UIKit's
// default curve, over a black dimming at half opacity; the presenter stays where it is.

/// A panel presented over its presenter.
@MainActor
final class PanelPage: ViewController, ViewControllerTransitioningDelegate {
    static let colour = Color(hex: 0xFFB703)
    /// What the presentation hooks saw, in order, for the tests.
    private(set) var events: [String] = []
    private(set) var presentation: DimmingPresentation?

    init() {
        super.init(title: "Panel")
        modalPresentationStyle = .custom
        transitioningDelegate = self
        dismissesOnDragDown = false
    }

    override func loadView() {
        let panel = View()
        panel.backgroundColor = Self.colour
        setView(panel)
    }

    func note(_ event: String) { events.append(event) }

    func presentationController(forPresented presented: ViewController, presenting: ViewController?,
                                source: ViewController) -> PresentationController? {
        guard let presenting else { return nil }
        let controller = DimmingPresentation(presentedViewController: presented, presenting: presenting)
        presentation = controller
        return controller
    }

    func animationController(forPresented presented: ViewController, presenting: ViewController,
                             source: ViewController) -> ViewControllerAnimatedTransitioning? {
        PanelAnimator(opening: true)
    }

    func animationController(forDismissed dismissed: ViewController) -> ViewControllerAnimatedTransitioning? {
        PanelAnimator(opening: false)
    }
}

/// Dims the presenter and keeps the panel centred at two thirds of the container.
@MainActor
final class DimmingPresentation: PresentationController {
    static let shade = Color.black.withAlpha(0.5)
    let dimming = View()

    private var page: PanelPage? { presentedViewController as? PanelPage }

    /// The presenter stays on screen under the dimming.
    override var shouldRemovePresentersView: Bool { false }

    override var frameOfPresentedViewInContainerView: Rect {
        let bounds = containerView?.bounds ?? .zero
        let size = Size(width: bounds.width * 2 / 3, height: bounds.height * 2 / 3)
        return Rect(x: bounds.midX - size.width / 2, y: bounds.midY - size.height / 2,
                    width: size.width, height: size.height)
    }

    override func presentationTransitionWillBegin(coordinator: TransitionCoordinator) {
        page?.note("presentation will begin, presented: \(presentedViewController.isBeingPresented)")
        guard let containerView else { return }
        dimming.backgroundColor = Self.shade
        dimming.frame = frameOfPresentedViewInContainerView
        containerView.insertSubview(dimming, at: 0)
        coordinator.animate(alongside: { [dimming] in dimming.frame = containerView.bounds })
    }

    override func presentationTransitionDidEnd(_ completed: Bool) {
        page?.note("presentation did end \(completed)")
        if !completed { dimming.removeFromSuperview() }
    }

    override func dismissalTransitionWillBegin(coordinator: TransitionCoordinator) {
        page?.note("dismissal will begin, dismissed: \(presentedViewController.isBeingDismissed)")
        coordinator.animate(alongside: { [dimming] in dimming.alpha = 0 })
    }

    override func dismissalTransitionDidEnd(_ completed: Bool) {
        page?.note("dismissal did end \(completed)")
        if completed { dimming.removeFromSuperview() }
    }

    override func containerViewDidLayout() {
        // The panel's own frame is the superclass's job (and only between transitions).
        super.containerViewDidLayout()
        dimming.frame = containerView?.bounds ?? .zero
    }
}

/// Opens the panel from a one-point-wide sliver of its full height, about its centre; closes
/// it the same way back.
@MainActor
final class PanelAnimator: ViewControllerAnimatedTransitioning {
    static let duration = 0.5
    let opening: Bool

    init(opening: Bool) { self.opening = opening }

    func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> Double { Self.duration }

    func animateTransition(using transitionContext: ViewControllerContextTransitioning) {
        guard let panel = transitionContext.viewController(forKey: opening ? .to : .from) else {
            transitionContext.completeTransition(false)
            return
        }
        let full = opening ? transitionContext.finalFrame(for: panel) : panel.view.frame
        let sliver = Rect(x: full.midX - 0.5, y: full.minY, width: 1, height: full.height)
        if opening {
            transitionContext.containerView.addSubview(panel.view)
            panel.view.frame = sliver
        }
        View.animate(withDuration: Self.duration, animations: {
            panel.view.frame = self.opening ? full : sliver
        }, completion: { _ in
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        })
    }
}
