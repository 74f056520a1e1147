/// Estimates a drag's velocity from timestamped positions, as Flutter's `VelocityTracker`:
/// a least-squares straight line through the samples of the last 100 ms.
///
/// Feed it compositor timestamps (seconds), not the time events were handled:
/// ```swift
/// var tracker = VelocityTracker()
/// tracker.add(position: x, time: event.time)            // on every motion event
/// let v = tracker.velocity(at: releaseEvent.time)       // px/s; 0 after a 40 ms pause
/// ```
/// Samples need not arrive in time order (jittery timestamps may swap neighbours); the
/// window is measured from the latest timestamp.
public struct VelocityTracker: Hashable, Sendable {
    /// Samples older than this before the latest one are ignored (seconds).
    public static let horizon = 0.1
    /// A pause this long (seconds) between the latest sample and the release means the
    /// pointer stopped: velocity 0.
    public static let pauseThreshold = 0.04

    private var times: [Double] = []
    private var positions: [Double] = []
    private var latest = -Double.infinity

    /// An empty tracker.
    public init() {}

    /// Records a position at a time (seconds).
    public mutating func add(position: Double, time: Double) {
        latest = max(latest, time)
        times.append(time)
        positions.append(position)
        // Drop samples that fell out of the window.
        var keep = 0
        while keep < times.count && times[keep] < latest - Self.horizon { keep += 1 }
        if keep > 0 {
            times.removeFirst(keep)
            positions.removeFirst(keep)
        }
        if times.count > 256 {
            times.removeFirst(times.count - 256)
            positions.removeFirst(positions.count - 256)
        }
    }

    /// The number of samples currently in the window.
    public var sampleCount: Int { times.count }

    /// The slope (position units per second) of the least-squares line through the samples
    /// within ``horizon`` of the latest one; 0 with fewer than two distinct timestamps or when
    /// `releaseTime` is ``pauseThreshold`` or more after the latest sample.
    public func velocity(at releaseTime: Double) -> Double {
        guard times.count >= 2, releaseTime - latest < Self.pauseThreshold else { return 0 }
        var n = 0.0, meanT = 0.0, meanX = 0.0
        for (t, x) in zip(times, positions) where t >= latest - Self.horizon {
            n += 1
            meanT += t
            meanX += x
        }
        guard n >= 2 else { return 0 }
        meanT /= n
        meanX /= n
        var stt = 0.0, stx = 0.0
        for (t, x) in zip(times, positions) where t >= latest - Self.horizon {
            stt += (t - meanT) * (t - meanT)
            stx += (t - meanT) * (x - meanX)
        }
        guard stt > 1e-12 else { return 0 }
        return stx / stt
    }

    /// Forgets all samples (call when a new gesture begins).
    public mutating func reset() {
        times.removeAll(keepingCapacity: true)
        positions.removeAll(keepingCapacity: true)
        latest = -Double.infinity
    }
}
