import Geometry
import CCairo

/// A vector outline in user coordinates: moves, lines, cubic curves, arcs and closes.
///
/// A plain value; it is turned into a Cairo path only when filled or stroked.
///
/// ```swift
/// var triangle = Path()
/// triangle.move(to: Point(x: 10, y: 0))
/// triangle.addLine(to: Point(x: 20, y: 20))
/// triangle.addLine(to: Point(x: 0, y: 20))
/// triangle.close()
/// canvas.fill(triangle, color: .black)
/// ```
public struct Path: Hashable, Sendable {
    /// One step of a path.
    public enum Element: Hashable, Sendable {
        /// Starts a new subpath at a point.
        case move(Point)
        /// A straight line from the current point.
        case line(Point)
        /// A cubic Bézier curve from the current point.
        case curve(to: Point, control1: Point, control2: Point)
        /// A circular arc; angles in radians, measured from the +x axis towards +y (clockwise
        /// on screen). `clockwise` follows screen orientation, as `UIBezierPath` does.
        case arc(center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool)
        /// Closes the current subpath with a line back to its start.
        case close
    }

    /// The steps, in order.
    public private(set) var elements: [Element] = []

    /// An empty path.
    public init() {}

    /// A path made of the given steps.
    public init(elements: [Element]) {
        self.elements = elements
    }

    /// A closed rectangle, or a rounded rectangle when `cornerRadius` > 0.
    public init(rect: Rect, cornerRadius: Double = 0) {
        let r = min(max(cornerRadius, 0), rect.width / 2, rect.height / 2)
        guard r > 0 else {
            elements = [.move(rect.origin), .line(Point(x: rect.maxX, y: rect.minY)),
                        .line(Point(x: rect.maxX, y: rect.maxY)), .line(Point(x: rect.minX, y: rect.maxY)), .close]
            return
        }
        let half = Double.pi / 2
        elements = [
            .arc(center: Point(x: rect.maxX - r, y: rect.minY + r), radius: r, startAngle: -half, endAngle: 0, clockwise: true),
            .arc(center: Point(x: rect.maxX - r, y: rect.maxY - r), radius: r, startAngle: 0, endAngle: half, clockwise: true),
            .arc(center: Point(x: rect.minX + r, y: rect.maxY - r), radius: r, startAngle: half, endAngle: 2 * half, clockwise: true),
            .arc(center: Point(x: rect.minX + r, y: rect.minY + r), radius: r, startAngle: 2 * half, endAngle: 3 * half, clockwise: true),
            .close,
        ]
    }

    /// A closed ellipse inscribed in `rect`.
    public init(ellipseIn rect: Rect) {
        // Four cubic quarter arcs; κ makes each a close fit to a quarter ellipse.
        let k = 0.5522847498307936
        let rx = rect.width / 2, ry = rect.height / 2, cx = rect.midX, cy = rect.midY
        elements = [
            .move(Point(x: cx + rx, y: cy)),
            .curve(to: Point(x: cx, y: cy + ry), control1: Point(x: cx + rx, y: cy + k * ry), control2: Point(x: cx + k * rx, y: cy + ry)),
            .curve(to: Point(x: cx - rx, y: cy), control1: Point(x: cx - k * rx, y: cy + ry), control2: Point(x: cx - rx, y: cy + k * ry)),
            .curve(to: Point(x: cx, y: cy - ry), control1: Point(x: cx - rx, y: cy - k * ry), control2: Point(x: cx - k * rx, y: cy - ry)),
            .curve(to: Point(x: cx + rx, y: cy), control1: Point(x: cx + k * rx, y: cy - ry), control2: Point(x: cx + rx, y: cy - k * ry)),
            .close,
        ]
    }

    /// True when the path has no steps.
    public var isEmpty: Bool { elements.isEmpty }

    /// Starts a new subpath at `point`.
    public mutating func move(to point: Point) { elements.append(.move(point)) }

    /// Adds a straight line to `point`.
    public mutating func addLine(to point: Point) { elements.append(.line(point)) }

    /// Adds a cubic Bézier curve to `point`.
    public mutating func addCurve(to point: Point, control1: Point, control2: Point) {
        elements.append(.curve(to: point, control1: control1, control2: control2))
    }

    /// Adds a circular arc (joined to the current point by a line, as in Cairo and UIKit).
    public mutating func addArc(center: Point, radius: Double, startAngle: Double, endAngle: Double,
                                clockwise: Bool = true) {
        elements.append(.arc(center: center, radius: radius, startAngle: startAngle,
                             endAngle: endAngle, clockwise: clockwise))
    }

    /// Closes the current subpath.
    public mutating func close() { elements.append(.close) }

    /// Replaces the Cairo context's current path with this one.
    func apply(to cr: OpaquePointer) {
        cairo_new_path(cr)
        for element in elements {
            switch element {
            case .move(let p): cairo_move_to(cr, p.x, p.y)
            case .line(let p): cairo_line_to(cr, p.x, p.y)
            case .curve(let p, let c1, let c2): cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
            case .arc(let c, let r, let start, let end, let clockwise):
                // With y down, Cairo's cairo_arc runs clockwise on screen.
                if clockwise {
                    cairo_arc(cr, c.x, c.y, r, start, end)
                } else {
                    cairo_arc_negative(cr, c.x, c.y, r, start, end)
                }
            case .close: cairo_close_path(cr)
            }
        }
    }
}
