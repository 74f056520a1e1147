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
    public let headerBar: HeaderBar
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
    /// speed; must be finite and > 0). Changing it mid-animation changes the pace without a
    /// jump; a small badge shows the factor while it is not 1. Ctrl+T toggles ×5.
    public var animationSlowdown: Double {
        get { animationClock.factor }
        set {
            animationClock.setFactor(newValue, at: now)
            placeSlowAnimationsBadge()
            setNeedsDisplay()
        }
    }
    private var animationClock = AnimationClock()
    private let slowAnimationsBadge = SlowAnimationsBadge()
    /// Receives one record per transition event (the demo's `--trace`).
    public var traceSink: ((TraceRecord) -> Void)?

    /// True when something changed since the last ``prepareFrame(deviceScale:origin:)``: the window
    /// wants drawing.
    public private(set) var needsDisplay = true
    /// Device pixels per logical pixel of the latest frame (the output's buffer scale).
    public private(set) var deviceScale = 1.0
    let animationDriver = AnimationDriver()
    let inputRouter: InputRouter
    /// Keyboard focus and its ring (see ``KeyboardFocus``); set up right after init.
    private(set) var keyboardFocus: KeyboardFocus!

    /// A window showing `rootViewController` (its view appears at once), with `title` for the
    /// header bar and the compositor. It has no size until ``resize(to:)``.
    public init(rootViewController: ViewController, title: String = "") {
        self.rootViewController = rootViewController
        rootView = WindowRootView()
        frameView = WindowFrameView()
        headerBar = HeaderBar(title: title)
        frameView.backgroundColor = Color(hex: 0xF2F2F7)
        inputRouter = InputRouter()
        frameView.hostingWindow = self
        rootView.hostingWindow = self
        frameView.addSubview(rootView)
        headerBar.isHidden = true
        frameView.addSubview(headerBar)
        frameView.addSubview(slowAnimationsBadge)
        rootViewController.view.frame = rootView.bounds
        rootView.addSubview(rootViewController.view)
        rootViewController.beginAppearanceTransition(isAppearing: true, animated: false)
        rootViewController.endAppearanceTransition()
        inputRouter.window = self
        keyboardFocus = KeyboardFocus(window: self)
        connectHeaderBar()
    }

    // MARK: the window on the desktop

    /// The window's title (the header bar shows it; the platform also gives it to the compositor).
    public var title: String {
        get { headerBar.titleLabel.text }
        set { headerBar.titleLabel.text = newValue }
    }

    /// Who draws the title bar: set by the platform from what the compositor offers.
    public var decorations = DecorationMode.none {
        didSet { if decorations != oldValue { layoutFrame() } }
    }

    /// The compositor's latest word on the window (maximized, fullscreen, tiled, activated…).
    public var state: WindowState = [.activated] {
        didSet {
            guard state != oldValue else { return }
            headerBar.isBackdrop = !state.contains(.activated)
            headerBar.isMaximized = state.contains(.maximized)
            layoutFrame()
        }
    }

    /// What the compositor lets the window ask for; the header bar hides the rest.
    public var capabilities = WindowCapabilities.all {
        didSet { headerBar.setCapabilities(capabilities) }
    }

    /// Whether the header bar shows: client-side decorations, except in fullscreen.
    public var showsHeaderBar: Bool { decorations == .clientSide && !state.contains(.fullscreen) }

    /// The area ``rootView`` fills, in window coordinates.
    public var contentRect: Rect {
        let top = showsHeaderBar ? WindowFrameMetrics.headerHeight : 0
        return Rect(x: 0, y: top, width: size.width, height: max(0, size.height - top))
    }

    private func layoutFrame() {
        headerBar.isHidden = !showsHeaderBar
        headerBar.frame = Rect(x: 0, y: 0, width: size.width, height: showsHeaderBar ? WindowFrameMetrics.headerHeight : 0)
        let content = contentRect
        if rootView.frame != content {
            rootView.frame = content
            rootViewController.windowDidResize(to: content.size)
        }
        placeSlowAnimationsBadge()
        needsFullDamage = true
        setNeedsDisplay()
    }

    private func connectHeaderBar() {
        headerBar.onAction = { [weak self] action in
            guard let self, let host = self.host else { return }
            switch action {
            case .close: host.requestClose()
            case .maximize: host.setMaximized(!self.state.contains(.maximized))
            case .minimize: host.minimize()
            }
        }
        headerBar.onBeginMove = { [weak self] in self?.host?.beginInteractiveMove() }
        headerBar.onDoubleClick = { [weak self] in
            guard let self, self.capabilities.contains(.maximize) else { return }
            self.host?.setMaximized(!self.state.contains(.maximized))
        }
        headerBar.onSecondaryClick = { [weak self] point in
            guard let self, self.capabilities.contains(.windowMenu) else { return }
            self.host?.showWindowMenu(at: point)
        }
    }

    // MARK: keyboard focus

    /// The control Tab moved to, if any (Enter or Space activates it).
    public var focusedControl: Control? { keyboardFocus.current }

    /// The focus ring: composited above the whole tree, fitted to ``focusedControl`` before
    /// each frame; hidden when nothing is focused or a transition runs.
    public var focusRing: FocusRingView { keyboardFocus.ring }

    // MARK: motion plot

    /// What the motion plot graphs: the latest transition, recorded whether or not it shows.
    public let motionRecording = MotionRecording()
    /// The slow-animation badge sits in the content's top-right corner, below the motion plot's
    /// panel when that shows (which would cover it).
    private func placeSlowAnimationsBadge() {
        var area = contentRect
        if showsMotionPlot {
            let panelBottom = MotionPlotView.frame(in: area).maxY
            area = Rect(x: area.minX, y: panelBottom, width: area.width, height: max(0, area.maxY - panelBottom))
        }
        slowAnimationsBadge.update(factor: animationSlowdown, in: area)
    }

    /// The motion plot's panel, composited above everything when ``showsMotionPlot``.
    public private(set) lazy var motionPlot: MotionPlotView = {
        let plot = MotionPlotView(recording: motionRecording)
        plot.hostingWindow = self
        plot.isHidden = true
        return plot
    }()
    /// Shows the motion plot (Ctrl+Shift+M toggles it; `segue-demo --motion-plot` starts with it).
    public var showsMotionPlot = false {
        didSet {
            guard showsMotionPlot != oldValue else { return }
            motionPlot.isHidden = !showsMotionPlot
            placeSlowAnimationsBadge()
        }
    }

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
    private var pointerLocation: Point?
    /// The header bar owns the current press (it began there).
    private var headerOwnsPress = false

    /// Delivers one input event.
    public func handle(_ event: InputEvent) {
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

    /// Presses that begin on the header bar, and everything until their release, go to it.
    private func routeToHeaderBar(_ event: InputEvent) -> Bool {
        guard showsHeaderBar else { headerOwnsPress = false; return false }
        let location = pointerLocation.map { Point(x: $0.x - headerBar.frame.minX, y: $0.y - headerBar.frame.minY) }
        let isPress: Bool
        switch event.kind {
        case .pointerButton(_, pressed: true), .touchDown: isPress = true
        default: isPress = false
        }
        if isPress && !headerOwnsPress {
            guard let location, headerBar.bounds.contains(location) else { return false }
        } else if !headerOwnsPress {
            return false
        }
        let taken = headerBar.handle(event.kind, time: event.time, location: location)
        switch event.kind {
        case .pointerButton(.left, pressed: true), .touchDown: headerOwnsPress = taken
        case .pointerButton(.left, pressed: false), .touchUp, .pointerLeave, .touchCancel: headerOwnsPress = false
        case .pointerMotion, .touchMotion:
            // A drag that handed the window to the compositor ends the press for us.
            if taken && !headerBar.isTrackingPress { headerOwnsPress = false }
        default: break
        }
        return taken
    }

    /// Advances animations to `time` (seconds, the compositor's frame clock).
    public func tick(at time: Double) {
        now = max(now, time)
        if animationDriver.tick(at: animationTime) { setNeedsDisplay() }
        motionRecording.sample(at: now)
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
    /// ``prepareFrame(deviceScale:origin:)``, in paint order; empty unless ``promotesLayers``.
    public var promotedLayers: [PromotedLayer] { promotion.layers }

    private let pass = FramePass()
    private let promotion = LayerPromotion()
    private var needsFullDamage = true
    private var lastDeviceScale = 0.0
    private var lastOrigin = Point.zero

    /// Lays out and measures the coming frame: returns what changed since the previous
    /// `prepareFrame` in device pixels (whole pixels, inside the window), or nil when nothing
    /// did. Follow it with ``draw(into:region:)``.
    ///
    /// `origin` is where the window's top-left corner lands in the device (whole pixels): a
    /// platform that draws a shadow around the window puts the window inside its buffer.
    /// Damage, regions and promoted layers are then in the buffer's pixels, and the canvas
    /// passed to ``draw(into:region:)`` must map logical pixels with the same offset.
    public func prepareFrame(deviceScale: Double, origin: Point = .zero) -> Rect? {
        self.deviceScale = deviceScale
        frameView.layoutIfNeeded()
        keyboardFocus.updateRing()
        if showsMotionPlot {
            let frame = MotionPlotView.frame(in: contentRect)
            if motionPlot.frame != frame { motionPlot.frame = frame }
            motionPlot.refresh()
        }
        let windowRect = Rect(x: origin.x, y: origin.y, width: (size.width * deviceScale).rounded(.up),
                              height: (size.height * deviceScale).rounded(.up))
        pass.features = Window.renderFeatures
        pass.begin(deviceScale: deviceScale, windowRect: windowRect)
        if deviceScale != lastDeviceScale || origin != lastOrigin || frameView.render.needsDamage
            || !pass.features.contains(.damage) {
            needsFullDamage = true
        }
        lastDeviceScale = deviceScale
        lastOrigin = origin
        frameView.render.needsDamage = false
        var base = AffineTransform(scaleX: deviceScale, y: deviceScale)
        base.tx = origin.x
        base.ty = origin.y
        for view in frameView.subviews {
            _ = view.updateGeometry(parent: base, clip: windowRect, canOcclude: true, pass: pass)
        }
        // The ring, above everything: it hides nothing, so it never occludes.
        _ = focusRing.updateGeometry(parent: base, clip: windowRect, canOcclude: false, pass: pass)
        _ = motionPlot.updateGeometry(parent: base, clip: windowRect, canOcclude: false, pass: pass)
        if needsFullDamage { pass.damageAll() }
        promotion.update(roots: frameView.subviews + [focusRing, motionPlot], enabled: promotesLayers, pass: pass)
        needsFullDamage = false
        needsDisplay = false
        return pass.damage.isEmpty ? nil : pass.damage
    }

    /// Paints `region` (device pixels) of the frame measured by ``prepareFrame(deviceScale:origin:)``
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
        let background = frameView.backgroundColor ?? .white
        switch pass.visibility(of: pass.windowRect, paintedAt: -1) {
        case .hidden: break
        case .whole: canvas.fill(Rect(size: size), color: background)
        case .partial:
            canvas.save()
            canvas.clip(toDeviceRects: pass.visiblePieces)
            canvas.fill(Rect(size: size), color: background)
            canvas.restore()
        }
        for view in frameView.subviews { view.composite(into: canvas, deviceScale: deviceScale, pass: pass) }
        focusRing.composite(into: canvas, deviceScale: deviceScale, pass: pass)
        motionPlot.composite(into: canvas, deviceScale: deviceScale, pass: pass)
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
    /// then the window's keys (F11, Ctrl+Q, Ctrl+Shift+M for the motion plot), then offers a key to the topmost presented controller, then down the chain; Esc
    /// dismisses the topmost presentation when nobody took it.
    func handleKey(_ event: KeyEvent) {
        if keyboardFocus.handle(event) { return }
        // Window keys come before the content: F11 toggles fullscreen, Ctrl+Q quits (as GTK apps).
        if event.key == .other(Window.keysymF11), !event.isRepeat {
            if capabilities.contains(.fullscreen) { host?.setFullscreen(!state.contains(.fullscreen)) }
            return
        }
        if event.modifiers.contains(.control), !event.isRepeat,
           event.key == .other(Window.keysymLowercaseQ) || event.key == .other(Window.keysymUppercaseQ) {
            host?.requestClose()
            return
        }
        if handleSlowAnimationsKey(event) { return }
        if event.modifiers.isSuperset(of: [.control, .shift]), !event.isRepeat,
           event.key == .other(Window.keysymLowercaseM) || event.key == .other(Window.keysymUppercaseM) {
            showsMotionPlot.toggle()
            return
        }
        var chain = [rootViewController]
        while let next = chain.last?.presentedViewController { chain.append(next) }
        for controller in chain.reversed() where controller.handleKey(event) { return }
        if event.key == .escape, chain.count > 1 {
            chain[chain.count - 1].dismiss(animated: true)
        }
    }

    /// XKB keysyms of the window keys (xkbcommon-keysyms.h).
    static let keysymF11: UInt32 = 0xFFC8
    static let keysymLowercaseQ: UInt32 = 0x71
    static let keysymUppercaseQ: UInt32 = 0x51
    static let keysymLowercaseM: UInt32 = 0x6D
    static let keysymUppercaseM: UInt32 = 0x4D

    /// Records a transition event for the trace, stamped with when it happened: the host's
    /// monotonic clock, not the last frame's time (stale after an idle spell, 0 before the first).
    func trace(_ record: TraceRecord) {
        motionRecording.record(record, at: now, running: activeTransitions)
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
