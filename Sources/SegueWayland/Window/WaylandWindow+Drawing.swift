import Geometry
import Canvas
import CWayland
import CWaylandProtocols
import Glibc
import Motion
import Segue

/// The window's display link and drawing: a frame is drawn after a dispatch that left the
/// window dirty, or when the frame callback says the compositor is ready for the next one.
extension WaylandWindow {
    // MARK: display link

    /// After every dispatch: draw now when dirty and no frame callback will do it for us.
    func drawIfDue() {
        guard isConfigured, displayLink.mayDrawAfterDispatch(frameCallbackPending: frameCallback != nil) else { return }
        if needsDraw || content.needsDisplay {
            draw()
        } else {
            // Input that changed nothing on screen has no latency to measure.
            stats?.inputShowedNothing()
        }
    }

    /// Everything asked of the window is drawn and committed and no animation runs (a gesture
    /// held still counts as settled): what `--stats` reports as `settled`, so that a test takes
    /// its screenshot once the app says it is done, not when the screen merely looks quiet.
    var isSettled: Bool {
        isConfigured && framesDrawn > 0 && !needsDraw && !content.needsDisplay && !content.isAnimating
    }

    /// The window's idle work (``Segue/Window/performWhenIdle(_:)``, then
    /// ``releaseIdleMemory()``) may run: the first frame is on screen (launch is not delayed by
    /// it) and nothing waits to be drawn.
    var idleWorkIsReady: Bool {
        isConfigured && framesDrawn > 0 && !needsDraw && (content.hasIdleWorkReady || hasIdleMemory)
    }

    /// Nothing is drawing, and frames since the last release may have left memory to return.
    private var hasIdleMemory: Bool {
        frameCallback == nil && !content.wantsFrames && !content.needsDisplay
            && (drewSinceMemoryReleased || pool.spareCount > 0)
    }

    /// Returns what a window that is not drawing does not need. While frames follow one another
    /// the spare buffer is the next frame's; once nothing draws it is only memory, 4 bytes per
    /// device pixel of the window. And the images a finished transition freed (its layers,
    /// window-sized) stay in malloc's heap, resident, until trimmed: glibc raises its mmap
    /// threshold after the first large free, so later window-sized images come from the heap.
    /// Measured at exit after a tab swipe (issue 24, `segue-perf --peer adw`, weston 1280×800):
    /// RSS 53.4 MB with both kept, 49.8 MB with the spare buffer released, 48.5 MB trimmed too.
    private func releaseIdleMemory() {
        pool.releaseSpareBuffers()
        segue_return_free_memory()
        drewSinceMemoryReleased = false
        stats?.windowBuffers = pool.allocatedCount
    }

    /// Nothing to draw, nothing drawing or pending and no idle work ready: the window's quiet
    /// counts from here.
    private var isQuiet: Bool {
        isConfigured && framesDrawn > 0 && !needsDraw && frameCallback == nil
            && !content.wantsFrames && !content.needsDisplay && !content.hasIdleWorkReady
    }

    /// After every turn: while the window is quiet and has work waiting for quiet
    /// (``Segue/Window/idleDelay``), a timer runs for that delay; input or a frame since it was
    /// armed starts it again, and a busy window stops it (an idle app with nothing waiting
    /// has no timer armed, so it never wakes up).
    func updateQuietTimer() {
        guard isQuiet, let delay = content.idleDelay else {
            quietTimer.disarm()
            return
        }
        if quietTimer.isArmed, quietTimerArmedAt.activity == content.activityCount { return }
        quietTimerArmedAt = (content.activityCount, delay)
        quietTimer.arm(delay: delay)
    }

    /// The window stayed quiet for the armed delay: its delayed idle work runs, and the memory
    /// it gave back (content caches freed into malloc's heap) is returned by the next
    /// ``releaseIdleMemory()``.
    func quietTimerFired() {
        quietTimer.disarm()
        guard isQuiet, quietTimerArmedAt.activity == content.activityCount else { return }
        var ran = 0
        countingIdleCPU { ran = self.content.runIdleWork(afterQuiet: self.quietTimerArmedAt.delay) }
        if ran > 0 { drewSinceMemoryReleased = true }
    }

    /// One piece of the window's idle work, its CPU time counted for `--stats`.
    func runIdleWork() {
        countingIdleCPU(content.hasIdleWorkReady ? content.runIdleWork : releaseIdleMemory)
    }

