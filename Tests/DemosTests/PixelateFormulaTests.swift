import Geometry
import Canvas
@testable import Demos
import Motion
import Segue
import SegueTesting
import Testing

/// Tutorial 003's pixelate dissolve on the pixels. The article's facts: the blend's mix is the
/// progress p; the outgoing picture is pixellated with blocks of p × 0.1 of the width, the
/// incoming one with (1 − p) × 0.1.
///
/// GPUImage's pixellate filter samples the centre of square blocks of that fraction of the
/// width, the grid starting at the picture's top-left; its dissolve blend is
/// mix(source, target, p). So at progress p on a page w wide, the old page is made of
/// p·0.1·w-pixel squares, the new one of (1 − p)·0.1·w squares, and the two are mixed p of
/// the new one. Inputs here are synthetic (noise, or tiles of known colours), so the expected
/// picture follows from the formula alone; colours are exact to 1/255 per channel (rounding
/// of the 8-bit blend).
@MainActor
@Suite("Pixelate formulas (tutorial 003)")
struct PixelateFormulaTests {
    static let width = 400, height = 300

    /// A picture of per-pixel noise (a hash of x, y and `seed`): neighbouring blocks of any size
    /// average to different colours.
    static func noise(seed: UInt32) -> Surface {
        let surface = Surface(width: width, height: height)
        let canvas = Canvas(surface: surface)
        for y in 0..<height {
            for x in 0..<width {
                var h = UInt32(truncatingIfNeeded: x &* 73_856_093) ^ UInt32(truncatingIfNeeded: y &* 19_349_663) ^ seed
                h = (h ^ (h >> 13)) &* 0x5bd1_e995
                h ^= h >> 15
                let color = Color(red: Double(h & 0xff) / 255, green: Double((h >> 8) & 0xff) / 255,
                                  blue: Double((h >> 16) & 0xff) / 255)
                canvas.fill(Rect(x: Double(x), y: Double(y), width: 1, height: 1), color: color)
            }
        }
        return surface
    }

    /// Renders the effect view over `size` at `progress`.
    static func render(from source: Surface, to target: Surface, progress: Double) -> Surface {
        let effect = PixelateView(from: source, to: target)
        effect.frame = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        effect.progress = progress
        return effect.snapshot(deviceScale: 1)
    }

