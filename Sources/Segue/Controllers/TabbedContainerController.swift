import Geometry
import Canvas
import Motion

/// What ``TabBarController`` and ``TopTabBarController`` share: a bar of ``TabButton``s,
/// one selected child shown in a container view, transitions in the direction of the indices,
/// a horizontal swipe that switches interactively, and the buttons' colours blending with the
/// transition's progress (in OKLab) during the drag, the settle and a cancel's return.
///
/// The selected index changes when the transition starts (as UIKit's); a cancel restores
/// the prior index, the view tree and the colours exactly.
@MainActor
open class TabbedContainerController: ViewController {
    /// Where the bar sits: above the pages or below them.
    public enum BarPosition: Sendable {
        /// Above the pages.
        case top
        /// Below the pages.
        case bottom
    }

    /// Where the bar sits; fixed at creation.
    public let barPosition: BarPosition
    /// The bar's height in logical pixels; the pages get the rest of the view.
    public let barHeight: Double
    /// The children, one per tab, in bar order.
    public private(set) var viewControllers: [ViewController]
    /// The index of the selected child in ``viewControllers``; it changes when a switch starts and
    /// returns if the switch is cancelled.
    public private(set) var selectedIndex: Int
    /// The bar holding the buttons.
    public let barView = View()
    /// The view transitions happen in.
    public let containerView = View()
    /// The bar's buttons, one per child, in the same order (made in ``viewDidLoad()``).
    public private(set) var buttons: [TabButton] = []
    /// The tint of the selected tab's button: the palette's accent (the desktop's accent colour)
    /// unless set.
    public var selectedColor = TraitCollection.current.palette.accent { didSet { resetButtonColors() } }
    /// The tint of the other buttons: the palette's, unless set.
    public var unselectedColor = TraitCollection.current.palette.unselectedTab { didSet { resetButtonColors() } }
    /// The horizontal drag that switches to a neighbour. Its recognizer tells the container
    /// of every press, so neighbours whose caches were released are drawn again before the
    /// drag can move them (TabbedContainerController+Neighbours.swift).
    public let swipe = InteractiveSwipe(recognizer: PressReportingPan(axis: .horizontal))
    /// The context of the switch under way, nil between switches.
    public private(set) var activeTransition: TransitionContext?
    private let showsIcons: Bool
    /// The state of the neighbours' caches between idle preparation and release
    /// (TabbedContainerController+Neighbours.swift).
    var neighbourCaches = NeighbourCaches()

    /// A container of `viewControllers` (at least one), the first selected; `showsIcons` puts each
    /// tab's icon above its title.
    public init(viewControllers: [ViewController], barPosition: BarPosition, barHeight: Double, showsIcons: Bool) {
        precondition(!viewControllers.isEmpty, "a tabbed container needs at least one controller")
        self.viewControllers = viewControllers
        self.barPosition = barPosition
        self.barHeight = barHeight
        self.showsIcons = showsIcons
        selectedIndex = 0
        super.init()
        for child in viewControllers {
            addChild(child)
            child.didMove(toParent: self)
        }
    }

    /// The child shown now: `viewControllers[selectedIndex]`.
    public var selectedViewController: ViewController { viewControllers[selectedIndex] }

    /// The kind of transition for traces.
    open var transitionKind: TransitionKind { .tab }

    /// The animator for a switch; nil means an instant switch for clicks (a swipe slides).
    open func animationController(from: ViewController, to: ViewController) -> AnimatedTransitioning? { nil }

    /// A delegate-supplied interaction controller, if any (asked only for animated switches).
    open func interactionController(for animator: AnimatedTransitioning) -> InteractiveTransitioning? { nil }

    /// Whether a horizontal drag in the selected page may switch tabs (not inside a pushed page).
    open func allowsSwipe() -> Bool {
        if let navigation = selectedViewController as? NavigationController { return navigation.viewControllers.count == 1 }
        return true
    }

    /// Builds the view: the container for the pages and the bar, laid out by ``barPosition``.
    open override func loadView() {
        let view = LayoutView { [weak self] bounds in self?.layout(in: bounds) }
        view.backgroundColor = TraitCollection.current.palette.background
        containerView.clipsToBounds = true
        view.addSubview(containerView)
        barView.backgroundColor = TraitCollection.current.palette.bar
        barView.accessibilityTraits = .tabBar
        view.addSubview(barView)
        setView(view)
    }

