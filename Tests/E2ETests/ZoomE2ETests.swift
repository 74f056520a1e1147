import Foundation
import Geometry
import Canvas
import SegueTestKit
import Motion
import Testing

/// The zoom transition with real input (docs/MOTION.md target 11), in weston and mutter: the
/// Navigation list's Zoom row opens the grid; a click zooms the first picture open; a drag down
/// and across, held, shows the page shrunk about the point taken, where the target's curve puts
/// it; let go near where it started, it springs back whole; after the Right arrow pages to the
/// second picture, a drag down closes it into the second cell, leaving the grid as it was.
@Suite(.serialized)
struct ZoomE2ETests {
    typealias Content = MutterE2ETests.Content

    @Test func weston() throws {
        let session = try HeadlessSession(width: 800, height: 600)
        defer { session.stop() }
        try session.waitForApp()
        try Self.check(session, content: Content(x: 0, y: 0, width: 800), height: 600, label: "weston",
                       parked: session.parkedScreenshot, stable: { try session.stableScreenshot() })
    }

    @Test func mutter() throws {
        let session = try MutterSession()
        defer { session.stop() }
        let launch = try session.waitForApp()
        MutterE2ETests.report(session, "zoom")
        try Self.check(session, content: MutterE2ETests.content(in: launch), height: 700 - Int(DemoLayout.headerHeight),
                       label: "mutter", parked: session.parkedScreenshot, stable: { try session.stableScreenshot() })
    }

    /// The viewer's dark page (0x111114), as drawn or under a light dimming.
    static func isPage(_ c: Color) -> Bool { c.red < 0.15 && c.green < 0.15 && c.blue < 0.15 }

    static func check(_ session: some CompositorSession, content: Content, height: Int, label: String,
                      parked: () throws -> Surface, stable: () throws -> Surface) throws {
        let width = Double(content.width)
        let top = DemoLayout.navigationBarHeight, pageHeight = Double(height) - top - DemoLayout.tabBarHeight
        // The Zoom row is the list's last but one: scrolled to the bottom, just above the switch.
        try session.move(to: content.point(width / 2, 300), afterMs: 100)
        try session.wheel(clicks: 40)
        _ = try parked()
        try session.click(at: content.point(width / 2, top + pageHeight - 28 - 56))
        let grid = try parked()
        session.keep(grid, as: "\(label)-zoom-grid")
        let cell0 = DemoLayout.galleryCell(0, in: Size(width: width, height: Double(height)))
        try session.click(at: content.point(cell0.midX, cell0.midY))
        let viewer = try parked()
        session.keep(viewer, as: "\(label)-zoom-open")
        // The viewer's margins beside the 4 : 3 picture are its dark page.
        try #require(isPage(viewer.pixel(x: content.x + 10, y: content.y + Int(top + pageHeight / 2))),
                     "the click did not open the viewer")
        #expect(session.trace.contains { $0.event == .complete && $0.kind == .push && $0.completed == true })

        // Held 60 px right and 150 px down from the page's middle: the point taken stays under
        // the pointer and the page is scaled by 0.4 + 0.6·e^(−d / (0.5·H)) about it.
        let grab = Point(x: width / 2, y: top + pageHeight / 2)
        let dx = 60.0, dy = 150.0
        try session.move(to: content.point(grab.x, grab.y), afterMs: 100)
        try session.press()
        try session.drag(to: content.point(grab.x + dx, grab.y + dy))
        let held = try stable()
        session.keep(held, as: "\(label)-zoom-held")
        let d = (dx * dx + dy * dy).squareRoot()
        let s = 0.4 + 0.6 * exp(-d / (0.5 * pageHeight))
        let left = grab.x + dx - s * grab.x, right = grab.x + dx + s * (width - grab.x)
        let row = content.y + Int(grab.y + dy)
        // From just inside each expected edge outwards, the page's dark margin ends at the edge.
        let inside = Int((left + 4).rounded())
        #expect(isPage(held.pixel(x: content.x + inside, y: row)), "no page just inside its expected left edge \(left)")
        let firstOutside = (0...inside).reversed().first { !isPage(held.pixel(x: content.x + $0, y: row)) }
        #expect(firstOutside.map { abs(Double($0 + 1) - left) <= 2 } == true,
                "the held page's left edge at \(String(describing: firstOutside)), expected \(left)")
        let insideRight = Int((right - 5).rounded())
        #expect(isPage(held.pixel(x: content.x + insideRight, y: row)), "no page just inside its expected right edge \(right)")
        let lastInside = (insideRight..<content.width).first { !isPage(held.pixel(x: content.x + $0, y: row)) }
        #expect(lastInside.map { abs(Double($0) - right) <= 2 } == true,
                "the held page's right edge at \(String(describing: lastInside)), expected \(right)")

        // Back near where it was taken and still: let go, it springs back whole.
        try session.drag(to: content.point(grab.x + 4, grab.y + 6), steps: 12, intervalMs: 16)
        try session.release(afterMs: 300)
        let back = try parked()
        #expect(back.fractionDiffering(from: viewer) < 0.001, "let go short: the page is whole again")

        // The Right arrow pages to the second picture; a drag down then closes it into the
        // second cell, and the grid is as it was.
        try session.type(.right)
        let second = try parked()
        #expect(second.fractionDiffering(from: viewer) > 0.05, "the arrow paged to another picture")
        try session.move(to: content.point(grab.x, grab.y - 100), afterMs: 100)
        try session.press()
        try session.drag(to: content.point(grab.x, grab.y + 120))
        try session.release(afterMs: 16)
        let closed = try parked()
        session.keep(closed, as: "\(label)-zoom-closed")
        #expect(closed.fractionDiffering(from: grid) < 0.001, "closed into the grid, every cell back")
        let pops = session.trace.filter { $0.event == .complete && $0.kind == .pop }.map(\.completed)
        #expect(pops == [false, true], "\(pops)")
    }
}
