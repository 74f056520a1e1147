import Geometry
import Canvas
import Motion
import Testing

@Suite("Canvas shapes, state and compositing")
struct CanvasDrawingTests {
    @Test func fillCoversExactlyTheRect() {
        let surface = Surface(width: 20, height: 20)
        Canvas(surface: surface).fill(Rect(x: 5, y: 6, width: 4, height: 3), color: Color(hex: 0x00ff00))
        #expect(surface.bytes(x: 5, y: 6) == [0, 255, 0, 255])
        #expect(surface.bytes(x: 8, y: 8) == [0, 255, 0, 255])
        #expect(surface.pixel(x: 4, y: 6) == .clear)
        #expect(surface.pixel(x: 9, y: 8) == .clear)
        #expect(surface.pixel(x: 5, y: 9) == .clear)
    }

    @Test func halfBlackOverWhiteIsMidGray() {
        let surface = Fixture.solid(width: 4, height: 4, color: .white)
        Canvas(surface: surface).fill(Rect(x: 0, y: 0, width: 4, height: 4), color: Color.black.withAlpha(0.5))
        let gray = surface.bytes(x: 2, y: 2)
        #expect((127...128).contains(gray[0]) && gray[0] == gray[1] && gray[1] == gray[2])
        #expect(gray[3] == 255)
    }

    @Test func translucentOverTransparentKeepsStraightColour() {
        let surface = Surface(width: 2, height: 2)
        let canvas = Canvas(surface: surface)
        canvas.fill(Rect(x: 0, y: 0, width: 2, height: 2), color: Color(red: 0, green: 0, blue: 1, alpha: 0.25))
        canvas.fill(Rect(x: 0, y: 0, width: 2, height: 2), color: Color(red: 0, green: 0, blue: 1, alpha: 0.25))
        // 1 − (1 − ¼)² = 0.4375 alpha, still pure blue.
        let c = surface.pixel(x: 0, y: 0)
        #expect(abs(c.alpha - 0.4375) < 0.01)
        #expect(c.red == 0 && abs(c.blue - 1) < 0.02)
    }

    @Test func roundedRectCornersAreCut() {
        let surface = Surface(width: 100, height: 100)
        Canvas(surface: surface).fill(roundedRect: Rect(x: 10, y: 10, width: 80, height: 80), radius: 20, color: .black)
        #expect(surface.alpha255(x: 10, y: 10) == 0)        // the corner itself
        #expect(surface.alpha255(x: 13, y: 13) == 0)        // outside the arc (centre (30, 30), r 20)
        #expect(surface.alpha255(x: 17, y: 17) == 255)      // inside the arc
        #expect(surface.alpha255(x: 50, y: 10) == 255)      // straight top edge
        #expect(surface.alpha255(x: 86, y: 86) == 0)        // bottom-right corner
        #expect(surface.alpha255(x: 50, y: 50) == 255)
        // The arc's edge is antialiased: partial coverage somewhere on the diagonal.
        #expect((10..<20).contains { (1...254).contains(surface.alpha255(x: $0, y: $0)) })
    }

    @Test func radiusIsClampedToHalfTheShorterSide() {
        let surface = Surface(width: 40, height: 20)
        Canvas(surface: surface).fill(roundedRect: Rect(x: 0, y: 0, width: 40, height: 20), radius: 100, color: .black)
        #expect(surface.alpha255(x: 20, y: 10) == 255)
        #expect(surface.alpha255(x: 0, y: 0) == 0)
        #expect(surface.alpha255(x: 20, y: 0) > 0)   // a stadium: the long edge is still flat
    }

    @Test func clipLimitsDrawingUntilRestore() {
        let surface = Surface(width: 50, height: 50)
        let canvas = Canvas(surface: surface)
        canvas.withSavedState {
            canvas.clip(to: Rect(x: 10, y: 10, width: 20, height: 20))
            canvas.fill(Rect(x: 0, y: 0, width: 50, height: 50), color: .black)
        }
        #expect(surface.alpha255(x: 10, y: 10) == 255 && surface.alpha255(x: 29, y: 29) == 255)
        #expect(surface.alpha255(x: 9, y: 20) == 0 && surface.alpha255(x: 30, y: 20) == 0)
        canvas.fill(Rect(x: 40, y: 40, width: 5, height: 5), color: .black)
        #expect(surface.alpha255(x: 42, y: 42) == 255)
    }

    @Test func roundedClipCutsCorners() {
        let surface = Surface(width: 50, height: 50)
        let canvas = Canvas(surface: surface)
        canvas.clip(toRoundedRect: Rect(x: 0, y: 0, width: 50, height: 50), radius: 15)
        canvas.fill(Rect(x: 0, y: 0, width: 50, height: 50), color: .black)
        #expect(surface.alpha255(x: 0, y: 0) == 0 && surface.alpha255(x: 49, y: 49) == 0)
        #expect(surface.alpha255(x: 25, y: 0) == 255 && surface.alpha255(x: 25, y: 25) == 255)
    }

