import Motion

/// A pan that must start within ``edgeWidth`` of a window edge and move away from it, as
/// `UIScreenEdgePanGestureRecognizer` (the interactive pop's gesture).
@MainActor
public final class ScreenEdgePanGestureRecognizer: PanGestureRecognizer {
    public enum Edge: Sendable { case left, right }

    public var edge: Edge
    /// How close to the edge the press must be, in pixels.
    public var edgeWidth = GestureThresholds.edgeWidth

    public init(edge: Edge = .left, onChange: ((GestureRecognizer) -> Void)? = nil) {
        self.edge = edge
        super.init(axis: .horizontal, onChange: onChange)
    }

    public override var priority: Int { 10 }

    public override func pressBegan(at point: Point, time: Double) {
        super.pressBegan(at: point, time: time)
        let windowWidth = view?.window?.size.width ?? .infinity
        let inEdge = edge == .left ? point.x < edgeWidth : point.x > windowWidth - edgeWidth
        // A touchpad swipe has no edge to start from: two fingers anywhere go back.
        if !inEdge && !isScrollSequence { state = .failed }
    }

    public override func canBegin(translation t: Point) -> Bool {
        let away = edge == .left ? t.x : -t.x
        return away >= slop && away > abs(t.y)
    }

    public override func shouldFail(translation t: Point) -> Bool {
        let away = edge == .left ? t.x : -t.x
        return away <= -slop || abs(t.y) >= max(slop, abs(away))
    }
}
