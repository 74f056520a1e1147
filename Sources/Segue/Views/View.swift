import Canvas
import Motion

/// A rectangle on screen with content, a transform and subviews, as `UIView`.
///
/// Content (background plus ``draw(in:)``) is drawn once into a cached backing surface and
/// recomposited under transform and alpha, as Core Animation does with layer contents:
/// moving, scaling or fading a view never re-runs its drawing code. Changing an animatable
/// property inside ``TransitionContext/animate(relativeStart:relativeDuration:easing:_:completion:)``
/// records a from→to animation instead of jumping.
@MainActor
open class View {
    /// The view's rectangle in its superview's coordinates, before ``transform``.
    public var frame: Rect {
        didSet {
            guard frame != oldValue else { return }
            recordAnimation(\.frame, from: oldValue, to: frame)
            if frame.size != oldValue.size {
                contentCache = nil
                needsLayout = true
            }
            invalidate()
        }
    }
    /// An affine transform applied about the view's centre.
    public var transform: AffineTransform = .identity {
        didSet { recordAnimation(\.transform, from: oldValue, to: transform); invalidate() }
    }
    /// Rotation about the vertical centre line, in radians, seen with perspective.
    public var rotationY: Double = 0 {
        didSet { recordAnimation(\.rotationY, from: oldValue, to: rotationY); invalidate() }
    }
    /// Distance of the eye for ``rotationY`` (CATransform3D's m34 = −1/eyeDistance).
    public var perspectiveDistance: Double = 500
    public var alpha: Double = 1 {
        didSet { recordAnimation(\.alpha, from: oldValue, to: alpha); invalidate() }
    }
    public var isHidden = false {
        didSet { invalidate() }
    }
    public var cornerRadius: Double = 0 {
        didSet {
            recordAnimation(\.cornerRadius, from: oldValue, to: cornerRadius)
            // A clipping view rounds its corners by the clip: the cached content stays valid.
            if !clipsToBounds { contentCache = nil }
            invalidate()
        }
    }
    /// Clip subviews (and content) to the rounded bounds.
    public var clipsToBounds = false {
        didSet { contentCache = nil; invalidate() }
    }
    public var backgroundColor: Color? {
        didSet { setNeedsDisplay() }
    }
    /// Whether this view (and its subtree) takes pointer input.
    public var isUserInteractionEnabled = true

    public private(set) var subviews: [View] = []
    public private(set) weak var superview: View?
    /// Gesture recognizers attached to this view; see ``GestureRecognizer``.
    public private(set) var gestureRecognizers: [GestureRecognizer] = []

    /// The window whose tree this view is in (set on the root view only, found through superviews).
    weak var hostingWindow: Window?

    private var contentCache: Surface?
    private var contentCacheScale = 0.0
    private var needsLayout = true

    public init(frame: Rect = .zero) {
        self.frame = frame
    }

    /// The view's own coordinate space: its size at the origin.
    public var bounds: Rect { Rect(size: frame.size) }

    /// The centre of ``frame`` in the superview's coordinates.
    public var center: Point {
        get { frame.center }
        set { frame.origin = Point(x: newValue.x - frame.width / 2, y: newValue.y - frame.height / 2) }
    }

    public var window: Window? {
        var view: View? = self
        while let current = view {
            if let window = current.hostingWindow { return window }
            view = current.superview
        }
        return nil
    }

    // MARK: hierarchy

    public func addSubview(_ view: View) {
        insertSubview(view, at: subviews.count)
    }

    public func insertSubview(_ view: View, at index: Int) {
        view.removeFromSuperview()
        subviews.insert(view, at: min(max(index, 0), subviews.count))
        view.superview = self
        invalidate()
    }

    public func insertSubview(_ view: View, belowSubview sibling: View) {
        view.removeFromSuperview()
        insertSubview(view, at: subviews.firstIndex { $0 === sibling } ?? 0)
    }

    public func insertSubview(_ view: View, aboveSubview sibling: View) {
        view.removeFromSuperview()
        insertSubview(view, at: (subviews.firstIndex { $0 === sibling } ?? subviews.count - 1) + 1)
    }

