import Geometry
import Motion

/// Manages one screen's view, as `UIViewController`: lazy view loading, containment of
/// child controllers, and appearance callbacks in a defined order.
///
/// Appearance: an appearing controller gets `viewWillAppear` then `viewDidAppear`; a
/// cancelled interactive transition runs the reverse calls (the one that was to disappear
/// gets `viewWillAppear`/`viewDidAppear` back; the one that was to appear gets
/// `viewWillDisappear`/`viewDidDisappear`).
@MainActor
open class ViewController {
    /// The title shown by containers (navigation bar, tab bar); a navigation bar showing it
    /// follows a change at once (a viewer naming the picture it paged to).
    public var title: String {
        didSet {
            guard title != oldValue else { return }
            (parent as? NavigationController)?.childTitleDidChange(self)
        }
    }
    /// What a tab bar shows for this controller (nil: its title, no icon).
    public var tabBarItem: TabBarItem?

    /// How ``present(_:animated:completion:)`` shows this controller.
    public var modalPresentationStyle: ModalPresentationStyle = .fullScreen
    /// Supplies the animator, interaction and presentation controllers when this controller
    /// is presented or dismissed. Held weakly, as in UIKit.
    public weak var transitioningDelegate: TransitioningDelegate?
    /// A drag down on this controller's view dismisses it while presented (toolkit default; a
    /// zoom presentation has its own drag instead).
    public var dismissesOnDragDown = true
    /// The transition this controller asks for when it is pushed or presented (and popped or
    /// dismissed), as UIKit's `preferredTransition`; nil: the container's own. A navigation
    /// controller's delegate or a transitioning delegate that supplies an animator wins over it.
    public var preferredTransition: Transition?
    /// The drag and pinch of a zoomed page, from its first zoom until it is closed.
    var zoomInteraction: ZoomInteraction?
    /// The controller this one presents.
    public internal(set) var presentedViewController: ViewController?
    /// The controller that presents this one.
    public internal(set) weak var presentingViewController: ViewController?
    /// The presentation controller while this controller is presented.
    public internal(set) var presentationController: PresentationController?
    /// The running presentation or dismissal of this (presented) controller. Weak: the window
    /// owns a running transition, and the context holds this controller.
    weak var presentationTransition: TransitionContext?
    /// The drag-down dismissal while presented.
    var dragDownDismissal: DragDownDismissal?
    /// Set by ``startTransition(_:from:to:in:animated:animator:interactionController:appearance:prepare:willBegin:didEnd:completion:)``
    /// while this controller takes part in a transition (see ``transitionCoordinator``).
    weak var activeTransitionCoordinator: TransitionCoordinator?

    var presentationTransitionIsIdle: Bool { presentationTransition == nil }

    private var loadedView: View?
    /// The child controllers, in the order they were added.
    public private(set) var children: [ViewController] = []
    /// The container this controller is a child of, if any.
    public private(set) weak var parent: ViewController?
    /// Whether the view is on screen as far as appearance callbacks go.
    public private(set) var isVisible = false
    private var appearanceTransition: (appearing: Bool, animated: Bool)?

    /// A controller titled `title`; its view loads on first use.
    public init(title: String = "") {
        self.title = title
    }

    /// The controller's view, loaded on first use.
    public var view: View {
        if let loadedView { return loadedView }
        loadView()
        let view = loadedView ?? View()
        loadedView = view
        viewDidLoad()
        return view
    }

    /// Whether ``view`` has been loaded (reading ``view`` loads it).
    public var isViewLoaded: Bool { loadedView != nil }

    /// Creates the view; override to supply your own (call ``ViewController/setView(_:)``).
    open func loadView() {
        let view = View()
        view.backgroundColor = TraitCollection.current.palette.background
        loadedView = view
    }

    /// Sets the view from ``loadView()``.
    public func setView(_ view: View) { loadedView = view }

    /// Called once, right after the view loaded: add subviews, gestures and children here.
    open func viewDidLoad() {}
    /// Called before the view appears; `animated` when a transition brings it in.
    open func viewWillAppear(_ animated: Bool) {}
    /// Called after the view appeared (its transition completed).
    open func viewDidAppear(_ animated: Bool) {}
    /// Called before the view disappears; `animated` when a transition takes it away.
    open func viewWillDisappear(_ animated: Bool) {}
    /// Called after the view disappeared (its transition completed).
    open func viewDidDisappear(_ animated: Bool) {}

    /// The window resized; containers re-lay out their children.
    open func windowDidResize(to size: Size) {
        for child in children { child.windowDidResize(to: size) }
    }

    /// The traits of the window this controller's view is in (UIKit's `traitCollection`).
    public var traitCollection: TraitCollection { loadedView?.traitCollection ?? TraitCollection.current }

    /// The window's traits changed: adapt what the view shows. The default keeps a page that
    /// still has the palette's background on the palette's background, and tells the children.
    open func traitCollectionDidChange(_ previous: TraitCollection) {
        if let view = loadedView, view.backgroundColor == previous.palette.background {
            view.backgroundColor = traitCollection.palette.background
        }
        for child in children { child.traitCollectionDidChange(previous) }
        presentedViewController?.traitCollectionDidChange(previous)
    }

    /// A key the focused chain did not consume; return true when handled.
    open func handleKey(_ event: KeyEvent) -> Bool { false }

    // MARK: containment

    /// Adds a child; call `child.didMove(toParent: self)` after adding its view.
    public func addChild(_ child: ViewController) {
        guard child.parent !== self else { return }
        child.removeFromParent()
        child.willMove(toParent: self)
        children.append(child)
        child.parent = self
    }

    /// Removes this controller from its parent; call `willMove(toParent: nil)` first.
    public func removeFromParent() {
        guard let parent else { return }
        parent.children.removeAll { $0 === self }
        self.parent = nil
        didMove(toParent: nil)
    }

    /// Called when the controller is about to be added to `parent`, or removed from its parent
    /// (`nil`).
    open func willMove(toParent parent: ViewController?) {}
    /// Called after the controller was added to `parent` (and its view placed), or removed (`nil`).
    open func didMove(toParent parent: ViewController?) {}

    /// The nearest navigation controller above this one.
    public var navigationController: NavigationController? {
        var current = parent
        while let candidate = current {
            if let navigation = candidate as? NavigationController { return navigation }
            current = candidate.parent
        }
        return nil
    }

    // MARK: appearance

    /// Starts an appearance change; containers call this around transitions.
    public func beginAppearanceTransition(isAppearing: Bool, animated: Bool) {
        appearanceTransition = (isAppearing, animated)
        if isAppearing { viewWillAppear(animated) } else { viewWillDisappear(animated) }
    }

    /// An appearance change begun and completed at once (a cancelled transition running the
    /// callbacks back).
    func runAppearanceTransition(isAppearing: Bool, animated: Bool) {
        beginAppearanceTransition(isAppearing: isAppearing, animated: animated)
        endAppearanceTransition()
    }

    /// Completes the appearance change begun last.
    public func endAppearanceTransition() {
        guard let (appearing, animated) = appearanceTransition else { return }
        appearanceTransition = nil
        isVisible = appearing
        if appearing { viewDidAppear(animated) } else { viewDidDisappear(animated) }
    }
}