    @Test func transformsMapUserSpaceToPixels() {
        let surface = Surface(width: 40, height: 40)
        let canvas = Canvas(surface: surface)
        canvas.translate(x: 10, y: 5)
        canvas.scale(x: 2, y: 3)
        #expect(canvas.transform == AffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 10, ty: 5))
        canvas.fill(Rect(x: 1, y: 1, width: 2, height: 2), color: .black)   // → x 12..<16, y 8..<14
        #expect(surface.alpha255(x: 12, y: 8) == 255 && surface.alpha255(x: 15, y: 13) == 255)
        #expect(surface.alpha255(x: 11, y: 8) == 0 && surface.alpha255(x: 16, y: 13) == 0 && surface.alpha255(x: 12, y: 14) == 0)
        canvas.transform = .identity
        canvas.concatenate(AffineTransform(translationX: 30, y: 30))
        canvas.fill(Rect(x: 0, y: 0, width: 1, height: 1), color: .black)
        #expect(surface.alpha255(x: 30, y: 30) == 255)
    }

    @Test func singularScaleDrawsNothingAndKeepsTheContextUsable() throws {
        let surface = Surface(width: 10, height: 10)
        let canvas = Canvas(surface: surface)
        canvas.withSavedState {
            canvas.scale(x: 0, y: 0)
            canvas.fill(Rect(x: 0, y: 0, width: 10, height: 10), color: .black)
        }
        try canvas.check()
        #expect(surface.paintedColumns().isEmpty)
        canvas.fill(Rect(x: 0, y: 0, width: 10, height: 10), color: .black)
        #expect(surface.alpha255(x: 5, y: 5) == 255)
    }

    @Test func unbalancedRestoreIsReported() {
        let canvas = Canvas(surface: Surface(width: 1, height: 1))
        canvas.restore()
        #expect(throws: CanvasError.self) { try canvas.check() }
    }

    @Test func strokeStraddlesTheEdge() {
        let surface = Surface(width: 30, height: 30)
        Canvas(surface: surface).stroke(Rect(x: 10, y: 10, width: 10, height: 10), color: .black, lineWidth: 2)
        #expect(surface.alpha255(x: 9, y: 15) == 255 && surface.alpha255(x: 10, y: 15) == 255)
        #expect(surface.alpha255(x: 8, y: 15) == 0 && surface.alpha255(x: 11, y: 15) == 0)
        #expect(surface.alpha255(x: 15, y: 15) == 0)
    }

    @Test func pathsFillAndStroke() {
        let surface = Surface(width: 40, height: 40)
        let canvas = Canvas(surface: surface)
        var triangle = Path()
        triangle.move(to: Point(x: 0, y: 0))
        triangle.addLine(to: Point(x: 40, y: 0))
        triangle.addLine(to: Point(x: 0, y: 40))
        triangle.close()
        canvas.fill(triangle, color: .black)
        #expect(surface.alpha255(x: 5, y: 5) == 255 && surface.alpha255(x: 35, y: 35) == 0)
        var arc = Path()
        arc.addArc(center: Point(x: 30, y: 30), radius: 5, startAngle: 0, endAngle: 2 * Double.pi)
        canvas.stroke(arc, color: .black, lineWidth: 2)
        #expect(surface.alpha255(x: 35, y: 30) > 100 && surface.alpha255(x: 30, y: 30) == 0)
    }

    @Test func ellipseFillsItsRect() {
        let surface = Surface(width: 60, height: 30)
        Canvas(surface: surface).fillEllipse(in: Rect(x: 0, y: 0, width: 60, height: 30), color: .black)
        #expect(surface.alpha255(x: 30, y: 15) == 255 && surface.alpha255(x: 1, y: 15) > 128)
        #expect(surface.alpha255(x: 0, y: 0) == 0 && surface.alpha255(x: 59, y: 29) == 0)
    }

    @Test func linearGradientRunsBetweenItsPoints() {
        let surface = Surface(width: 101, height: 4)
        Canvas(surface: surface).fillLinearGradient(Rect(x: 0, y: 0, width: 101, height: 4),
                                                    from: Point(x: 0.5, y: 0), to: Point(x: 100.5, y: 0),
                                                    stops: [(0, .black), (1, .white)])
        #expect(surface.bytes(x: 0, y: 0)[0] <= 1)
        #expect(abs(surface.bytes(x: 50, y: 2)[0] - 128) <= 1)
        #expect(surface.bytes(x: 100, y: 0)[0] >= 254)
    }

    @Test func shadowIsSoftSymmetricAndHalfStrengthAtTheEdge() {
        let surface = Surface(width: 400, height: 200)
        let rect = Rect(x: 50, y: 50, width: 300, height: 80)
        Canvas(surface: surface).drawShadow(roundedRect: rect, radius: 10, blur: 20,
                                            offset: Point(x: 0, y: 10), color: Color.black.withAlpha(0.5))
        let midY = 100   // rect.midY + offset
        #expect(abs(surface.alpha255(x: 200, y: midY) - 128) <= 3)
        #expect(surface.alpha255(x: 5, y: midY) == 0)
        // At the (offset) edge a Gaussian blur gives half strength.
        #expect(abs(surface.alpha255(x: 50, y: midY) - 64) <= 6)
        // Monotonic fall-off, and mirror symmetry.
        let profile = (20...200).map { surface.alpha255(x: $0, y: midY) }
        #expect(zip(profile, profile.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(abs(surface.alpha255(x: 60, y: midY) - surface.alpha255(x: 339, y: midY)) <= 1)
        // Along a long edge the profile does not vary (the stretched middle of the mask).
        for y in 35...75 {
            #expect(abs(surface.alpha255(x: 120, y: y) - surface.alpha255(x: 250, y: y)) <= 1)
        }
    }
}
