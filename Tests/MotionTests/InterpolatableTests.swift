import Geometry
import Testing
import Motion

@Suite("Interpolatable")
struct InterpolatableTests {
    @Test("Double, Point, Size, Rect interpolate and extrapolate linearly")
    func geometry() {
        #expect(Double.interpolate(from: 2, to: 6, fraction: 0.25) == 3)
        #expect(Double.interpolate(from: 2, to: 6, fraction: 1.5) == 8)
        #expect(Point.interpolate(from: Point(x: 0, y: 10), to: Point(x: 10, y: 0), fraction: 0.5) == Point(x: 5, y: 5))
        #expect(Size.interpolate(from: .zero, to: Size(width: 4, height: 8), fraction: 0.25) == Size(width: 1, height: 2))
        let r = Rect.interpolate(from: Rect(x: 0, y: 0, width: 1, height: 100),
                                 to: Rect(x: 100, y: 50, width: 200, height: 100), fraction: 0.5)
        #expect(r == Rect(x: 50, y: 25, width: 100.5, height: 100))
    }

    @Test("Color interpolates in sRGB with straight alpha")
    func color() {
        let m = Color.interpolate(from: Color(red: 1, green: 0, blue: 0, alpha: 1), to: Color(red: 0, green: 0, blue: 1, alpha: 0), fraction: 0.5)
        #expect(m == Color(red: 0.5, green: 0, blue: 0.5, alpha: 0.5))
    }
}
