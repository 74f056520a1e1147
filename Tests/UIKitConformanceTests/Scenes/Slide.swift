import SegueKit

// One animator for navigation, tabs and presentations, chosen by delegates, in UIKit's idiom.
// Tutorial 000's figures: 0.5 s on UIKit's default curve; a push comes in from the right and a
// pop from the left; a tab to the right of the current one comes in from the right, one to its
// left from the left; a presentation comes up from the bottom and its dismissal goes back down.

/// Moves the incoming page in from one side while the outgoing one leaves by the other.
@MainActor
final class SlideAnimator: ViewControllerAnimatedTransitioning {
    /// The side the incoming page enters from.
    enum Side { case leading, trailing, bottom, none }

    static let duration = 0.5

    let enteringFrom: Side
    /// Every `animationEnded` UIKit would send, in order.
    private(set) var endings: [Bool] = []
    /// The durations the toolkit asked for, with and without a context.
    private(set) var askedWithContext = 0, askedWithout = 0

    init(enteringFrom side: Side) { enteringFrom = side }

    func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> Double {
        if transitionContext == nil { askedWithout += 1 } else { askedWithContext += 1 }
        return Self.duration
    }

    func animateTransition(using transitionContext: ViewControllerContextTransitioning) {
        let stage = transitionContext.containerView
        let incoming = transitionContext.view(forKey: .to)
        let outgoing = transitionContext.view(forKey: .from)
        let width = stage.bounds.width, height = stage.bounds.height
        let offset: (x: Double, y: Double)
        switch enteringFrom {
        case .trailing: offset = (width, 0)
        case .leading: offset = (-width, 0)
        case .bottom: offset = (0, height)
        case .none: offset = (0, 0)
        }
        if let incoming {
            stage.addSubview(incoming)
            incoming.transform = AffineTransform(translationX: offset.x, y: offset.y)
        }
        // A dismissal leaves downwards; a sideways move pushes the old page out the other side.
        let leaving = enteringFrom == .bottom ? AffineTransform.identity
            : AffineTransform(translationX: -offset.x, y: -offset.y)
        View.animate(withDuration: transitionDuration(using: transitionContext), delay: 0,
                     options: .curveEaseInOut, animations: {
            incoming?.transform = .identity
            outgoing?.transform = leaving
        }, completion: { _ in
            incoming?.transform = .identity
            outgoing?.transform = .identity
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        })
    }

    func animationEnded(_ transitionCompleted: Bool) { endings.append(transitionCompleted) }
}

/// Hands a navigation controller a slide for each push and pop.
@MainActor
final class SlidingNavigation: NavigationControllerDelegate {
    private(set) var lastAnimator: SlideAnimator?
    /// How many times the controller asked for an interaction controller.
    private(set) var interactionRequests = 0

    func navigationController(_ navigationController: NavigationController,
                              animationControllerFor operation: NavigationController.Operation,
                              from fromVC: ViewController, to toVC: ViewController) -> ViewControllerAnimatedTransitioning? {
        let animator = SlideAnimator(enteringFrom: operation == .push ? .trailing : .leading)
        lastAnimator = animator
        return animator
    }

    /// None: the navigation controller's own left-edge drag scrubs the slide when it pops.
    func navigationController(_ navigationController: NavigationController,
                              interactionControllerFor animator: ViewControllerAnimatedTransitioning)
        -> ViewControllerInteractiveTransitioning? {
        interactionRequests += 1
        return nil
    }
}

/// Hands a tab bar controller a slide whose side follows the tabs' order.
@MainActor
final class SlidingTabs: TabBarControllerDelegate {
    private(set) var lastAnimator: SlideAnimator?
    /// Set by a caller that drives the switch itself (the tests' stand-in for a gesture).
    var drivenBy: PercentDrivenInteractiveTransition?

    func tabBarController(_ tabBarController: TabBarController, animationControllerForTransitionFrom fromVC: ViewController,
                          to toVC: ViewController) -> ViewControllerAnimatedTransitioning? {
        guard let from = tabBarController.viewControllers.firstIndex(of: fromVC),
              let to = tabBarController.viewControllers.firstIndex(of: toVC) else { return nil }
        let animator = SlideAnimator(enteringFrom: to > from ? .trailing : .leading)
        lastAnimator = animator
        return animator
    }

    func tabBarController(_ tabBarController: TabBarController,
                          interactionControllerFor animator: ViewControllerAnimatedTransitioning)
        -> ViewControllerInteractiveTransitioning? {
        drivenBy
    }
}

/// A page of one colour that pushes `next` when clicked. Appearing during an interactive
/// transition, it follows the transition coordinator as a UIKit page would: the progress frame
/// by frame, and whether the interaction ended cancelled.
@MainActor
final class PlainPage: ViewController {
    let colour: Color
    var next: PlainPage?
    /// The `isCancelled` of each interaction that ended while this page was appearing.
    private(set) var interactionEndings: [Bool] = []
    /// The progress values the coordinator reported alongside the latest appearance.
    private(set) var progressSeen: [Double] = []

    init(_ title: String, colour: Color, next: PlainPage? = nil) {
        self.colour = colour
        self.next = next
        super.init(title: title)
    }

    override func loadView() {
        let page = View()
        page.backgroundColor = colour
        page.addGestureRecognizer(TapGestureRecognizer { [weak self] _ in
            guard let self, let next, let navigation = navigationController,
                  navigation.topViewController === self else { return }
            navigation.pushViewController(next, animated: true)
        })
        setView(page)
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        guard let coordinator = transitionCoordinator, coordinator.initiallyInteractive else { return }
        progressSeen = []
        coordinator.animate(alongsideProgress: { [weak self] progress in self?.progressSeen.append(progress) })
        coordinator.notifyWhenInteractionEnds { [weak self] context in self?.interactionEndings.append(context.isCancelled) }
    }
}
