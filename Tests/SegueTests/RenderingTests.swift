import Geometry
import Canvas
import Motion
import Segue
import Testing

@MainActor
@Suite("Rendering offscreen")
struct RenderingTests {
    /// Largest per-channel difference, 0…255.
    private func distance(_ a: Color, _ b: Color) -> Int {
        Int((max(abs(a.red - b.red), abs(a.green - b.green), abs(a.blue - b.blue)) * 255).rounded())
    }

    private func expectColor(_ surface: Surface, _ x: Int, _ y: Int, _ expected: Color, tolerance: Int = 3,
                             _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let actual = surface.pixel(x: x, y: y)
        #expect(distance(actual, expected) <= tolerance, "\(what) at (\(x), \(y)): \(actual), expected \(expected)",
                sourceLocation: sourceLocation)
    }

    static let white = Color(hex: 0xFFFFFF)
    static let accent = Color(hex: 0x3478F6)
    /// The detail page's tint: white mixed 12 % towards the first row's accent.
    static let detailTint = Color.interpolate(from: .white, to: accent, fraction: 0.12)

    @Test func aSettledListShowsWhiteRowsAndTheFirstRowsAccentDot() {
        let demo = NavigationFixture(size: Size(width: 400, height: 300))
        let surface = demo.host.render()
        #expect(surface.width == 400 && surface.height == 300)

        expectColor(surface, 26, 80, Self.accent, "the first row's dot")
        expectColor(surface, 26, 80 + 56, Color(hex: 0x30B0C7), "the second row's dot")
        expectColor(surface, 8, 80, Self.white, "left of the dot")
        expectColor(surface, 395, 60, Self.white, "the first row's right end")
        expectColor(surface, 300, 290, Self.white, "the last visible row")
        expectColor(surface, 200, 52 + 56 - 1, Color(hex: 0xE5E5EA), "the first row's hairline")
        expectColor(surface, 200, 10, Color(hex: 0xF9F9FB), "the navigation bar")
        expectColor(surface, 200, 51, Color(hex: 0xD1D1D6), "the bar's bottom hairline")
    }

    @Test func aMidDragFrameSplitsAtThePointer() throws {
        let demo = NavigationFixture(size: Size(width: 400, height: 300))
        try #require(demo.pushByTappingRow(0) is RowDetailPage)
        demo.host.drag(from: demo.edgePoint(), to: Point(x: 160, y: 160))
        let surface = demo.host.render()

        // y = 60 is above the detail page's card (it starts 24 px into the content) and in the
        // list's first row above its title text, so left of the split is white, right of it tint.
        let y = 60
        let split = (0..<400).first { distance(surface.pixel(x: $0, y: y), Self.detailTint) <= 3 }
        #expect(split == 160, "the detail page's left edge is at column \(split.map(String.init) ?? "none")")
        expectColor(surface, 159, y, Self.white, "the list's last column")
        expectColor(surface, 160, y, Self.detailTint, "the detail page's first column")
        expectColor(surface, 399, y, Self.detailTint, "the detail page at the window's right")
        expectColor(surface, 100, y, Self.white, "the list, shifted left by 60 %")

        // The detail's card starts 24 px in: at 160 + 24 in the content, below y = 52 + 24.
        expectColor(surface, 160 + 30, 52 + 60, Self.accent, "the detail page's card")
        expectColor(surface, 160 + 10, 52 + 60, Self.detailTint, "left of the card")
        // The list's first-row dot (x 16…36) has slid off: 26 − 240 < 0.
        expectColor(surface, 26, 80, Self.white, "no dot where the list's dot was")
        // The list's chevron tip (local x 382 at the row's middle, 2 px stroke) is at 382 − 240 = 142.
        let chevronColumn = (120..<160).first { surface.pixel(x: $0, y: 80).red < 0.9 }
        #expect(chevronColumn.map { abs($0 - 141) <= 2 } == true, "chevron at \(String(describing: chevronColumn))")

        demo.host.release()
        demo.host.runFrames()
    }

    @Test func renderingTwiceWithoutChangesGivesTheSamePixels() {
        let demo = NavigationFixture(size: Size(width: 400, height: 300))
        let a = demo.host.render()
        let b = demo.host.render()
        var differing = 0
        for y in stride(from: 0, to: 300, by: 3) {
            for x in stride(from: 0, to: 400, by: 3) where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) {
                differing += 1
            }
        }
        #expect(differing == 0)
    }
}
