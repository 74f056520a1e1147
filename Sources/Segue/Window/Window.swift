import Geometry
import Canvas
import Motion

/// The root of a view-controller hierarchy, hosted by a platform (``WindowHost``).
///
/// The platform feeds it input events and frame ticks and asks it to render; everything
/// else — gestures, transitions, animation — happens here, so a window runs as well
/// offscreen on a manual clock as in a compositor.
@MainActor
public final class Window {
    /// The controller whose view fills the window.
    public let rootViewController: ViewController
    /// The view all content hangs from (root controller's view, then presentations). It fills
    /// the window below the header bar, when the window draws one.
    public let rootView: View
    /// The window's whole area: the header bar (client-side decorations) and ``rootView``.
    /// Window coordinates are this view's.
    let frameView: View
    /// The title bar drawn when ``decorations`` is ``DecorationMode/clientSide``.
    package let headerBar: HeaderBar
    /// The platform that shows the window; setting it asks for a frame. Held weakly.
    public weak var host: WindowHost? {
        didSet { host?.setNeedsFrame() }
    }
    /// The window's size in logical pixels, as given to ``resize(to:)``.
    public private(set) var size: Size = .zero
    /// Time of the latest frame tick, in seconds on the compositor's clock.
    public private(set) var now: Double = 0
    /// The clock animations run on: ``now`` slowed by ``animationSlowdown``. Timelines are
    /// ticked, started, settled and interrupted in these seconds; input and traces use ``now``.
    public var animationTime: Double { animationClock.animationTime(at: now) }
    /// Slow animations: every animation and settle runs this many times slower (1: normal
    /// speed; must be finite and > 0), as the iOS Simulator's Slow Animations and GTK's
    /// `GTK_SLOWDOWN`. Changing it mid-animation changes the pace without a jump. The developer
    /// tools (SegueDiagnostics) show the factor and bind a key to it.
    public var animationSlowdown: Double {
        get { animationClock.factor }
        set {
            animationClock.setFactor(newValue, at: now)
            setNeedsDisplay()
        }
    }
    private var animationClock = AnimationClock()
    /// What the desktop says about how the user wants the app: style, contrast, accent, text
    /// size, motion and input preferences. The platform sets it from the desktop's settings (and
    /// again whenever they change); an app may override it, e.g. to force the dark style. A
    /// change shows at the next frame.
    public var settings = DesktopSettings() {
        didSet { if settings != oldValue { settingsDidChange(from: oldValue) } }
    }
    /// The window's keyboard shortcuts, looked up after keyboard focus and the controllers had
    /// their turn (see ``KeyBinding``): F11 and Ctrl+Q unless the app changes them. The first
    /// binding whose shortcut matches wins.
    public var keyBindings: [KeyBinding] = KeyBinding.standard
    /// Receives one record per transition event (the demo's `--trace`).
    public var traceSink: ((TraceRecord) -> Void)?

    /// Something changed since the latest ``prepareFrame(deviceScale:origin:)``: the platform
    /// draws a frame when this or ``wantsFrames`` is set.
    package internal(set) var needsDisplay = true
    /// Device pixels per logical pixel of the latest frame (the output's buffer scale).
    public internal(set) var deviceScale = 1.0
    let animationDriver = AnimationDriver()
    let inputRouter: InputRouter
    /// Keyboard focus and its ring (see ``KeyboardFocus``); set up right after init.
    private(set) var keyboardFocus: KeyboardFocus!

