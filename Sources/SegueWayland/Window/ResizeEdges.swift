import Geometry
import Segue

/// The sides of a window an interactive resize moves; two sides make a corner.
struct ResizeEdges: OptionSet, Hashable, Sendable {
    /// The edges as bits, in the order of the static members below.
    let rawValue: Int
    /// Edges from their bits (see ``rawValue``).
    init(rawValue: Int) { self.rawValue = rawValue }

    /// The top edge.
    static let top = ResizeEdges(rawValue: 1 << 0)
    /// The bottom edge.
    static let bottom = ResizeEdges(rawValue: 1 << 1)
    /// The left edge.
    static let left = ResizeEdges(rawValue: 1 << 2)
    /// The right edge.
    static let right = ResizeEdges(rawValue: 1 << 3)

    /// The edges a point in the invisible border around `window` resizes (surface coordinates;
    /// `window` is the window geometry inside the surface). Empty inside the window and beyond
    /// the border. Corners reach ``WindowFrameMetrics/cornerGrip`` along each side, as in GTK,
    /// so that a corner is easy to hit.
    static func at(_ point: Point, window: Rect, border: Double,
                          cornerGrip: Double = WindowFrameMetrics.cornerGrip) -> ResizeEdges {
        let outer = window.insetBy(dx: -border, dy: -border)
        guard outer.contains(point), !window.contains(point) else { return [] }
        var edges: ResizeEdges = []
        if point.y < window.minY + cornerGrip && (point.y < window.minY || point.x < window.minX || point.x >= window.maxX) {
            edges.insert(.top)
        }
        if point.y >= window.maxY - cornerGrip && (point.y >= window.maxY || point.x < window.minX || point.x >= window.maxX) {
            edges.insert(.bottom)
        }
        if point.x < window.minX + cornerGrip && (point.x < window.minX || point.y < window.minY || point.y >= window.maxY) {
            edges.insert(.left)
        }
        if point.x >= window.maxX - cornerGrip && (point.x >= window.maxX || point.y < window.minY || point.y >= window.maxY) {
            edges.insert(.right)
        }
        return edges
    }

    /// The theme cursor for resizing these edges.
    var cursor: Cursor {
        switch self {
        case [.top, .left]: .resizeTopLeft
        case [.top, .right]: .resizeTopRight
        case [.bottom, .left]: .resizeBottomLeft
        case [.bottom, .right]: .resizeBottomRight
        case .top: .resizeTop
        case .bottom: .resizeBottom
        case .left: .resizeLeft
        case .right: .resizeRight
        default: .default
        }
    }
}
