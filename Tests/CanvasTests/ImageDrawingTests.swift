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

    @Test func pixelatedBlocksAreUniform() {
        let image = Fixture.image(width: 95, height: 64)
        let surface = Surface(width: 95, height: 64)
        let canvas = Canvas(surface: surface)
        canvas.drawPixelated(image, in: Rect(x: 0, y: 0, width: 95, height: 64), blockSize: 10)
        var blockColours = Set<[Int]>()
        for by in stride(from: 0, to: 64, by: 10) {
            for bx in stride(from: 0, to: 95, by: 10) {
                let first = surface.bytes(x: bx, y: by)
                blockColours.insert(first)
                for y in by..<min(by + 10, 64) {
                    for x in bx..<min(bx + 10, 95) {
                        #expect(surface.bytes(x: x, y: y) == first, "block at (\(bx), \(by)), pixel (\(x), \(y))")
                    }
                }
            }
        }
        #expect(blockColours.count > 40)   // 10 × 7 blocks of a varied image: not one flat colour
        // A block takes the image's colour at its centre: the point (bx + 5, by + 5) lies
        // between four pixel centres, so bilinear sampling gives their mean.
        for (bx, by) in [(0, 0), (40, 30), (80, 50), (20, 10)] {
            let block = surface.bytes(x: bx, y: by)
            let neighbours = [(4, 4), (5, 4), (4, 5), (5, 5)].map { image.bytes(x: bx + $0.0, y: by + $0.1) }
            for channel in 0..<3 {
                let mean = Double(neighbours.map { $0[channel] }.reduce(0, +)) / 4
                #expect(abs(Double(block[channel]) - mean) <= 1.5, "block (\(bx), \(by)) channel \(channel)")
            }
        }
    }

    @Test func pixelationReusesItsScratchAndSmallBlocksDrawNormally() {
        let image = Fixture.image(width: 30, height: 30)
        let a = Surface(width: 30, height: 30), b = Surface(width: 30, height: 30)
        let canvas = Canvas(surface: a)
        canvas.drawPixelated(image, in: Rect(x: 0, y: 0, width: 30, height: 30), blockSize: 1)
        Canvas(surface: b).draw(image, in: Rect(x: 0, y: 0, width: 30, height: 30))
        #expect(a.channelDifferences(to: b).max() == 0)
        // Drawing twice at one block size gives the same result (the cached scratch is refilled).
        canvas.drawPixelated(image, in: Rect(x: 0, y: 0, width: 30, height: 30), blockSize: 6)
        let first = (0..<30).map { a.bytes(x: $0, y: 17) }
        canvas.drawPixelated(image, in: Rect(x: 0, y: 0, width: 30, height: 30), blockSize: 6)
        #expect((0..<30).map { a.bytes(x: $0, y: 17) } == first)
    }
}