    /// A window showing `rootViewController` (its view appears at once), with `title` for the
    /// header bar and the compositor. It has no size until ``resize(to:)``.
    public init(rootViewController: ViewController, title: String = "") {
        self.rootViewController = rootViewController
        // Views made from here on start in this window's traits (until the platform's
        // settings arrive, the defaults).
        TraitCollection.current = DesktopSettings().traits
        Font.setUserPreferences(family: nil, textScale: 1)
        rootView = WindowRootView()
        frameView = WindowFrameView()
        headerBar = HeaderBar(title: title)
        frameView.backgroundColor = TraitCollection.current.palette.windowBackground
        inputRouter = InputRouter()
        frameView.hostingWindow = self
        rootView.hostingWindow = self
        frameView.addSubview(rootView)
        headerBar.isHidden = true
        frameView.addSubview(headerBar)
        rootViewController.view.frame = rootView.bounds
        rootView.addSubview(rootViewController.view)
        rootViewController.beginAppearanceTransition(isAppearing: true, animated: false)
        rootViewController.endAppearanceTransition()
        inputRouter.window = self
        keyboardFocus = KeyboardFocus(window: self)
        connectHeaderBar()
    }

    /// The process-wide defaults this window set (the traits views start in, the text scale and
    /// font) go back to the desktop's defaults with it, so that views made afterwards for another
    /// window do not start in this one's look.
    isolated deinit {
        if TraitCollection.current == settings.traits { TraitCollection.current = DesktopSettings().traits }
        if Font.textScale == settings.traits.textScale, Font.interfaceFamily == (settings.fontFamily ?? Font.fallbackFamily) {
            Font.setUserPreferences(family: nil, textScale: 1)
        }
    }

    // MARK: keyboard focus

    /// The control Tab moved to, if any (Enter or Space activates it).
    public var focusedControl: Control? { keyboardFocus.current }

    /// The focus ring: composited above the whole tree, fitted to ``focusedControl`` before
    /// each frame; hidden when nothing is focused or a transition runs.
    public var focusRing: FocusRingView { keyboardFocus.ring }

    /// The controls Tab visits now, in order.
    public var focusableControls: [Control] { keyboardFocus.focusableControls() }

    /// Moves keyboard focus to `control` (nil: nowhere).
    public func focus(_ control: Control?) { keyboardFocus.setFocus(control) }

    /// The window's new size in logical pixels (configure, resize).
    public func resize(to size: Size) {
        guard size != self.size else { return }
        self.size = size
        frameView.frame = Rect(size: size)
        layoutFrame()
    }

    /// Where the pointer is (window coordinates), for the header bar's presses.
    var pointerLocation: Point?
    /// The header bar owns the current press (it began there).
    var headerOwnsPress = false

    /// Delivers one input event.
    public func handle(_ event: InputEvent) {
        activity &+= 1
        switch event.kind {
        case .pointerEnter(let point), .pointerMotion(let point), .touchDown(_, let point), .touchMotion(_, let point):
            pointerLocation = point
        case .pointerLeave:
            pointerLocation = nil
        default:
            break
        }
        if routeToHeaderBar(event) { return }
        inputRouter.handle(event)
    }


    /// Advances animations to `time` (seconds, the compositor's frame clock).
    public func tick(at time: Double) {
        activity &+= 1
        now = max(now, time)
        // Motions held since the last frame move the gesture once, before its timeline advances.
        inputRouter.frameWillTick()
        if animationDriver.tick(at: animationTime) { setNeedsDisplay() }
        for observer in hooks.tickObservers { observer(self) }
    }

    /// True while something animates, a gesture is held, or a held key or button drives
    /// something (a held Back's preview): the platform keeps frames coming.
    public var wantsFrames: Bool { animationDriver.isActive || inputRouter.isTracking || heldInputRelease != nil }

    /// True while something animates on the clock (a gesture held still changes nothing by
    /// itself): a frame with nothing new to show needs no successor unless this is set.
    public var isAnimating: Bool { animationDriver.isActive }

    /// Marks the window dirty and asks the host for a frame.
    public func setNeedsDisplay() {
        needsDisplay = true
        host?.setNeedsFrame()
    }

