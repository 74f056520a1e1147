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
        try session.key(29, down: true)
        try session.key(20, down: true)
        try session.key(20, down: false)
        try session.key(29, down: false)
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
