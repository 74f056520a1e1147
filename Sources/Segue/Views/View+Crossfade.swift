import Geometry
import Canvas
import Motion

/// A fading page over a still one, composited in one pass: when an opaque page fades in or out
/// over an opaque rasterized sibling of the same rectangle (``View/shouldRasterize``), each
/// visible pixel is the two layers mixed by the fading page's alpha. A page with no subviews
/// takes part with its content cache, the image it is drawn from anyway. Drawn the usual way, the
/// still page is copied and then the fading one blended over it with a constant alpha, which
/// pixman does on its slow general path: 2.4× the cost of a full-window composite, for the
/// flat zoom's fading picture page over the grid.
extension View {
    /// Composites the subviews in order, cross-fading the pairs ``fadesOver(_:pass:)`` accepts
    /// and dimming a still page in one pass under a dimming view that follows it
    /// (View+Dimming.swift).
    func compositeSubviews(into canvas: Canvas, deviceScale: Double, features: RenderFeatures, pass: FramePass?) {
        var index = subviews.startIndex
        while index < subviews.endIndex {
            let view = subviews[index]
            let next = subviews.index(after: index)
            if let pass, next < subviews.endIndex {
                // A presented page fades inside its presentation's container, over the presenter
                // (or inside a container of its own): the pair is looked for through such wrappers.
                let still = view.wrappedPage, fading = subviews[next].wrappedPage
                if fading.fadesOver(still, pass: pass),
                   fading.compositeCrossfade(over: still, into: canvas, deviceScale: deviceScale, pass: pass) {
                    index = subviews.index(after: next)
                    continue
                }
            }
            if let pass, next < subviews.endIndex, let dim = subviews[next].leadingDimmingView(over: view, pass: pass),
               view.compositeDimmed(by: dim, into: canvas, deviceScale: deviceScale, pass: pass) {
                index = next
                continue
            }
            view.composite(into: canvas, deviceScale: deviceScale, features: features, pass: pass)
            index = next
        }
    }

    /// The view this one only holds: through views that paint nothing themselves and hold one
    /// subview, unmoved, unfaded and not composited on their own, down to the first that does
    /// more (this view itself when it does). Drawing that view draws all the wrappers do.
    private var wrappedPage: View {
        var view = self
        while view.subviews.count == 1, let only = view.subviews.first, !view.isHidden, !view.hasContent,
              view.alpha >= 1, view.transform == .identity, view.rotationY == 0,
              !view.render.usesLayer, !view.render.isPromoted, view.render.fusedRect == nil {
            view = only
        }
        return view
    }

    /// Whether this view, fading, can be mixed with `below` (its sibling just before it) in one
    /// pass: both composite from flat images (``flatImage(deviceScale:pass:)``) at the same
    /// whole-pixel rectangle, both opaque at full
    /// alpha (square corners, opaque backgrounds filling their layers), `below` at alpha 1, and
    /// nothing clips them to a rounded shape (the mix writes pixels directly, inside rectangles).
    private func fadesOver(_ below: View, pass: FramePass) -> Bool {
        guard pass.features.contains(.layers), !isHidden, !below.isHidden, compositesFlat, below.compositesFlat,
              !render.isPromoted, !below.render.isPromoted,
              alpha < 1, below.alpha >= 1, below.render.isOpaque,
              (backgroundColor?.alpha ?? 0) >= 1, cornerRadius == 0,
              let own = render.ownRect, own == below.render.ownRect, own == own.roundedOut,
              render.subtreeRect == below.render.subtreeRect else { return false }
        var ancestor = superview
        while let view = ancestor {
            if view.clipsToBounds && view.cornerRadius > 0 { return false }
            if view.alpha < 1 || view.rotationY != 0 { return false }
            ancestor = view.superview
        }
        return true
    }

    /// Draws `below` and this view mixed by this view's alpha; false when it drew nothing (the
    /// caller then composites both the usual way).
    private func compositeCrossfade(over below: View, into canvas: Canvas, deviceScale: Double, pass: FramePass) -> Bool {
        guard let own = render.ownRect, let shown = render.subtreeRect else { return false }
        guard let from = below.flatImage(deviceScale: deviceScale, pass: pass),
              let to = flatImage(deviceScale: deviceScale, pass: pass),
              from.width == Int(own.width), from.height == Int(own.height),
              to.width == from.width, to.height == from.height else { return false }
        // Whatever is opaque and painted after this subtree hides parts of both.
        let visibility = pass.visibility(of: shown, paintedAt: render.subtreeEnd - 1)
        let pieces: [Rect]
        switch visibility {
        case .hidden: return true
        case .whole: pieces = [shown.roundedOut.intersection(pass.region)]
        case .partial: pieces = pass.visiblePieces
        }
        for piece in pieces where !piece.isEmpty {
            guard canvas.drawCrossfade(from: from, to: to, fraction: alpha, origin: own.origin, rect: piece.roundedOut) else {
                return false
            }
        }
        for view in [below, self] {
            if view.render.usesLayer { pass.report.layersDrawn += 1 } else { pass.report.contentsDrawn += 1 }
        }
        return true
    }

    /// Whether this view composites from one image at one image pixel per device pixel: its
    /// layer, or its own cached content when that is all it paints (no subviews, untransformed
    /// but for a translation, content drawn and cached).
    private var compositesFlat: Bool {
        render.usesLayer || (subviews.isEmpty && drawsContent && cachesContent && rotationY == 0
                             && transform.a == 1 && transform.b == 0 && transform.c == 0 && transform.d == 1)
    }

    /// The image of ``compositesFlat``, rendered first if it is missing or out of date.
    private func flatImage(deviceScale: Double, pass: FramePass) -> Surface? {
        if render.usesLayer {
            prepareLayer(deviceScale: deviceScale, pass: pass)
            return render.layer
        }
        return compositesFlat ? contentCache(at: deviceScale) : nil
    }
}
