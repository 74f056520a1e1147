import Geometry
import Motion

/// Push or pop.
public enum NavigationOperation: Sendable {
    /// A page added on top of the stack (`push`), or the top page taken off (`pop`).
    case push, pop
}

/// Supplies a navigation controller's transitions, per operation.
@MainActor
public protocol NavigationControllerDelegate: AnyObject {
    /// The animator for this push or pop; nil: the default slide.
    func navigationController(_ navigationController: NavigationController,
                              animationControllerFor operation: NavigationOperation,
                              from: ViewController, to: ViewController) -> AnimatedTransitioning?
    /// The interaction controller, only while a gesture drives the transition; nil otherwise
    /// (an interaction controller offered to a Back click would hang it at its start).
    func navigationController(_ navigationController: NavigationController,
                              interactionControllerFor animator: AnimatedTransitioning) -> InteractiveTransitioning?
}

extension NavigationControllerDelegate {
    /// nil: the navigation controller slides.
    public func navigationController(_ navigationController: NavigationController,
                                     animationControllerFor operation: NavigationOperation,
                                     from: ViewController, to: ViewController) -> AnimatedTransitioning? { nil }
    /// nil: only the navigation controller's own edge drag makes a pop interactive.
    public func navigationController(_ navigationController: NavigationController,
                                     interactionControllerFor animator: AnimatedTransitioning) -> InteractiveTransitioning? { nil }
}

/// A stack of pages with a bar, as `UINavigationController`: push and pop slide by default,
/// and a drag from the left edge of a pushed page pops interactively (in a right-to-left
/// layout, ``View/effectiveUserInterfaceLayoutDirection``, everything mirrored: pushes enter
/// from the left, the drag starts at the right edge, Alt+Right pops).
///
/// The stack changes when a transition completes; a cancelled pop leaves the stack, the view
/// tree and the next Back exactly as they were.
@MainActor
open class NavigationController: ViewController {
    /// The stack, root first; the last one is on screen. It changes when a push or pop completes.
    public private(set) var viewControllers: [ViewController]
    /// Supplies custom transitions; held weakly.
    public weak var delegate: NavigationControllerDelegate?
    /// The bar at the top: the title and the Back button.
    public let navigationBar = NavigationBar()
    /// The view transitions happen in (below the bar).
    public let containerView = View()
    /// The left-edge drag that pops (its recognizer is ``interactivePopGestureRecognizer``).
    public let interactivePop = InteractiveSwipe(recognizer: ScreenEdgePanGestureRecognizer(edge: .left))
    /// The running transition, if any.
    public private(set) var activeTransition: TransitionContext?

    /// How a pop looks when no delegate supplies an animator.
    public enum BackTransitionStyle: Sendable {
        /// The pages slide, as UIKit's (``SlideAnimator``).
        case slide
        /// Android's predictive back: the leaving page shrinks and fades over the page it goes
        /// back to (``PredictiveBackAnimator``), driven by every back gesture.
        case predictive
    }

    /// How pops look: ``BackTransitionStyle/slide`` by default. Pushes always slide.
    public var backTransitionStyle = BackTransitionStyle.slide


    /// The left-edge pan that pops the top page, as UIKit's (the recognizer of ``interactivePop``).
    public var interactivePopGestureRecognizer: PanGestureRecognizer { interactivePop.recognizer }

    /// The drag anywhere on the page that pops it, leading to trailing (its recognizer is
    /// ``interactiveContentPopGestureRecognizer``). On by default; everything else on the page
    /// that swipes or scrolls sideways wins over it.
    public let interactiveContentPop = InteractiveSwipe(recognizer: ContentPopGestureRecognizer(edge: .left))

    /// The pan anywhere in the content that pops the top page, as UIKit's
    /// `interactiveContentPopGestureRecognizer` (iOS 26): set its `isEnabled` to false to keep
    /// only the edge's. It yields to every other recognizer on the press
    /// (see ``ContentPopGestureRecognizer``).
    public var interactiveContentPopGestureRecognizer: PanGestureRecognizer { interactiveContentPop.recognizer }

