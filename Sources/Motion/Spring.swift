import RealModule

/// A damped harmonic oscillator, solved in closed form (under-, critically and over-damped).
///
/// The spring moves a value towards a target: m·x″ + c·x′ + k·(x − target) = 0. Everything is
/// dimensionless in space, so a spring can drive pixels, fractions or angles alike; time is in
/// seconds.
///
/// ```swift
/// let spring = Spring(response: 0.3, dampingRatio: 0.8)
/// spring.value(at: 0.1, initialVelocity: 0)        // progress of a unit step after 100 ms
/// spring.settlingDuration(initialVelocity: 0, epsilon: 0.001)
/// ```
///
/// Velocities in the unit-step API are *relative to the distance*, as UIKit's
/// `initialSpringVelocity`: a 500 px move released at 1000 px/s has initial velocity 2.
public struct Spring: Hashable, Sendable, CustomStringConvertible {
    /// The moving mass (> 0).
    public let mass: Double
    /// The spring constant k (> 0).
    public let stiffness: Double
    /// The viscous damping coefficient c (≥ 0).
    public let damping: Double

    /// A spring from its physical constants.
    public init(mass: Double = 1, stiffness: Double, damping: Double) {
        precondition(mass > 0 && stiffness > 0 && damping >= 0, "Spring needs mass > 0, stiffness > 0, damping ≥ 0")
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
    }

    /// A spring in SwiftUI's terms: `response` is the period (seconds) of the undamped
    /// oscillation, so ω₀ = 2π / response; `dampingRatio` is ζ (1 = critically damped).
    public init(response: Double, dampingRatio: Double) {
        precondition(response > 0 && dampingRatio >= 0)
        let omega = 2 * Double.pi / response
        self.init(mass: 1, stiffness: omega * omega, damping: 2 * dampingRatio * omega)
    }

    /// A spring that settles within `duration` seconds, modelled on UIKit's
    /// `animate(withDuration:usingSpringWithDamping:initialSpringVelocity:)`.
    ///
    /// The mapping: ζ = `dampingRatio`, and ω₀ is chosen so that a unit step from rest settles
    /// (``settlingDuration(initialVelocity:epsilon:)`` with ε = ``durationEpsilon``, 0.001)
    /// exactly at `duration`. Because the motion depends on ω₀·t only, this is exact:
    /// ω₀ = T₁(ζ) / duration, T₁ being the settling time of the same spring with ω₀ = 1.
    /// The settling measure is the spring's energy, so ω₀ varies smoothly with ζ (no jumps
    /// where an oscillation peak crosses ε).
    public init(duration: Double, dampingRatio: Double) {
        precondition(duration > 0 && dampingRatio > 0, "Spring(duration:dampingRatio:) needs duration > 0, dampingRatio > 0")
        let unit = Spring(mass: 1, stiffness: 1, damping: 2 * dampingRatio)
        let omega = unit.settlingDuration(initialVelocity: 0, epsilon: Self.durationEpsilon) / duration
        self.init(mass: 1, stiffness: omega * omega, damping: 2 * dampingRatio * omega)
    }

    /// The tolerance that defines "settled" for ``init(duration:dampingRatio:)``: 0.1 % of the
    /// distance.
    public static let durationEpsilon = 0.001

    /// Settling for interactive push/pop (docs/MOTION.md target 4): critically damped, ω₀ ≈ 44.9 rad/s
    /// (response 0.14 s). A 1000 px move from rest lands within 0.5 px in ≈ 223 ms with no
    /// overshoot, which leaves room for the one-frame hand-off of
    /// ``Timeline/settle(toEnd:at:spring:initialVelocity:bounces:)`` within 250 ms. (The brief's
    /// response 0.2 s, ω₀ 31.4 rad/s, would land only after ≈ 318 ms.)
    public static let interactiveSettle = Spring(response: 0.14, dampingRatio: 1)

    /// Settling for sheets: ζ = 0.8, response 0.28 s (ω₀ ≈ 22.4 rad/s). A 1000 px move from rest
    /// lands within 0.5 px in ≈ 393 ms (target ≤ 450 ms); a free spring overshoots once by
    /// 1.5 % of the distance (a ``Timeline`` clamps that away).
    public static let sheetSettle = Spring(response: 0.28, dampingRatio: 0.8)

    /// The damping ratio ζ = c / (2·√(k·m)): < 1 oscillates, 1 is critical, > 1 creeps.
    public var dampingRatio: Double { damping / (2 * Double.sqrt(stiffness * mass)) }

    /// The undamped angular frequency ω₀ = √(k / m), in radians per second.
    public var angularFrequency: Double { Double.sqrt(stiffness / mass) }

