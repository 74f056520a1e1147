import Geometry
import Motion
import Segue

/// How a window answers the compositor's configure events: the size it draws at, the states
/// it shows, and whether it acknowledges the configure at all. Pure logic, so each rule is
/// pinned by offscreen tests; the platform feeds it `xdg_toplevel.configure` as it comes.
///
/// The rules, from xdg-shell and from what GTK 4 does:
/// - A zero width or height means "you choose": the last floating size (what unmaximize and
///   unfullscreen return to), or at first the preferred size fitted into `configure_bounds`.
/// - Maximized and fullscreen sizes are maxima: they are used as sent, even below the minimum.
/// - A tiled size is the tile's: used as sent too, even below the minimum (sway tiles a window
///   at whatever size its layout gives; drawing larger would be cut off by the tile).
/// - Any other size (floating, resizing) is clamped up to the minimum size.
/// - While floating, the size is remembered as the floating size.
/// - A maximized or fullscreen configure without a size is not acknowledged: weston 10 sends
///   `configure(0, 0, [fullscreen])` after maximize → fullscreen → unmaximize and then rejects
///   every commit as larger than that state. The window keeps its last acknowledged state
///   until a configure it can obey arrives; acknowledging that one covers the skipped serials.
struct WindowSizing: Sendable {
    /// The smallest size the window lays out at (also given to the compositor).
    let minimumSize: Size
    /// The size the window opens at when the compositor lets it choose.
    let preferredSize: Size
    /// The size to return to when the window stops being maximized, fullscreen or tiled.
    private(set) var floatingSize: Size
    /// The size to draw at now.
    private(set) var size: Size
    /// The states of the last configure acknowledged.
    private(set) var state: WindowState = []
    /// Whether any configure has been acknowledged yet.
    private(set) var isConfigured = false
    /// The largest size the compositor suggests for a floating window (`configure_bounds`).
    var bounds: Size?

    /// Sizing for a window that opens at `preferredSize` (raised to `minimumSize` where smaller)
    /// and never floats below `minimumSize`. Nothing is acknowledged yet.
    init(minimumSize: Size, preferredSize: Size) {
        self.minimumSize = minimumSize
        self.preferredSize = preferredSize
        floatingSize = Self.clamped(preferredSize, to: minimumSize)
        size = floatingSize
    }

    /// Applies one configure; returns false when it must not be acknowledged (then nothing
    /// changed). Non-positive dimensions mean "unspecified".
    mutating func configure(width: Int, height: Int, states: WindowState) -> Bool {
        let constrained = !states.isDisjoint(with: [.maximized, .fullscreen])
        if constrained, width <= 0 || height <= 0, isConfigured { return false }
        if !isConfigured, let bounds, bounds.width > 0, bounds.height > 0 {
            // Open at a size that fits the usable area (configure_bounds), as GTK does.
            floatingSize = Self.clamped(Size(width: min(preferredSize.width, bounds.width),
                                             height: min(preferredSize.height, bounds.height)), to: minimumSize)
        }
        var next = Size(width: width > 0 ? Double(width) : floatingSize.width,
                        height: height > 0 ? Double(height) : floatingSize.height)
        let tiled = !states.isDisjoint(with: .tiled)
        if !constrained && !tiled { next = Self.clamped(next, to: minimumSize) }
        size = next
        state = states
        isConfigured = true
        if states.isFloating { floatingSize = next }
        return true
    }

    private static func clamped(_ size: Size, to minimum: Size) -> Size {
        Size(width: max(size.width, minimum.width), height: max(size.height, minimum.height))
    }
}
