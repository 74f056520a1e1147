import Geometry
import Canvas
import Motion
import Testing

@Suite("TextLayout")
struct TextLayoutTests {
    @Test func fourteenPixelTextHasAPlausibleSize() {
        let layout = TextLayout(text: "Hello, Segue", font: Font(size: 14))
        #expect(layout.size.height >= 14 && layout.size.height <= 20)
        #expect(layout.size.width > 60 && layout.size.width < 120)
        #expect(layout.baseline > 9 && layout.baseline < layout.size.height)
        #expect(layout.lineCount == 1)
    }

    @Test func drawsDarkPixelsInsideItsMeasuredBox() {
        let layout = TextLayout(text: "Hamburgefonstiv", font: Font(size: 14))
        let surface = Fixture.solid(width: 200, height: 40, color: .white)
        let origin = Point(x: 10, y: 8)
        Canvas(surface: surface).drawText(layout, at: origin, color: .black)
        var dark: [(Int, Int)] = []
        for y in 0..<40 { for x in 0..<200 where surface.bytes(x: x, y: y)[0] < 100 { dark.append((x, y)) } }
        #expect(dark.count > 100)
        let box = Rect(x: origin.x - 1, y: origin.y - 1, width: layout.size.width + 2, height: layout.size.height + 2)
        #expect(dark.allSatisfy { box.contains(Point(x: Double($0.0), y: Double($0.1))) })
        // Ink spans most of the measured width.
        let xs = dark.map(\.0)
        #expect(Double(xs.max()! - xs.min()!) > layout.size.width * 0.8)
    }

    @Test func boldIsWiderThanRegular() {
        let regular = TextLayout(text: "Segue", font: Font(size: 20))
        let bold = TextLayout(text: "Segue", font: Font(size: 20, weight: .bold))
        #expect(bold.size.width > regular.size.width)
    }

    @Test func wrapsAtMaxWidth() {
        let text = "The quick brown fox jumps over the lazy dog"
        let layout = TextLayout(text: text, font: Font(size: 14), maxWidth: 100)
        #expect(layout.lineCount >= 3)
        #expect(layout.size.width <= 100)
        #expect(layout.size.height > 3 * 14)
    }

    @Test func alignmentMovesInkWithinTheWidth() {
        func firstInkColumn(_ alignment: TextAlignment) -> Int {
            let layout = TextLayout(text: "ab", font: Font(size: 14), maxWidth: 150, alignment: alignment)
            let surface = Surface(width: 160, height: 30)
            Canvas(surface: surface).drawText(layout, at: .zero, color: .black)
            return surface.paintedColumns().first!
        }
        let left = firstInkColumn(.left), center = firstInkColumn(.center), right = firstInkColumn(.right)
        #expect(left < 3 && center > 55 && center < 75 && right > 125)
    }

    @Test func renderingIsTheSameUnderAnyWholePixelTranslation() {
        let layout = TextLayout(text: "Inbox 42", font: Font(size: 15, weight: .medium))
        let a = Surface(width: 100, height: 30), b = Surface(width: 130, height: 60)
        Canvas(surface: a).drawText(layout, at: Point(x: 5, y: 5), color: .black)
        let canvas = Canvas(surface: b)
        canvas.translate(x: 17, y: 23)
        canvas.drawText(layout, at: Point(x: 5, y: 5), color: .black)
        for y in 0..<30 { for x in 0..<100 { #expect(a.pixel(x: x, y: y) == b.pixel(x: x + 17, y: y + 23)) } }
    }
}