    /// A stack holding `rootViewController` alone, titled after it.
    public init(rootViewController: ViewController) {
        viewControllers = [rootViewController]
        super.init(title: rootViewController.title)
        addChild(rootViewController)
        rootViewController.didMove(toParent: self)
    }

    /// The page on screen: the last of ``viewControllers``.
    public var topViewController: ViewController? { viewControllers.last }

    /// Builds the view: the bar at the top, the container for the pages below it.
    open override func loadView() {
        let view = LayoutView { [weak self] bounds in self?.layout(in: bounds) }
        view.backgroundColor = .white
        containerView.clipsToBounds = true
        view.addSubview(containerView)
        view.addSubview(navigationBar)
        setView(view)
    }

    /// Shows the top page and sets up the bar's Back and the two interactive pops, from the
    /// leading edge and from anywhere on the page (both complete past half-way).
    open override func viewDidLoad() {
        navigationBar.onBack = { [weak self] in self?.popViewController(animated: true) }
        let top = viewControllers.last!
        top.view.frame = containerView.bounds
        containerView.addSubview(top.view)
        navigationBar.show(title: top.title, canGoBack: viewControllers.count > 1)

        // The pop completes past half-way, as a percent-driven edge pop usually decides (no
        // velocity rule); an app sets another `commitRule`.
        for pop in [interactivePop, interactiveContentPop] {
            pop.commitRule = .threshold(0.5, inclusive: false)
            pop.swipeable = self
            containerView.addGestureRecognizer(pop.recognizer)
        }
    }

    /// Forwards the appearance to the top page.
    open override func viewWillAppear(_ animated: Bool) { topViewController?.beginAppearanceTransition(isAppearing: true, animated: animated) }
    /// Forwards the appearance to the top page.
    open override func viewDidAppear(_ animated: Bool) { topViewController?.endAppearanceTransition() }
    /// Forwards the disappearance to the top page.
    open override func viewWillDisappear(_ animated: Bool) { topViewController?.beginAppearanceTransition(isAppearing: false, animated: animated) }
    /// Forwards the disappearance to the top page.
    open override func viewDidDisappear(_ animated: Bool) { topViewController?.endAppearanceTransition() }

    fileprivate func layout(in bounds: Rect) {
        navigationBar.frame = Rect(x: 0, y: 0, width: bounds.width, height: NavigationBar.height)
        containerView.frame = Rect(x: 0, y: NavigationBar.height, width: bounds.width,
                                   height: max(0, bounds.height - NavigationBar.height))
        if activeTransition == nil { topViewController?.view.frame = containerView.bounds }
        // The interactive pop starts at the leading edge: the right one, right to left.
        if let edgePan = interactivePop.recognizer as? ScreenEdgePanGestureRecognizer, edgePan.edge != leadingEdge {
            edgePan.edge = leadingEdge
        }
        if let contentPan = interactiveContentPop.recognizer as? ContentPopGestureRecognizer, contentPan.edge != leadingEdge {
            contentPan.edge = leadingEdge
        }
    }

    /// The top page's title changed: the bar shows it, unless a transition is changing the
    /// bar's title now (its own end shows the top page's title as it then is).
    final func childTitleDidChange(_ child: ViewController) {
        guard isViewLoaded, child === topViewController, activeTransition == nil else { return }
        navigationBar.show(title: child.title, canGoBack: viewControllers.count > 1)
    }

    // MARK: Back held

    /// How far a held Back (the Back key, or the mouse's back button) previews a predictive
    /// pop: short of the fade (35 %) and of the commit point, enough to show the page beneath.
    public static let heldBackPeek = 0.3
    /// How long the held preview takes to reach ``heldBackPeek``, in seconds.
    public static let heldBackRise = 0.2

    /// The preview a held Back drives, while it is held.
    private var heldBack: PercentDrivenInteractiveTransition?
    /// The frame time the preview started rising at: the first tick after the press (the
    /// window's clock stands still while nothing happens, so the press's own time is not it).
    private var heldBackStart: Double?
    private var observesTicks = false

