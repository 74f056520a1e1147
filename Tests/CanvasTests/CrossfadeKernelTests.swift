import Geometry
import Canvas
import Testing

/// CPixelKernels' one-pass cross-fade (``Canvas/drawCrossfade(from:to:fraction:origin:rect:)``),
/// whichever of its loops the machine runs (32 bytes at a time with AVX2, else 16): every byte
/// is `(a · (256 − w) + b · w + 128) >> 8` with `w` the fraction in 256ths, exactly, and within
/// 2 levels of Cairo's own drawing of `to` over `from` at that alpha.
@Suite("Cross-fade kernel")
struct CrossfadeKernelTests {
    /// Widths with row tails of every length past the 32- and 16-byte loops (1 … 8 pixels
    /// left over), and a rect that starts off the images' first column.
    @Test(arguments: [(41, 0.0), (45, 0.3), (37, 0.5), (64, 0.77), (3, 0.61), (130, 1.0)])
    func everyByteIsTheMixInWhole256ths(width: Int, fraction: Double) {
        let height = 9
        let from = Fixture.image(width: width + 3, height: height + 2, seed: 11)
        let to = Fixture.image(width: width + 3, height: height + 2, seed: 12)
        let target = Fixture.image(width: width + 6, height: height + 4, translucent: true, seed: 13)
        let before = Fixture.image(width: width + 6, height: height + 4, translucent: true, seed: 13)
        let canvas = Canvas(surface: target)
        // The images' top-left pixel at (2, 1) of the target; the mix covers (3, 2) … (3 + width, 2 + height).
        let rect = Rect(x: 3, y: 2, width: Double(width), height: Double(height))
        #expect(canvas.drawCrossfade(from: from, to: to, fraction: fraction, origin: Point(x: 2, y: 1), rect: rect))
        let w = Int((fraction * 256).rounded())
        var wrong = 0, outside = 0
        for y in 0..<target.height {
            for x in 0..<target.width {
                let got = target.premultiplied(x: x, y: y)
                guard (3..<(3 + width)).contains(x), (2..<(2 + height)).contains(y) else {
                    if got != before.premultiplied(x: x, y: y) { outside += 1 }
                    continue
                }
                let a = from.premultiplied(x: x - 2, y: y - 1), b = to.premultiplied(x: x - 2, y: y - 1)
                let expected = zip(a, b).map { ($0 * (256 - w) + $1 * w + 128) >> 8 }
                if got != expected { wrong += 1 }
            }
        }
        #expect(wrong == 0, "\(wrong) pixels differ from the mix")
        #expect(outside == 0, "\(outside) pixels outside the rect changed")
    }

    @Test(arguments: [0.2, 0.5, 0.85])
    func theMixIsCairosOwnDrawingWithinTwoLevels(fraction: Double) {
        let from = Fixture.image(width: 101, height: 17, seed: 21)
        let to = Fixture.image(width: 101, height: 17, seed: 22)
        let mixed = Surface(width: 101, height: 17)
        Canvas(surface: mixed).drawCrossfade(from: from, to: to, fraction: fraction, origin: .zero,
                                             rect: Rect(x: 0, y: 0, width: 101, height: 17))
        // Cairo: `from` copied, then `to` painted over it at the fraction by Cairo itself
        // (stretched over its own size: not the one-pass path that 1:1 draws take).
        let drawn = Surface(width: 101, height: 17)
        drawn.copy(from: from)
        let canvas = Canvas(surface: drawn)
        canvas.draw(to, stretchedOver: Rect(x: 0, y: 0, width: 101, height: 17), alpha: fraction, filter: .nearest)
        #expect(mixed.channelDifferences(to: drawn).max()! <= 2)
    }
}
