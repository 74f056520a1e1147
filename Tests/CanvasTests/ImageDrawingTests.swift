import Geometry
import Canvas
import Motion
import Testing

@Suite("Canvas images and pixelation")
struct ImageDrawingTests {
    @Test func integerTranslationIsAnExactCopy() {
        let image = Fixture.image(width: 30, height: 20, translucent: true)
        let surface = Surface(width: 60, height: 50)
        let canvas = Canvas(surface: surface)
        canvas.translate(x: 5, y: 7)
        canvas.draw(image, at: Point(x: 3, y: 2))
        for y in 0..<50 {
            for x in 0..<60 {
                let inside = (8..<38).contains(x) && (9..<29).contains(y)
                let expected = inside ? image.pixel(x: x - 8, y: y - 9) : Color.clear
                #expect(surface.pixel(x: x, y: y) == expected, "pixel (\(x), \(y))")
            }
        }
    }

    @Test func opaqueDrawEqualsSurfaceCopy() {
        let image = Fixture.image(width: 40, height: 30)
        let drawn = Fixture.solid(width: 40, height: 30, color: Color(hex: 0xff0000, alpha: 0.3))
        Canvas(surface: drawn).draw(image, at: .zero, opaque: true)
        let copied = Surface(width: 40, height: 30)
        copied.copy(from: image)
        #expect(drawn.channelDifferences(to: copied).max() == 0)
    }

    @Test func translucentDrawBlends() {
        let surface = Fixture.solid(width: 10, height: 10, color: .white)
        let black = Fixture.solid(width: 4, height: 4, color: .black)
        Canvas(surface: surface).draw(black, at: Point(x: 2, y: 2), alpha: 0.5)
        #expect((127...128).contains(surface.bytes(x: 3, y: 3)[0]))
        #expect(surface.bytes(x: 6, y: 6)[0] == 255)
    }

    /// Porter and Duff's "over" through a constant alpha, on premultiplied channels:
    /// d' = s·α + d·(1 − s.alpha·α). Drawn 1:1 at a whole-pixel translation inside two clip
    /// rectangles (CPixelKernels' one-pass path), every pixel is within two levels of the
    /// formula, and nothing outside the clip changes.
    @Test(arguments: [(false, 0.25), (false, 0.5), (false, 0.8), (true, 0.3), (true, 0.7)])
    func constantAlphaDrawIsOverThroughThatAlpha(translucent: Bool, alpha: Double) {
        let image = Fixture.image(width: 37, height: 23, translucent: translucent, seed: 7)
        let background = Fixture.image(width: 60, height: 40, translucent: true, seed: 3)
        let surface = Surface(width: 60, height: 40)
        surface.copy(from: background)
        let canvas = Canvas(surface: surface)
        let clips = [Rect(x: 0, y: 0, width: 30, height: 40), Rect(x: 30, y: 12, width: 30, height: 20)]
        canvas.clip(toDeviceRects: clips)
        canvas.translate(x: 9, y: 4)
        canvas.draw(image, at: Point(x: 2, y: 3), alpha: alpha, opaque: !translucent)
        var worst = 0
        for y in 0..<40 {
            for x in 0..<60 {
                let d = background.premultiplied(x: x, y: y)
                let inImage = (11..<48).contains(x) && (7..<30).contains(y)
                let inClip = clips.contains { $0.contains(Point(x: Double(x) + 0.5, y: Double(y) + 0.5)) }
                guard inImage && inClip else {
                    #expect(surface.premultiplied(x: x, y: y) == d, "pixel (\(x), \(y)) outside the clip or image changed")
                    continue
                }
                let s = image.premultiplied(x: x - 11, y: y - 7).map { Double($0) }
                // [a, r, g, b]: the source's alpha is s[0].
                let expected = zip(s, d).map { Int(($0 * alpha + Double($1) * (1 - s[0] / 255 * alpha)).rounded()) }
                let got = surface.premultiplied(x: x, y: y)
                worst = max(worst, zip(expected, got).map { abs($0 - $1) }.max()!)
            }
        }
        #expect(worst <= 2, "largest difference from the formula: \(worst) levels")
    }

    @Test func drawInRectScalesToFill() {
        let image = Fixture.solid(width: 4, height: 2, color: Color(hex: 0x2040c0))
        let surface = Surface(width: 40, height: 40)
        Canvas(surface: surface).draw(image, in: Rect(x: 10, y: 10, width: 20, height: 10))
        #expect(surface.bytes(x: 10, y: 10) == [0x20, 0x40, 0xc0, 255])
        #expect(surface.bytes(x: 29, y: 19) == [0x20, 0x40, 0xc0, 255])   // crisp edge: no fade
        #expect(surface.pixel(x: 30, y: 15) == .clear && surface.pixel(x: 15, y: 20) == .clear)
    }

    @Test(arguments: [ImageFilter.fast, .good, .nearest])
    func everyFilterDrawsAtOneToOneUnchanged(filter: ImageFilter) {
        let image = Fixture.image(width: 16, height: 12)
        let surface = Surface(width: 16, height: 12)
        Canvas(surface: surface).draw(image, in: Rect(x: 0, y: 0, width: 16, height: 12), filter: filter)
        #expect(surface.channelDifferences(to: image).max() == 0)
    }

    /// `draw(_:stretchedOver:)` fills the whole clip, the image's edges extended past `rect`;
    /// `draw(_:in:)` stops at `rect`.
    @Test func stretchedOverFillsTheClipWithTheEdgesExtended() {
        let image = Fixture.image(width: 10, height: 10)
        let surface = Surface(width: 30, height: 10)
        Canvas(surface: surface).draw(image, stretchedOver: Rect(x: 0, y: 0, width: 10, height: 10), filter: .nearest)
        for y in 0..<10 {
            #expect(surface.bytes(x: 25, y: y) == image.bytes(x: 9, y: y), "row \(y): the last column extended")
            #expect(surface.bytes(x: 4, y: y) == image.bytes(x: 4, y: y))
        }
        let bounded = Surface(width: 30, height: 10)
        Canvas(surface: bounded).draw(image, in: Rect(x: 0, y: 0, width: 10, height: 10), filter: .nearest)
        #expect(bounded.pixel(x: 25, y: 5) == .clear)
    }
}
