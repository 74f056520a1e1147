import Geometry
import Canvas
import Motion
import Segue

/// What the platform draws around a floating window with client-side decorations: the
/// transparent margin with the window's shadow (and a hairline outline, as libadwaita's), and
/// the rounded top corners cut out of the square frame the window draws.
///
/// Coordinates are the surface's logical pixels; the window geometry sits at
/// (`margin`, `margin`). The header bar itself is a Segue view (``HeaderBar``).
@MainActor
struct ClientSideFrame {
    /// The surface's logical size (window plus margins).
    var surfaceSize: Size
    /// The window geometry inside the surface.
    var window: Rect
    var isActive: Bool

    var margin: Double { window.minX }

    private var shadowColor: Color { Color(red: 0, green: 0, blue: 0, alpha: isActive ? 0.32 : 0.16) }
    private var shadowBlur: Double { isActive ? WindowFrameMetrics.shadowBlur : WindowFrameMetrics.shadowBlur / 2 }
    private static let outline = Color(red: 0, green: 0, blue: 0, alpha: 0.2)

    /// The rectangles (logical) where the window's own pixels are not the final word: its two
    /// top corners.
    var cornerSquares: [Rect] {
        let r = WindowFrameMetrics.cornerRadius
        return [Rect(x: window.minX, y: window.minY, width: r, height: r),
                Rect(x: window.maxX - r, y: window.minY, width: r, height: r)]
    }

    /// Whether repainting `region` (device pixels) touches anything but the window's interior,
    /// i.e. whether the margin must be painted before the window.
    func regionReachesMargin(_ region: Rect, scale: Double) -> Bool {
        let inner = Rect(x: window.minX * scale, y: window.minY * scale, width: window.width * scale,
                         height: window.height * scale)
        return !(inner.contains(Point(x: region.minX, y: region.minY))
                 && inner.contains(Point(x: region.maxX - 0.5, y: region.maxY - 0.5)))
    }

    /// Clears `region` (device pixels) of the margin and paints the shadow there. The canvas
    /// maps logical to device pixels; the window is drawn afterwards over its own area.
    func paintMargin(into canvas: Canvas, region: Rect) {
        canvas.save()
        defer { canvas.restore() }
        canvas.clip(toDeviceRects: CollectionOfOne(region))
        canvas.clear(Rect(size: surfaceSize))
        paintShadow(into: canvas)
    }

    /// Cuts the rounded top corners out of what the window drew, inside `region` (device
    /// pixels), and shows the shadow there instead.
    func paintCorners(into canvas: Canvas, region: Rect, scale: Double) {
        let r = WindowFrameMetrics.cornerRadius
        for square in cornerSquares {
            let device = Rect(x: square.minX * scale, y: square.minY * scale, width: square.width * scale,
                              height: square.height * scale)
            guard !device.intersection(region).isEmpty else { continue }
            canvas.save()
            canvas.clip(toDeviceRects: CollectionOfOne(region))
            canvas.clip(to: square, outsideRoundedRect: window, radius: r)
            canvas.clear(square)
            paintShadow(into: canvas)
            canvas.restore()
        }
    }

    private func paintShadow(into canvas: Canvas) {
        let r = WindowFrameMetrics.cornerRadius
        canvas.drawShadow(roundedRect: window, radius: r, blur: shadowBlur,
                          offset: Point(x: 0, y: WindowFrameMetrics.shadowOffsetY), color: shadowColor)
        canvas.fill(roundedRect: window.insetBy(dx: -1, dy: -1), radius: r + 1, color: Self.outline)
    }
}
