import CWayland

/// A `wl_output`, tracked for its integer scale. ``WaylandDisplay`` owns it and destroys it
/// when its global goes or the connection closes.
@MainActor
final class WaylandOutput {
    let output: OpaquePointer
    /// The version bound: from 3 on, `wl_output.release` tells the compositor we are done.
    let version: UInt32
    private(set) var scale: Int32 = 1
    private var pendingScale: Int32 = 1
    /// Called after `done` when the scale changed (compositors change it in place, as sway's
    /// `output … scale 2` does, without the surface leaving or entering).
    var onScaleChanged: (() -> Void)?
    private var listener: ListenerOwner<WaylandOutput>!

    init(output: OpaquePointer, version: UInt32) {
        self.output = output
        self.version = version
        listener = ListenerOwner(self)
        wl_output_add_listener(output, outputListener, listener.data)
    }

    /// Detaches the listener and destroys the proxy; nothing reaches this object afterwards.
    func destroy() {
        listener.detach()
        onScaleChanged = nil
        if version >= 3 { wl_output_release(output) } else { wl_output_destroy(output) }
    }

    fileprivate func setScale(_ scale: Int32) { pendingScale = max(1, scale) }

    /// `wl_output.done`: the properties sent since the last one take effect together.
    fileprivate func done() {
        guard pendingScale != scale else { return }
        scale = pendingScale
        onScaleChanged?()
    }
}

nonisolated(unsafe) private let outputListener: UnsafeMutablePointer<wl_output_listener> = {
    let listener = UnsafeMutablePointer<wl_output_listener>.allocate(capacity: 1)
    listener.initialize(to: wl_output_listener(
        geometry: { _, _, _, _, _, _, _, _, _, _ in },
        mode: { _, _, _, _, _, _ in },
        done: { data, _ in ListenerOwner<WaylandOutput>.dispatch(data) { $0.done() } },
        scale: { data, _, scale in ListenerOwner<WaylandOutput>.dispatch(data) { $0.setScale(scale) } },
        name: { _, _, _ in },
        description: { _, _, _ in }))
    return listener
}()