    /// What tools outside the core hooked in (see Window+Observers.swift).
    var hooks = WindowHooks()
    /// Work waiting for an idle turn (see Window+IdleWork.swift).
    var idleQueue = IdleQueue()
    /// Input events and ticks so far (``activityCount``).
    var activity = 0

    // MARK: desktop (the platform sets these; see Window+Desktop.swift)

    /// Who draws the title bar: set by the platform from what the compositor offers.
    public package(set) var decorations = DecorationMode.none {
        didSet { if decorations != oldValue { layoutFrame() } }
    }

    /// The compositor's latest word on the window (maximized, fullscreen, tiled, activated…),
    /// set by the platform.
    public package(set) var state: WindowState = [.activated] {
        didSet {
            guard state != oldValue else { return }
            headerBar.isBackdrop = !state.contains(.activated)
            headerBar.isMaximized = state.contains(.maximized)
            layoutFrame()
        }
    }

    /// What the compositor lets the window ask for, set by the platform; the header bar hides
    /// the rest.
    public package(set) var capabilities = WindowCapabilities.all {
        didSet { headerBar.setCapabilities(capabilities) }
    }

    // MARK: rendering (see Window+Frame.swift)

    /// The render optimisations this window uses (all by default; `segue-bench` compares
    /// frames without some of them).
    package var renderFeatures = RenderFeatures.all

    /// Lets the platform show flattened layers in surfaces of their own (``promotedLayers``),
    /// which the window's frame then leaves out. Off by default: offscreen rendering, tests
    /// and the bench draw everything into one canvas. A platform turns it on when it can show
    /// them (Wayland: `wl_subcompositor` and `wp_viewporter`).
    package var promotesLayers = false {
        didSet { if promotesLayers != oldValue { frameHistory.needsFullDamage = true; setNeedsDisplay() } }
    }
    /// Ends what a held key or button is driving (a held Back's preview), when input that is
    /// not that key or button arrives: set by the holder, cleared once called.
    var heldInputRelease: (@MainActor () -> Void)?

    /// The coming frame's measurements (damage, occlusion, layers).
    let pass = FramePass()
    /// How many views the latest ``prepareFrame(deviceScale:origin:)`` measured: a subtree
    /// that did not change and moves as one layer is not entered (for tests and the bench).
    package var viewsMeasuredInLastFrame: Int { pass.viewsVisited }
    /// Which layers the platform shows in surfaces of their own.
    let promotion = LayerPromotion()
    /// What a frame remembers of the one before.
    var frameHistory = FrameHistory()

    /// Records a transition event for the trace, stamped with when it happened: the host's
    /// monotonic clock, not the last frame's time (stale after an idle spell, 0 before the first).
    func trace(_ record: TraceRecord) {
        for observer in hooks.traceObservers { observer(record) }
        guard let traceSink else { return }
        var record = record
        record.time = host?.monotonicTime ?? record.time
        traceSink(record)
    }

    /// Transitions running in this window, oldest first.
    public private(set) var activeTransitions: [TransitionContext] = []

    func transitionBegan(_ context: TransitionContext) {
        activeTransitions.append(context)
    }

    func transitionEnded(_ context: TransitionContext) {
        activeTransitions.removeAll { $0 === context }
        accessibilityTransitionEnded(context)
    }

    /// Runs an animation on this window's frame clock.
    func run(_ timeline: Timeline) {
        animationDriver.add(timeline)
        setNeedsDisplay()
    }

    /// Runs `action` at the next frame tick, with its time on the animation clock.
    func atNextFrame(_ action: @escaping (Double) -> Void) {
        animationDriver.atNextTick(action)
        setNeedsDisplay()
    }
}

/// The window's root view: the root controller's view and every presentation container fill it.
@MainActor
private final class WindowRootView: View {
    override func layoutSubviews() {
        for view in subviews { view.frame = bounds }
    }
}

/// The window's whole area; the window places the header bar and the root view in it.
@MainActor
private final class WindowFrameView: View {}
