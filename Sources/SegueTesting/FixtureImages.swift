import Canvas
import Geometry

/// Images for pixel tests that need real content: deterministic, so two runs draw the same.
public enum FixtureImages {
    /// A smooth colour ramp (red, green, blue along the diagonal) with seeded 2 × 2 noise; with
    /// `translucent`, drawn at alpha 0.6 with a brighter translucent band on its left third.
    public static func noisyRamp(width: Int, height: Int, translucent: Bool = false, seed: UInt64 = 1) -> Surface {
        let surface = Surface(width: width, height: height)
        let canvas = Canvas(surface: surface)
        canvas.fillLinearGradient(Rect(x: 0, y: 0, width: Double(width), height: Double(height)),
                                  from: .zero, to: Point(x: Double(width), y: Double(height)),
                                  stops: [(0, Color(hex: 0xd03030)), (0.5, Color(hex: 0x30a050)), (1, Color(hex: 0x3050e0))])
        var state = seed
        for _ in 0..<(width * height / 40 + 1) {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let x = Double((state >> 33) % UInt64(max(width, 1)))
            let y = Double((state >> 13) % UInt64(max(height, 1)))
            canvas.fill(Rect(x: x, y: y, width: 2, height: 2), color: Color(hex: UInt32(truncatingIfNeeded: state >> 40)))
        }
        guard translucent else { return surface }
        let mask = Surface(width: width, height: height)
        let maskCanvas = Canvas(surface: mask)
        maskCanvas.draw(surface, at: .zero, alpha: 0.6)
        maskCanvas.fill(Rect(x: 0, y: 0, width: Double(width) / 3, height: Double(height)), color: Color.white.withAlpha(0.2))
        return mask
    }
}
