import Geometry

/// One input event a session injects (what weston's test module, sway's virtual pointer,
/// mutter's remote desktop and KWin's fake input all take).
public enum InjectedInput: Sendable, Equatable, CustomStringConvertible {
    /// The pointer to a point in global (layout) coordinates.
    case motion(Point)
    /// A pointer button down or up.
    case button(PointerButtonName, down: Bool)
    /// An evdev key code (``EvdevKey``) down or up.
    case key(Int, down: Bool)
    /// Mouse-wheel clicks (positive: down, or right when not `vertical`); each compositor turns
    /// a click into its own `wl_pointer.axis` distance (10 px on weston, sway and mutter).
    case wheel(clicks: Int, vertical: Bool)
    /// A finger `id` down at, or moved to, a point (global coordinates), or lifted (no point).
    case touch(TouchPhase, id: Int, at: Point?)

    public var description: String {
        switch self {
        case .motion(let p): "motion \(p.x) \(p.y)"
        case .button(let button, let down): "button \(button.rawValue) \(down ? "down" : "up")"
        case .key(let code, let down): "key \(code) \(down ? "down" : "up")"
        case .wheel(let clicks, let vertical): "wheel \(vertical ? "vertical" : "horizontal") \(clicks)"
        case .touch(let phase, let id, let point): "touch \(phase.rawValue) \(id)" + (point.map { " \($0.x) \($0.y)" } ?? "")
        }
    }
}

/// A touch point's phases, by the names the input helpers take.
public enum TouchPhase: String, Sendable {
    case down, motion, up
}

/// Pointer buttons by the names every input helper takes.
public enum PointerButtonName: String, Sendable {
    case left, right, middle
}
