import Geometry
import Canvas
import Foundation
import Motion
import Testing

/// Whole scenes, checked by pixel probes whose expected colours come from the scene's own
/// geometry and colours (written out here), not from a PNG the code under test once wrote.
///
/// Tolerance: 2/255 per channel where one flat colour is expected (Cairo's 8-bit rounding);
/// gradients 3/255 (a linear ramp is dithered by nothing, but rounded per pixel centre).
@Suite("Canvas reference renders")
struct ReferenceRenderTests {
    /// Each channel of `actual` within `tolerance`/255 of `expected` (opaque colours).
    static func expectColor(_ actual: Color, _ expected: Color, within tolerance: Int = 2, _ what: String,
                            sourceLocation: SourceLocation = #_sourceLocation) {
        let d = [abs(actual.red - expected.red), abs(actual.green - expected.green), abs(actual.blue - expected.blue),
                 abs(actual.alpha - expected.alpha)].max()! * 255
        #expect(d <= Double(tolerance) + 0.01, "\(what): \(actual), expected \(expected)", sourceLocation: sourceLocation)
    }

    /// `a` + (`b` − `a`)·`t`, channel by channel.
    static func mix(_ a: Color, _ b: Color, _ t: Double) -> Color {
        Color(red: a.red + (b.red - a.red) * t, green: a.green + (b.green - a.green) * t,
              blue: a.blue + (b.blue - a.blue) * t, alpha: a.alpha + (b.alpha - a.alpha) * t)
    }

    static let top = Color(hex: 0xe8eef8), bottom = Color(hex: 0xc4d0e4)
    static let card = Rect(x: 30, y: 30, width: 260, height: 130)

    /// A settings-style card: gradient backdrop, shadow, rounded card, text, icon shapes.
    static func drawCard() throws -> Surface {
        let surface = Surface(width: 320, height: 200)
        let canvas = Canvas(surface: surface)
        canvas.fillLinearGradient(Rect(x: 0, y: 0, width: 320, height: 200), from: .zero, to: Point(x: 0, y: 200),
                                  stops: [(0, top), (1, bottom)])
        canvas.drawShadow(roundedRect: card, radius: 16, blur: 18, offset: Point(x: 0, y: 6),
                          color: Color.black.withAlpha(0.35))
        canvas.fill(roundedRect: card, radius: 16, color: .white)
        canvas.stroke(roundedRect: card.insetBy(dx: 0.5, dy: 0.5), radius: 15.5, color: Color(hex: 0xd0d4dc), lineWidth: 1)
        canvas.fillEllipse(in: Rect(x: 50, y: 50, width: 44, height: 44), color: Color(hex: 0x3478f6))
        var check = Path()
        check.move(to: Point(x: 61, y: 72))
        check.addLine(to: Point(x: 69, y: 80))
        check.addLine(to: Point(x: 84, y: 63))
        canvas.stroke(check, color: .white, lineWidth: 4)
        canvas.drawText(TextLayout(text: "Segue", font: Font(size: 22, weight: .bold)),
                        at: Point(x: 110, y: 48), color: Color(hex: 0x1c1c1e))
        canvas.drawText(TextLayout(text: "Transitions drawn with Cairo and Pango.",
                                   font: Font(size: 13), maxWidth: 150),
                        at: Point(x: 110, y: 76), color: Color(hex: 0x6b6b70))
        canvas.withSavedState {
            canvas.clip(toRoundedRect: Rect(x: 50, y: 110, width: 220, height: 30), radius: 8)
            canvas.fillLinearGradient(Rect(x: 50, y: 110, width: 220, height: 30), from: Point(x: 50, y: 0),
                                      to: Point(x: 270, y: 0),
                                      stops: [(0, Color(hex: 0xff9500)), (0.5, Color(hex: 0xff2d55)), (1, Color(hex: 0xaf52de))])
        }
        try canvas.check()
        return surface
    }

