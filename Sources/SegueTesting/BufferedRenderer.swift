import Geometry
import Canvas
import Motion
import Segue

/// Draws a `Window` as the Wayland client does: two buffers in rotation, each repaired by
/// what changed since it was last shown, at a device scale.
///
/// ``OffscreenWindow/render()`` redraws everything; this draws only the damage, so what it
/// costs is what a frame costs on screen (`segue-bench` times it).
@MainActor
public final class BufferedRenderer {
    /// The device scale (device pixels per window point).
    public let scale: Double
    private var buffers: [(canvas: Canvas, stale: Rect?)]
    private var next = 0

    /// Buffers for a window of `size` points at `scale`.
    public init(size: Size, scale: Double) {
        self.scale = scale
        let width = Int(size.width * scale), height = Int(size.height * scale)
        buffers = (0..<2).map { _ in (Canvas(surface: Surface(width: width, height: height)), nil) }
    }

    /// Lays out and draws the window's damage into the next buffer, if anything changed.
    /// Returns the damage (window points), nil when the frame is unchanged.
    @discardableResult
    public func render(_ window: Window) -> Rect? {
        guard let damage = window.prepareFrame(deviceScale: scale) else { return nil }
        let index = next
        next = 1 - next
        let canvas = buffers[index].canvas
        canvas.transform = AffineTransform(scaleX: scale, y: scale)
        // The buffer is behind by the other buffer's frame too; one never drawn, by everything.
        let region = buffers[index].stale.map { $0.union(damage) } ?? Rect(
            x: 0, y: 0, width: Double(canvas.surface.width), height: Double(canvas.surface.height))
        window.draw(into: canvas, region: region)
        buffers[index].stale = nil
        buffers[1 - index].stale = buffers[1 - index].stale.map { $0.union(damage) } ?? damage
        return damage
    }

    /// The buffer drawn last.
    public var lastSurface: Surface { buffers[1 - next].canvas.surface }
}