    /// A Back press starts the held preview, its repeats are swallowed, its release goes back;
    /// nil: not this controller's (nothing to pop, or another transition runs).
    private func handleHeldBack(_ event: KeyEvent) -> Bool? {
        if !event.pressed {
            guard heldBack != nil else { return nil }
            endHeldBack()
            return true
        }
        if event.isRepeat { return heldBack != nil ? true : nil }
        guard heldBack == nil, viewControllers.count > 1, activeTransition == nil, let window = view.window else { return nil }
        heldBack = PercentDrivenInteractiveTransition()
        heldBackStart = nil
        if !observesTicks {
            observesTicks = true
            window.addTickObserver { [weak self] window in self?.raiseHeldBack(at: window.now) }
        }
        guard popViewController(animated: true) != nil else {
            heldBack = nil
            return nil
        }
        // While it is set the window keeps frames coming (``Window/wantsFrames``), as for a drag held still.
        window.heldInputRelease = { [weak self] in self?.endHeldBack() }
        window.setNeedsDisplay()
        return true
    }

    /// At each frame while held: the preview rises along an ease-out to the peek.
    private func raiseHeldBack(at now: Double) {
        guard let heldBack, heldBack.context != nil else { return }
        let start = heldBackStart ?? now
        heldBackStart = start
        let t = min(max((now - start) / Self.heldBackRise, 0), 1)
        heldBack.update(Self.heldBackPeek * TimingCurve.easeOut.value(at: t))
    }

    /// Back let go (or other input came): the pop goes through, on the settle spring.
    private func endHeldBack() {
        guard let interaction = heldBack else { return }
        heldBack = nil
        if let window = view.window, window.heldInputRelease != nil { window.heldInputRelease = nil }
        interaction.finish()
    }

    /// A pop's predictive back, reading the vertical travel of the back gesture that holds the
    /// page; with reduced motion a cross-fade, the page gone back to coming in as the drag goes.
    private func predictiveBackAnimator() -> AnimatedTransitioning {
        if view.window?.settings.motion.reducesMotion == true { return CrossFadeAnimator() }
        let animator = PredictiveBackAnimator()
        animator.verticalTravel = { [weak self] in
            guard let self else { return nil }
            let pan = [interactivePop.recognizer, interactiveContentPop.recognizer].first { $0.state == .began || $0.state == .changed }
            return pan?.translation(in: containerView).y
        }
        return animator
    }

    /// The window edge a page is popped from: the left, or the right in a right-to-left layout.
    private var leadingEdge: ScreenEdgePanGestureRecognizer.Edge { containerView.isRightToLeft ? .right : .left }

    // MARK: push and pop

    /// Pushes `controller`; ignored while another transition runs.
    public func pushViewController(_ controller: ViewController, animated: Bool = true) {
        guard activeTransition == nil, let top = topViewController, !viewControllers.contains(where: { $0 === controller }) else { return }
        addChild(controller)
        perform(.push, from: top, to: controller, animated: animated)
    }

    /// Pops the top page; ignored with one page left or while another transition runs.
    @discardableResult
    public func popViewController(animated: Bool = true) -> ViewController? {
        guard activeTransition == nil, viewControllers.count > 1 else { return nil }
        let from = viewControllers[viewControllers.count - 1], to = viewControllers[viewControllers.count - 2]
        perform(.pop, from: from, to: to, animated: animated)
        return from
    }

    /// Gives the key to the top page first; Alt+Left pops (Alt+Right in a right-to-left layout,
    /// as libadwaita flips its back key), and so does Back (``Key/back``: the Back key or the
    /// pointer's back button) in either direction.
    open override func handleKey(_ event: KeyEvent) -> Bool {
        if topViewController?.handleKey(event) == true { return true }
        if event.key == .back, backTransitionStyle == .predictive, let handled = handleHeldBack(event) { return handled }
        guard event.pressed else { return false }
        if event.key == .back || (event.key == (containerView.isRightToLeft ? .right : .left) && event.modifiers.contains(.alt)) {
            return popViewController(animated: true) != nil
        }
        return false
    }

