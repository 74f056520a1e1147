import Geometry
import Canvas
import Motion

/// What a frame remembers of the one before it.
struct FrameHistory {
    /// Everything must be redrawn (first frame, new scale or origin, overlays changed).
    var needsFullDamage = true
    /// The device scale and origin the previous frame was drawn at.
    var lastDeviceScale = 0.0
    var lastOrigin = Point.zero
    /// Freeing the spare layer surfaces waits in the idle queue.
    var layerTrimIsQueued = false
}

/// Rendering a frame: measure what changed, then paint it (or hand moving layers to the platform).
extension Window {
    /// Lays the window out at its present size and draws the content caches its first frame
    /// will show (text shaped, fonts loaded), without drawing a frame: what a platform does
    /// while its start-up waits on something else (the desktop's settings), so the first frame
    /// after the wait only composites. Caches of views whose size the real configure changes
    /// are drawn again then; the fonts stay loaded.
    public func prepareFirstFrame() {
        frameView.prepareFirstFrame(deviceScale: deviceScale, scratch: Canvas(surface: Surface(width: 1, height: 1)))
    }

    /// The layers the platform shows itself in the frame measured by the latest
    /// ``prepareFrame(deviceScale:origin:)``, in paint order; empty unless ``promotesLayers``.
    package var promotedLayers: [PromotedLayer] { promotion.layers }


    /// Lays out and measures the coming frame: returns what changed since the previous
    /// `prepareFrame` in device pixels (whole pixels, inside the window), or nil when nothing
    /// did. Follow it with ``draw(into:region:)``.
    ///
    /// `origin` is where the window's top-left corner lands in the device (whole pixels): a
    /// platform that draws a shadow around the window puts the window inside its buffer.
    /// Damage, regions and promoted layers are then in the buffer's pixels, and the canvas
    /// passed to ``draw(into:region:)`` must map logical pixels with the same offset.
    package func prepareFrame(deviceScale: Double, origin: Point = .zero) -> Rect? {
        self.deviceScale = deviceScale
        frameView.layoutIfNeeded()
        keyboardFocus.updateRing()
        for overlay in hooks.overlays { overlay.prepare(self) }
        let windowRect = Rect(x: origin.x, y: origin.y, width: DevicePixels.length(size.width, scale: deviceScale),
                              height: DevicePixels.length(size.height, scale: deviceScale))
        pass.features = renderFeatures
        pass.begin(deviceScale: deviceScale, windowRect: windowRect)
        if deviceScale != frameHistory.lastDeviceScale || origin != frameHistory.lastOrigin || frameView.render.needsDamage
            || !pass.features.contains(.damage) {
            frameHistory.needsFullDamage = true
        }
        frameHistory.lastDeviceScale = deviceScale
        frameHistory.lastOrigin = origin
        frameView.render.needsDamage = false
        var base = AffineTransform(scaleX: deviceScale, y: deviceScale)
        base.tx = origin.x
        base.ty = origin.y
        for view in frameView.subviews {
            _ = view.updateGeometry(parent: base, clip: windowRect, canOcclude: true, pass: pass)
        }
        // The ring, above everything: it hides nothing, so it never occludes.
        _ = focusRing.updateGeometry(parent: base, clip: windowRect, canOcclude: false, pass: pass)
        for overlay in hooks.overlays {
            _ = overlay.view.updateGeometry(parent: base, clip: windowRect, canOcclude: false, pass: pass)
        }
        if frameHistory.needsFullDamage { pass.damageAll() }
        promotion.update(roots: frameView.subviews + [focusRing] + hooks.overlays.map(\.view), enabled: promotesLayers, pass: pass)
        frameHistory.needsFullDamage = false
        needsDisplay = false
        trimLayersWhenIdle()
        return pass.damage.isEmpty ? nil : pass.damage
    }

    /// Spare layer surfaces serve the frames of a running transition; once the window is idle
    /// they only hold memory (8 MB for two full-window layers at 1280×800): free them then. The
    /// next transition's first frame allocates its layers again (page faults, a few ms).
    private func trimLayersWhenIdle() {
        guard pass.hasSpareSurfaces, !frameHistory.layerTrimIsQueued else { return }
        frameHistory.layerTrimIsQueued = true
        performWhenIdle { [weak self] in
            self?.frameHistory.layerTrimIsQueued = false
            self?.pass.dropSpareSurfaces()
        }
    }

    /// Paints `region` (device pixels) of the frame measured by ``prepareFrame(deviceScale:origin:)``
    /// into `canvas`, whose transform maps logical to device pixels; the rest of the canvas is
    /// left alone. Returns what it painted.
    @discardableResult
    package func draw(into canvas: Canvas, region: Rect) -> FrameReport {
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
        for view in frameView.subviews { view.composite(into: canvas, deviceScale: deviceScale, features: renderFeatures, pass: pass) }
        focusRing.composite(into: canvas, deviceScale: deviceScale, features: renderFeatures, pass: pass)
        for overlay in hooks.overlays {
            overlay.view.composite(into: canvas, deviceScale: deviceScale, features: renderFeatures, pass: pass)
        }
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
}