    /// The undamped period 2π / ω₀ in seconds (SwiftUI's "response").
    public var response: Double { 2 * Double.pi / angularFrequency }

    /// ω₀ and ζ, for debugging.
    public var description: String {
        "Spring(ω₀: \(angularFrequency) rad/s, ζ: \(dampingRatio))"
    }

    // MARK: - Unit step

    /// Position at time `t` of a unit step from 0 to 1 starting with velocity `v0` (relative to
    /// the distance: distance per second ÷ distance). 0 at t = 0, → 1 as t → ∞.
    public func value(at t: Double, initialVelocity v0: Double) -> Double {
        1 + state(at: t, displacement: -1, velocity: v0).displacement
    }

    /// Velocity at time `t` of the unit step of ``value(at:initialVelocity:)``, in the same
    /// relative units as `initialVelocity`.
    public func velocity(at t: Double, initialVelocity v0: Double) -> Double {
        state(at: t, displacement: -1, velocity: v0).velocity
    }

    /// The time after which a unit step from 0 to 1 with initial velocity `v0` stays settled,
    /// within `epsilon` of the distance.
    ///
    /// "Settled" means √((1 − x)² + (v / ω₀)²) ≤ ε: the position is within ε and the velocity
    /// is too small to carry it out again. This quantity is proportional to the square root of
    /// the spring's mechanical energy, which never increases, so the crossing is unique; it is
    /// found by bisection to 1e-9 s. Returns 0 when already settled and `.infinity` for an
    /// undamped spring.
    public func settlingDuration(initialVelocity v0: Double, epsilon: Double) -> Double {
        settlingDuration(displacement: -1, velocity: v0, epsilon: epsilon)
    }

    // MARK: - General motion

    /// The state at time `t` of a spring released with displacement `x0` from its rest position
    /// (position − target) and velocity `v0`, in any consistent units.
    public func state(at t: Double, displacement x0: Double, velocity v0: Double)
        -> (displacement: Double, velocity: Double)
    {
        let omega = angularFrequency
        let zeta = dampingRatio
        if t == 0 { return (x0, v0) }
        if abs(zeta - 1) < 1e-6 {
            // Critically damped: x = (A + B·t)·e^(−ω₀t).
            let b = v0 + omega * x0
            let decay = Double.exp(-omega * t)
            let x = (x0 + b * t) * decay
            let v = (b - omega * (x0 + b * t)) * decay
            return (x, v)
        } else if zeta < 1 {
            // Under-damped: x = e^(−ζω₀t)·(A·cos ω_d t + B·sin ω_d t).
            let omegaD = omega * Double.sqrt(1 - zeta * zeta)
            let a = x0
            let b = (v0 + zeta * omega * x0) / omegaD
            let decay = Double.exp(-zeta * omega * t)
            let cs = Double.cos(omegaD * t), sn = Double.sin(omegaD * t)
            let x = decay * (a * cs + b * sn)
            let v = decay * ((omegaD * b - zeta * omega * a) * cs - (omegaD * a + zeta * omega * b) * sn)
            return (x, v)
        } else {
            // Over-damped: x = C₁·e^(r₁t) + C₂·e^(r₂t), r₁,₂ = −ω₀(ζ ∓ √(ζ² − 1)).
            let root = Double.sqrt(zeta * zeta - 1)
            let r1 = -omega * (zeta - root)
            let r2 = -omega * (zeta + root)
            let c2 = (v0 - r1 * x0) / (r2 - r1)
            let c1 = x0 - c2
            let e1 = Double.exp(r1 * t), e2 = Double.exp(r2 * t)
            return (c1 * e1 + c2 * e2, c1 * r1 * e1 + c2 * r2 * e2)
        }
    }

    /// The time after which a spring released with displacement `x0` and velocity `v0` stays
    /// within `epsilon` (same units as `x0`), by the energy measure of
    /// ``settlingDuration(initialVelocity:epsilon:)``.
    public func settlingDuration(displacement x0: Double, velocity v0: Double, epsilon: Double) -> Double {
        let omega = angularFrequency
        func unsettled(_ t: Double) -> Bool {
            let s = state(at: t, displacement: x0, velocity: v0)
            let scaledVelocity = s.velocity / omega
            return s.displacement * s.displacement + scaledVelocity * scaledVelocity > epsilon * epsilon
        }
        guard unsettled(0) else { return 0 }
        guard damping > 0, epsilon > 0 else { return .infinity }
        var hi = 1 / omega
        while unsettled(hi) {
            hi *= 2
            if hi > 1e9 { return .infinity }
        }
        var lo = 0.0
        while hi - lo > 1e-9 {
            let mid = (lo + hi) / 2
            if unsettled(mid) { lo = mid } else { hi = mid }
        }
        return hi
    }
}
