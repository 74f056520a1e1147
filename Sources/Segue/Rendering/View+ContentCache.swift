import Geometry
import Canvas
import Motion

/// A view's own content (background and ``draw(in:)``), drawn once into an image at the device
/// scale and recomposited under any transform and alpha, as Core Animation keeps layer contents.
extension View {
    /// Whether the view paints anything itself (beyond its subviews).
    var hasContent: Bool { backgroundColor != nil || drawsContent }

    /// An opaque picture alone (``isOpaque``, no background, no subviews, its content cached)
    /// at full alpha: its cached image fills its rounded shape itself
    /// (``Canvas/drawOpaque(_:in:cornerRadius:)``), so ``View/clipsToBounds`` needs no clip for it,
    /// and it hides what lies under the inside of that shape.
    var roundsOwnContent: Bool {
        isOpaque && alpha >= 1 && backgroundColor == nil && drawsContent && cachesContent && subviews.isEmpty
    }

    /// Paints the content at `alpha` into `canvas`, which maps this view's bounds; `features`
    /// says whether an opaque image at a whole-pixel offset may replace instead of blend.
    func drawCachedContent(into canvas: Canvas, deviceScale: Double, alpha: Double, features: RenderFeatures) {
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
        let contentCache = contentCache(at: deviceScale)
        if roundsOwnContent {
            // Scaled straight into the frame, its corners rounded as it goes (no clip mask).
            canvas.drawOpaque(contentCache, in: bounds, cornerRadius: clipsToBounds ? cornerRadius : 0)
            return
        }
        // At a whole-pixel translation, one cache pixel per device pixel: a plain copy (or,
        // opaque, a straight row copy) instead of a clipped, filtered paint.
        let m = canvas.transform
        if m.b == 0, m.c == 0, m.a == deviceScale, m.d == deviceScale,
           m.tx == m.tx.rounded(), m.ty == m.ty.rounded(),
           Double(contentCache.width) == frame.width * deviceScale,
           Double(contentCache.height) == frame.height * deviceScale {
            canvas.transform = AffineTransform(translationX: m.tx, y: m.ty)
            canvas.draw(contentCache, at: .zero, alpha: alpha,
                        opaque: (backgroundColor?.alpha ?? 0) >= 1 && cornerRadius == 0 && features.contains(.opaqueCopy))
            canvas.transform = m
        } else {
            // Scaled while it animates: bilinear, as Core Animation filters layer contents.
            canvas.draw(contentCache, in: bounds, alpha: alpha, filter: .fast)
        }
    }

    /// Lays out this subtree and draws the content caches its first frame on screen would
    /// draw at `deviceScale` (text shaping and font matching included), without drawing the
    /// subtree itself: views hidden, or clipped out of this view's bounds (rows of a list below
    /// the fold), are left for later. Idle work for a view about to be shown (see
    /// ``Window/performWhenIdle(_:)``).
    func prepareContentCaches(deviceScale: Double) {
        layoutIfNeeded()
        prepareContentCaches(deviceScale: deviceScale, visible: bounds)
    }

    /// Before a window's first frame: ``prepareContentCaches(deviceScale:)``, and the views
    /// that draw straight into every frame (no cache: a tab button whose tint follows a
    /// swipe) drawn once into `scratch`, so the text they lay out as they draw is shaped and
    /// its fonts loaded before the frame that shows them.
    func prepareFirstFrame(deviceScale: Double, scratch: Canvas) {
        prepareContentCaches(deviceScale: deviceScale)
        drawUncachedContent(into: scratch)
    }

    private func drawUncachedContent(into scratch: Canvas) {
        guard !isHidden else { return }
        if drawsContent, !cachesContent { scratch.withSavedState { draw(in: scratch) } }
        for view in subviews { view.drawUncachedContent(into: scratch) }
    }

    /// Drops the content caches of this subtree, keeping its views and their layout: a page
    /// off screen gives its pixels back, and the next frame that shows it (or the next
    /// ``prepareContentCaches(deviceScale:)``) draws them again. Returns how many it dropped.
    @discardableResult
    func releaseContentCaches() -> Int {
        var released = contentCache == nil ? 0 : 1
        contentCache = nil
        for view in subviews { released += view.releaseContentCaches() }
        return released
    }

    /// `visible`: what can show of this view, in its own coordinates; nil when not known (under
    /// a transform), so nothing is left out.
    private func prepareContentCaches(deviceScale: Double, visible: Rect?) {
        guard !isHidden else { return }
        var visible = visible
        if clipsToBounds { visible = visible.map { $0.intersection(bounds) } ?? bounds }
        // Clipped to nothing: neither this view nor anything under it can show.
        if clipsToBounds, let shown = visible, shown.isEmpty { return }
        if drawsContent, cachesContent, visible.map({ $0.intersects(bounds) }) ?? true {
            _ = contentCache(at: deviceScale)
        }
        for view in subviews {
            let inSubview = view.transform == .identity
                ? visible.map { $0.offsetBy(dx: -view.frame.minX, dy: -view.frame.minY) }
                : nil
            view.prepareContentCaches(deviceScale: deviceScale, visible: inSubview)
        }
    }

    /// The content cache at `deviceScale`, drawn now if missing or at another scale.
    func contentCache(at deviceScale: Double) -> Surface {
        if let contentCache, contentCacheScale == deviceScale { return contentCache }
        let surface = renderContent(deviceScale: deviceScale)
        contentCache = surface
        contentCacheScale = deviceScale
        return surface
    }

    private func renderContent(deviceScale: Double) -> Surface {
        View.drawCount += 1
        render.contentDraws += 1
        let surface = Surface(logicalSize: frame.size, scale: deviceScale)
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
    package internal(set) static var drawCount = 0
}
