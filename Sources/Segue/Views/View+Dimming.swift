import Geometry
import Canvas
import Motion

/// A still page under a dimming view, composited in one pass: a presentation's container whose
/// first subview is a uniform translucent fill (an overlay's dimming view) over the presenter,
/// rasterized (``View/shouldRasterize``) and opaque. Where the fill covers the page, each pixel
/// is the page's scaled towards the fill's colour; drawn the usual way the page is copied and
/// the fill blended over it (a second pass over the same pixels, 0.34 ms for a 1280 × 800
/// window, most of an overlay's frame).
extension View {
    /// The dimming view that this view (a sibling painted right after `below`) starts with, when
    /// it can be folded into `below`'s copy: this view paints nothing of its own, is not
    /// transformed, faded, layered or promoted; its first subview is a plain translucent fill
    /// (a background colour, no content, no subviews, square corners, axis-aligned); `below`
    /// composites from an opaque layer at a whole-pixel rectangle.
    func leadingDimmingView(over below: View, pass: FramePass) -> View? {
        guard pass.features.contains(.layers), let dim = subviews.first,
              backgroundColor == nil, !drawsContent, alpha >= 1, transform == .identity, rotationY == 0,
              !render.usesLayer, !render.isPromoted, render.subtreeRect != nil,
              let color = dim.backgroundColor, !dim.drawsContent, dim.subviews.isEmpty, dim.cornerRadius == 0,
              dim.render.isAxisAligned, !dim.render.isPromoted, dim.render.ownRect != nil,
              color.alpha * dim.alpha < 1,
              below.render.usesLayer, below.render.isOpaque, !below.render.isPromoted,
              let own = below.render.ownRect, own == own.roundedOut else { return nil }
        // The fill writes pixels directly, inside rectangles: no rounded clip above.
        var ancestor: View? = self
        while let view = ancestor {
            if view.clipsToBounds && view.cornerRadius > 0 { return nil }
            ancestor = view.superview
        }
        return dim
    }

    /// Draws this view's layer, dimmed by `dim`'s fill where that covers it (in one pass) and
    /// copied elsewhere, and tells `dim` to leave that part out. False when it drew nothing
    /// (the caller then composites it the usual way).
    func compositeDimmed(by dim: View, into canvas: Canvas, deviceScale: Double, pass: FramePass) -> Bool {
        guard let own = render.ownRect, let dimRect = dim.render.ownRect, let color = dim.backgroundColor else { return false }
        prepareLayer(deviceScale: deviceScale, pass: pass)
        guard let layer = render.layer, layer.width == Int(own.width), layer.height == Int(own.height) else { return false }
        // Whole pixels the fill covers entirely; its antialiased edge is left to the fill itself.
        let covered = own.intersection(dimRect)
        let fused = Rect(x: covered.minX.rounded(.up), y: covered.minY.rounded(.up),
                         width: covered.maxX.rounded(.down) - covered.minX.rounded(.up),
                         height: covered.maxY.rounded(.down) - covered.minY.rounded(.up))
        let pieces: [Rect]
        switch pass.visibility(of: own, paintedAt: render.subtreeEnd - 1) {
        case .hidden: return true
        case .whole: pieces = [own.intersection(pass.region).roundedOut]
        case .partial: pieces = pass.visiblePieces
        }
        var plain: [Rect] = []
        for piece in pieces where !piece.isEmpty {
            if !fused.isEmpty, !covered.isEmpty, piece.intersects(fused) {
                guard canvas.drawFaded(layer, toward: color, fraction: dim.alpha, origin: own.origin,
                                       rect: piece.intersection(fused).roundedOut) else { return false }
                piece.subtracting(fused, into: &plain)
            } else {
                plain.append(piece)
            }
        }
        if !plain.isEmpty {
            canvas.save()
            canvas.clip(toDeviceRects: plain)
            canvas.transform = AffineTransform(translationX: own.minX, y: own.minY)
            canvas.draw(layer, at: .zero, opaque: pass.features.contains(.opaqueCopy))
            canvas.restore()
        }
        pass.report.layersDrawn += 1
        if !fused.isEmpty, !covered.isEmpty { dim.render.fusedRect = fused }
        return true
    }

    /// Paints this view's content (a fill) where it shows, except over `fused`, which the page
    /// below already painted dimmed.
    func compositeContent(outside fused: Rect, into canvas: Canvas, deviceScale: Double, pass: FramePass) {
        guard hasContent, let own = render.ownRect else { return }
        let pieces: [Rect]
        switch pass.visibility(of: own, paintedAt: render.paintIndex) {
        case .hidden: return
        case .whole: pieces = [own.intersection(pass.region).roundedOut]
        case .partial: pieces = pass.visiblePieces
        }
        var rest: [Rect] = []
        for piece in pieces { piece.subtracting(fused, into: &rest) }
        rest.removeAll { $0.isEmpty }
        guard !rest.isEmpty else { return }
        pass.report.contentsDrawn += 1
        canvas.save()
        canvas.clip(toDeviceRects: rest)
        drawCachedContent(into: canvas, deviceScale: deviceScale, alpha: alpha, features: pass.features)
        canvas.restore()
    }
}