    /// Adds a button per child, shows the selected child and sets up the swipe.
    open override func viewDidLoad() {
        for (index, child) in viewControllers.enumerated() {
            let item = child.tabBarItem ?? TabBarItem(title: child.title, icon: .none)
            let button = TabButton(item: item, tint: unselectedColor, showsIcon: showsIcons)
            button.onTap = { [weak self] in self?.select(index, animated: true) }
            barView.addSubview(button)
            buttons.append(button)
        }
        resetButtonColors()
        let selected = selectedViewController.view
        selected.frame = containerView.bounds
        containerView.addSubview(selected)
        configureSwipe()
    }

    /// Forwards the appearance to the selected child.
    open override func viewWillAppear(_ animated: Bool) { selectedViewController.beginAppearanceTransition(isAppearing: true, animated: animated) }
    /// Forwards the appearance to the selected child.
    open override func viewDidAppear(_ animated: Bool) {
        selectedViewController.endAppearanceTransition()
        prepareNeighboursWhenIdle()
    }
    /// Forwards the disappearance to the selected child.
    open override func viewWillDisappear(_ animated: Bool) { selectedViewController.beginAppearanceTransition(isAppearing: false, animated: animated) }
    /// Forwards the disappearance to the selected child.
    open override func viewDidDisappear(_ animated: Bool) { selectedViewController.endAppearanceTransition() }

    private func configureSwipe() {
        // A drag past the neighbour (or back past the start) resists instead of stopping dead.
        swipe.rubberBandLimit = GestureThresholds.rubberBandLimit
        swipe.swipeable = self
        (swipe.recognizer as? PressReportingPan)?.onPress = { [weak self] in self?.prepareReleasedNeighbours() }
        containerView.addGestureRecognizer(swipe.recognizer)
    }

    fileprivate func layout(in bounds: Rect) {
        let barY = barPosition == .top ? 0 : bounds.height - barHeight
        barView.frame = Rect(x: 0, y: barY, width: bounds.width, height: barHeight)
        let containerY = barPosition == .top ? barHeight : 0
        containerView.frame = Rect(x: 0, y: containerY, width: bounds.width, height: max(0, bounds.height - barHeight))
        let buttonWidth = bounds.width / Double(max(buttons.count, 1))
        // Right to left, the first tab is at the right end.
        let rtl = barView.isRightToLeft
        for (index, button) in buttons.enumerated() {
            let slot = rtl ? buttons.count - 1 - index : index
            button.frame = Rect(x: (Double(slot) * buttonWidth).rounded(), y: 0,
                                width: buttonWidth.rounded(), height: barHeight)
        }
        if activeTransition == nil { selectedViewController.view.frame = containerView.bounds }
    }

    /// Gives the key to the selected child first; Ctrl+Tab and Ctrl+Shift+Tab switch to the next
    /// and previous tab, wrapping around.
    open override func handleKey(_ event: KeyEvent) -> Bool {
        if selectedViewController.handleKey(event) { return true }
        guard event.key == .tab, event.modifiers.contains(.control) else { return false }
        let step = event.modifiers.contains(.shift) ? -1 : 1
        let count = viewControllers.count
        return select((selectedIndex + step + count) % count, animated: true)
    }

    // MARK: switching

    /// Switches to `index`; returns false when nothing started (same index, out of range, or a
    /// transition already running).
    @discardableResult
    public func select(_ index: Int, animated: Bool = true) -> Bool {
        guard activeTransition == nil, index != selectedIndex, viewControllers.indices.contains(index) else { return false }
        let priorIndex = selectedIndex
        let from = viewControllers[priorIndex], to = viewControllers[index]
        let swipeInteraction = swipe.interactionController
        let animator = animated
            ? animationController(from: from, to: to)
                ?? (swipeInteraction != nil ? SlideAnimator(direction: index > priorIndex ? .left : .right) : nil)
            : nil

        guard let animator else {
            switchInstantly(from: from, to: to, index: index)
            return true
        }
        let interaction = interactionController(for: animator) ?? swipeInteraction
        startTransition(
            transitionKind, from: from, to: to, in: containerView, animated: true,
            animator: animator, interactionController: interaction,
            prepare: { context in
                activeTransition = context
                selectedIndex = index
                // The buttons' colours change in every frame of the switch: where the pages move
                // in surfaces of their own, the bar gets one too, so the window's buffer stays put.
                barView.ownsLayerWhenPromoted = true
            },
            willBegin: { context in blendButtons(from: priorIndex, to: index, coordinator: context.coordinator) },
            didEnd: { [weak self] completed in
                self?.finishTransition(from: from, to: to, priorIndex: priorIndex, completed: completed)
            })
        return true
    }

