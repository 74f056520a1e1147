import Geometry
import Canvas
import Foundation
import Motion
import SegueTestKit
import Testing

/// The tutorials' own transition code (Tests/TutorialPortsTests/Ports, built into
/// Examples/tutorial-ports with its starter pages) in headless weston, driven by injected pointer
/// events: 002's card flip presented by a click and dismissed by its left-edge swipe (held
/// mid-way, cancelled, then finished), 004's expand dismissed by a pan down, 000's slide popped by
/// the navigation controller's edge drag. After each dismissal the presenting page is back on
/// screen (issue 25: the ports' dismissal animators put it into the container).
@Suite(.serialized)
struct TutorialPortsE2ETests {
    static let width = 800, height = 600

    static func launch(_ scene: String, name: String = #function) throws -> HeadlessSession {
        guard FileManager.default.isExecutableFile(atPath: Paths.tutorialPortsExample) else {
            throw HarnessError("\(Paths.tutorialPortsExample) is not built (make examples)")
        }
        let session = try HeadlessSession(width: width, height: height, options: .init(
            client: .init(path: Paths.tutorialPortsExample, environment: ["TUTORIAL_SCENE": scene])), name: name)
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

    // 002's starter colours (Tests/TutorialPortsTests/Support/GuessThePet.swift).
    static let cardPage = Color(hex: 0xE9C46A), card = Color(hex: 0x2A9D8F)
    static let reveal = Color(hex: 0x1D3557), picture = Color(hex: 0xF4A261)

    @Test func cardFlipPortPresentsAndItsEdgeSwipeDismisses() throws {
        let session = try Self.launch("002")
        defer { session.stop() }
        let first = try session.parkedScreenshot()
        session.keep(first, as: "e2e-ports-002-card")
        #expect(Self.isColour(first, 100, 300, Self.cardPage) && Self.isColour(first, 400, 300, Self.card), "the card page")

        try session.click(at: Point(x: 400, y: 300))
        let revealed = try Self.waitFor(session, "the reveal page", 100, 300, Self.reveal)
        session.keep(revealed, as: "e2e-ports-002-reveal")
        #expect(Self.isColour(revealed, 400, 300, Self.picture), "the reveal page's picture")

        // The left-edge swipe, held at 80 px: progress 80 / 200 = 0.4, in the flip's second third
        // (the card page edge-on, the reveal page turning in the card's rect).
        try session.move(to: Point(x: 3, y: 300), afterMs: 100)
        try session.press()
        try session.drag(to: Point(x: 83, y: 300))
        let held = try session.stableScreenshot()
        session.keep(held, as: "e2e-ports-002-swipe-held-40")
        #expect(!Self.isColour(held, 100, 300, Self.reveal) && !Self.isColour(held, 100, 300, Self.cardPage),
                "mid-flip: neither page covers the left of the window")
        try session.release()
        let cancelled = try Self.waitFor(session, "the reveal page back (cancelled at 0.4)", 100, 300, Self.reveal)
        #expect(Self.isColour(cancelled, 400, 300, Self.picture))

        // Past half: dismissed, and the card page is back on screen.
        try session.move(to: Point(x: 3, y: 300), afterMs: 100)
        try session.press()
        try session.drag(to: Point(x: 163, y: 300))
        try session.release()
        let dismissed = try Self.waitFor(session, "the card page back", 100, 300, Self.cardPage)
        session.keep(dismissed, as: "e2e-ports-002-dismissed")
        #expect(Self.isColour(dismissed, 400, 300, Self.card), "the card page is back in the window")
    }

    // 004's starter colours (Support/CustomTransitionStarter.swift).
    static let root = Color(hex: 0xF1FAEE), detailPicture = Color(hex: 0xE63946), detail = Color(hex: 0x1D3557)

    @Test func expandPortPresentsAndItsPanDownDismisses() throws {
        let session = try Self.launch("004")
        defer { session.stop() }
        let first = try session.parkedScreenshot()
        #expect(Self.isColour(first, 400, 300, Self.root), "the root page")
        try session.click(at: Point(x: 400, y: 300))
        // 3 s, the tutorial's demo speed.
        let presented = try Self.waitFor(session, "the detail page", 400, 150, Self.detailPicture)
        session.keep(presented, as: "e2e-ports-004-detail")
        #expect(Self.isColour(presented, 400, 420, Self.detail))

        // A pan down of 400 px on a 600 px page: past half, dismissed (3 s more).
        try session.move(to: Point(x: 400, y: 100), afterMs: 100)
        try session.press()
        try session.drag(to: Point(x: 400, y: 500), steps: 20)
        try session.release()
        let dismissed = try Self.waitFor(session, "the root page back", 600, 300, Self.root, timeout: 20)
        session.keep(dismissed, as: "e2e-ports-004-dismissed")
        #expect(Self.isColour(dismissed, 400, 500, Self.root), "the root page is back in the window")
    }

    // 000's pages (Examples/Sources/tutorial-ports/TutorialPortsApp.swift).
    static let firstPage = Color(hex: 0x264653), secondPage = Color(hex: 0xE76F51)

    @Test func slidePortPushesAndTheEdgeDragPops() throws {
        let session = try Self.launch("000")
        defer { session.stop() }
        let first = try session.parkedScreenshot()
        session.keep(first, as: "e2e-ports-000-first")
        #expect(Self.isColour(first, 400, 300, Self.firstPage), "the first page")
        try session.click(at: Point(x: 400, y: 300))
        // Away from the pointer, which stays where it clicked.
        let pushed = try Self.waitFor(session, "the second page", 600, 400, Self.secondPage)
        session.keep(pushed, as: "e2e-ports-000-pushed")

        // Held at 40 % of the width: the tutorial's slide on its ease-in-out curve, scrubbed: the
        // second page's left edge is right of the window's left, short of 40 % (the curve is
        // behind a linear slide before half way).
        try session.move(to: Point(x: 5, y: 300), afterMs: 100)
        try session.press()
        try session.drag(to: Point(x: 5 + 0.4 * Double(Self.width), y: 300))
        let held = try session.stableScreenshot()
        session.keep(held, as: "e2e-ports-000-pop-held-40")
        let edge = held.firstColumn(inRow: 300) { Surface.channelDistance($0, Self.secondPage) <= 3 }
        #expect(edge.map { $0 > 0 && $0 < Int(0.4 * Double(Self.width)) } == true, "second page's edge at \(String(describing: edge))")
        #expect(Self.isColour(held, 2, 300, Self.firstPage), "the first page comes in from the left")
        try session.drag(to: Point(x: 700, y: 300))
        try session.release()
        let popped = try Self.waitFor(session, "the first page back", 600, 400, Self.firstPage)
        #expect(Self.isColour(popped, 400, 300, Self.firstPage))
    }
}
