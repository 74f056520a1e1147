import Geometry
import Canvas
import Motion

/// The frame pass over the tree: where each view lands in device pixels, what it damages and
/// hides (``updateGeometry(parent:clip:canOcclude:pass:)``), then painting the subtree in
/// order (``composite(into:deviceScale:features:pass:)``).
extension View {
    /// Computes where this subtree lands for the coming frame, in device pixels: its rectangles,
    /// its paint order, whether it composites as one flattened layer, and the opaque rectangles
    /// that hide what lies below. Damages the old and new rectangles of what changed.
    /// Returns the device rectangle the subtree may paint (nil: nothing).
    func updateGeometry(parent: AffineTransform, clip: Rect, canOcclude: Bool, pass: FramePass) -> Rect? {
        pass.visit()
        let wasDamaged = render.needsDamage
        let oldRect = render.subtreeRect
        render.previousSubtreeRect = oldRect
        render.needsDamage = false
        render.fusedRect = nil
        // Turned edge-on or further, a view shows nothing (Core Animation's back face is not
        // drawn here either).
        guard !isHidden, alpha > 0.001, frame.width > 0, frame.height > 0, abs(rotationY) < .pi / 2 else {
            render.subtreeRect = nil
            render.unclippedSubtreeRect = nil
            render.subtreeTurns = false
            render.ownRect = nil
            render.layer = nil
            // Not drawn, so no paint index of its own: the next one, inside the parent's range.
            if wasDamaged, let oldRect { pass.damage(oldRect, by: pass.nextIndex) }
            return nil
        }
        var t = transformToSuperview.concatenating(parent)
        if t.b == 0, t.c == 0 {
            let correction = translationCorrection(deviceScale: pass.deviceScale)
            t.tx = Self.snapped(t.tx + correction.x * t.a)
            t.ty = Self.snapped(t.ty + correction.y * t.d)
        }
        // A perspective flip reaches past its flat rectangle: what its projection covers.
        let own = rotationY != 0 ? perspectiveRect(transform: t, window: pass.windowRect) : t.boundingBox(of: bounds)
        render.ownRect = own
        render.isAxisAligned = rotationY == 0 && t.b == 0 && t.c == 0
        render.paintIndex = pass.nextIndex
        pass.nextIndex += 1

        let isGroup = alpha < 1 && !subviews.isEmpty
        let childrenCanOcclude = canOcclude && rotationY == 0 && !isGroup && !(clipsToBounds && cornerRadius > 0)
        let childClip = clipsToBounds ? clip.intersection(own) : clip
        let scale = pass.deviceScale
        let unscaledTranslation = t.b == 0 && t.c == 0 && t.a == scale && t.d == scale
        // A subtree moved by a translation or faded composites as one cached image of itself
        // (a fade then needs no transparency group either).
        let wantsLayer = transform != .identity || alpha < 1 || shouldRasterize
            || (ownsLayerWhenPromoted && window?.promotesLayers == true)
        let mayUseLayer = pass.features.contains(.layers) && !subviews.isEmpty && rotationY == 0
            && unscaledTranslation && wantsLayer
        var subtree = own
        var unclipped = own
        var contained = true
        let origin = Point(x: t.tx, y: t.ty)
        var childrenWereSkipped = false
        if mayUseLayer, let walk = skippableChildWalk(canOcclude: childrenCanOcclude, pass: pass) {
            // Nothing below changed and the subtree composites from its layer: the subviews
            // stand where the last walk measured them, moved with this view. Only what the
            // frame needs of them is carried over: their paint indices and what they hide.
            pass.nextIndex += walk.paintCount
            pass.replayOccluders(walk.occluders, origin: origin, base: render.paintIndex, clip: childClip)
            render.childWalk?.skipped = true
        } else {
            let occludersBefore = pass.occluderCount
            // Frames that skipped the subviews left their rectangles where they were then:
            // damage the whole subtree, old and new, as its subviews' own damage may miss.
            childrenWereSkipped = render.childWalk?.skipped == true
            render.descendantsChanged = false
            var containedUnclipped = true
            var turns = false
            for view in subviews {
                let rect = view.updateGeometry(parent: t, clip: childClip, canOcclude: childrenCanOcclude, pass: pass)
                turns = turns || view.render.subtreeTurns
                if let whole = view.render.unclippedSubtreeRect {
                    unclipped = unclipped.union(whole)
                    if !own.containsRect(whole) { containedUnclipped = false }
                }
                guard let rect else { continue }
                subtree = subtree.union(rect)
                if !own.containsRect(rect) { contained = false }
            }
            render.subtreeTurns = turns || rotationY != 0
            render.childWalk = nil
            if mayUseLayer, (clipsToBounds || contained), !turns {
                render.childWalk = ChildWalk(
                    origin: origin, deviceScale: scale, features: pass.features, canOcclude: childrenCanOcclude,
                    paintCount: pass.nextIndex - render.paintIndex - 1,
                    occluders: pass.occluders(since: occludersBefore, origin: origin, base: render.paintIndex),
                    contained: clipsToBounds || containedUnclipped)
            }
        }
        render.subtreeEnd = pass.nextIndex
        // A turning subtree paints only through its projection.
        if clipsToBounds || rotationY != 0 { subtree = own; unclipped = own }
        render.unclippedSubtreeRect = unclipped
        subtree = subtree.intersection(clip)
        render.subtreeRect = subtree.isEmpty ? nil : subtree

        render.isOpaque = (backgroundColor?.alpha ?? 0) >= 1 && cornerRadius == 0 && alpha >= 1
        render.usesLayer = mayUseLayer && (clipsToBounds || contained)
        // A turning view keeps its layer too: the flat image it is projected from.
        if !render.usesLayer, rotationY == 0, let layer = render.layer {
            pass.recycle(layer)
            render.layer = nil
        }

        if canOcclude, render.isOpaque, rotationY == 0, t.b == 0, t.c == 0, t.a > 0, t.d > 0 {
            let inner = Rect(x: own.minX.rounded(.up), y: own.minY.rounded(.up),
                             width: own.maxX.rounded(.down) - own.minX.rounded(.up),
                             height: own.maxY.rounded(.down) - own.minY.rounded(.up)).intersection(clip)
            if !inner.isEmpty { pass.addOccluder(inner, paintedAt: render.paintIndex) }
        } else if canOcclude, alpha >= 1, (cornerRadius > 0 && (backgroundColor?.alpha ?? 0) >= 1) || roundsOwnContent,
                  rotationY == 0, t.b == 0, t.c == 0, t.a > 0, t.d > 0 {
            // Rounded, it still hides everything but its corners: the inside as a plus of two
            // rectangles, each leaving out the corners' squares. An opaque picture's outer two
            // pixels may be part transparent (drawn at a fractional size): they are left out too.
            let margin = roundsOwnContent ? 2 * max(t.a, t.d) / pass.deviceScale + 1 : 0
            let r = min(clipsToBounds || !roundsOwnContent ? cornerRadius : 0, bounds.width / 2, bounds.height / 2)
            let rx = max(r * t.a, margin), ry = max(r * t.d, margin)
            let column = Rect(x: (own.minX + rx).rounded(.up), y: (own.minY + margin).rounded(.up),
                              width: (own.maxX - rx).rounded(.down) - (own.minX + rx).rounded(.up),
                              height: (own.maxY - margin).rounded(.down) - (own.minY + margin).rounded(.up)).intersection(clip)
            let band = Rect(x: (own.minX + margin).rounded(.up), y: (own.minY + ry).rounded(.up),
                            width: (own.maxX - margin).rounded(.down) - (own.minX + margin).rounded(.up),
                            height: (own.maxY - ry).rounded(.down) - (own.minY + ry).rounded(.up)).intersection(clip)
            for inner in [column, band] where !inner.isEmpty { pass.addOccluder(inner, paintedAt: render.paintIndex) }
        }
        // A change inside a turning view shows all over its projection, not where the
        // changed view would lie flat.
        if wasDamaged || (rotationY != 0 && !render.layerIsValid) || childrenWereSkipped {
            if let oldRect { pass.damage(oldRect, by: render.paintIndex) }
            if let new = render.subtreeRect { pass.damage(new, by: render.paintIndex) }
        }
        return render.subtreeRect
    }

