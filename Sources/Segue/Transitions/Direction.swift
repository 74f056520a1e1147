import Geometry
import Motion

/// A way across the screen: where pages slide (``SlideAnimator``), and which way a drag must
/// go to move a swipe's transition forward (``Swipeable``).
public enum Direction: Sendable {
    /// Towards the window's left edge (a push slides pages this way).
    case left
    /// Towards the window's right edge (a pop).
    case right
    /// Towards the top (a sheet presented from below).
    case up
    /// Towards the bottom (a sheet dismissed).
    case down

    /// How far `translation` goes this way (negative: the other way).
    func component(of translation: Point) -> Double {
        switch self {
        case .right: translation.x
        case .left: -translation.x
        case .down: translation.y
        case .up: -translation.y
        }
    }
}