    @Test func card() throws {
        let surface = try Self.drawCard()
        func at(_ x: Int, _ y: Int) -> Color { surface.pixel(x: x, y: y) }
        // The backdrop away from the shadow: the vertical ramp at the pixel centre's y / 200.
        for (x, y) in [(5, 5), (5, 100), (310, 150), (5, 195)] {
            Self.expectColor(at(x, y), Self.mix(Self.top, Self.bottom, (Double(y) + 0.5) / 200), within: 3, "backdrop at (\(x), \(y))")
        }
        // The shadow (35 % black, 6 px down, blurred 18) darkens the backdrop just below the card,
        // less and less further down, and not at all 18 + 6 px past it and beyond.
        let below = [166, 172, 180].map { y in
            (at(160, y).red, Self.mix(Self.top, Self.bottom, (Double(y) + 0.5) / 200).red)
        }
        #expect(below.allSatisfy { $0.0 < $0.1 - 2.0 / 255 }, "the shadow darkens below the card: \(below)")
        #expect(below[0].0 < below[1].0 && below[1].0 < below[2].0, "the shadow fades with distance: \(below)")
        // The card: white inside, its 1 px border on the pixel column / row the inset stroke covers.
        Self.expectColor(at(275, 45), .white, "card interior")
        Self.expectColor(at(30, 95), Color(hex: 0xd0d4dc), "left border")
        Self.expectColor(at(160, 159), Color(hex: 0xd0d4dc), "bottom border")
        // Its rounded corner: the card's corner pixel lies outside a radius-16 arc, so no white there.
        #expect(at(30, 30).red < 0.95, "the top-left corner is cut: \(at(30, 30))")
        Self.expectColor(at(30 + 16, 31), .white, "where the top edge is straight again")
        // The icon: blue disc centred at (72, 72), radius 22; the white check stroked over it.
        Self.expectColor(at(72, 56), Color(hex: 0x3478f6), "disc")
        Self.expectColor(at(92, 72), Color(hex: 0x3478f6), "disc, right")
        Self.expectColor(at(96, 72), .white, "outside the disc, on the card")
        Self.expectColor(at(65, 76), .white, "the check's first stroke (midpoint of (61,72)–(69,80))")
        Self.expectColor(at(76, 71), .white, "the check's second stroke (on (69,80)–(84,63))")
        // The gradient bar, clipped to a radius-8 rounded rect: the stops at its left end, its
        // middle and right end; the clipped corner stays white card.
        Self.expectColor(at(51, 125), Self.mix(Color(hex: 0xff9500), Color(hex: 0xff2d55), 1.5 / 110), within: 3, "bar, left")
        Self.expectColor(at(159, 125), Self.mix(Color(hex: 0xff9500), Color(hex: 0xff2d55), 109.5 / 110), within: 3, "bar, middle")
        Self.expectColor(at(268, 125), Self.mix(Color(hex: 0xff2d55), Color(hex: 0xaf52de), 108.5 / 110), within: 3, "bar, right")
        Self.expectColor(at(50, 110), .white, "the bar's clipped corner")
        // Text: ink of the title's colour left of x = 200 on the title line, of the body's colour below.
        func darkest(_ rect: Rect) -> Color {
            var best = Color.white
            for y in Int(rect.minY)..<Int(rect.maxY) {
                for x in Int(rect.minX)..<Int(rect.maxX) where at(x, y).red < best.red { best = at(x, y) }
            }
            return best
        }
        Self.expectColor(darkest(Rect(x: 110, y: 48, width: 90, height: 28)), Color(hex: 0x1c1c1e), within: 12, "title ink")
        Self.expectColor(darkest(Rect(x: 110, y: 78, width: 150, height: 28)), Color(hex: 0x6b6b70), within: 12, "body ink")
        // Nothing of the text past its 150-pixel wrap width.
        Self.expectColor(darkest(Rect(x: 262, y: 78, width: 20, height: 28)), .white, "no text past the wrap width")
    }

    static func page() -> Surface {
        let page = Surface(width: 160, height: 200)
        let pageCanvas = Canvas(surface: page)
        pageCanvas.fill(Rect(x: 0, y: 0, width: 160, height: 200), color: Color(hex: 0xfafafa))
        pageCanvas.fill(Rect(x: 0, y: 0, width: 160, height: 44), color: Color(hex: 0x3478f6))
        pageCanvas.drawText(TextLayout(text: "Detail", font: Font(size: 17, weight: .bold), maxWidth: 160, alignment: .center),
                            at: Point(x: 0, y: 12), color: .white)
        for row in 0..<5 {
            let y = 60.0 + Double(row) * 27
            pageCanvas.fill(roundedRect: Rect(x: 12, y: y, width: 20, height: 20), radius: 5,
                            color: Color(hex: [0xff3b30, 0xff9500, 0x34c759, 0x5856d6, 0xaf52de][row]))
            pageCanvas.fill(Rect(x: 42, y: y + 6, width: 100 - Double(row) * 9, height: 8), color: Color(hex: 0xb8b8c0))
        }
        return page
    }

