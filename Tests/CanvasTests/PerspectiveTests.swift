import Geometry
import Canvas
import Foundation
import Motion
import Testing

@Suite("Canvas perspective strips")
struct PerspectiveTests {
    let rect = Rect(x: 100, y: 50, width: 200, height: 100)

    /// Where the formula puts a point `u` right of the centre line (CATransform3D, m34 = −1/e).
    func projected(_ u: Double, angle: Double, eye: Double) -> (x: Double, yScale: Double) {
        let w = 1 + u * sin(angle) / eye
        return (u * cos(angle) / w, 1 / w)
    }

    func render(angle: Double, eye: Double = 500, alpha: Double = 1, radius: Double = 0,
                image: Surface? = nil) -> Surface {
        let surface = Surface(width: 400, height: 250)
        Canvas(surface: surface).drawPerspective(image ?? Fixture.solid(width: 200, height: 100, color: .black),
                                                 in: rect, angleY: angle, eyeDistance: eye, alpha: alpha,
                                                 cornerRadius: radius)
        return surface
    }

    @Test func angleZeroEqualsDrawInRect() {
        let image = Fixture.image(width: 120, height: 70)
        let expected = Surface(width: 400, height: 250)
        Canvas(surface: expected).draw(image, in: rect)
        #expect(render(angle: 0, image: image).channelDifferences(to: expected).max() == 0)
    }

    @Test func tinyAngleIsCloseToDrawInRect() {
        // Exercises the strip path: almost no foreshortening, so nearly the flat image.
        let image = Fixture.image(width: 200, height: 100)
        let expected = Surface(width: 400, height: 250)
        Canvas(surface: expected).draw(image, in: rect)
        let differences = render(angle: 0.001, image: image).channelDifferences(to: expected)
        let close = differences.filter { $0 <= 8 }.count
        #expect(Double(close) / Double(differences.count) > 0.99)
    }