    /// Runs idle work, its thread CPU time counted for `--stats` when they are on.
    private func countingIdleCPU(_ work: () -> Void) {
        guard let stats else { return work() }
        var before = timespec(), after = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &before)
        work()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &after)
        stats.idleWorkRan(cpuMilliseconds: Double(after.tv_sec - before.tv_sec) * 1000
                          + Double(after.tv_nsec - before.tv_nsec) / 1e6)
    }

    func frameDone(time ms: UInt32) {
        if let frameCallback { wl_callback_destroy(frameCallback) }
        if let layerFrameCallback { wl_callback_destroy(layerFrameCallback) }
        frameCallback = nil
        layerFrameCallback = nil
        stats?.frameCallbackReceived()
        if displayLink.frameDone(ms: ms, needsDraw: needsDraw) { draw() }
    }

    /// Window geometry, opaque region and viewport: what the surface says about its size.
    private func updateSurfaceGeometry(margin: Double, surfaceSize: Size) {
        let geometry = Rect(x: margin, y: margin, width: size.width, height: size.height)
        if windowGeometry != geometry {
            // Unset, the window geometry would be the bounding box of the surface and its
            // subsurfaces, shadow included.
            xdg_surface_set_window_geometry(xdgSurface, Int32(margin), Int32(margin), Int32(size.width), Int32(size.height))
            windowGeometry = geometry
        }
        if opaqueRegionFor != geometry, let compositor = display.compositor {
            // The window is opaque but for its rounded top corners: the compositor need not
            // draw what lies below.
            let region = wl_compositor_create_region(compositor)
            let r = margin > 0 ? Int32(WindowFrameMetrics.cornerRadius) : 0
            let x = Int32(margin), y = Int32(margin), w = Int32(size.width), h = Int32(size.height)
            wl_region_add(region, x, y + r, w, h - r)
            if r > 0 { wl_region_add(region, x + r, y, w - 2 * r, r) }
            wl_surface_set_opaque_region(surface, region)
            wl_region_destroy(region)
            opaqueRegionFor = geometry
        }
        if let viewport {
            let destination = usesFractionalScale ? (Int32(surfaceSize.width), Int32(surfaceSize.height)) : (-1, -1)
            if viewportDestination == nil || viewportDestination! != destination {
                // Fractional scale: a buffer of exactly scale × size pixels shown at the logical
                // size (buffer scale 1), so the compositor does not resample it.
                wp_viewport_set_destination(viewport, destination.0, destination.1)
                viewportDestination = destination
            }
        }
    }

    private func draw() {
        let margin = frameMargin
        let scale = deviceScale
        let surfaceSize = Size(width: size.width + 2 * margin, height: size.height + 2 * margin)
        // Fractional: xdg fractional-scale-v1 rounds scale × size half away from zero.
        let pixelWidth = usesFractionalScale ? Int((surfaceSize.width * scale).rounded()) : Int(surfaceSize.width) * Int(integerScale)
        let pixelHeight = usesFractionalScale ? Int((surfaceSize.height * scale).rounded()) : Int(surfaceSize.height) * Int(integerScale)
        let bufferScale: Int32 = usesFractionalScale ? 1 : integerScale
        updateSurfaceGeometry(margin: margin, surfaceSize: surfaceSize)
        let buffer: ShmBuffer?
        do {
            buffer = try pool.acquire(width: pixelWidth, height: pixelHeight)
        } catch {
            logError("\(error)")
            return
        }
        // Every buffer is still on screen: the release that frees one will bring us back here.
        guard let buffer else { return }
        let frameStart = stats?.now()
        let origin = Point(x: (margin * scale).rounded(), y: (margin * scale).rounded())
        var damage = content.prepareFrame(deviceScale: scale, origin: origin)
        let frame = margin > 0 ? ClientSideFrame(surfaceSize: surfaceSize,
                                                 window: Rect(x: margin, y: margin, width: size.width, height: size.height),
                                                 isActive: content.state.contains(.activated)) : nil
        let frameKey = frame.map { ClientSideFrameKey(frame: $0, scale: scale) }
        if let frameKey, frameKey != paintedFrame {
            damage = Rect(x: 0, y: 0, width: Double(pixelWidth), height: Double(pixelHeight))
        }
        paintedFrame = frameKey
        // Subsurface state first: the window's commit below applies it, atomically with the frame.
        var layersChanged = false
        if let layerSurfaces {
            let copiedBefore = layerSurfaces.bytesCopied
            do {
                layersChanged = try layerSurfaces.update(content.promotedLayers, scale: surfaceScale)
            } catch {
                logError("\(error)")
                layersChanged = true
            }
            stats?.layersShown(content.promotedLayers.count, bytesCopied: layerSurfaces.bytesCopied - copiedBefore,
                               surfacesAlive: layerSurfaces.surfaceCount, buffersAlive: layerSurfaces.bufferCount)
        }
        if let damage {
            // The buffer holds an older frame: repair what changed since it was last shown too
            // (with two buffers in rotation, the last two frames' damage, as foot does).
            let region = buffer.staleRegion.map { $0.union(damage) } ?? damage
            let canvas = buffer.canvas
            canvas.transform = AffineTransform(scaleX: scale, y: scale)
            if let frame, frame.regionReachesMargin(region, scale: scale) { frame.paintMargin(into: canvas, region: region) }
            canvas.transform = AffineTransform(a: scale, b: 0, c: 0, d: scale, tx: origin.x, ty: origin.y)
            let report = content.draw(into: canvas, region: region)
            if let frame {
                canvas.transform = AffineTransform(scaleX: scale, y: scale)
                frame.paintCorners(into: canvas, region: region, scale: scale)
            }
            stats?.framePainted(bytes: Int(report.regionPixels) * 4)
            wl_surface_set_buffer_scale(surface, bufferScale)
            wl_surface_attach(surface, buffer.buffer, 0, 0)
            wl_surface_damage_buffer(surface, Int32(damage.minX), Int32(damage.minY),
                                     Int32(damage.width), Int32(damage.height))
            pool.markAttached(buffer, damage: damage)
            stats?.windowBuffers = pool.allocatedCount
            framesDrawn += 1
            drewSinceMemoryReleased = true
        }
        let changed = damage != nil || layersChanged
        if changed, let stats, let presentation = display.presentation {
            feedbacks.request(presentation, surface: surface, stats: stats)
        }
        // A held gesture that moved nothing since the last frame asks for no frame callback:
        // the next motion then draws at once (``drawIfDue()``) instead of waiting up to a
        // frame for a callback answered with an empty commit.
        if content.wantsFrames && (changed || content.isAnimating) {
            frameCallback = wl_surface_frame(surface)
            wl_callback_add_listener(frameCallback, frameListener, listener.data)
            // A compositor may answer frame callbacks only for surfaces it shows (wlroots 0.18's
            // scene sends the window `leave` and no callback once a promoted opaque layer, a
            // sheet, covers all of it): the frames would stop, mid-transition. So the layer on
            // top is asked too; its request waits for the window's commit, as its state does.
            if let layerSurfaces,
               let top = layerSurfaces.surfaceHiding(Rect(x: 0, y: 0, width: Double(pixelWidth), height: Double(pixelHeight)),
                                                     among: content.promotedLayers) {
                layerFrameCallback = wl_surface_frame(top)
                wl_callback_add_listener(layerFrameCallback, frameListener, listener.data)
                wl_surface_commit(top)
            }
            displayLink.frameRequested()
        } else if !changed {
            // Nothing to show and nothing to wait for: no commit at all.
            needsDraw = false
            return
        }
        wl_surface_commit(surface)
        needsDraw = false
        if let meantFrames, let shown = pool.lastAttached {
            let root = content.rootView.frame
            let area = Rect(x: origin.x + root.minX * scale, y: origin.y + root.minY * scale,
                            width: root.width * scale, height: root.height * scale)
            meantFrames.log(buffer: shown.surface, content: area, scale: scale,
                            layers: layerSurfaces == nil ? [] : content.promotedLayers)
        }
        // A frame that only moved layers changed the picture too: it counts as drawn.
        if let frameStart, let stats {
            stats.frameDrawn(start: frameStart, drewBuffer: changed)
            stats.transitionsDrawn(running: !content.activeTransitions.isEmpty, drewBuffer: changed)
        }
        if framesDrawn == 1 && damage != nil { onFirstFrame?() }
    }
}

/// What the shadow frame depends on: when it changes, the whole buffer is repainted.
struct ClientSideFrameKey: Equatable {
    var surfaceSize: Size
    var window: Rect
    var isActive: Bool
    var scale: Double

    init(frame: ClientSideFrame, scale: Double) {
        surfaceSize = frame.surfaceSize
        window = frame.window
        isActive = frame.isActive
        self.scale = scale
    }
}
