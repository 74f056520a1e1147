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
    /// The view all content hangs from (root controller's view, then presentations).
    public let rootView: View
    public weak var host: WindowHost? {
        didSet { host?.setNeedsFrame() }
    }
    public private(set) var size: Size = .zero
    /// Time of the latest frame tick, in seconds on the compositor's clock.
    public private(set) var now: Double = 0
    /// Receives one record per transition event (the demo's `--trace`).
    public var traceSink: ((TraceRecord) -> Void)?

    public private(set) var needsDisplay = true
    /// Device pixels per logical pixel of the latest frame (the output's buffer scale).
    public private(set) var deviceScale = 1.0
    let animationDriver = AnimationDriver()
    let inputRouter: InputRouter

    public init(rootViewController: ViewController) {
        self.rootViewController = rootViewController
        rootView = WindowRootView()
        rootView.backgroundColor = Color(hex: 0xF2F2F7)
        inputRouter = InputRouter()
        rootView.hostingWindow = self
        rootViewController.view.frame = rootView.bounds
        rootView.addSubview(rootViewController.view)
        rootViewController.beginAppearanceTransition(isAppearing: true, animated: false)
        rootViewController.endAppearanceTransition()
        inputRouter.window = self
    }

    /// The window's new size in logical pixels (configure, resize).
    public func resize(to size: Size) {
        guard size != self.size else { return }
        self.size = size
        rootView.frame = Rect(size: size)
        rootViewController.windowDidResize(to: size)
        setNeedsDisplay()
    }

    /// Delivers one input event.
    public func handle(_ event: InputEvent) {
        inputRouter.handle(event)
    }

    /// Advances animations to `time` (seconds, the compositor's frame clock).
    public func tick(at time: Double) {
        now = max(now, time)
        if animationDriver.tick(at: now) { setNeedsDisplay() }
    }

    /// True while something animates or a gesture is held: the platform keeps frames coming.
    public var wantsFrames: Bool { animationDriver.isActive || inputRouter.isTracking }

    /// Marks the window dirty and asks the host for a frame.
    public func setNeedsDisplay() {
        needsDisplay = true
        host?.setNeedsFrame()
    }

    /// Draws the whole window into `canvas` (whose transform maps logical to device pixels).
    /// Returns the damaged rectangle in logical pixels.
    @discardableResult
    public func render(into canvas: Canvas, fullRedraw: Bool = true) -> Rect? {
        rootView.layoutIfNeeded()
        deviceScale = canvas.transform.a
        canvas.save()
        canvas.fill(Rect(size: size), color: rootView.backgroundColor ?? .white)
        for view in rootView.subviews { view.composite(into: canvas, deviceScale: deviceScale) }
        canvas.restore()
        needsDisplay = false
        return Rect(size: size)
    }

    /// Offers a key to the topmost presented controller, then down the chain; Esc
    /// dismisses the topmost presentation when nobody took it.
    func handleKey(_ event: KeyEvent) {
        var chain = [rootViewController]
        while let next = chain.last?.presentedViewController { chain.append(next) }
        for controller in chain.reversed() where controller.handleKey(event) { return }
        if event.key == .escape, chain.count > 1 {
            chain[chain.count - 1].dismiss(animated: true)
        }
    }

    /// Records a transition event for the trace.
    func trace(_ record: TraceRecord) {
        traceSink?(record)
    }

    /// Transitions running in this window, oldest first.
    public private(set) var activeTransitions: [TransitionContext] = []

    func transitionBegan(_ context: TransitionContext) {
        activeTransitions.append(context)
    }

    func transitionEnded(_ context: TransitionContext) {
        activeTransitions.removeAll { $0 === context }
    }

    /// Runs an animation on this window's frame clock.
    func run(_ timeline: Timeline) {
        animationDriver.add(timeline)
        setNeedsDisplay()
    }

    /// Runs `action` at the next frame tick, with its time.
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
