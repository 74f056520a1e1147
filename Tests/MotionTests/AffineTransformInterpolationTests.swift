import Geometry
import Testing
import Motion
import RealModule

private func isClose(_ x: AffineTransform, _ y: AffineTransform, _ tol: Double = 1e-9) -> Bool {
    isClose(x.a, y.a, tol) && isClose(x.b, y.b, tol) && isClose(x.c, y.c, tol)
        && isClose(x.d, y.d, tol) && isClose(x.tx, y.tx, tol) && isClose(x.ty, y.ty, tol)
}

@Suite("AffineTransform interpolation")
struct AffineTransformInterpolationTests {
    @Test("halfway between identity and scale 0.1 is scale 0.55 (tutorial 003)")
    func scale() {
        let half = AffineTransform.interpolate(from: .identity, to: AffineTransform(scaleX: 0.1, y: 0.1), fraction: 0.5)
        #expect(isClose(half, AffineTransform(scaleX: 0.55, y: 0.55)))
    }

    @Test("between two rotations: the rotation in between, not a shrink")
    func rotation() {
        let m = AffineTransform.interpolate(from: AffineTransform(rotationAngle: 0.2), to: AffineTransform(rotationAngle: 1.4), fraction: 0.5)
        #expect(isClose(m, AffineTransform(rotationAngle: 0.8)))
        let quarter = AffineTransform.interpolate(from: .identity, to: AffineTransform(rotationAngle: Double.pi / 2), fraction: 0.5)
        #expect(isClose(quarter, AffineTransform(rotationAngle: Double.pi / 4)))
        #expect(isClose(quarter.a * quarter.d - quarter.b * quarter.c, 1, 1e-12))   // no shrink
        // The short way across ±π.
        let across = AffineTransform.interpolate(from: AffineTransform(rotationAngle: 3), to: AffineTransform(rotationAngle: -3), fraction: 0.5)
        #expect(isClose(across, AffineTransform(rotationAngle: Double.pi)))
    }

    @Test("components round-trip, including shear and reflection")
    func components() {
        let samples = [
            AffineTransform(a: 1.2, b: 0.3, c: -0.4, d: 0.9, tx: 5, ty: -7),
            AffineTransform(a: -1, b: 0, c: 0, d: 1, tx: 0, ty: 0),          // mirror
            AffineTransform(rotationAngle: 2.5).scaledBy(x: 2, y: 0.5).translatedBy(x: 3, y: 4),
            AffineTransform(a: 0, b: 0, c: 0, d: 2, tx: 1, ty: 1),            // singular
        ]
        for t in samples { #expect(isClose(AffineTransformComponents(t).transform, t), "\(t)") }
    }

    @Test("translation, scale and ends")
    func mixed() {
        let from = AffineTransform(translationX: 10, y: 20)
        let to = AffineTransform(scaleX: 3, y: 1).translatedBy(x: 0, y: 0).concatenating(AffineTransform(translationX: 30, y: -20))
        let m = AffineTransform.interpolate(from: from, to: to, fraction: 0.25)
        #expect(isClose(m, AffineTransform(a: 1.5, b: 0, c: 0, d: 1, tx: 15, ty: 10)))
        #expect(AffineTransform.interpolate(from: from, to: to, fraction: 0) == from)
        #expect(AffineTransform.interpolate(from: from, to: to, fraction: 1) == to)
    }
}
