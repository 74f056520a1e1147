import Geometry
import Canvas
import Foundation
import Motion
import SegueTestKit
import Testing

/// Examples/: an app built outside this package, by path, with one `import SegueKit` — run in
/// headless weston and caught mid-transition.
@Suite(.serialized)
struct ExamplesE2ETests {
    static let width = 800, height = 600
    /// The pages' colours (Hello.swift: white shaded towards blue by 8 % per page).
    static let page1 = Color(red: 0.92, green: 0.92, blue: 1)
    static let page2 = Color(red: 0.84, green: 0.84, blue: 1)
    /// A spot of page background, and the Next button (24…144 × 24…68 in the page, below the bar).
    static let background = (x: 400, y: 400)

    @Test func helloCrossFadesItsPushAndPresentsASheet() throws {
        guard FileManager.default.isExecutableFile(atPath: Paths.helloExample) else {
            throw HarnessError("\(Paths.helloExample) is not built (make examples)")
        }
        // ×20: the 0.4 s cross-fade takes 8 s, so a screenshot lands in it.
        let session = try HeadlessSession(width: Self.width, height: Self.height, options: .init(
            client: .init(path: Paths.helloExample, environment: ["SEGUE_SLOWDOWN": "20"])))
        defer { session.stop() }
        try session.waitForApp()
        let first = try session.parkedScreenshot()
        session.keep(first, as: "e2e-hello-first")
        #expect(Surface.channelDistance(first.pixel(x: Self.background.x, y: Self.background.y), Self.page1) <= 2)
        let nextButton = try #require(Self.buttonCentre(in: first), "the Next button's blue title")

        try session.click(at: nextButton)
        var middle: Surface?
        try session.waitFor("a frame in the middle of the cross-fade", timeout: 15) {
            guard let shot = try? session.screenshot() else { return false }
            let c = shot.pixel(x: Self.background.x, y: Self.background.y)
            // Strictly between the two pages, away from both ends.
            if c.red < Self.page1.red - 0.02 && c.red > Self.page2.red + 0.02 { middle = shot; return true }
            return false
        }
        let mid = try #require(middle)
        session.keep(mid, as: "e2e-hello-crossfade-mid")
        // A cross-fade: one alpha over the whole page, so red and green move together and blue stays 1.
        let c = mid.pixel(x: Self.background.x, y: Self.background.y)
        #expect(abs(c.red - c.green) <= 2.0 / 255 && c.blue > 0.99, "a blend of the two pages: \(c)")

        // Back to normal speed (Ctrl+T leaves the launch slowdown); the push ends, then the sheet.
        try session.type(.t, holding: [.leftControl])
        let second = try session.parkedScreenshot()
        #expect(Surface.channelDistance(second.pixel(x: Self.background.x, y: Self.background.y), Self.page2) <= 2)
        try session.click(at: Point(x: nextButton.x + 136, y: nextButton.y))
        try session.waitFor("the sheet to cover the window", timeout: 10) {
            guard let shot = try? session.screenshot() else { return false }
            return Surface.channelDistance(shot.pixel(x: Self.background.x, y: 60), Color(hex: 0xFFD60A)) <= 2
        }
        let sheet = try session.parkedScreenshot()
        session.keep(sheet, as: "e2e-hello-sheet")
        #expect(Surface.channelDistance(sheet.pixel(x: Self.background.x, y: Self.height - 10), Color(hex: 0xFFD60A)) <= 2,
                "the sheet covers the window")

        // Esc closes the sheet; then the custom container's own swipe, held at 40 % of the width.
        try session.type(.escape)
        try session.waitFor("the sheet to go", timeout: 10) {
            guard let shot = try? session.screenshot() else { return false }
            return Surface.channelDistance(shot.pixel(x: Self.background.x, y: Self.background.y), Self.page2) <= 2
        }
        _ = try session.parkedScreenshot()
        try session.move(to: Point(x: 600, y: 400), afterMs: 100)
        try session.press()
        try session.drag(to: Point(x: 600 - 0.4 * Double(Self.width), y: 400))
        let held = try session.stableScreenshot()
        session.keep(held, as: "e2e-hello-pager-held-40")
        // The pager's slide: the incoming page 4 (shade 1 − 0.08 × 4) from x = 60 % of the width.
        let page4 = Color(red: 0.68, green: 0.68, blue: 1)
        let edge = held.firstColumn(inRow: Self.background.y) { Surface.channelDistance($0, page4) <= 2 }
        #expect(edge.map { abs($0 - 480) <= 2 } == true, "page 4's left edge at \(String(describing: edge)), expected 480 ± 2")
        #expect(Surface.channelDistance(held.pixel(x: 200, y: Self.background.y), Self.page2) <= 2, "page 2 still on the left")
        try session.drag(to: Point(x: 100, y: 400))
        try session.release()
        let turned = try session.parkedScreenshot()
        #expect(Surface.channelDistance(turned.pixel(x: Self.background.x, y: Self.background.y), page4) <= 2, "turned to page 4")
    }

    /// The centre of the first button: the first row, scanning down the left, with the buttons'
    /// blue (#0A66D8) title text.
    static func buttonCentre(in shot: Surface) -> Point? {
        for y in 0..<200 {
            for x in 0..<150 where Surface.channelDistance(shot.pixel(x: x, y: y), Color(hex: 0x0A66D8)) <= 40 {
                return Point(x: 84, y: Double(y) + 6)
            }
        }
        return nil
    }
}
