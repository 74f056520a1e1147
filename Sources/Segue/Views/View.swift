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
    /// Whether this view (and its subtree) takes pointer input.
    public var isUserInteractionEnabled = true

    /// The child views, back to front.
    public private(set) var subviews: [View] = []
    /// The view this one is a subview of, if any.
    public private(set) weak var superview: View?
    /// Gesture recognizers attached to this view; see ``GestureRecognizer``.
    public private(set) var gestureRecognizers: [GestureRecognizer] = []

    /// The window whose tree this view is in (set on the root view only, found through superviews).
    weak var hostingWindow: Window?

    private var contentCache: Surface?
    private var contentCacheScale = 0.0
    private var needsLayout = true
    /// Per-frame render state: geometry, damage and the flattened layer (MARK: compositing).
    var render = RenderState()

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
        invalidateContent()
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
        parent.invalidateContent()
        parent.subviews.removeAll { $0 === self }
        superview = nil
    }

    /// Moves the subview `view` in front of its siblings; does nothing for other views.
    public func bringSubviewToFront(_ view: View) {
        guard view.superview === self else { return }
        subviews.removeAll { $0 === view }
        subviews.append(view)
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
    /// ``View/setNeedsDisplay()``; the default draws nothing beyond the background.
    open func draw(in canvas: Canvas) {}

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
            ancestor = view.superview
        }
        window?.setNeedsDisplay()
    }

    /// This view's pixels changed (content, clip, subviews): its own layer is stale too.
    func invalidateContent() {
        render.layerIsValid = false
        invalidate()
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

    /// Computes where this subtree lands for the coming frame, in device pixels: its rectangles,
    /// its paint order, whether it composites as one flattened layer, and the opaque rectangles
    /// that hide what lies below. Damages the old and new rectangles of what changed.
    /// Returns the device rectangle the subtree may paint (nil: nothing).
    func updateGeometry(parent: AffineTransform, clip: Rect, canOcclude: Bool, pass: FramePass) -> Rect? {
        let wasDamaged = render.needsDamage
        let oldRect = render.subtreeRect
        render.previousSubtreeRect = oldRect
        render.needsDamage = false
        guard !isHidden, alpha > 0.001, frame.width > 0, frame.height > 0 else {
            render.subtreeRect = nil
            render.ownRect = nil
            render.layer = nil
            // Not drawn, so no paint index of its own: the next one, inside the parent's range.
            if wasDamaged, let oldRect { pass.damage(oldRect, by: pass.nextIndex) }
            return nil
        }
        var t = transformToSuperview.concatenating(parent)
        if t.b == 0, t.c == 0 {
            t.tx = Self.snapped(t.tx)
            t.ty = Self.snapped(t.ty)
        }
        // A perspective flip can reach past its flat rectangle: count it as the whole window.
        let own = rotationY != 0 ? pass.windowRect : t.boundingBox(of: bounds)
        render.ownRect = own
        render.isAxisAligned = rotationY == 0 && t.b == 0 && t.c == 0
        render.paintIndex = pass.nextIndex
        pass.nextIndex += 1

        let isGroup = alpha < 1 && !subviews.isEmpty
        let childrenCanOcclude = canOcclude && rotationY == 0 && !isGroup && !(clipsToBounds && cornerRadius > 0)
        let childClip = clipsToBounds ? clip.intersection(own) : clip
        var subtree = own
        var contained = true
        for view in subviews {
            guard let rect = view.updateGeometry(parent: t, clip: childClip, canOcclude: childrenCanOcclude, pass: pass) else { continue }
            subtree = subtree.union(rect)
            if !own.containsRect(rect) { contained = false }
        }
        render.subtreeEnd = pass.nextIndex
        if clipsToBounds { subtree = own }
        subtree = subtree.intersection(clip)
        render.subtreeRect = subtree.isEmpty ? nil : subtree

        let scale = pass.deviceScale
        let unscaledTranslation = t.b == 0 && t.c == 0 && t.a == scale && t.d == scale
        render.isOpaque = (backgroundColor?.alpha ?? 0) >= 1 && cornerRadius == 0 && alpha >= 1
        // A subtree moved by a translation or faded composites as one cached image of itself
        // (a fade then needs no transparency group either).
        render.usesLayer = pass.features.contains(.layers) && !subviews.isEmpty && rotationY == 0
            && unscaledTranslation && (transform != .identity || alpha < 1) && (clipsToBounds || contained)
        if !render.usesLayer, let layer = render.layer {
            pass.recycle(layer)
            render.layer = nil
        }

        if canOcclude, render.isOpaque, rotationY == 0, t.b == 0, t.c == 0, t.a > 0, t.d > 0 {
            let inner = Rect(x: own.minX.rounded(.up), y: own.minY.rounded(.up),
                             width: own.maxX.rounded(.down) - own.minX.rounded(.up),
                             height: own.maxY.rounded(.down) - own.minY.rounded(.up)).intersection(clip)
            if !inner.isEmpty { pass.addOccluder(inner, paintedAt: render.paintIndex) }
        }
        if wasDamaged {
            if let oldRect { pass.damage(oldRect, by: render.paintIndex) }
            if let new = render.subtreeRect { pass.damage(new, by: render.paintIndex) }
        }
        return render.subtreeRect
    }

    /// The eye for ``rotationY`` in this view's own coordinates: the superview's centre when
    /// it sets a ``sublayerPerspectiveDistance``, else ``perspectiveOrigin``, else the centre.
    var perspectiveEye: (point: Point, distance: Double) {
        let toSelf = transformToSuperview.inverted()
        if let superview, let distance = superview.sublayerPerspectiveDistance {
            let centre = superview.bounds.center
            return (toSelf?.apply(to: centre) ?? centre - frame.origin, distance)
        }
        if let origin = perspectiveOrigin {
            return (toSelf?.apply(to: origin) ?? origin - frame.origin, perspectiveDistance)
        }
        return (bounds.center, perspectiveDistance)
    }

    /// Rounds half up, so snapping commutes with whole-pixel offsets (a layer's origin).
    static func snapped(_ value: Double) -> Double { (value + 0.5).rounded(.down) }

    /// Draws this subtree into `canvas`, whose current transform maps this view's superview.
    /// With a `pass` (a window frame) it skips what lies outside the repaired region or under
    /// opaque views painted later, and draws a moving subtree from its flattened layer.
    func composite(into canvas: Canvas, deviceScale: Double, pass: FramePass? = nil) {
        guard !isHidden, alpha > 0.001, frame.width > 0, frame.height > 0 else { return }
        if let pass {
            // A promoted layer is shown by the platform, above the frame: leave it out.
            guard !render.isPromoted, let subtree = render.subtreeRect, subtree.intersects(pass.region) else { return }
        }
        canvas.save()
        defer { canvas.restore() }
        canvas.concatenate(transformToSuperview)
        snapToDevicePixels(canvas)

        if rotationY != 0 {
            // Cairo is affine-only: render the subtree flat, then draw it in perspective strips.
            let image = snapshot(deviceScale: deviceScale)
            let eye = perspectiveEye
            canvas.drawPerspective(image, in: bounds, angleY: rotationY, eyeDistance: eye.distance,
                                   alpha: alpha, cornerRadius: clipsToBounds ? cornerRadius : 0, vanishingPoint: eye.point)
            return
        }
        if let pass, render.usesLayer {
            compositeLayer(into: canvas, deviceScale: deviceScale, pass: pass)
            return
        }

        let needsGroup = alpha < 1 && !subviews.isEmpty
        if needsGroup {
            // The group's scratch surface spans the clip: keep that to what the subtree paints.
            if let pass, let subtree = render.subtreeRect {
                canvas.clip(toDeviceRects: CollectionOfOne(subtree.roundedOut.intersection(pass.region)))
            }
            canvas.beginTransparencyLayer()
        }
        if clipsToBounds {
            if cornerRadius > 0 { canvas.clip(toRoundedRect: bounds, radius: cornerRadius) } else { canvas.clip(to: bounds) }
        }
        if hasContent {
            if let pass, let own = render.ownRect {
                switch pass.visibility(of: own, paintedAt: render.paintIndex) {
                case .hidden:
                    break
                case .whole:
                    pass.report.contentsDrawn += 1
                    drawCachedContent(into: canvas, deviceScale: deviceScale, alpha: needsGroup ? 1 : alpha)
                case .partial:
                    pass.report.contentsDrawn += 1
                    canvas.save()
                    canvas.clip(toDeviceRects: pass.visiblePieces)
                    drawCachedContent(into: canvas, deviceScale: deviceScale, alpha: needsGroup ? 1 : alpha)
                    canvas.restore()
                }
            } else {
                drawCachedContent(into: canvas, deviceScale: deviceScale, alpha: needsGroup ? 1 : alpha)
            }
        }
        for view in subviews { view.composite(into: canvas, deviceScale: deviceScale, pass: pass) }
        if needsGroup { canvas.endTransparencyLayer(alpha: alpha) }
    }

    /// Draws the subtree from its flattened layer (re-rendered only when something inside
    /// changed). The canvas maps this view's bounds at a whole-pixel translation.
    private func compositeLayer(into canvas: Canvas, deviceScale: Double, pass: FramePass) {
        prepareLayer(deviceScale: deviceScale, pass: pass)
        guard let layer = render.layer, let own = render.ownRect else { return }
        let visibility = pass.visibility(of: own, paintedAt: render.subtreeEnd - 1)
        if visibility == .hidden { return }
        if visibility == .partial { canvas.clip(toDeviceRects: pass.visiblePieces) }
        pass.report.layersDrawn += 1
        let m = canvas.transform
        canvas.transform = AffineTransform(translationX: m.tx, y: m.ty)
        canvas.draw(layer, at: .zero, alpha: alpha, opaque: render.isOpaque && pass.features.contains(.opaqueCopy))
    }

    /// Renders the flattened layer when something inside changed (or the scale did); each
    /// render gets a new ``RenderState/layerGeneration``.
    func prepareLayer(deviceScale: Double, pass: FramePass) {
        let width = max(1, Int((frame.width * deviceScale).rounded(.up)))
        let height = max(1, Int((frame.height * deviceScale).rounded(.up)))
        if !render.layerIsValid || render.layerScale != deviceScale
            || render.layer?.width != width || render.layer?.height != height {
            let layer: Surface
            if let old = render.layer, old.width == width, old.height == height {
                layer = old
            } else {
                if let old = render.layer { pass.recycle(old) }
                layer = pass.layerSurface(width: width, height: height)
            }
            // An opaque background covering whole pixels paints every pixel of the layer itself.
            let fillsLayer = (backgroundColor?.alpha ?? 0) >= 1 && cornerRadius == 0
                && Double(width) == frame.width * deviceScale && Double(height) == frame.height * deviceScale
            if !fillsLayer { layer.clear() }
            drawFlat(into: Canvas(surface: layer), deviceScale: deviceScale)
            pass.report.layersRendered += 1
            render.layer = layer
            render.layerScale = deviceScale
            render.layerIsValid = true
            render.layerGeneration = pass.nextLayerGeneration()
        }
    }

    /// A translation-only transform lands on whole device pixels: crisp, and a plain copy.
    private func snapToDevicePixels(_ canvas: Canvas) {
        var m = canvas.transform
        guard m.b == 0, m.c == 0 else { return }
        m.tx = Self.snapped(m.tx)
        m.ty = Self.snapped(m.ty)
        canvas.transform = m
    }

    var hasContent: Bool { backgroundColor != nil || drawsContent }

    private func drawCachedContent(into canvas: Canvas, deviceScale: Double, alpha: Double) {
        guard hasContent else { return }
        // A background alone is one fill: cheaper than keeping (and, when the view resizes,
        // re-rendering) an image of it.
        if !drawsContent, let backgroundColor {
            let color = backgroundColor.withAlpha(backgroundColor.alpha * alpha)
            if cornerRadius > 0 && !clipsToBounds {
                canvas.fill(roundedRect: bounds, radius: cornerRadius, color: color)
            } else {
                canvas.fill(bounds, color: color)
            }
            return
        }
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
        guard let contentCache else { return }
        // At a whole-pixel translation, one cache pixel per device pixel: a plain copy (or,
        // opaque, a straight row copy) instead of a clipped, filtered paint.
        let m = canvas.transform
        if m.b == 0, m.c == 0, m.a == deviceScale, m.d == deviceScale,
           m.tx == m.tx.rounded(), m.ty == m.ty.rounded(),
           Double(contentCache.width) == frame.width * deviceScale,
           Double(contentCache.height) == frame.height * deviceScale {
            canvas.transform = AffineTransform(translationX: m.tx, y: m.ty)
            canvas.draw(contentCache, at: .zero, alpha: alpha,
                        opaque: alpha >= 1 && (backgroundColor?.alpha ?? 0) >= 1 && cornerRadius == 0
                            && Window.renderFeatures.contains(.opaqueCopy))
            canvas.transform = m
        } else {
            // Scaled while it animates: bilinear, as Core Animation filters layer contents.
            canvas.draw(contentCache, in: bounds, alpha: alpha, filter: .fast)
        }
    }

    private func renderContent(deviceScale: Double) -> Surface {
        View.drawCount += 1
        render.contentDraws += 1
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

    /// How many times any view's content was drawn (``draw(in:)`` and its background) since
    /// launch: a moving view must not add to it.
    public internal(set) static var drawCount = 0

    /// The subtree drawn flat into a new surface at `deviceScale` (transform of this view
    /// itself not applied), e.g. for a flying image or a perspective flip.
    public func snapshot(deviceScale: Double = 1) -> Surface {
        layoutIfNeeded()
        let width = max(1, Int((frame.width * deviceScale).rounded(.up)))
        let height = max(1, Int((frame.height * deviceScale).rounded(.up)))
        let surface = Surface(width: width, height: height)
        drawFlat(into: Canvas(surface: surface), deviceScale: deviceScale)
        return surface
    }

    /// Draws content and subviews into a canvas the size of the bounds at `deviceScale`.
    private func drawFlat(into canvas: Canvas, deviceScale: Double) {
        canvas.scale(x: deviceScale, y: deviceScale)
        if clipsToBounds {
            if cornerRadius > 0 { canvas.clip(toRoundedRect: bounds, radius: cornerRadius) } else { canvas.clip(to: bounds) }
        }
        drawCachedContent(into: canvas, deviceScale: deviceScale, alpha: 1)
        for view in subviews { view.composite(into: canvas, deviceScale: deviceScale) }
    }

    // MARK: animation

    private func recordAnimation<Value: Interpolatable>(_ keyPath: ReferenceWritableKeyPath<View, Value>,
                                                        from old: Value, to new: Value) {
        AnimationRecorder.record(PropertyAnimation(view: self, keyPath: keyPath, from: old, to: new))
    }
}
