import Motion

/// A way across the screen: where pages slide (``SlideAnimator``), and which way a drag must
/// go to move a swipe's transition forward (``Swipeable``).
public enum Direction: Sendable {
    case left, right, up, down

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