    /// The last walk of the subviews, when this frame may skip them: nothing below changed
    /// since, the walk ran with this frame's scale, features and occlusion, and every subview
    /// lay inside this view's bounds (or it clips), none turning.
    private func skippableChildWalk(canOcclude: Bool, pass: FramePass) -> ChildWalk? {
        guard !render.descendantsChanged, let walk = render.childWalk, walk.contained, walk.deviceScale == pass.deviceScale,
              walk.features == pass.features, walk.canOcclude == canOcclude else { return nil }
        return walk
    }

    /// Where the perspective flip lands in device pixels (a bounding box, whole pixels), given
    /// the transform `t` from this view's bounds to device pixels.
    private func perspectiveRect(transform t: AffineTransform, window: Rect) -> Rect {
        let eye = perspectiveEye
        guard let projected = Canvas.perspectiveBounds(of: bounds, angleY: rotationY, eyeDistance: eye.distance,
                                                       vanishingPoint: eye.point) else { return .zero }
        return t.boundingBox(of: projected).roundedOut.intersection(window)
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
    /// opaque views painted later, and draws a moving subtree from its flattened layer; the
    /// pass's features then replace `features`, which a flat drawing (a snapshot) passes down.
    func composite(into canvas: Canvas, deviceScale: Double, features: RenderFeatures, pass: FramePass? = nil) {
        let features = pass?.features ?? features
        guard !isHidden, alpha > 0.001, frame.width > 0, frame.height > 0 else { return }
        if let pass {
            // A promoted layer is shown by the platform, above the frame: leave it out.
            guard !render.isPromoted, let subtree = render.subtreeRect, subtree.intersects(pass.region) else { return }
        }
        canvas.save()
        defer { canvas.restore() }
        canvas.concatenate(transformToSuperview)
        snapToDevicePixels(canvas, correction: translationCorrection(deviceScale: deviceScale))
        if pass == nil, clipsToBounds || subviews.isEmpty {
            // Flat into a layer or snapshot (no frame pass culls): a view clipped out entirely,
            // such as a list's row below the fold, would only fill its content cache for nothing.
            let paintable = canvas.clipExtents
            guard paintable.maxX > 0, paintable.minX < bounds.width, paintable.maxY > 0,
                  paintable.minY < bounds.height else { return }
        }

        if rotationY != 0 {
            // Cairo is affine-only: the subtree flat (in a window frame, its layer, rendered
            // again only when something inside changes), then drawn in perspective strips.
            let image: Surface
            if let pass {
                prepareLayer(deviceScale: deviceScale, pass: pass)
                image = render.layer ?? snapshot(deviceScale: deviceScale, features: features)
            } else {
                image = snapshot(deviceScale: deviceScale, features: features)
            }
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
        // A picture that rounds its own corners needs no clip (Cairo would build a mask for it).
        if clipsToBounds, !roundsOwnContent {
            if cornerRadius > 0 { canvas.clip(toRoundedRect: bounds, radius: cornerRadius) } else { canvas.clip(to: bounds) }
        }
        if let pass, let fused = render.fusedRect {
            render.fusedRect = nil
            compositeContent(outside: fused, into: canvas, deviceScale: deviceScale, pass: pass)
        } else if hasContent {
            if let pass, let own = render.ownRect {
                switch pass.visibility(of: own, paintedAt: render.paintIndex) {
                case .hidden:
                    break
                case .whole:
                    pass.report.contentsDrawn += 1
                    drawCachedContent(into: canvas, deviceScale: deviceScale, alpha: needsGroup ? 1 : alpha, features: features)
                case .partial:
                    pass.report.contentsDrawn += 1
                    canvas.save()
                    canvas.clip(toDeviceRects: pass.visiblePieces)
                    drawCachedContent(into: canvas, deviceScale: deviceScale, alpha: needsGroup ? 1 : alpha, features: features)
                    canvas.restore()
                }
            } else {
                drawCachedContent(into: canvas, deviceScale: deviceScale, alpha: needsGroup ? 1 : alpha, features: features)
            }
        }
        compositeSubviews(into: canvas, deviceScale: deviceScale, features: features, pass: pass)
        if needsGroup { canvas.endTransparencyLayer(alpha: alpha) }
    }

    /// A translation-only transform lands on whole device pixels: crisp, and a plain copy.
    /// `correction` (logical pixels) moves the translation onto its steps first
    /// (``translationCorrection(deviceScale:)``).
    func snapToDevicePixels(_ canvas: Canvas, correction: Point = .zero) {
        var m = canvas.transform
        guard m.b == 0, m.c == 0 else { return }
        m.tx = Self.snapped(m.tx + correction.x * m.a)
        m.ty = Self.snapped(m.ty + correction.y * m.d)
        canvas.transform = m
    }
}
