import Geometry
import Motion

/// A horizontal pan that may start anywhere and begins only when it moves away from ``edge``,
/// the gesture of ``NavigationController/interactiveContentPopGestureRecognizer`` (UIKit's
/// `interactiveContentPopGestureRecognizer`, iOS 26): a drag from leading to trailing across the
/// page pops it, not only one from the screen's edge.
///
/// It yields to every other recognizer on the same press (``priority`` −10): a horizontal
/// scroll view, a tab swipe, a container's swipe, or any pan an app adds to the page begins
/// first when it begins on the same motion. It fails as soon as the drag goes more down or up
/// than across, so vertical scrolling is never taken from the page.
@MainActor
public final class ContentPopGestureRecognizer: PanGestureRecognizer {
    /// The side the drag moves away from: the leading one (left, or right in a right-to-left
    /// layout).
    public var edge: ScreenEdgePanGestureRecognizer.Edge

    /// A pan anywhere that begins moving away from `edge`.
    public init(edge: ScreenEdgePanGestureRecognizer.Edge = .left, onChange: ((GestureRecognizer) -> Void)? = nil) {
        self.edge = edge
        super.init(axis: .horizontal, onChange: onChange)
    }

    /// −10: after every recognizer of priority 0 or more on the same press, the pressed view's
    /// and its ancestors' alike.
    public override var priority: Int { -10 }

    /// A touchpad's two-finger swipe is the edge pop's (it has no edge and passes anywhere):
    /// this one takes presses only.
    public override func pressBegan(at point: Point, time: Double) {
        super.pressBegan(at: point, time: time)
        if isScrollSequence { state = .failed }
    }

    /// Past ``PanGestureRecognizer/slop`` away from the edge, and more across than down or up.
    public override func canBegin(translation t: Point) -> Bool {
        edge.away(t) >= slop && edge.away(t) > abs(t.y)
    }

    /// Towards the edge past the slop, or at least as much down or up as across.
    public override func shouldFail(translation t: Point) -> Bool {
        edge.away(t) <= -slop || abs(t.y) >= max(slop, abs(edge.away(t)))
    }
}
