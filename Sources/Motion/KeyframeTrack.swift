/// Values at relative times (0…1) and how to get from one to the next, as
/// `CAKeyframeAnimation` with `keyTimes` and `calculationMode`.
///
/// ```swift
/// let corner = KeyframeTrack(keyframes: [.init(0, 16.0), .init(2.0 / 3, 16.0), .init(1, 0.0)])
/// corner.value(at: 0.9)
/// ```
public struct KeyframeTrack<Value: Interpolatable> {
    /// How values between keyframes are computed.
    public enum CalculationMode: Hashable, Sendable {
        /// Straight lines between keyframes (`kCAAnimationLinear`).
        case linear
        /// A Catmull-Rom spline through the keyframes (`kCAAnimationCubic`): smooth velocity
        /// at the keyframes, may overshoot between them. Knots are the key times (non-uniform
        /// Catmull-Rom, evaluated with Barry and Goldman's pyramid of interpolations); the end
        /// keyframes are doubled, so the curve starts and ends with the neighbouring slope / 2.
        case cubic
    }

    /// One value at one relative time.
    public struct Keyframe {
        /// When, as a fraction of the whole (0…1).
        public var relativeTime: Double
        /// The value at that time.
        public var value: Value

        /// A keyframe holding `value` at `relativeTime`.
        public init(_ relativeTime: Double, _ value: Value) {
            self.relativeTime = relativeTime
            self.value = value
        }
    }

    /// The keyframes, sorted by time (a stable sort: equal times make a jump).
    public let keyframes: [Keyframe]
    /// The calculation mode.
    public let mode: CalculationMode

    /// A track from keyframes in any order; at least one is required.
    public init(keyframes: [Keyframe], mode: CalculationMode = .linear) {
        precondition(!keyframes.isEmpty, "KeyframeTrack needs at least one keyframe")
        self.keyframes = keyframes.enumerated()
            .sorted { ($0.element.relativeTime, $0.offset) < ($1.element.relativeTime, $1.offset) }
            .map(\.element)
        self.mode = mode
    }

    /// A track of values spaced evenly over 0…1 (Core Animation's default without `keyTimes`).
    public init(values: [Value], mode: CalculationMode = .linear) {
        precondition(!values.isEmpty, "KeyframeTrack needs at least one value")
        let last = Double(max(values.count - 1, 1))
        self.init(keyframes: values.enumerated().map { Keyframe(Double($0.offset) / last, $0.element) }, mode: mode)
    }

    /// The value at relative time `t`: the first value before the first keyframe, the last
    /// after the last one.
    public func value(at t: Double) -> Value {
        let k = keyframes
        if t <= k[0].relativeTime { return k[0].value }
        if t >= k[k.count - 1].relativeTime { return k[k.count - 1].value }
        // The segment k[i] … k[i + 1] containing t (the last one starting at or before t).
        var i = 0
        while i + 1 < k.count - 1 && k[i + 1].relativeTime <= t { i += 1 }
        let t1 = k[i].relativeTime, t2 = k[i + 1].relativeTime
        let p1 = k[i].value, p2 = k[i + 1].value
        guard t2 > t1 else { return p2 }
        let u = (t - t1) / (t2 - t1)
        switch mode {
        case .linear:
            return Value.interpolate(from: p1, to: p2, fraction: u)
        case .cubic:
            // Neighbours, doubling the ends; a neighbour at the same time (a jump) is treated
            // like an end.
            var t0 = t1 - (t2 - t1), p0 = p1
            if i > 0, k[i - 1].relativeTime < t1 { t0 = k[i - 1].relativeTime; p0 = k[i - 1].value }
            var t3 = t2 + (t2 - t1), p3 = p2
            if i + 2 < k.count, k[i + 2].relativeTime > t2 { t3 = k[i + 2].relativeTime; p3 = k[i + 2].value }
            func lerp(_ a: Value, _ b: Value, _ ta: Double, _ tb: Double) -> Value {
                Value.interpolate(from: a, to: b, fraction: (t - ta) / (tb - ta))
            }
            let a1 = lerp(p0, p1, t0, t1), a2 = lerp(p1, p2, t1, t2), a3 = lerp(p2, p3, t2, t3)
            let b1 = lerp(a1, a2, t0, t2), b2 = lerp(a2, a3, t1, t3)
            return lerp(b1, b2, t1, t2)
        }
    }
}

extension KeyframeTrack.Keyframe: Sendable where Value: Sendable {}
extension KeyframeTrack: Sendable where Value: Sendable {}
extension KeyframeTrack.Keyframe: Equatable where Value: Equatable {}
extension KeyframeTrack: Equatable where Value: Equatable {}