    /// With the eye elsewhere (a container's centre, CALayer.sublayerTransform): point (x, y)
    /// u right of the axis lands at v + ((midX − v.x + u cos θ) / w, (y − v.y) / w).
    @Test(arguments: [Double.pi / 4, -Double.pi / 3])
    func edgesSeenFromAVanishingPointElsewhere(angle: Double) {
        let eye = Point(x: 250, y: 200)
        let surface = Surface(width: 400, height: 250)
        Canvas(surface: surface).drawPerspective(Fixture.solid(width: 200, height: 100, color: .black), in: rect,
                                                 angleY: angle, eyeDistance: 500, vanishingPoint: eye)
        func land(_ u: Double, _ y: Double) -> Point {
            let w = 1 + u * sin(angle) / 500
            return Point(x: eye.x + (rect.midX - eye.x + u * cos(angle)) / w, y: eye.y + (y - eye.y) / w)
        }
        let columns = surface.paintedColumns()
        let left = land(-rect.width / 2, 0).x, right = land(rect.width / 2, 0).x
        #expect(abs(Double(columns.first!) - left.rounded(.down)) <= 1, "left \(left), first column \(columns.first!)")
        #expect(abs(Double(columns.last!) - right.rounded(.down)) <= 1, "right \(right), last column \(columns.last!)")
        // Each edge column spans its top and bottom, both scaled towards the eye's height.
        for (u, column) in [(-rect.width / 2 + 1, columns.first! + 1), (rect.width / 2 - 1, columns.last! - 1)] {
            let rows = surface.paintedRows(inColumn: column)
            let top = land(u, rect.minY).y, bottom = land(u, rect.maxY).y
            #expect(abs(Double(rows.first!) - top) <= 1.5 && abs(Double(rows.last! + 1) - bottom) <= 1.5,
                    "column \(column): rows \(rows.first!)…\(rows.last!), expected \(top)…\(bottom)")
        }
    }

    @Test(arguments: [Double.pi / 3, -Double.pi / 3, 0.4])
    func edgesLandWhereTheFormulaSays(angle: Double) {
        let surface = render(angle: angle)
        let left = rect.midX + projected(-rect.width / 2, angle: angle, eye: 500).x
        let right = rect.midX + projected(rect.width / 2, angle: angle, eye: 500).x
        let columns = surface.paintedColumns()
        #expect(abs(Double(columns.first!) - left.rounded(.down)) <= 1, "left \(left), first column \(columns.first!)")
        #expect(abs(Double(columns.last!) - right.rounded(.down)) <= 1, "right \(right), last column \(columns.last!)")
        // Drawn width = w·cos θ × the perspective factors of the two edges.
        #expect(abs(Double(columns.count) - (right - left)) <= 2)
        // Each edge column is as tall as its perspective divide says.
        for (u, column) in [(-rect.width / 2 + 1, columns.first! + 1), (rect.width / 2 - 1, columns.last! - 1)] {
            let height = rect.height * projected(u, angle: angle, eye: 500).yScale
            let rows = surface.paintedRows(inColumn: column)
            #expect(abs(Double(rows.count) - height) <= 2.5, "column \(column): \(rows.count) rows, expected \(height)")
            #expect(abs(Double(rows.first! + rows.last! + 1) / 2 - rect.midY) <= 1)
        }
    }

    @Test func strippedImageHasNoSeams() {
        let surface = render(angle: 0.9)
        let columns = surface.paintedColumns()
        // Every pixel well inside the quad is fully opaque: strips neither gap nor double up.
        for x in (columns.first! + 2)...(columns.last! - 2) {
            let rows = surface.paintedRows(inColumn: x)
            for y in (rows.first! + 2)...(rows.last! - 2) {
                #expect(surface.alpha255(x: x, y: y) == 255, "seam at (\(x), \(y))")
            }
        }
    }

    @Test func translucentUnderRotationHasNoDoubledStrips() {
        // A rotated transform makes the strips overlap; they must composite as one layer.
        let surface = Surface(width: 400, height: 400)
        let canvas = Canvas(surface: surface)
        canvas.translate(x: 200, y: 200)
        canvas.concatenate(AffineTransform(rotationAngle: 0.3))
        canvas.translate(x: -200, y: -100)
        canvas.drawPerspective(Fixture.solid(width: 50, height: 50, color: .black), in: rect,
                               angleY: 0.7, alpha: 0.5)
        let inner = (0..<400).flatMap { y in (0..<400).map { x in surface.alpha255(x: x, y: y) } }
            .filter { $0 > 0 }
        let full = inner.filter { $0 >= 125 && $0 <= 130 }.count
        // No pixel darker than one layer at 50 %; all but the antialiased rim exactly one layer.
        #expect(!inner.isEmpty && inner.max()! <= 130)
        #expect(Double(full) / Double(inner.count) > 0.85)
    }

    @Test(arguments: [Double.pi / 2, -Double.pi / 2, 2.0, 3.0])
    func edgeOnAndBackFaceDrawNothing(angle: Double) {
        #expect(render(angle: angle).paintedColumns().isEmpty)
    }

    @Test func cornerRadiusRoundsTheProjectedCorners() {
        let surface = render(angle: 0.5, radius: 20)
        let columns = surface.paintedColumns()
        let left = columns.first! + 1
        let rows = surface.paintedRows(inColumn: left)
        let plain = render(angle: 0.5).paintedRows(inColumn: left)
        #expect(rows.count + 10 < plain.count)   // the corner arcs cut the edge column short
    }

    /// With e = 50 and w/2 = 100 at 60°, w = 1 + u·sin θ / e is ≤ 0 for u ≤ −57.7: the left part
    /// of the plane is behind the eye. Projected naively it would land mirrored on the right
    /// (u = −100 at x = midX + 68, upside down); only the part in front may be drawn.
    @Test func partOfThePlaneBehindTheEyeIsNotDrawn() {
        let angle = Double.pi / 3, eye = 50.0
        let surface = render(angle: angle, eye: eye)
        let columns = surface.paintedColumns()
        // The right edge (u = +100): x = 100·cos θ / (1 + 100·sin θ / 50) = 18.3 right of midX.
        let right = rect.midX + projected(rect.width / 2, angle: angle, eye: eye).x
        #expect(abs(Double(columns.last ?? -1) - right.rounded(.down)) <= 1, "right edge \(right), last column \(String(describing: columns.last))")
        // The near side grows without bound towards the eye plane: it covers the surface's left edge.
        #expect(columns.first == 0, "first painted column \(String(describing: columns.first))")
        // Nothing right of the right edge: the part behind the eye is not folded back into view.
        #expect(!columns.contains { Double($0) > right + 1 }, "painted beyond the right edge: \(columns.filter { Double($0) > right + 1 }.prefix(5))")
        // A column in between is as tall as its divide says: X = x − midX comes from
        // u = X / (cos θ − X·sin θ / e).
        for column in [150, 180, 210] {
            let x = Double(column) + 0.5 - rect.midX
            let u = x / (cos(angle) - x * sin(angle) / eye)
            let h = rect.height * projected(u, angle: angle, eye: eye).yScale
            // Centred on midY, clipped to the 250-pixel surface.
            let height = min(250, rect.midY + h / 2) - max(0, rect.midY - h / 2)
            let rows = surface.paintedRows(inColumn: column)
            #expect(abs(Double(rows.count) - height) <= 2.5, "column \(column): \(rows.count) rows, expected \(height)")
        }
    }
}
