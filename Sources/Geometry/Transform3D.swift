import RealModule

/// A 4 × 4 homogeneous transform, as Core Animation's `CATransform3D`: the same fields
/// (`m11` … `m44`), the same row-vector convention (a point is a row vector multiplied on the
/// left, translation in `m41`, `m42`, `m43`) and the same perspective entry (`m34` = −1 / eye
/// distance).
///
/// Segue's views draw two kinds of it (see `View.layer`): an affine transform in the plane,
/// and a rotation about the vertical (y) axis seen with perspective — what UIKit transitions
/// use for card flips. Other 3D transforms are reduced to those.
public struct Transform3D: Hashable, Sendable {
    /// Row 1: x's contribution to x, y, z and w.
    public var m11 = 1.0, m12 = 0.0, m13 = 0.0, m14 = 0.0
    /// Row 2: y's contribution to x, y, z and w.
    public var m21 = 0.0, m22 = 1.0, m23 = 0.0, m24 = 0.0
    /// Row 3: z's contribution to x, y, z and w (`m34`: perspective, −1 / eye distance).
    public var m31 = 0.0, m32 = 0.0, m33 = 1.0, m34 = 0.0
    /// Row 4: the translation (`m41`, `m42`, `m43`) and w's own weight.
    public var m41 = 0.0, m42 = 0.0, m43 = 0.0, m44 = 1.0

    /// The identity, as `CATransform3DIdentity`.
    public static let identity = Transform3D()

    /// The identity (set fields afterwards, e.g. `m34 = -1.0 / 500`).
    public init() {}

    /// A rotation by `angle` radians about the axis (`x`, `y`, `z`), as
    /// `CATransform3DMakeRotation(angle, x, y, z)`: about (0, 1, 0) a positive angle turns the
    /// right edge away from the viewer. A zero axis gives the identity.
    public init(rotationAngle angle: Double, x: Double, y: Double, z: Double) {
        let length = (x * x + y * y + z * z).squareRoot()
        guard length > 0 else { return }
        let x = x / length, y = y / length, z = z / length
        let c = Double.cos(angle), s = Double.sin(angle), t = 1 - c
        m11 = t * x * x + c; m12 = t * x * y + z * s; m13 = t * x * z - y * s
        m21 = t * x * y - z * s; m22 = t * y * y + c; m23 = t * y * z + x * s
        m31 = t * x * z + y * s; m32 = t * y * z - x * s; m33 = t * z * z + c
    }

    /// A translation, as `CATransform3DMakeTranslation`.
    public init(translationX tx: Double, y ty: Double, z tz: Double) {
        m41 = tx; m42 = ty; m43 = tz
    }

    /// A scale, as `CATransform3DMakeScale`.
    public init(scaleX sx: Double, y sy: Double, z sz: Double) {
        m11 = sx; m22 = sy; m33 = sz
    }

    /// The affine transform in the plane as a 3D one, as `CATransform3DMakeAffineTransform`.
    public init(_ affine: AffineTransform) {
        m11 = affine.a; m12 = affine.b; m21 = affine.c; m22 = affine.d; m41 = affine.tx; m42 = affine.ty
    }

    /// Whether this is the identity, as `CATransform3DIsIdentity`.
    public var isIdentity: Bool { self == .identity }

    /// `self` then `other` (row vectors: `self × other`), as `CATransform3DConcat(self, other)`.
    public func concatenating(_ other: Transform3D) -> Transform3D {
        let a = rows, b = other.rows
        var r = [[Double]](repeating: [0, 0, 0, 0], count: 4)
        for i in 0..<4 {
            for j in 0..<4 {
                r[i][j] = a[i][0] * b[0][j] + a[i][1] * b[1][j] + a[i][2] * b[2][j] + a[i][3] * b[3][j]
            }
        }
        var t = Transform3D()
        (t.m11, t.m12, t.m13, t.m14) = (r[0][0], r[0][1], r[0][2], r[0][3])
        (t.m21, t.m22, t.m23, t.m24) = (r[1][0], r[1][1], r[1][2], r[1][3])
        (t.m31, t.m32, t.m33, t.m34) = (r[2][0], r[2][1], r[2][2], r[2][3])
        (t.m41, t.m42, t.m43, t.m44) = (r[3][0], r[3][1], r[3][2], r[3][3])
        return t
    }

    private var rows: [[Double]] {
        [[m11, m12, m13, m14], [m21, m22, m23, m24], [m31, m32, m33, m34], [m41, m42, m43, m44]]
    }

    /// Whether the transform keeps the plane (no rotation out of it): it is then
    /// ``affineTransform`` plus, perhaps, a perspective that a flat layer does not show.
    public var isAffine: Bool {
        m13 == 0 && m23 == 0 && m31 == 0 && m32 == 0 && m14 == 0 && m24 == 0
    }

    /// The part in the plane, as `CATransform3DGetAffineTransform`.
    public var affineTransform: AffineTransform {
        AffineTransform(a: m11, b: m12, c: m21, d: m22, tx: m41, ty: m42)
    }

    /// The angle of the rotation about the y axis this transform holds (0 when it keeps the
    /// plane): `atan2(m31, m11)`.
    public var rotationY: Double { isAffine ? 0 : Double.atan2(y: m31, x: m11) }
}

/// The identity transform, as Core Animation's `CATransform3DIdentity` (also ``Transform3D/identity``).
public let Transform3DIdentity = Transform3D.identity

/// A rotation, as `CATransform3DMakeRotation(angle, x, y, z)` (also
/// ``Transform3D/init(rotationAngle:x:y:z:)``).
public func Transform3DMakeRotation(_ angle: Double, _ x: Double, _ y: Double, _ z: Double) -> Transform3D {
    Transform3D(rotationAngle: angle, x: x, y: y, z: z)
}

/// `transform` then a rotation, as `CATransform3DRotate(t, angle, x, y, z)` (the rotation is
/// applied first to the points, in `transform`'s space).
public func Transform3DRotate(_ transform: Transform3D, _ angle: Double, _ x: Double, _ y: Double, _ z: Double) -> Transform3D {
    Transform3D(rotationAngle: angle, x: x, y: y, z: z).concatenating(transform)
}

/// `a` then `b`, as `CATransform3DConcat(a, b)`.
public func Transform3DConcat(_ a: Transform3D, _ b: Transform3D) -> Transform3D {
    a.concatenating(b)
}
