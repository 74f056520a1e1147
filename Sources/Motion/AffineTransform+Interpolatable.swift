import Geometry
import RealModule

/// An affine transform split into the parts that interpolate sensibly, as Core Animation
/// and CSS do for transforms.
///
/// The linear part is M = R(rotation) · K(shear) · S(scaleX, scaleY) in column-vector maths
/// (scale first, then shear x by y, then rotate), followed by the translation:
/// `a = cos θ·sx`, `b = sin θ·sx`, `c = sy·(k·cos θ − sin θ)`, `d = sy·(k·sin θ + cos θ)`.
/// A reflection shows up as a negative `scaleY`.
public struct AffineTransformComponents: Hashable, Sendable {
    /// Translation, applied last.
    public var translationX: Double, translationY: Double
    /// Rotation in radians, counter-clockwise in maths terms (clockwise on a y-down screen).
    public var rotation: Double
    /// Shear factor k: x += k·y before rotating.
    public var shear: Double
    /// Scale factors, applied first.
    public var scaleX: Double, scaleY: Double

    /// Components from their parts; the defaults describe the identity.
    public init(translationX: Double = 0, translationY: Double = 0, rotation: Double = 0,
                shear: Double = 0, scaleX: Double = 1, scaleY: Double = 1) {
        self.translationX = translationX; self.translationY = translationY
        self.rotation = rotation; self.shear = shear
        self.scaleX = scaleX; self.scaleY = scaleY
    }

    /// Decomposes `t`. A singular transform keeps what can be recovered (a zero x column takes
    /// its rotation from the y column).
    public init(_ t: AffineTransform) {
        translationX = t.tx
        translationY = t.ty
        let sx = Double.hypot(t.a, t.b)
        if sx > 1e-12 {
            let theta = Double.atan2(y: t.b, x: t.a)
            let cs = Double.cos(theta), sn = Double.sin(theta)
            // Rotate the y column back by −θ: it becomes (k·sy, sy).
            let c1 = cs * t.c + sn * t.d
            let d1 = -sn * t.c + cs * t.d
            rotation = theta
            scaleX = sx
            scaleY = d1
            shear = abs(d1) > 1e-12 ? c1 / d1 : 0
        } else {
            let sy = Double.hypot(t.c, t.d)
            rotation = sy > 1e-12 ? Double.atan2(y: -t.c, x: t.d) : 0
            scaleX = 0
            scaleY = sy
            shear = 0
        }
    }

    /// The transform these components describe.
    public var transform: AffineTransform {
        let cs = Double.cos(rotation), sn = Double.sin(rotation)
        return AffineTransform(
            a: cs * scaleX, b: sn * scaleX,
            c: scaleY * (shear * cs - sn), d: scaleY * (shear * sn + cs),
            tx: translationX, ty: translationY)
    }
}

/// Decompose, interpolate the parts, recompose (as Core Animation): identity → scale 0.1 passes
/// through scale 0.55 halfway, and rotations turn rather than shrink through the centre.
/// Rotation takes the shorter way round (a matrix cannot say "turn 270°"); animate a `Double`
/// angle for longer turns.
extension AffineTransform: Interpolatable {
    /// The transform `t` of the way from `a` to `b`, part by part.
    public static func interpolate(from a: AffineTransform, to b: AffineTransform, fraction t: Double) -> AffineTransform {
        if t == 0 { return a }
        if t == 1 { return b }
        let p = AffineTransformComponents(a), q = AffineTransformComponents(b)
        var turn = q.rotation - p.rotation
        if turn > Double.pi { turn -= 2 * Double.pi }
        if turn < -Double.pi { turn += 2 * Double.pi }
        return AffineTransformComponents(
            translationX: .interpolate(from: p.translationX, to: q.translationX, fraction: t),
            translationY: .interpolate(from: p.translationY, to: q.translationY, fraction: t),
            rotation: p.rotation + turn * t,
            shear: .interpolate(from: p.shear, to: q.shear, fraction: t),
            scaleX: .interpolate(from: p.scaleX, to: q.scaleX, fraction: t),
            scaleY: .interpolate(from: p.scaleY, to: q.scaleY, fraction: t)
        ).transform
    }
}