    private func perform(_ operation: NavigationOperation, from: ViewController, to: ViewController, animated: Bool) {
        let animator = delegate?.navigationController(self, animationControllerFor: operation, from: from, to: to)
            ?? (operation == .push ? to.preferredTransition?.animator(opening: true, for: to) : from.preferredTransition?.animator(opening: false))
            ?? (operation == .pop && backTransitionStyle == .predictive ? predictiveBackAnimator() : nil)
            ?? SlideAnimator(direction: operation == .push ? .left : .right)
        let interaction = animated
            ? (delegate?.navigationController(self, interactionControllerFor: animator)
                ?? (operation == .pop ? interactivePop.interactionController ?? interactiveContentPop.interactionController ?? heldBack
                    ?? from.zoomInteraction?.startingInteraction : nil))
            : nil
        let newStackDepth = operation == .push ? viewControllers.count + 1 : viewControllers.count - 1
        startTransition(
            operation == .push ? .push : .pop, from: from, to: to, in: containerView, animated: animated,
            animator: animator, interactionController: interaction,
            prepare: { context in activeTransition = context },
            willBegin: { [navigationBar, viewControllers] context in
                navigationBar.transition(to: to.title, canGoBack: newStackDepth > 1,
                                         previous: (from.title, viewControllers.count > 1), coordinator: context.coordinator)
            },
            didEnd: { [weak self] completed in
                self?.finishTransition(operation, from: from, to: to, completed: completed)
            })
    }

    /// The stack's bookkeeping when a push or pop ends (the appearance calls follow).
    private func finishTransition(_ operation: NavigationOperation, from: ViewController, to: ViewController,
                                  completed: Bool) {
        activeTransition = nil
        if completed {
            from.view.removeFromSuperview()
            from.view.transform = .identity
            if to.view.superview !== containerView { containerView.addSubview(to.view) }
            to.view.frame = containerView.bounds
            switch operation {
            case .push:
                viewControllers.append(to)
                to.didMove(toParent: self)
            case .pop:
                viewControllers.removeLast()
                from.willMove(toParent: nil)
                from.removeFromParent()
            }
        } else {
            to.view.removeFromSuperview()
            to.view.transform = .identity
            if from.view.superview !== containerView { containerView.addSubview(from.view) }
            from.view.frame = containerView.bounds
            from.view.transform = .identity
            if operation == .push {
                to.willMove(toParent: nil)
                to.removeFromParent()
            }
        }
        // The bar settles itself in its coordinator completion, which runs right after this.
    }

}

/// The interactive pop's geometry: a page's width, from where the page's edge is under the pointer.
extension NavigationController: Swipeable {
    /// A pop can start when there is a page to go back to and nothing else runs.
    public func swipeShouldBegin(_ swipe: InteractiveSwipe, pan: PanGestureRecognizer) -> Bool {
        viewControllers.count > 1 && activeTransition == nil
    }

    /// A whole pop is the width of the page.
    public func swipeDistance(_ swipe: InteractiveSwipe) -> Double { containerView.bounds.width }

    /// The page's edge stays under the pointer: a fresh drag starts where it was pressed
    /// (measured from the right edge in a right-to-left layout). A drag anywhere on the page
    /// moves it with the pointer from where it lies: it starts at 0.
    public func swipe(_ swipe: InteractiveSwipe, initialProgressAt location: Point) -> Double {
        guard swipe !== interactiveContentPop, let toLocal = containerView.transformToRoot.inverted() else { return 0 }
        let x = toLocal.apply(to: location).x, width = max(containerView.bounds.width, 1)
        return (containerView.isRightToLeft ? width - x : x) / width
    }

    /// Pops the top page; the drag moves it forward going right (left, right to left).
    public func swipe(_ swipe: InteractiveSwipe, beginTransitionFor translation: Point) -> Direction? {
        popViewController(animated: true) != nil ? (containerView.isRightToLeft ? .left : .right) : nil
    }
}
