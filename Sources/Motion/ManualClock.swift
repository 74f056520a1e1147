/// A source of the current time in seconds.
///
/// Named `TimeSource` rather than `Clock` so that it does not shadow the standard library's
/// `Clock` protocol in files importing Motion.
public protocol TimeSource {
    /// The current time in seconds.
    var now: Double { get }
}

/// A clock that only moves when told to, for deterministic tests and offline rendering.
///
/// ```swift
/// let clock = ManualClock()
/// timeline.start(at: clock.now)
/// clock.advance(by: 1.0 / 60)
/// timeline.tick(at: clock.now)
/// ```
public final class ManualClock: TimeSource {
    /// The current time in seconds.
    public var now: Double

    /// A clock reading `now` seconds.
    public init(now: Double = 0) {
        self.now = now
    }

    /// Moves the clock forward by `seconds`.
    public func advance(by seconds: Double) {
        now += seconds
    }
}
