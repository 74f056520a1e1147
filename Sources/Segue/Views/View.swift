import Geometry
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
                markNeedsLayout()
                invalidateContent()
            } else {
                invalidate()
            }
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
    /// Where the eye looks from for ``rotationY``, in the superview's coordinates; nil: this
    /// view's centre (a layer transform's own m34). A superview's
    /// ``sublayerPerspectiveDistance`` overrides both.
    public var perspectiveOrigin: Point? {
        didSet { invalidate() }
    }
    /// One perspective for every subview turned by ``rotationY``, seen from this view's centre
    /// at this distance, as `CALayer.sublayerTransform` with m34 = −1/distance (what UIKit
    /// transitions set on their container so all turning views share a vanishing point).
    public var sublayerPerspectiveDistance: Double? {
        didSet { for view in subviews where view.rotationY != 0 { view.invalidate() } }
    }
    /// The opacity of the view and its subtree, 0…1 (animatable). Views at 0.01 or less take no
    /// input.
    public var alpha: Double = 1 {
        didSet { recordAnimation(\.alpha, from: oldValue, to: alpha); invalidate() }
    }
    /// Hides the view and its subtree: not drawn, and no input.
    public var isHidden = false {
        didSet { invalidate() }
    }
    /// The radius of the rounded corners, in logical pixels (animatable): it rounds the background,
    /// and the clip when ``clipsToBounds`` is set.
    public var cornerRadius: Double = 0 {
        didSet {
            recordAnimation(\.cornerRadius, from: oldValue, to: cornerRadius)
            // A clipping view rounds its corners by the clip: the cached content stays valid.
            if !clipsToBounds { contentCache = nil }
            invalidateContent()
        }
    }
    /// Clip subviews (and content) to the rounded bounds.
    public var clipsToBounds = false {
        didSet { contentCache = nil; invalidateContent() }
    }
    /// The colour the bounds are filled with before ``draw(in:)``; nil draws none.
    public var backgroundColor: Color? {
        didSet { setNeedsDisplay() }
    }
    /// Composites the subtree from one cached image of itself even while it stands still, as
    /// `CALayer.shouldRasterize`: set it on a page that stays put under a transition, so each
    /// frame copies (or cross-fades with a page fading over it) one image instead of drawing its
    /// views again. The image is rendered again when anything inside changes. Costs a
    /// window-sized image while set; clear it when the transition ends.
    /// (Its pixels are the same either way, so setting it damages nothing.)
    public var shouldRasterize = false
    /// Composites the subtree from one flattened layer of its own while the window promotes
    /// layers (``Window/promotesLayers``), even while it stands still, so the platform may show
    /// it in a surface of its own: a bar whose colours change in every frame of a transition
    /// then repaints only that small surface, and the window's own buffer is left alone.
    /// Without promotion it changes nothing. A frame still promotes the layer only where that is
    /// pixel-exact (the same rule as a moving page's); elsewhere the window draws the layer
    /// itself, with the same pixels. Costs a layer the size of the subtree while set.
    package final var ownsLayerWhenPromoted = false {
        didSet { if ownsLayerWhenPromoted != oldValue { window?.setNeedsDisplay() } }
    }
    /// `UIView.isOpaque`: the view's ``draw(in:)`` covers its bounds with opaque pixels (a
    /// picture), but perhaps for a part-covered outer row or column at a fractional size. Set
    /// it only then: a childless view with no background and a cached content image then fills
    /// its rounded shape with that image instead of drawing it through a clip, and hides what
    /// lies under the inside of the shape (less its outer two image pixels), so nothing there
    /// is drawn under it.
    public var isOpaque = false {
        // It decides what this view hides of the views below: a frame must measure that again.
        didSet { if isOpaque != oldValue { invalidate() } }
    }
    /// Whether this view (and its subtree) takes pointer input.
    public var isUserInteractionEnabled = true

    /// The child views, back to front.
    public private(set) var subviews: [View] = []
    /// The view this one is a subview of, if any.
    public private(set) weak var superview: View?
    /// Gesture recognizers attached to this view; see ``GestureRecognizer``.
    public private(set) var gestureRecognizers: [GestureRecognizer] = []

    /// This view's properties in Core Animation's terms, as `UIView.layer` (see ``Layer``).
    public private(set) lazy var layer = Layer(view: self)

    /// The window whose tree this view is in (set on the root view only, found through superviews).
    weak var hostingWindow: Window?

    /// The content drawn once and recomposited (View+ContentCache.swift), and the device
    /// scale it was drawn at.
    var contentCache: Surface?
    var contentCacheScale = 0.0
    private var needsLayout = true
    /// A view below this one needs layout: ``layoutIfNeeded()`` walks down only where this is
    /// set, so a frame lays out what changed, not the whole tree.
    private var descendantNeedsLayout = true
    /// Per-frame render state: geometry, damage and the flattened layer (View+Compositing.swift).
    var render = RenderState()
    /// The traits this view last adapted to (View+Traits.swift).
    var appliedTraits = TraitCollection.current
    /// Whether this view and the views below it follow the window's layout direction or keep
    /// one of their own, as `UIView.semanticContentAttribute` (see
    /// ``effectiveUserInterfaceLayoutDirection``).
    public var semanticContentAttribute = SemanticContentAttribute.unspecified {
        didSet { if semanticContentAttribute != oldValue { layoutDirectionDidChange() } }
    }
    /// What the app set for accessibility (View+Accessibility.swift).
    package var accessibility = AccessibilityStorage()

    /// A view at `frame`, with no background, content or subviews.
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

    /// The window showing this view's tree, found through the superviews; nil while it is in none.
    public var window: Window? {
        var view: View? = self
        while let current = view {
            if let window = current.hostingWindow { return window }
            view = current.superview
        }
        return nil
    }

    // MARK: hierarchy

    /// Adds `view` in front of the other subviews (removing it from its old superview first).
    public func addSubview(_ view: View) {
        insertSubview(view, at: subviews.count)
    }

    /// Inserts `view` at `index` in ``subviews`` (clamped to the valid range; 0 is the back).
    public func insertSubview(_ view: View, at index: Int) {
        view.removeFromSuperview()
        subviews.insert(view, at: min(max(index, 0), subviews.count))
        view.superview = self
        if view.needsLayout || view.descendantNeedsLayout { view.markAncestorsNeedLayout() }
        render.descendantsChanged = true
        invalidateContent()
        view.adaptToTraitsIfNeeded()
    }

    /// Inserts `view` just behind `sibling` (at the back when `sibling` is not a subview).
    public func insertSubview(_ view: View, belowSubview sibling: View) {
        view.removeFromSuperview()
        insertSubview(view, at: subviews.firstIndex { $0 === sibling } ?? 0)
    }

    /// Inserts `view` just in front of `sibling` (in front of all when `sibling` is not a subview).
    public func insertSubview(_ view: View, aboveSubview sibling: View) {
        view.removeFromSuperview()
        insertSubview(view, at: (subviews.firstIndex { $0 === sibling } ?? subviews.count - 1) + 1)
    }

    /// Takes the view out of its superview; does nothing when it has none.
    public func removeFromSuperview() {
        guard let parent = superview else { return }
        // Cached layers of a subtree that leaves the window would hold their memory for as
        // long as the view lives: the window keeps them as spares (freed when idle) instead.
        if let pass = window?.pass { handLayers(to: pass) }
        parent.render.descendantsChanged = true
        parent.invalidateContent()
        parent.subviews.removeAll { $0 === self }
        superview = nil
    }

    private func handLayers(to pass: FramePass) {
        if let layer = render.layer {
            pass.recycle(layer)
            render.layer = nil
            render.layerIsValid = false
        }
        for view in subviews { view.handLayers(to: pass) }
    }

    /// Moves the subview `view` in front of its siblings; does nothing for other views.
    public func bringSubviewToFront(_ view: View) {
        guard view.superview === self else { return }
        subviews.removeAll { $0 === view }
        subviews.append(view)
        render.descendantsChanged = true
        invalidateContent()
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

    /// Attaches `recognizer`, which then sees the input that lands in this view's subtree.
    public func addGestureRecognizer(_ recognizer: GestureRecognizer) {
        recognizer.view = self
        gestureRecognizers.append(recognizer)
    }

    /// Detaches `recognizer` from this view.
    public func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
        gestureRecognizers.removeAll { $0 === recognizer }
        recognizer.view = nil
    }

    // MARK: layout and drawing

    /// Lays out subviews for the current bounds. Called before drawing when the size changed
    /// or ``View/setNeedsLayout()`` was called.
    open func layoutSubviews() {}

    /// Marks the layout stale: ``layoutSubviews()`` runs before the next frame is drawn.
    public func setNeedsLayout() {
        markNeedsLayout()
        invalidate()
    }

    /// Flags this view's layout stale and tells every ancestor that something below it waits.
    private func markNeedsLayout() {
        needsLayout = true
        markAncestorsNeedLayout()
    }

    private func markAncestorsNeedLayout() {
        var ancestor = superview
        while let view = ancestor {
            view.descendantNeedsLayout = true
            ancestor = view.superview
        }
    }

    /// Runs pending layout in this subtree, entering only the branches where some view waits
    /// for it.
    public func layoutIfNeeded() {
        if needsLayout {
            needsLayout = false
            layoutSubviews()
        }
        guard descendantNeedsLayout else { return }
        descendantNeedsLayout = false
        for view in subviews { view.layoutIfNeeded() }
    }

    /// Draws the view's own content in its bounds. The result is cached until
    /// ``View/setNeedsDisplay()``; the default draws nothing beyond the background.
    open func draw(in canvas: Canvas) {}

    /// The window's traits changed (dark style, contrast, accent, text size) or the view moved
    /// into a window with other traits: adapt colours and fonts here. The view redraws after it
    /// either way, so a view that reads ``traitCollection`` in ``draw(in:)`` needs nothing more.
    open func traitCollectionDidChange(_ previous: TraitCollection) {}

    /// Whether ``draw(in:)`` draws anything; views that draw must say so.
    open var drawsContent: Bool { false }

    /// Whether content is cached and recomposited (the default). A view whose content changes
    /// every frame (a per-frame effect) says false and draws straight into the frame instead.
    open var cachesContent: Bool { true }

    /// Discards the cached content so the next frame redraws it.
    public func setNeedsDisplay() {
        contentCache = nil
        invalidateContent()
    }

    /// This view's geometry or compositing changed (transform, alpha, position): its old and
    /// new screen rectangles are damaged, and every ancestor's flattened layer is stale; its
    /// own layer (the subtree's pixels, untransformed) stays valid.
    func invalidate() {
        render.needsDamage = true
        var ancestor = superview
        while let view = ancestor {
            view.render.layerIsValid = false
            view.render.descendantsChanged = true
            ancestor = view.superview
        }
        window?.setNeedsDisplay()
    }

    /// This view's pixels changed (content, clip, subviews): its own layer is stale too.
    func invalidateContent() {
        render.layerIsValid = false
        invalidate()
    }

    // MARK: accessibility

    /// Performs the element's action for assistive technology (a screen reader's "activate",
    /// AT-SPI's `DoAction`), as UIKit's; returns whether it did something. Default: an enabled
    /// ``Control`` is clicked. Override for a view that acts otherwise.
    open func accessibilityActivate() -> Bool { defaultAccessibilityActivate() }

    // MARK: animation

    private func recordAnimation<Value: Interpolatable>(_ keyPath: ReferenceWritableKeyPath<View, Value>,
                                                        from old: Value, to new: Value) {
        AnimationRecorder.record(PropertyAnimation(view: self, keyPath: keyPath, from: old, to: new))
    }
}
