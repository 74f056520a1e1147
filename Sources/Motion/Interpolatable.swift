import Geometry

/// A value that can be blended between two instances.
///
/// `interpolate(from: a, to: b, fraction: 0)` is `a`, fraction 1 is `b`. Fractions outside 0…1
/// must extrapolate along the same path (a spring easing overshoots; cubic keyframes use
/// extrapolation internally), so conformers do not clamp.
public protocol Interpolatable {
    /// The value at `fraction` of the way from `a` to `b`.
    static func interpolate(from a: Self, to b: Self, fraction t: Double) -> Self
}

/// Plain numbers, lengths, opacities and angles. Angles in this module (rotations about z or
/// the y-axis of a card flip) are `Double` radians and interpolate linearly, so a turn
/// from 0 to −π/2 passes every angle in between.
extension Double: Interpolatable {
    /// `a + (b − a)·t`.
    public static func interpolate(from a: Double, to b: Double, fraction t: Double) -> Double {
        a + (b - a) * t
    }
}

/// Component-wise.
extension Point: Interpolatable {
    /// The point `t` of the way along the segment from `a` to `b`.
    public static func interpolate(from a: Point, to b: Point, fraction t: Double) -> Point {
        Point(x: .interpolate(from: a.x, to: b.x, fraction: t),
              y: .interpolate(from: a.y, to: b.y, fraction: t))
    }
}

/// Component-wise.
extension Size: Interpolatable {
    /// Width and height interpolated separately.
    public static func interpolate(from a: Size, to b: Size, fraction t: Double) -> Size {
        Size(width: .interpolate(from: a.width, to: b.width, fraction: t),
             height: .interpolate(from: a.height, to: b.height, fraction: t))
    }
}

/// Origin and size interpolate independently (so the centre moves linearly too).
extension Rect: Interpolatable {
    /// Origin and size interpolated separately.
    public static func interpolate(from a: Rect, to b: Rect, fraction t: Double) -> Rect {
        Rect(origin: .interpolate(from: a.origin, to: b.origin, fraction: t),
             size: .interpolate(from: a.size, to: b.size, fraction: t))
    }
}

/// Component-wise in gamma-encoded sRGB with straight alpha, as Core Animation and Flutter do.
/// Perceptually uneven: prefer ``Color/mixOKLab(_:_:_:)`` for colours that change meaning
/// (tab labels). Not clamped, so extrapolation can leave 0…1.
extension Color: Interpolatable {
    /// Each sRGB component and alpha interpolated separately.
    public static func interpolate(from a: Color, to b: Color, fraction t: Double) -> Color {
        Color(red: .interpolate(from: a.red, to: b.red, fraction: t),
              green: .interpolate(from: a.green, to: b.green, fraction: t),
              blue: .interpolate(from: a.blue, to: b.blue, fraction: t),
              alpha: .interpolate(from: a.alpha, to: b.alpha, fraction: t))
    }
}