    /// A frame of a card flip and a pixelate dissolve side by side: the flip's edges and centre
    /// column from the projection formula, the dissolve's blocks from the page sampled at each
    /// block's centre.
    @Test func perspectiveAndPixelation() throws {
        let page = Self.page()
        let background = Color(hex: 0x202028)
        let surface = Fixture.solid(width: 400, height: 240, color: background)
        let canvas = Canvas(surface: surface)
        let flip = Rect(x: 20, y: 20, width: 160, height: 200), angle = -0.8, eye = 500.0
        canvas.drawPerspective(page, in: flip, angleY: angle, eyeDistance: eye, cornerRadius: 12)
        let dissolve = Rect(x: 220, y: 20, width: 160, height: 200)
        // The dissolve as the demo draws it (Demos' Pixelation): the page shrunk to one pixel per
        // 8-px block, bilinear, then enlarged with the nearest filter.
        let blocks = Surface(width: 20, height: 25)
        Canvas(surface: blocks).draw(page, stretchedOver: Rect(x: 0, y: 0, width: 20, height: 25), filter: .fast)
        canvas.withSavedState {
            canvas.clip(to: dissolve)
            canvas.draw(blocks, stretchedOver: dissolve, alpha: 0.9, filter: .nearest)
        }
        try canvas.check()

        // The flip (m34 = −1/e about the rect's centre): u right of the axis lands at
        // midX + u·cos θ / w, rows scaled by 1 / w, w = 1 + u·sin θ / e.
        func x(_ u: Double) -> Double { flip.midX + u * cos(angle) / (1 + u * sin(angle) / eye) }
        func painted(_ column: Int) -> [Int] { (0..<240).filter { surface.pixel(x: column, y: $0) != background } }
        let columns = (0..<200).filter { !painted($0).isEmpty }
        #expect(abs(Double(columns.first ?? -1) - x(-80).rounded(.down)) <= 1, "left edge at \(x(-80)), first column \(String(describing: columns.first))")
        #expect(abs(Double(columns.last ?? -1) - x(80).rounded(.down)) <= 1, "right edge at \(x(80)), last column \(String(describing: columns.last))")
        // θ < 0 turns the right side towards the eye: its edge is taller than the left one.
        let leftRows = painted(columns.first! + 14).count, rightRows = painted(columns.last! - 14).count
        #expect(rightRows > leftRows, "near edge \(rightRows) rows, far edge \(leftRows)")
        // The axis column (u = 0, w = 1) is the page's middle column, unscaled, where the page is
        // flat vertically (text and the rows' edges aside).
        var compared = 0
        for y in 2..<198 {
            let column = page.pixel(x: 80, y: y)
            guard page.pixel(x: 80, y: y - 1) == column, page.pixel(x: 80, y: y + 1) == column,
                  page.pixel(x: 79, y: y) == column, page.pixel(x: 81, y: y) == column else { continue }
            Self.expectColor(surface.pixel(x: Int(flip.midX), y: 20 + y), column, within: 3, "axis column, row \(y)")
            compared += 1
        }
        #expect(compared > 150)
        // The rounded corners: the quad's corner pixel shows the background.
        #expect(surface.pixel(x: columns.first!, y: painted(columns.first!).first!) != page.pixel(x: 0, y: 0))

        // The dissolve: 20 × 25 blocks of 8 px; each block one colour, that of the page at the
        // block's centre (bilinear: the mean of the four pixels around it), at 90 % over the background.
        for by in 0..<25 {
            for bx in 0..<20 {
                let around = [(0, 0), (-1, 0), (0, -1), (-1, -1)].map { page.pixel(x: bx * 8 + 4 + $0.0, y: by * 8 + 4 + $0.1) }
                let mean = Color(red: around.map(\.red).reduce(0, +) / 4, green: around.map(\.green).reduce(0, +) / 4,
                                 blue: around.map(\.blue).reduce(0, +) / 4, alpha: 1)
                let expected = Self.mix(background, mean, 0.9)
                let x0 = Int(dissolve.minX) + bx * 8, y0 = Int(dissolve.minY) + by * 8
                let first = surface.pixel(x: x0, y: y0)
                Self.expectColor(first, expected, within: 3, "block (\(bx), \(by))")
                for y in y0..<(y0 + 8) {
                    for x in x0..<(x0 + 8) where surface.pixel(x: x, y: y) != first {
                        Issue.record("block (\(bx), \(by)) is not one colour at (\(x), \(y))")
                    }
                }
            }
        }
    }
}
