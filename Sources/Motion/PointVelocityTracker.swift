import Geometry

/// A ``VelocityTracker`` for both axes of a pointer or touch.
public struct PointVelocityTracker: Hashable, Sendable {
    private var x = VelocityTracker()
    private var y = VelocityTracker()

    /// An empty tracker.
    public init() {}

    /// Records a position at a time (seconds).
    public mutating func add(position: Point, time: Double) {
        x.add(position: position.x, time: time)
        y.add(position: position.y, time: time)
    }

    /// Velocity per axis in points per second, fitted as ``VelocityTracker/velocity(at:)``.
    public func velocity(at releaseTime: Double) -> Point {
        Point(x: x.velocity(at: releaseTime), y: y.velocity(at: releaseTime))
    }

    /// Forgets all samples.
    public mutating func reset() {
        x.reset()
        y.reset()
    }
}
