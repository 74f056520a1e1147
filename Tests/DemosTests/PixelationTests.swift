import Geometry
import Canvas
@testable import Demos
import SegueTesting
import Testing

/// The pixelate dissolve's drawing (Demos' `Pixelation`): uniform blocks, each the image's
/// colour at the block's centre, the grid from the top-left corner; small blocks draw the image.
@Suite("Pixelation")
struct PixelationTests {
    /// A deterministic image (SegueTesting's ``FixtureImages/noisyRamp(width:height:translucent:seed:)``).
    static func image(width: Int, height: Int, translucent: Bool = false, seed: UInt64 = 1) -> Surface {
        FixtureImages.noisyRamp(width: width, height: height, translucent: translucent, seed: seed)
    }

    @Test func pixelatedBlocksAreUniform() {
        let image = Self.image(width: 95, height: 64)
        let surface = Surface(width: 95, height: 64)
        let canvas = Canvas(surface: surface)
        Pixelation().draw(image, in: Rect(x: 0, y: 0, width: 95, height: 64), blockSize: 10, on: canvas)
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
        let image = Self.image(width: 30, height: 30)
        let a = Surface(width: 30, height: 30), b = Surface(width: 30, height: 30)
        let canvas = Canvas(surface: a)
        let pixelation = Pixelation()
        pixelation.draw(image, in: Rect(x: 0, y: 0, width: 30, height: 30), blockSize: 1, on: canvas)
        Canvas(surface: b).draw(image, in: Rect(x: 0, y: 0, width: 30, height: 30))
        #expect(a.channelDifferences(to: b).max() == 0)
        // Drawing twice at one block size gives the same result (the cached scratch is refilled).
        pixelation.draw(image, in: Rect(x: 0, y: 0, width: 30, height: 30), blockSize: 6, on: canvas)
        let first = (0..<30).map { a.bytes(x: $0, y: 17) }
        pixelation.draw(image, in: Rect(x: 0, y: 0, width: 30, height: 30), blockSize: 6, on: canvas)
        #expect((0..<30).map { a.bytes(x: $0, y: 17) } == first)
    }
}

private extension Surface {
    /// The pixel as 0…255 channel bytes (r, g, b, a), for readable asserts.
    func bytes(x: Int, y: Int) -> [Int] {
        let c = pixel(x: x, y: y)
        return [c.red, c.green, c.blue, c.alpha].map { Int(($0 * 255).rounded()) }
    }

    /// The largest per-channel difference at each pixel.
    func channelDifferences(to other: Surface) -> [Int] {
        precondition(width == other.width && height == other.height)
        return (0..<height).flatMap { y in
            (0..<width).map { x in zip(bytes(x: x, y: y), other.bytes(x: x, y: y)).map { abs($0 - $1) }.max()! }
        }
    }
}
