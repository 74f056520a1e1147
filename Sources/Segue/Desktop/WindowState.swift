import Geometry
import Motion

/// What the compositor says about a window (xdg_toplevel's states), as the platform reports it.
public struct WindowState: OptionSet, Hashable, Sendable {
    /// The states as bits, in the order of the static members below.
    public let rawValue: Int
    /// States from their bits (see ``rawValue``).
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The window fills the output's work area, without shadow or rounded corners.
    public static let maximized = WindowState(rawValue: 1 << 0)
    /// The window covers the whole output, without a header bar.
    public static let fullscreen = WindowState(rawValue: 1 << 1)
    /// An interactive resize is under way.
    public static let resizing = WindowState(rawValue: 1 << 2)
    /// The window has the user's focus (otherwise it shows its "backdrop" look).
    public static let activated = WindowState(rawValue: 1 << 3)
    /// Tiled against the left edge: that side has no shadow, no rounding and no resize border.
    public static let tiledLeft = WindowState(rawValue: 1 << 4)
    /// Tiled against the right edge.
    public static let tiledRight = WindowState(rawValue: 1 << 5)
    /// Tiled against the top edge.
    public static let tiledTop = WindowState(rawValue: 1 << 6)
    /// Tiled against the bottom edge.
    public static let tiledBottom = WindowState(rawValue: 1 << 7)

    /// Tiled on any side.
    public static let tiled: WindowState = [.tiledLeft, .tiledRight, .tiledTop, .tiledBottom]

    /// Neither maximized, fullscreen nor tiled: the window has a free size, a shadow and
    /// rounded corners, and resize edges.
    public var isFloating: Bool { isDisjoint(with: [.maximized, .fullscreen]) && isDisjoint(with: .tiled) }
}

/// What the compositor lets a window ask for (xdg_toplevel.wm_capabilities); all of it when
/// the compositor does not say.
public struct WindowCapabilities: OptionSet, Hashable, Sendable {
    /// The capabilities as bits, in the order of the static members below.
    public let rawValue: Int
    /// Capabilities from their bits (see ``rawValue``).
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The compositor can show a window menu (a secondary click on the header bar).
    public static let windowMenu = WindowCapabilities(rawValue: 1 << 0)
    /// The window can be maximized.
    public static let maximize = WindowCapabilities(rawValue: 1 << 1)
    /// The window can be made fullscreen.
    public static let fullscreen = WindowCapabilities(rawValue: 1 << 2)
    /// The window can be minimized.
    public static let minimize = WindowCapabilities(rawValue: 1 << 3)

    /// Every capability: what a window assumes when the compositor does not say.
    public static let all: WindowCapabilities = [.windowMenu, .maximize, .fullscreen, .minimize]
}

/// Who draws the window's title bar and frame.
public enum DecorationMode: Sendable {
    /// The compositor does (server-side decorations), or nobody should (a kiosk).
    case none
    /// The window draws its own header bar, and the platform its shadow and resize borders.
    case clientSide
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
    /// The shadow's downward offset.
    package static let shadowOffsetY = 3.0
    /// The radius of a floating window's top corners.
    package static let cornerRadius = 12.0
    /// How far along each side a corner's resize grip reaches.
    package static let cornerGrip = 24.0
}
