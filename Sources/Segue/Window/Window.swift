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
    /// Keyboard focus and its ring (see ``KeyboardFocus``); set up right after init.
    private(set) var keyboardFocus: KeyboardFocus!

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
        keyboardFocus = KeyboardFocus(window: self)
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
        rootView.frame = Rect(size: size)
        rootViewController.windowDidResize(to: size)
        needsFullDamage = true
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

    /// The render optimisations in use (all by default; the bench compares without them).
    public static var renderFeatures = RenderFeatures.all

    /// Lets the platform show flattened layers in surfaces of their own (``promotedLayers``),
    /// which the window's frame then leaves out. Off by default: offscreen rendering, tests
    /// and the bench draw everything into one canvas. A platform turns it on when it can show
    /// them (Wayland: `wl_subcompositor` and `wp_viewporter`).
    public var promotesLayers = false {
        didSet { if promotesLayers != oldValue { needsFullDamage = true; setNeedsDisplay() } }
    }

    /// The layers the platform shows itself in the frame measured by the latest
    /// ``prepareFrame(deviceScale:)``, in paint order; empty unless ``promotesLayers``.
    public var promotedLayers: [PromotedLayer] { promotion.layers }

    private let pass = FramePass()
    private let promotion = LayerPromotion()
    private var needsFullDamage = true
    private var lastDeviceScale = 0.0

    /// Lays out and measures the coming frame: returns what changed since the previous
    /// `prepareFrame` in device pixels (whole pixels, inside the window), or nil when nothing
    /// did. Follow it with ``draw(into:region:)``.
    public func prepareFrame(deviceScale: Double) -> Rect? {
        self.deviceScale = deviceScale
        rootView.layoutIfNeeded()
        keyboardFocus.updateRing()
        let windowRect = Rect(x: 0, y: 0, width: (size.width * deviceScale).rounded(.up),
                              height: (size.height * deviceScale).rounded(.up))
        pass.features = Window.renderFeatures
        pass.begin(deviceScale: deviceScale, windowRect: windowRect)
        if deviceScale != lastDeviceScale || rootView.render.needsDamage || !pass.features.contains(.damage) {
            needsFullDamage = true
        }
        lastDeviceScale = deviceScale
        rootView.render.needsDamage = false
        let base = AffineTransform(scaleX: deviceScale, y: deviceScale)
        for view in rootView.subviews {
            _ = view.updateGeometry(parent: base, clip: windowRect, canOcclude: true, pass: pass)
        }
        // The ring, above everything: it hides nothing, so it never occludes.
        _ = focusRing.updateGeometry(parent: base, clip: windowRect, canOcclude: false, pass: pass)
        if needsFullDamage { pass.damageAll() }
        promotion.update(roots: rootView.subviews + [focusRing], enabled: promotesLayers, pass: pass)
        needsFullDamage = false
        needsDisplay = false
        return pass.damage.isEmpty ? nil : pass.damage
    }

    /// Paints `region` (device pixels) of the frame measured by ``prepareFrame(deviceScale:)``
    /// into `canvas`, whose transform maps logical to device pixels; the rest of the canvas is
    /// left alone. Returns what it painted.
    @discardableResult
    public func draw(into canvas: Canvas, region: Rect) -> FrameReport {
        let deviceScale = canvas.transform.a
        pass.region = region.intersection(pass.windowRect)
        pass.report.regionPixels = pass.region.area
        guard !pass.region.isEmpty else { return pass.report }
        canvas.save()
        canvas.clip(toDeviceRects: CollectionOfOne(pass.region))
        let background = rootView.backgroundColor ?? .white
        switch pass.visibility(of: pass.windowRect, paintedAt: -1) {
        case .hidden: break
        case .whole: canvas.fill(Rect(size: size), color: background)
        case .partial:
            canvas.save()
            canvas.clip(toDeviceRects: pass.visiblePieces)
            canvas.fill(Rect(size: size), color: background)
            canvas.restore()
        }
        for view in rootView.subviews { view.composite(into: canvas, deviceScale: deviceScale, pass: pass) }
        focusRing.composite(into: canvas, deviceScale: deviceScale, pass: pass)
        canvas.restore()
        return pass.report
    }

    /// Draws the window into `canvas` (whose transform maps logical to device pixels):
    /// everything, or with `fullRedraw: false` only what changed since the last render (the
    /// canvas must then still hold that frame). Returns the damaged rectangle in logical
    /// pixels: the whole window for a full redraw; nil when nothing changed.
    @discardableResult
    public func render(into canvas: Canvas, fullRedraw: Bool = true) -> Rect? {
        let deviceScale = canvas.transform.a
        let damage = prepareFrame(deviceScale: deviceScale)
        if fullRedraw {
            draw(into: canvas, region: pass.windowRect)
            return Rect(size: size)
        }
        guard let damage else { return nil }
        draw(into: canvas, region: damage)
        return Rect(x: damage.minX / deviceScale, y: damage.minY / deviceScale,
                    width: damage.width / deviceScale, height: damage.height / deviceScale)
    }

    /// Keyboard focus first (Tab, Shift+Tab, arrows, Enter and Space on a focused control),
    /// then offers a key to the topmost presented controller, then down the chain; Esc
    /// dismisses the topmost presentation when nobody took it.
    func handleKey(_ event: KeyEvent) {
        if keyboardFocus.handle(event) { return }
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
