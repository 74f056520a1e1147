import Geometry
import Canvas
import Foundation
import Motion
import SegueTestKit
import Testing

/// The UIKit conformance scenes (Tests/UIKitConformanceTests/Scenes, built into
/// Examples/uikit-conformance) in headless weston, driven by injected pointer events: the page
/// turn presented by a click and dismissed by its left-edge swipe (held mid-way and cancelled,
/// then finished), the grown page put back by a pull down, the delegate's slide popped by the
/// navigation controller's edge drag. After each dismissal the presenting page is on screen
/// again. Figures: tutorial 002's 200-point swipe, 004's half-height pull, 000's slide.
@Suite(.serialized)
struct UIKitConformanceE2ETests {
    static let width = 800, height = 600

    static func launch(_ scene: String, name: String = #function) throws -> HeadlessSession {
        guard FileManager.default.isExecutableFile(atPath: Paths.conformanceExample) else {
            throw HarnessError("\(Paths.conformanceExample) is not built (make examples)")
        }
        let session = try HeadlessSession(width: width, height: height, options: .init(
            client: .init(path: Paths.conformanceExample, environment: ["CONFORMANCE_SCENE": scene])), name: name)
        try session.waitForApp()
        return session
    }

    static func isColour(_ shot: Surface, _ x: Int, _ y: Int, _ colour: Color) -> Bool {
        Surface.channelDistance(shot.pixel(x: x, y: y), colour) <= 3
    }

    /// Waits until the pixel at (x, y) shows `colour`, then for the screen to be still.
    static func waitFor(_ session: HeadlessSession, _ what: String, _ x: Int, _ y: Int, _ colour: Color,
                        timeout: Double = 15) throws -> Surface {
        try session.waitFor(what, timeout: timeout) {
            guard let shot = try? session.screenshot() else { return false }
            return isColour(shot, x, y, colour)
        }
        return try session.parkedScreenshot()
    }

    // Scenes/PageTurn.swift's colours.
    static let paper = Color(hex: 0xF2E8CF), tile = Color(hex: 0x386641)
    static let field = Color(hex: 0x283618), square = Color(hex: 0xDDA15E)

    @Test func pageTurnPresentsAndItsEdgeSwipeCancelsThenDismisses() throws {
        let session = try Self.launch("turn")
        defer { session.stop() }
        let first = try session.parkedScreenshot()
        session.keep(first, as: "e2e-conformance-turn-sheet")
        #expect(Self.isColour(first, 100, 300, Self.paper) && Self.isColour(first, 400, 300, Self.tile), "the sheet and its tile")

        try session.click(at: Point(x: 400, y: 300))
        let turned = try Self.waitFor(session, "the back side", 100, 300, Self.field)
        session.keep(turned, as: "e2e-conformance-turn-back")
        #expect(Self.isColour(turned, 400, 300, Self.square))

        // Held 80 points in: 0.4 of the turn back, in its second keyframe (the sheet edge-on,
        // the snapshot turning on the tile): neither page covers the window's left.
        try session.move(to: Point(x: 3, y: 300), afterMs: 100)
        try session.press()
        try session.drag(to: Point(x: 83, y: 300))
        let held = try session.stableScreenshot()
        session.keep(held, as: "e2e-conformance-turn-held-40")
        #expect(!Self.isColour(held, 100, 300, Self.field) && !Self.isColour(held, 100, 300, Self.paper), "mid-turn")
        try session.release()
        let cancelled = try Self.waitFor(session, "the back side again (cancelled at 0.4)", 100, 300, Self.field)
        #expect(Self.isColour(cancelled, 400, 300, Self.square))

        try session.move(to: Point(x: 3, y: 300), afterMs: 100)
        try session.press()
        try session.drag(to: Point(x: 163, y: 300))
        try session.release()
        let dismissed = try Self.waitFor(session, "the sheet again", 100, 300, Self.paper)
        session.keep(dismissed, as: "e2e-conformance-turn-dismissed")
        #expect(Self.isColour(dismissed, 400, 300, Self.tile), "the presenter is back in the window")
    }

    // Scenes/GrowFromIcon.swift's colours.
    static let launcher = Color(hex: 0xEDF6F9), picture = Color(hex: 0xE29578), iconPage = Color(hex: 0x83C5BE)

    @Test func grownPageIsPutBackByAPullDown() throws {
        let session = try Self.launch("grow")
        defer { session.stop() }
        #expect(Self.isColour(try session.parkedScreenshot(), 400, 300, Self.launcher))
        try session.click(at: Point(x: 400, y: 300))
        let grown = try Self.waitFor(session, "the icon's page", 400, 150, Self.picture)
        session.keep(grown, as: "e2e-conformance-grown")
        #expect(Self.isColour(grown, 600, 420, Self.iconPage))

        // 400 of 600 points down: past half, put back (3 s more).
        try session.move(to: Point(x: 400, y: 100), afterMs: 100)
        try session.press()
        try session.drag(to: Point(x: 400, y: 500), steps: 20)
        try session.release()
        let back = try Self.waitFor(session, "the launcher again", 600, 300, Self.launcher, timeout: 20)
        session.keep(back, as: "e2e-conformance-pulled-down")
        #expect(Self.isColour(back, 400, 500, Self.launcher))
    }

    // Examples/Sources/uikit-conformance's navigation pages.
    static let firstPage = Color(hex: 0x6A994E), secondPage = Color(hex: 0xBC4749)

    @Test func delegatesSlidePushesAndTheEdgeDragPops() throws {
        let session = try Self.launch("slide")
        defer { session.stop() }
        #expect(Self.isColour(try session.parkedScreenshot(), 400, 300, Self.firstPage))
        try session.click(at: Point(x: 400, y: 300))
        let pushed = try Self.waitFor(session, "the second page", 600, 400, Self.secondPage)
        session.keep(pushed, as: "e2e-conformance-slide-pushed")

        // Held at 40 % of the width: the slide's ease-in-out is behind a linear one before half
        // way, so the second page's left edge is right of the window's, short of 40 %.
        try session.move(to: Point(x: 5, y: 300), afterMs: 100)
        try session.press()
        try session.drag(to: Point(x: 5 + 0.4 * Double(Self.width), y: 300))
        let held = try session.stableScreenshot()
        session.keep(held, as: "e2e-conformance-slide-held-40")
        let edge = held.firstColumn(inRow: 300) { Surface.channelDistance($0, Self.secondPage) <= 3 }
        #expect(edge.map { $0 > 0 && $0 < Int(0.4 * Double(Self.width)) } == true, "second page's edge at \(String(describing: edge))")
        #expect(Self.isColour(held, 2, 300, Self.firstPage), "the first page comes in from the left")
        try session.drag(to: Point(x: 700, y: 300))
        try session.release()
        let popped = try Self.waitFor(session, "the first page again", 600, 400, Self.firstPage)
        #expect(Self.isColour(popped, 400, 300, Self.firstPage))
    }
}
