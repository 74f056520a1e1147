/// Resistance past the ends of a drag: the further you pull, the less it moves
/// (libadwaita's `x / (1 + x/L)`).
public enum RubberBand {
    /// The damped overscroll for a raw overscroll `x`: `x / (1 + |x|/limit)`, odd-symmetric.
    /// Slope 1 at 0 (no kink where resistance begins), strictly increasing, and always less
    /// than `limit` in magnitude, approaching it as |x| → ∞. `limit` is in the units of `x`
    /// and must be > 0.
    public static func apply(_ x: Double, limit: Double) -> Double {
        precondition(limit > 0, "RubberBand limit must be positive")
        return x / (1 + abs(x) / limit)
    }

    /// A progress with resistance beyond 0 and 1: unchanged inside 0…1, rubber-banded by
    /// ``apply(_:limit:)`` past either end. `limit` is in progress units (10 px on a 1000 px
    /// drag is 0.01).
    public static func progress(_ p: Double, limit: Double) -> Double {
        if p < 0 { return apply(p, limit: limit) }
        if p > 1 { return 1 + apply(p - 1, limit: limit) }
        return p
    }

    /// The raw overscroll that ``apply(_:limit:)`` damps to `d`: `d / (1 − |d|/limit)`, for
    /// |d| < `limit` (a damped value at or past the limit has no finite raw one: it is held just
    /// inside). A drag that catches a rubber-banded settle starts from here, so the page stays put.
    public static func unapply(_ d: Double, limit: Double) -> Double {
        precondition(limit > 0, "RubberBand limit must be positive")
        let held = min(abs(d), limit * (1 - 1e-9))
        return (d < 0 ? -held : held) / (1 - held / limit)
    }

    /// The raw progress that ``progress(_:limit:)`` shows as `p`: unchanged inside 0…1,
    /// ``unapply(_:limit:)`` past either end.
    public static func rawProgress(_ p: Double, limit: Double) -> Double {
        if p < 0 { return unapply(p, limit: limit) }
        if p > 1 { return 1 + unapply(p - 1, limit: limit) }
        return p
    }

    /// How fast the damped overscroll moves per unit of raw overscroll at `x`: the derivative
    /// of ``apply(_:limit:)``, `1 / (1 + |x|/limit)²`. 1 at the end, falling towards 0 the
    /// further the drag is pulled: a release past an end carries only this share of the
    /// finger's speed into the page, as the page itself was moving.
    public static func slope(_ x: Double, limit: Double) -> Double {
        precondition(limit > 0, "RubberBand limit must be positive")
        let d = 1 + abs(x) / limit
        return 1 / (d * d)
    }

    /// ``slope(_:limit:)`` of ``progress(_:limit:)`` at raw progress `p`: 1 inside 0…1.
    public static func progressSlope(_ p: Double, limit: Double) -> Double {
        if p < 0 { return slope(p, limit: limit) }
        if p > 1 { return slope(p - 1, limit: limit) }
        return 1
    }
}