    /// Checks `shot` is made of `block`-pixel squares from its top-left: constant within each,
    /// and different across nearly every block boundary (noise averages never repeat exactly;
    /// ≥ 95 % of boundary pairs differ).
    static func expectBlocks(of block: Int, in shot: Surface, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        var inside = 0
        for y in 0..<shot.height {
            for x in 0..<shot.width where shot.pixel(x: x, y: y) != shot.pixel(x: x - x % block, y: y - y % block) {
                inside += 1
            }
        }
        #expect(inside == 0, "\(what): \(inside) pixels differ from their \(block) px block's corner", sourceLocation: sourceLocation)
        var boundaries = 0, changes = 0
        for y in stride(from: block / 2, to: shot.height, by: block) {
            for x in stride(from: block, to: shot.width, by: block) {
                boundaries += 1
                if shot.pixel(x: x, y: y) != shot.pixel(x: x - 1, y: y) { changes += 1 }
            }
        }
        #expect(Double(changes) >= 0.95 * Double(boundaries),
                "\(what): the colour changes at only \(changes) of \(boundaries) \(block) px block boundaries",
                sourceLocation: sourceLocation)
    }

    @Test("at p = 0.3 on a 400 px page the old page is in 12 px blocks (p × 0.1 × w), opaque")
    func sourceBlocks() {
        let shot = Self.render(from: Self.noise(seed: 1), to: Surface(width: Self.width, height: Self.height), progress: 0.3)
        Self.expectBlocks(of: 12, in: shot, "old page at 0.3")
        #expect(shot.pixel(x: 200, y: 150).alpha == 1)
    }

    @Test("at p = 0.3 the new page is in 28 px blocks ((1 − p) × 0.1 × w) at alpha p")
    func targetBlocks() {
        let shot = Self.render(from: Surface(width: Self.width, height: Self.height), to: Self.noise(seed: 2), progress: 0.3)
        Self.expectBlocks(of: 28, in: shot, "new page at 0.3")
        for (x, y) in [(5, 5), (200, 150), (399, 299)] {
            #expect(abs(shot.pixel(x: x, y: y).alpha - 0.3) <= 1.0 / 255, "alpha at (\(x), \(y)): \(shot.pixel(x: x, y: y).alpha)")
        }
    }

    @Test("at p = 0.8 on a 400 px page: old page in 32 px blocks, new page in 8 px blocks")
    func blocksFollowProgress() {
        let transparent = Surface(width: Self.width, height: Self.height)
        Self.expectBlocks(of: 32, in: Self.render(from: Self.noise(seed: 3), to: transparent, progress: 0.8), "old page at 0.8")
        Self.expectBlocks(of: 8, in: Self.render(from: transparent, to: Self.noise(seed: 4), progress: 0.8), "new page at 0.8")
    }

    /// 20 px tiles of colours that depend on the tile's column and row.
    static func tiles(_ color: (Int, Int) -> Color) -> Surface {
        let surface = Surface(width: width, height: height)
        let canvas = Canvas(surface: surface)
        for row in 0..<(height / 20) {
            for column in 0..<(width / 20) {
                canvas.fill(Rect(x: Double(column * 20), y: Double(row * 20), width: 20, height: 20), color: color(column, row))
            }
        }
        return surface
    }

    @Test("at the cross-over (p = 0.5) both pages are in 20 px blocks and every pixel is their exact 50 % mix")
    func halfMix() {
        // Both block sizes are 0.5 × 0.1 × 400 = 20 px, on the tiles' own grid: each block's
        // colour is its tile's, whatever point of the tile the filter samples.
        func old(_ c: Int, _ r: Int) -> Color { Color(red: Double(c * 12) / 255, green: Double(r * 17) / 255, blue: 1) }
        func new(_ c: Int, _ r: Int) -> Color { Color(red: 1 - Double(r * 13) / 255, green: Double((c * 37) % 256) / 255, blue: 0.2) }
        let shot = Self.render(from: Self.tiles(old), to: Self.tiles(new), progress: 0.5)
        var worst = 0, worstAt = (0, 0)
        for y in 0..<Self.height {
            for x in 0..<Self.width {
                let a = old(x / 20, y / 20), b = new(x / 20, y / 20)
                let expected = Color(red: (a.red + b.red) / 2, green: (a.green + b.green) / 2, blue: (a.blue + b.blue) / 2)
                let distance = Surface.channelDistance(shot.pixel(x: x, y: y), expected)
                if distance > worst { worst = distance; worstAt = (x, y) }
            }
        }
        print("measured: pixelate 50 % mix, largest channel error \(worst)/255 at \(worstAt)")
        #expect(worst <= 1, "largest channel error \(worst)/255 at \(worstAt): \(shot.pixel(x: worstAt.0, y: worstAt.1))")
    }

    @Test("in the app's pixelate push at 0.3 s of 1 s the picture changes only on 12 or 28 px block boundaries")
    func realPushIsMadeOfBlocks() throws {
        let navigation = DemoNavigationController(rootViewController: ListPage(title: "Navigation", items: DemoItem.samples))
        let host = OffscreenWindow(root: navigation)
        host.click(at: Point(x: 200, y: 52 + 28 + 2 * ListPage.rowHeight))
        host.frame()
        host.frame(after: 0.3 * 1.0) // the dissolve's 1 s (tutorial 003 gives no figure: the demo's choice)
        let effect = try #require(navigation.containerView.subviews.compactMap { $0 as? PixelateView }.first)
        #expect(abs(effect.progress - 0.3) < 1e-9)
        #expect(effect.bounds.width == 400)
        let origin = effect.convert(Point(x: 0, y: 0), to: nil)
        let shot = host.render()
        let x0 = Int(origin.x), y0 = Int(origin.y)
        var offGrid = 0, changes = 0
        for y in y0..<min(y0 + Int(effect.bounds.height), shot.height) {
            for x in (x0 + 1)..<min(x0 + Int(effect.bounds.width), shot.width) where shot.pixel(x: x, y: y) != shot.pixel(x: x - 1, y: y) {
                changes += 1
                let u = x - x0
                if u % 12 != 0 && u % 28 != 0 { offGrid += 1 }
            }
        }
        #expect(changes > 0, "the dissolve shows something")
        #expect(offGrid == 0, "\(offGrid) of \(changes) horizontal colour changes fall off the 12 and 28 px grids")
    }
}
