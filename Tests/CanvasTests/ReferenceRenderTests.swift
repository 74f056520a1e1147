import Geometry
import Canvas
import Foundation
import Motion
import Testing

/// Whole scenes compared with PNGs in `References/`.
///
/// Tolerance: max per-channel difference ≤ 2/255 on ≥ 99.9 % of pixels (see
/// `expectMatchesReference`). A missing reference fails; `SEGUE_UPDATE_REFERENCES=1` writes it.
@Suite("Canvas reference renders")
struct ReferenceRenderTests {
    /// A settings-style card: gradient backdrop, shadow, rounded card, text, icon shapes.
    @Test func card() throws {
        let surface = Surface(width: 320, height: 200)
        let canvas = Canvas(surface: surface)
        canvas.fillLinearGradient(Rect(x: 0, y: 0, width: 320, height: 200), from: .zero, to: Point(x: 0, y: 200),
                                  stops: [(0, Color(hex: 0xe8eef8)), (1, Color(hex: 0xc4d0e4))])
        let card = Rect(x: 30, y: 30, width: 260, height: 130)
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
        try expectMatchesReference(surface, named: "card")
    }

    /// A frame of a card flip and a pixelate dissolve side by side.
    @Test func perspectiveAndPixelation() throws {
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

        let surface = Fixture.solid(width: 400, height: 240, color: Color(hex: 0x202028))
        let canvas = Canvas(surface: surface)
        canvas.drawPerspective(page, in: Rect(x: 20, y: 20, width: 160, height: 200), angleY: -0.8,
                               eyeDistance: 500, cornerRadius: 12)
        canvas.drawPixelated(page, in: Rect(x: 220, y: 20, width: 160, height: 200), blockSize: 8, alpha: 0.9)
        try canvas.check()
        try expectMatchesReference(surface, named: "perspective-pixelate")
    }
}
