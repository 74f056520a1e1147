import Geometry

/// What tools outside the core hook into: views drawn above the window, and the window's
/// frame ticks and transition events. The developer tools (SegueDiagnostics) are built on
/// these alone.
/// The hooks a window keeps: its overlays and its tick and trace observers.
@MainActor
struct WindowHooks {
    /// A view drawn above everything (after the focus ring), with the work that places and
    /// refreshes it before each frame.
    struct Overlay {
        let view: View
        let prepare: @MainActor (Window) -> Void
    }

    /// Views drawn above everything, in order.
    var overlays: [Overlay] = []
    /// Called at every frame tick.
    var tickObservers: [@MainActor (Window) -> Void] = []
    /// Called with every transition event.
    var traceObservers: [@MainActor (TraceRecord) -> Void] = []
    /// The accessible tree's state (Window+Accessibility.swift).
    var accessibility = AccessibilityHooks()
}

extension Window {
    /// Draws `view` above the window's whole content, after the focus ring, in the order
    /// added. It never takes input (``View/isUserInteractionEnabled`` is turned off) and hides
    /// nothing under it. `beforeEachFrame` runs before every frame is laid out: it places the
    /// view (``contentRect`` tells where the content is) and marks what changed.
    public func addOverlay(_ view: View, beforeEachFrame: @escaping @MainActor (Window) -> Void = { _ in }) {
        view.isUserInteractionEnabled = false
        view.hostingWindow = self
        hooks.overlays.append(WindowHooks.Overlay(view: view, prepare: beforeEachFrame))
        frameHistory.needsFullDamage = true
        setNeedsDisplay()
    }

    /// The views added with ``addOverlay(_:beforeEachFrame:)``, in drawing order.
    public var overlayViews: [View] { hooks.overlays.map(\.view) }

    /// Stops drawing an overlay added with ``addOverlay(_:beforeEachFrame:)``.
    public func removeOverlay(_ view: View) {
        hooks.overlays.removeAll { $0.view === view }
        frameHistory.needsFullDamage = true
        setNeedsDisplay()
    }

    /// Calls `observer` at every frame tick, once the window's animations have advanced to it
    /// (``now`` is the tick's time): a display link, as `CADisplayLink` is UIKit's.
    public func addTickObserver(_ observer: @escaping @MainActor (Window) -> Void) {
        hooks.tickObservers.append(observer)
    }

    /// Calls `observer` with every transition event as it happens, stamped with ``now`` (the
    /// trace's own sink, ``traceSink``, gets it re-stamped with the host's clock).
    public func addTraceObserver(_ observer: @escaping @MainActor (TraceRecord) -> Void) {
        hooks.traceObservers.append(observer)
    }
}