    private func switchInstantly(from: ViewController, to: ViewController, index: Int) {
        from.beginAppearanceTransition(isAppearing: false, animated: false)
        to.beginAppearanceTransition(isAppearing: true, animated: false)
        from.view.removeFromSuperview()
        to.view.frame = containerView.bounds
        containerView.addSubview(to.view)
        selectedIndex = index
        resetButtonColors()
        from.endAppearanceTransition()
        to.endAppearanceTransition()
        prepareNeighboursWhenIdle()
    }

    /// The container's bookkeeping when a switch ends (the appearance calls follow).
    private func finishTransition(from: ViewController, to: ViewController, priorIndex: Int, completed: Bool) {
        activeTransition = nil
        barView.ownsLayerWhenPromoted = false
        let gone = completed ? from : to, shown = completed ? to : from
        gone.view.removeFromSuperview()
        gone.view.transform = .identity
        if shown.view.superview !== containerView { containerView.addSubview(shown.view) }
        shown.view.frame = containerView.bounds
        shown.view.transform = .identity
        if !completed { selectedIndex = priorIndex }
        resetButtonColors()
        if completed { prepareNeighboursWhenIdle() }
    }

    /// The two buttons' colours follow the transition's progress, mixed in OKLab; the bold
    /// "selected" look flips at exactly half-way.
    private func blendButtons(from: Int, to: Int, coordinator: TransitionCoordinator) {
        let outgoing = buttons[from], incoming = buttons[to]
        let selected = selectedColor, unselected = unselectedColor
        coordinator.animate(alongsideProgress: { p in
            outgoing.tint = Color.mixOKLab(selected, unselected, p)
            incoming.tint = Color.mixOKLab(unselected, selected, p)
            incoming.isSelected = p >= 0.5
            outgoing.isSelected = p < 0.5
        })
    }

    /// Keeps the bar, the page and the tints that still have the palette's colours on the new
    /// palette's (colours the app set stay).
    open override func traitCollectionDidChange(_ previous: TraitCollection) {
        super.traitCollectionDidChange(previous)
        let old = previous.palette, new = traitCollection.palette
        if barView.backgroundColor == old.bar { barView.backgroundColor = new.bar }
        if selectedColor == old.accent { selectedColor = new.accent }
        if unselectedColor == old.unselectedTab { unselectedColor = new.unselectedTab }
    }

    private func resetButtonColors() {
        for (index, button) in buttons.enumerated() {
            button.tint = index == selectedIndex ? selectedColor : unselectedColor
            button.isSelected = index == selectedIndex
        }
    }
}


/// The tab swipe's geometry: a page's width, towards the neighbour the drag heads for.
extension TabbedContainerController: Swipeable {
    /// A switch can start when ``allowsSwipe()``, nothing else runs, and there is a neighbour
    /// the way the drag heads.
    public func swipeShouldBegin(_ swipe: InteractiveSwipe, pan: PanGestureRecognizer) -> Bool {
        guard activeTransition == nil, allowsSwipe() else { return false }
        return viewControllers.indices.contains(selectedIndex + (isForward(pan.translation) ? 1 : -1))
    }

    /// A whole switch is the width of the container.
    public func swipeDistance(_ swipe: InteractiveSwipe) -> Double { containerView.bounds.width }

    /// Selects the neighbour the drag heads for: a drag left goes to the next tab (a drag right,
    /// in a right-to-left layout, where the next tab is to the left).
    public func swipe(_ swipe: InteractiveSwipe, beginTransitionFor translation: Point) -> Direction? {
        let forward = isForward(translation)
        let target = selectedIndex + (forward ? 1 : -1)
        guard viewControllers.indices.contains(target), select(target, animated: true) else { return nil }
        return translation.x < 0 ? .left : .right
    }

    /// Whether a drag by `translation` heads for the next tab: leftwards, or rightwards right to left.
    private func isForward(_ translation: Point) -> Bool {
        containerView.isRightToLeft ? translation.x > 0 : translation.x < 0
    }
}
