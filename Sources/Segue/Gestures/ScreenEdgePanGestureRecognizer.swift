import Geometry
import Motion

/// A pan that must start within ``edgeWidth`` of a window edge and move away from it, as
/// `UIScreenEdgePanGestureRecognizer` (the interactive pop's gesture).
@MainActor
public final class ScreenEdgePanGestureRecognizer: PanGestureRecognizer {
    /// The window edge a pan starts from.
    public enum Edge: Sendable {
        /// The left edge; the drag moves rightwards.
        case left
        /// The right edge; the drag moves leftwards.
        case right

        /// How far `translation` goes away from this edge (negative: towards it).
        func away(_ translation: Point) -> Double { self == .left ? translation.x : -translation.x }
    }

    /// The edge the press must be near; the drag must move away from it.
    public var edge: Edge
    /// The edge, under UIKit's name (`UIScreenEdgePanGestureRecognizer.edges`; there an option
    /// set, here one edge).
    public var edges: Edge {
        get { edge }
        set { edge = newValue }
    }
    /// How close to the edge the press must be, in pixels.
    public var edgeWidth = GestureThresholds.edgeWidth

    /// An edge pan from `edge`, horizontal, with a 20 px edge.
    public init(edge: Edge = .left, onChange: ((GestureRecognizer) -> Void)? = nil) {
        self.edge = edge
        super.init(axis: .horizontal, onChange: onChange)
    }

    /// A left-edge pan that calls `action` on `target` on each state change, as
    /// `UIScreenEdgePanGestureRecognizer(target:action:)` (set ``edges`` for another edge; see
    /// ``GestureRecognizer/addTarget(_:action:)``).
    public convenience init<Target: AnyObject, Recognizer: GestureRecognizer>(
        target: Target, action: @escaping @MainActor (Target) -> (Recognizer) -> Void
    ) {
        self.init(edge: .left)
        addTarget(target, action: action)
    }

    /// 10: an edge pan begins before a plain pan (priority 0) on the same press.
    public override var priority: Int { 10 }

    /// Fails a press farther than ``edgeWidth`` from the edge (a touchpad swipe has no edge: it
    /// passes anywhere).
    public override func pressBegan(at point: Point, time: Double) {
        super.pressBegan(at: point, time: time)
        let windowWidth = view?.window?.size.width ?? .infinity
        let inEdge = edge == .left ? point.x < edgeWidth : point.x > windowWidth - edgeWidth
        // A touchpad swipe has no edge to start from: two fingers anywhere go back.
        if !inEdge && !isScrollSequence { state = .failed }
    }

    /// Past ``PanGestureRecognizer/slop`` away from the edge, and more away than across.
    public override func canBegin(translation t: Point) -> Bool {
        edge.away(t) >= slop && edge.away(t) > abs(t.y)
    }

    /// Moved towards the edge past the slop, or as much across as away.
    public override func shouldFail(translation t: Point) -> Bool {
        edge.away(t) <= -slop || abs(t.y) >= max(slop, abs(edge.away(t)))
    }
}

