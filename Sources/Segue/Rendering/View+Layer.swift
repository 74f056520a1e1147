import Geometry
import Canvas
import Motion

/// A subtree drawn flat into an image of its own: the flattened layer a moving subtree is
/// composited from (and the platform may show itself), and snapshots.
extension View {
    /// Draws the subtree from its flattened layer (re-rendered only when something inside
    /// changed). The canvas maps this view's bounds at a whole-pixel translation.
    func compositeLayer(into canvas: Canvas, deviceScale: Double, pass: FramePass) {
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
        let (width, height) = DevicePixels.surfaceSize(frame.size, scale: deviceScale)
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
            drawFlat(into: Canvas(surface: layer), deviceScale: deviceScale, features: pass.features)
            pass.report.layersRendered += 1
            render.layer = layer
            render.layerScale = deviceScale
            render.layerIsValid = true
            render.layerGeneration = pass.nextLayerGeneration()
        }
    }

    /// The subtree drawn flat into a new surface at `deviceScale` (transform of this view
    /// itself not applied), e.g. for a flying image or a perspective flip.
    public func snapshot(deviceScale: Double = 1) -> Surface {
        snapshot(deviceScale: deviceScale, features: window?.renderFeatures ?? .all)
    }

    /// ``snapshot(deviceScale:)`` with the window's render features (a frame in progress knows them).
    func snapshot(deviceScale: Double, features: RenderFeatures) -> Surface {
        layoutIfNeeded()
        let surface = Surface(logicalSize: frame.size, scale: deviceScale)
        drawFlat(into: Canvas(surface: surface), deviceScale: deviceScale, features: features)
        return surface
    }

    /// Draws content and subviews into a canvas the size of the bounds at `deviceScale`.
    private func drawFlat(into canvas: Canvas, deviceScale: Double, features: RenderFeatures) {
        canvas.scale(x: deviceScale, y: deviceScale)
        if clipsToBounds {
            if cornerRadius > 0 { canvas.clip(toRoundedRect: bounds, radius: cornerRadius) } else { canvas.clip(to: bounds) }
        }
        drawCachedContent(into: canvas, deviceScale: deviceScale, alpha: 1, features: features)
        for view in subviews { view.composite(into: canvas, deviceScale: deviceScale, features: features) }
    }
}
