import Motion

/// What the compositor says about a window (xdg_toplevel's states), as the platform reports it.
public struct WindowState: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let maximized = WindowState(rawValue: 1 << 0)
    public static let fullscreen = WindowState(rawValue: 1 << 1)
    /// An interactive resize is under way.
    public static let resizing = WindowState(rawValue: 1 << 2)
    /// The window has the user's focus (otherwise it shows its "backdrop" look).
    public static let activated = WindowState(rawValue: 1 << 3)
    public static let tiledLeft = WindowState(rawValue: 1 << 4)
    public static let tiledRight = WindowState(rawValue: 1 << 5)
    public static let tiledTop = WindowState(rawValue: 1 << 6)
    public static let tiledBottom = WindowState(rawValue: 1 << 7)

    public static let tiled: WindowState = [.tiledLeft, .tiledRight, .tiledTop, .tiledBottom]

    /// Neither maximized, fullscreen nor tiled: the window has a free size, a shadow and
    /// rounded corners, and resize edges.
    public var isFloating: Bool { isDisjoint(with: [.maximized, .fullscreen]) && isDisjoint(with: .tiled) }
}

/// What the compositor lets a window ask for (xdg_toplevel.wm_capabilities); all of it when
/// the compositor does not say.
public struct WindowCapabilities: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let windowMenu = WindowCapabilities(rawValue: 1 << 0)
    public static let maximize = WindowCapabilities(rawValue: 1 << 1)
    public static let fullscreen = WindowCapabilities(rawValue: 1 << 2)
    public static let minimize = WindowCapabilities(rawValue: 1 << 3)

    public static let all: WindowCapabilities = [.windowMenu, .maximize, .fullscreen, .minimize]
}

/// Who draws the window's title bar and frame.
public enum DecorationMode: Sendable {
    /// The compositor does (server-side decorations), or nobody should (a kiosk).
    case none
    /// The window draws its own header bar, and the platform its shadow and resize borders.
    case clientSide
}

/// The sides of a window an interactive resize moves; two sides make a corner.
package struct ResizeEdges: OptionSet, Hashable, Sendable {
    package let rawValue: Int
    package init(rawValue: Int) { self.rawValue = rawValue }

    package static let top = ResizeEdges(rawValue: 1 << 0)
    package static let bottom = ResizeEdges(rawValue: 1 << 1)
    package static let left = ResizeEdges(rawValue: 1 << 2)
    package static let right = ResizeEdges(rawValue: 1 << 3)

    /// The edges a point in the invisible border around `window` resizes (surface coordinates;
    /// `window` is the window geometry inside the surface). Empty inside the window and beyond
    /// the border. Corners reach ``WindowFrameMetrics/cornerGrip`` along each side, as in GTK,
    /// so that a corner is easy to hit.
    package static func at(_ point: Point, window: Rect, border: Double,
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
    package var cursor: Cursor {
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

/// The measurements of client-side decorations, in logical pixels, in one place.
///
/// They follow libadwaita 1.2's window: a 46 px header bar, 12 px rounded top corners, and a
/// shadow whose reach doubles as the invisible resize border.
package enum WindowFrameMetrics {
    /// The header bar's height.
    package static let headerHeight = 46.0
    /// Room around a floating window for its shadow; pointer presses there resize.
    package static let shadowMargin = 24.0
    /// The shadow's blur (CSS box-shadow convention) and its downward offset.
    package static let shadowBlur = 18.0
    package static let shadowOffsetY = 3.0
    /// The radius of a floating window's top corners.
    package static let cornerRadius = 12.0
    /// How far along each side a corner's resize grip reaches.
    package static let cornerGrip = 24.0
}
