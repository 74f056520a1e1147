import Geometry
import Canvas
import Motion

/// Coordinate spaces: where a view lies in its superview and the root, and which view a point hits.
extension View {
    /// The transform from this view's bounds to its superview's coordinates.
    public var transformToSuperview: AffineTransform {
        let c = Point(x: frame.width / 2, y: frame.height / 2)
        return AffineTransform(translationX: -c.x, y: -c.y)
            .concatenating(transform)
            .concatenating(AffineTransform(translationX: frame.minX + c.x, y: frame.minY + c.y))
    }

    /// The transform from this view's bounds to the root view's coordinates.
    public var transformToRoot: AffineTransform {
        var result = AffineTransform.identity
        var view: View? = self
        while let current = view, current.superview != nil {
            result = result.concatenating(current.transformToSuperview)
            view = current.superview
        }
        return result
    }

    /// Converts a point in this view's bounds to `view`'s bounds (nil: the root).
    public func convert(_ point: Point, to view: View?) -> Point {
        let inRoot = transformToRoot.apply(to: point)
        guard let view, let inverse = view.transformToRoot.inverted() else { return inRoot }
        return inverse.apply(to: inRoot)
    }

    /// Converts a rectangle (its corners' bounding box) from this view to `view`.
    public func convert(_ rect: Rect, to view: View?) -> Rect {
        let a = convert(rect.origin, to: view)
        let b = convert(Point(x: rect.maxX, y: rect.maxY), to: view)
        return Rect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(b.x - a.x), height: abs(b.y - a.y))
    }

    /// The deepest visible, interactive view containing `point` (in this view's bounds).
    public func hitTest(_ point: Point) -> View? {
        guard !isHidden, alpha > 0.01, isUserInteractionEnabled, bounds.contains(point) else { return nil }
        for view in subviews.reversed() {
            guard let inverse = view.transformToSuperview.inverted() else { continue }
            if let hit = view.hitTest(inverse.apply(to: point)) { return hit }
        }
        return self
    }
}
