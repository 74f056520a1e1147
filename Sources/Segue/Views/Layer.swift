import Geometry

/// A view's layer properties in Core Animation's terms, as `UIView.layer` (`CALayer`): each one
/// reads and writes the view's own property, so setting it inside an animation block animates.
///
/// | `CALayer` | Segue |
/// |---|---|
/// | `cornerRadius` | ``View/cornerRadius`` |
/// | `masksToBounds` | ``View/clipsToBounds`` |
/// | `opacity` | ``View/alpha`` |
/// | `transform` (`CATransform3D`) | ``View/transform`` and ``View/rotationY`` (with ``View/perspectiveDistance`` from `m34`) |
/// | `sublayerTransform` (`m34`) | ``View/sublayerPerspectiveDistance`` |
///
/// Segue draws affine transforms and rotations about the y axis: a `Transform3D` that turns
/// about another axis is drawn as its y rotation. A y rotation without `m34` is still seen with
/// the view's ``View/perspectiveDistance`` (Core Animation would draw it flat).
@MainActor
public final class Layer {
    /// The view whose properties this layer reads and writes.
    public unowned let view: View

    init(view: View) { self.view = view }

    /// The radius of the rounded corners, as `CALayer.cornerRadius` (``View/cornerRadius``).
    public var cornerRadius: Double {
        get { view.cornerRadius }
        set { view.cornerRadius = newValue }
    }

    /// Clip content and sublayers to the (rounded) bounds, as `CALayer.masksToBounds`
    /// (``View/clipsToBounds``).
    public var masksToBounds: Bool {
        get { view.clipsToBounds }
        set { view.clipsToBounds = newValue }
    }

    /// The opacity, as `CALayer.opacity` (``View/alpha``).
    public var opacity: Double {
        get { view.alpha }
        set { view.alpha = newValue }
    }

    /// The layer's 3D transform about its centre, as `CALayer.transform`. A transform that keeps
    /// the plane sets ``View/transform`` (and a y rotation of 0); one that turns out of the plane
    /// sets ``View/rotationY`` (its angle about y, `Transform3D.rotationY`) with the translation
    /// in ``View/transform``; a non-zero `m34` sets ``View/perspectiveDistance`` to −1 / `m34`.
    /// Reading gives the transform those properties make.
    public var transform: Transform3D {
        get {
            guard view.rotationY != 0 else { return Transform3D(view.transform) }
            var t = Transform3D(rotationAngle: view.rotationY, x: 0, y: 1, z: 0)
            t.m41 = view.transform.tx
            t.m42 = view.transform.ty
            return t
        }
        set {
            if newValue.m34 != 0 { view.perspectiveDistance = -1 / newValue.m34 }
            if newValue.isAffine {
                view.rotationY = 0
                view.transform = newValue.affineTransform
            } else {
                view.rotationY = newValue.rotationY
                view.transform = AffineTransform(translationX: newValue.m41, y: newValue.m42)
            }
        }
    }

    /// The perspective every sublayer is seen with, as `CALayer.sublayerTransform`: only `m34`
    /// counts (``View/sublayerPerspectiveDistance`` = −1 / `m34`; 0 removes it).
    public var sublayerTransform: Transform3D {
        get {
            var t = Transform3D()
            if let distance = view.sublayerPerspectiveDistance { t.m34 = -1 / distance }
            return t
        }
        set { view.sublayerPerspectiveDistance = newValue.m34 != 0 ? -1 / newValue.m34 : nil }
    }
}