    public func removeFromSuperview() {
        guard let parent = superview else { return }
        parent.invalidate()
        parent.subviews.removeAll { $0 === self }
        superview = nil
    }

    public func bringSubviewToFront(_ view: View) {
        guard view.superview === self else { return }
        subviews.removeAll { $0 === view }
        subviews.append(view)
        invalidate()
    }

    /// True when `view` is this view or one of its descendants.
    public func isDescendant(of view: View) -> Bool {
        var current: View? = self
        while let candidate = current {
            if candidate === view { return true }
            current = candidate.superview
        }
        return false
    }

    public func addGestureRecognizer(_ recognizer: GestureRecognizer) {
        recognizer.view = self
        gestureRecognizers.append(recognizer)
    }

    public func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
        gestureRecognizers.removeAll { $0 === recognizer }
        recognizer.view = nil
    }

    // MARK: layout and drawing

    /// Lays out subviews for the current bounds. Called before drawing when the size changed
    /// or ``setNeedsLayout()`` was called.
    open func layoutSubviews() {}

    public func setNeedsLayout() {
        needsLayout = true
        invalidate()
    }

    /// Runs pending layout in this subtree.
    public func layoutIfNeeded() {
        if needsLayout {
            needsLayout = false
            layoutSubviews()
        }
        for view in subviews { view.layoutIfNeeded() }
    }

    /// Draws the view's own content in its bounds. The result is cached until
    /// ``setNeedsDisplay()``; the default draws nothing beyond the background.
    open func draw(in canvas: Canvas) {}

    /// Whether ``draw(in:)`` draws anything; views that draw must say so.
    open var drawsContent: Bool { false }

    /// Whether content is cached and recomposited (the default). A view whose content changes
    /// every frame (a per-frame effect) says false and draws straight into the frame instead.
    open var cachesContent: Bool { true }

    /// Discards the cached content so the next frame redraws it.
    public func setNeedsDisplay() {
        contentCache = nil
        invalidate()
    }

    /// Tells the window a new frame is due.
    func invalidate() {
        window?.setNeedsDisplay()
    }

    // MARK: geometry

    /// The transform from this view's bounds to its superview's coordinates.
    public var transformToSuperview: AffineTransform {
        let c = Point(x: frame.width / 2, y: frame.height / 2)
        return AffineTransform(translationX: -c.x, y: -c.y)
            .concatenating(transform)
            .concatenating(AffineTransform(translationX: frame.minX + c.x, y: frame.minY + c.y))
    }

    /// The transform from this view's bounds to the root view's coordinates.
    public var transformToRoot: AffineTransform {
        var result = AffineTransform.identity
        var view: View? = self
        while let current = view, current.superview != nil {
            result = result.concatenating(current.transformToSuperview)
            view = current.superview
        }
        return result
    }

    /// Converts a point in this view's bounds to `view`'s bounds (nil: the root).
    public func convert(_ point: Point, to view: View?) -> Point {
        let inRoot = transformToRoot.apply(to: point)
        guard let view, let inverse = view.transformToRoot.inverted() else { return inRoot }
        return inverse.apply(to: inRoot)
    }

    /// Converts a rectangle (its corners' bounding box) from this view to `view`.
    public func convert(_ rect: Rect, to view: View?) -> Rect {
        let a = convert(rect.origin, to: view)
        let b = convert(Point(x: rect.maxX, y: rect.maxY), to: view)
        return Rect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(b.x - a.x), height: abs(b.y - a.y))
    }

    /// The deepest visible, interactive view containing `point` (in this view's bounds).
    public func hitTest(_ point: Point) -> View? {
        guard !isHidden, alpha > 0.01, isUserInteractionEnabled, bounds.contains(point) else { return nil }
        for view in subviews.reversed() {
            guard let inverse = view.transformToSuperview.inverted() else { continue }
            if let hit = view.hitTest(inverse.apply(to: point)) { return hit }
        }
        return self
    }

    // MARK: compositing

    /// Draws this subtree into `canvas`, whose current transform maps this view's superview.
    func composite(into canvas: Canvas, deviceScale: Double) {
        guard !isHidden, alpha > 0.001, frame.width > 0, frame.height > 0 else { return }
        canvas.save()
        defer { canvas.restore() }
        canvas.concatenate(transformToSuperview)
        snapToDevicePixels(canvas)

        if rotationY != 0 {
            // Cairo is affine-only: render the subtree flat, then draw it in perspective strips.
            let image = snapshot(deviceScale: deviceScale)
            canvas.drawPerspective(image, in: bounds, angleY: rotationY, eyeDistance: perspectiveDistance,
                                   alpha: alpha, cornerRadius: clipsToBounds ? cornerRadius : 0)
            return
        }

        let needsGroup = alpha < 1 && !subviews.isEmpty
        if needsGroup { canvas.beginTransparencyLayer() }
        if clipsToBounds {
            if cornerRadius > 0 { canvas.clip(toRoundedRect: bounds, radius: cornerRadius) } else { canvas.clip(to: bounds) }
        }
        drawCachedContent(into: canvas, deviceScale: deviceScale, alpha: needsGroup ? 1 : alpha)
        for view in subviews { view.composite(into: canvas, deviceScale: deviceScale) }
        if needsGroup { canvas.endTransparencyLayer(alpha: alpha) }
    }

    /// A translation-only transform lands on whole device pixels: crisp, and a plain copy.
    private func snapToDevicePixels(_ canvas: Canvas) {
        var m = canvas.transform
        guard m.b == 0, m.c == 0 else { return }
        m.tx = m.tx.rounded()
        m.ty = m.ty.rounded()
        canvas.transform = m
    }

    private var hasContent: Bool { backgroundColor != nil || drawsContent }

    private func drawCachedContent(into canvas: Canvas, deviceScale: Double, alpha: Double) {
        guard hasContent else { return }
        if !cachesContent {
            canvas.withSavedState {
                if let backgroundColor { canvas.fill(bounds, color: backgroundColor) }
                if drawsContent { draw(in: canvas) }
            }
            return
        }
        if contentCache == nil || contentCacheScale != deviceScale {
            contentCache = renderContent(deviceScale: deviceScale)
            contentCacheScale = deviceScale
        }
        if let contentCache {
            canvas.draw(contentCache, in: bounds, alpha: alpha)
        }
    }

    private func renderContent(deviceScale: Double) -> Surface {
        let width = max(1, Int((frame.width * deviceScale).rounded(.up)))
        let height = max(1, Int((frame.height * deviceScale).rounded(.up)))
        let surface = Surface(width: width, height: height)
        let canvas = Canvas(surface: surface)
        canvas.scale(x: deviceScale, y: deviceScale)
        if let backgroundColor {
            if cornerRadius > 0 && !clipsToBounds {
                canvas.fill(roundedRect: bounds, radius: cornerRadius, color: backgroundColor)
            } else {
                canvas.fill(bounds, color: backgroundColor)
            }
        }
        if drawsContent {
            if cornerRadius > 0 && !clipsToBounds { canvas.clip(toRoundedRect: bounds, radius: cornerRadius) }
            draw(in: canvas)
        }
        return surface
    }

    /// The subtree drawn flat into a new surface at `deviceScale` (transform of this view
    /// itself not applied), e.g. for a flying image or a perspective flip.
    public func snapshot(deviceScale: Double = 1) -> Surface {
        layoutIfNeeded()
        let width = max(1, Int((frame.width * deviceScale).rounded(.up)))
        let height = max(1, Int((frame.height * deviceScale).rounded(.up)))
        let surface = Surface(width: width, height: height)
        let canvas = Canvas(surface: surface)
        canvas.scale(x: deviceScale, y: deviceScale)
        if clipsToBounds {
            if cornerRadius > 0 { canvas.clip(toRoundedRect: bounds, radius: cornerRadius) } else { canvas.clip(to: bounds) }
        }
        drawCachedContent(into: canvas, deviceScale: deviceScale, alpha: 1)
        for view in subviews { view.composite(into: canvas, deviceScale: deviceScale) }
        return surface
    }

    // MARK: animation

    private func recordAnimation<Value: Interpolatable>(_ keyPath: ReferenceWritableKeyPath<View, Value>,
                                                        from old: Value, to new: Value) {
        AnimationRecorder.record(PropertyAnimation(view: self, keyPath: keyPath, from: old, to: new))
    }
}
