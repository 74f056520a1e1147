import Geometry
import Canvas
import Demos
import Foundation
import Motion
import SegueTestKit
import Testing

/// The Gallery's layout change in the real app (headless weston, 800 × 600), driven by
/// injected Ctrl+scroll (`key 29` = KEY_LEFTCTRL held, wheel `axis vertical` steps):
/// 100 px up per doubling of the zoom, log₂ of the zoom the progress. Held at one half, every
/// picture stands half-way between its grid frame and its list frame (measured on the
/// screenshot); released short of half after a pause it returns to the exact grid; past half,
/// the captioned list.
@Suite(.serialized)
struct GalleryLayoutE2ETests {
    static let contentTop = GalleryE2ETests.contentTop
    static let width = GalleryE2ETests.content.width

    /// Picture `index`'s rect in window coordinates at `progress` from the grid to the list.
    static func expected(_ index: Int, progress: Double) -> Rect {
        let a = GalleryPage.cellFrame(index, width: width, layout: .grid)
        let b = GalleryPage.cellFrame(index, width: width, layout: .list)
        return Rect(x: a.minX + (b.minX - a.minX) * progress, y: a.minY + (b.minY - a.minY) * progress,
                    width: a.width + (b.width - a.width) * progress, height: a.height + (b.height - a.height) * progress)
            .offsetBy(dx: 0, dy: contentTop)
    }

    /// Picture 0's edges in `shot`, scanned across where expected (± 8 px): left and right
    /// along a row 15 % down, top and bottom along a column 20 % across — clear of picture 1,
    /// which overlaps picture 0's lower right while the layouts change.
    static func pictureZero(in shot: Surface, near expected: Rect) -> Rect? {
        let row = Int(expected.minY + 0.15 * expected.height), column = Int(expected.minX + 0.2 * expected.width)
        let xs = max(Int(expected.minX) - 8, 0)...min(Int(expected.maxX) + 8, shot.width - 1)
        let ys = max(Int(expected.minY) - 8, 0)...min(Int(expected.maxY) + 8, shot.height - 1)
        let isPicture = { (x: Int, y: Int) in GalleryE2ETests.isPicture(shot.pixel(x: x, y: y)) }
        guard let left = xs.first(where: { isPicture($0, row) }), let right = xs.reversed().first(where: { isPicture($0, row) }),
              let top = ys.first(where: { isPicture(column, $0) }), let bottom = ys.reversed().first(where: { isPicture(column, $0) })
        else { return nil }
        return Rect(x: Double(left), y: Double(top), width: Double(right - left + 1), height: Double(bottom - top + 1))
    }

    static func scroll(_ session: HeadlessSession, _ dy: Double) throws {
        session.advance(ms: 16)
        try session.send("axis vertical \(dy) \(session.clock)")
    }

    @Test func ctrlScrollHeldHalfWayThenCancelsThenSwitchesToTheList() throws {
        let session = try HeadlessSession(width: 800, height: 600)
        defer { session.stop() }
        let grid = try GalleryE2ETests.openGallery(session)
        try session.move(to: Point(x: 600, y: 300), afterMs: 50)

        // Ctrl held, 50 px up in two wheel steps: zoom 2^0.5, half-way.
        try session.key(EvdevKey.leftControl, down: true)
        try Self.scroll(session, -20)
        try Self.scroll(session, -30)
        let half = try session.stableScreenshot()
        session.keep(half, as: "e2e-gallery-layout-held-50")
        // Picture 0 moves least and stays clear of the others: its edges on the screenshot.
        let expected = Self.expected(0, progress: 0.5)
        let found = try #require(Self.pictureZero(in: half, near: expected), "no picture near \(expected)")
        print("gallery layout e2e: picture 0 at \(found), expected \(expected)")
        #expect(GalleryE2ETests.edgeError(found, expected) <= 2, "picture 0 at \(found), expected \(expected)")

        // Back to 0.45 and let go of Ctrl after a pause: short of half, the grid returns exactly.
        let scrolls = try session.appStats().scrollEvents
        try Self.scroll(session, 5)
        // The step arrived and was drawn; the pause is in the events' own time.
        try session.confirm("the 5 px step") { $0.scrollEvents > scrolls }
        try session.waitForAppToSettle()
        session.advance(ms: 150)
        try session.key(EvdevKey.leftControl, down: false)
        let back = try session.parkedScreenshot()
        session.keep(back, as: "e2e-gallery-layout-cancelled")
        #expect(back.fractionDiffering(from: grid) < 0.001, "the grid exactly as before")

        // 70 px up and release: the captioned list.
        try session.move(to: Point(x: 600, y: 300), afterMs: 50)
        try session.key(EvdevKey.leftControl, down: true)
        let before = try session.appStats().scrollEvents
        try Self.scroll(session, -70)
        try session.confirm("the 70 px step") { $0.scrollEvents > before }
        try session.waitForAppToSettle()
        session.advance(ms: 150)
        try session.key(EvdevKey.leftControl, down: false)
        let list = try session.parkedScreenshot()
        session.keep(list, as: "e2e-gallery-layout-list")
        let listRect = Self.expected(0, progress: 1)
        let listFound = try #require(Self.pictureZero(in: list, near: listRect), "no picture near \(listRect)")
        #expect(GalleryE2ETests.edgeError(listFound, listRect) <= 2, "picture 0 at \(listFound), expected \(listRect)")
        // The caption's dark text right of the picture, where the grid had picture 2 or a gap.
        let caption = GalleryPage.captionFrame(0, width: Self.width, layout: .list).offsetBy(dx: 0, dy: Self.contentTop)
        let dark = (Int(caption.minX)..<Int(caption.minX + 120)).contains { x in
            (Int(caption.minY)..<Int(caption.maxY)).contains { y in list.pixel(x: x, y: y).red < 0.3 }
        }
        #expect(dark, "caption text at \(caption)")
    }
}
