import Geometry
import Canvas
import Demos
import Foundation
import Motion
import SegueTestKit
import Testing

/// Tutorial 001's flat zoom in the real app, in headless weston: push by clicking a cell, an
/// interactive pop by a plain drag on the picture page held at 30 % (the flying picture's rect
/// and the page's fade measured on the screenshot), cancelled, then a second drag that pops.
@Suite(.serialized)
struct GalleryE2ETests {
    static let width = 800, height = 600
    static let galleryTab = DemoLayout.tabButton(.gallery)
    /// The navigation bar (52 px) above the content; the tab bar (60 px) below it.
    static let contentTop = DemoLayout.navigationBarHeight
    static let content = Rect(x: 0, y: 0, width: 800, height: 600 - DemoLayout.navigationBarHeight - DemoLayout.tabBarHeight)
    static let index = 0

    /// Cell `index`'s rect in window coordinates.
    static var cellRect: Rect { GalleryPage.cellFrame(index, width: content.width).offsetBy(dx: 0, dy: contentTop) }
    /// The picture page's image rect in window coordinates.
    static var imageRect: Rect { PhotoPage.imageFrame(in: content).offsetBy(dx: 0, dy: contentTop) }

    /// Picture 0's pixels, against everything around it during the transition (the white page,
    /// faded at most to 0.7 over the grid): its sky and hills are dark, the page is light.
    static func isPicture(_ c: Color) -> Bool { c.red < 0.45 }

    /// The picture's edges in `shot`, each found by scanning across where it is expected
    /// (± `margin` px) for the first and last picture pixel: left and right along a row 15 % down
    /// (sky above the sun), top and bottom along a column 60 % across (clear of the sun).
    static func pictureRect(in shot: Surface, near expected: Rect, margin: Int = 20) -> Rect? {
        let row = Int(expected.minY + 0.15 * expected.height)
        let column = Int(expected.minX + 0.6 * expected.width)
        let xs = max(Int(expected.minX) - margin, 0)...min(Int(expected.maxX) + margin, shot.width - 1)
        let ys = max(Int(expected.minY) - margin, 0)...min(Int(expected.maxY) + margin, shot.height - 1)
        guard let left = xs.first(where: { isPicture(shot.pixel(x: $0, y: row)) }),
              let right = xs.reversed().first(where: { isPicture(shot.pixel(x: $0, y: row)) }),
              let top = ys.first(where: { isPicture(shot.pixel(x: column, y: $0)) }),
              let bottom = ys.reversed().first(where: { isPicture(shot.pixel(x: column, y: $0)) })
        else { return nil }
        return Rect(x: Double(left), y: Double(top), width: Double(right - left + 1), height: Double(bottom - top + 1))
    }

    /// The largest difference of the four edges, in pixels.
    static func edgeError(_ a: Rect, _ b: Rect) -> Double {
        max(abs(a.minX - b.minX), abs(a.minY - b.minY), abs(a.maxX - b.maxX), abs(a.maxY - b.maxY))
    }

    /// Opens the Gallery tab and returns its settled screenshot (pointer parked).
    static func openGallery(_ session: HeadlessSession) throws -> Surface {
        try session.waitForApp()
        try session.click(at: galleryTab)
        // On a busy machine the app may not have read the click yet: with no transition begun,
        // the settled shot below would show the old tab. Wait for the tab switch to start.
        try session.waitFor("the tab switch to begin", timeout: 10) {
            session.trace.contains { $0.event == .begin }
        }
        return try session.parkedScreenshot()
    }

    @Test func clickingACellFliesItsPictureIntoThePage() throws {
        let session = try HeadlessSession(width: Self.width, height: Self.height)
        defer { session.stop() }
        let gallery = try Self.openGallery(session)
        session.keep(gallery, as: "e2e-gallery")
        // The grid: cell 0's picture where GalleryPage.cellFrame puts it (the scan stays within
        // the 12 px gaps: the neighbours are pictures too).
        let cell = try #require(Self.pictureRect(in: gallery, near: Self.cellRect, margin: 8), "no picture at the first cell")
        #expect(Self.edgeError(cell, Self.cellRect) <= 2, "cell picture at \(cell), expected \(Self.cellRect)")

        try session.click(at: Self.cellRect.center)
        let detail = try session.parkedScreenshot()
        session.keep(detail, as: "e2e-gallery-detail")
        let image = try #require(Self.pictureRect(in: detail, near: Self.imageRect), "no picture on the page")
        print("gallery e2e: page picture at \(image), expected \(Self.imageRect), largest edge error \(Self.edgeError(image, Self.imageRect)) px")
        #expect(Self.edgeError(image, Self.imageRect) <= 2, "page picture at \(image), expected \(Self.imageRect)")
        // The grid is gone under the opaque page: where cell 8 was, the page is white.
        #expect(Surface.channelDistance(detail.pixel(x: 40, y: 440), .white) <= 2)

        let pushes = session.trace.filter { $0.kind == .push }.map(\.event.rawValue)
        #expect(pushes == ["begin", "complete"], "one non-interactive push: \(pushes)")
    }

    @Test func dragOnThePageHeldCancelledThenPopped() throws {
        let session = try HeadlessSession(width: Self.width, height: Self.height)
        defer { session.stop() }
        let gallery = try Self.openGallery(session)
        try session.click(at: Self.cellRect.center)
        let detail = try session.parkedScreenshot()

        // A leftward drag on the page does nothing: no pop, and no tab switch on a pushed page.
        let y = Self.contentTop + Self.content.height / 2
        try session.move(to: Point(x: 600, y: y), afterMs: 100)
        try session.press()
        try session.drag(to: Point(x: 300, y: y))
        try session.release(afterMs: 120)
        let afterLeftward = try session.parkedScreenshot()
        #expect(afterLeftward.fractionDiffering(from: detail) < 0.001, "a leftward drag must leave the page as it was")

        // Press at mid-height, well away from the left edge, drag right to 30 % and hold.
        let start = Point(x: 100, y: y)
        try session.move(to: start, afterMs: 100)
        try session.press()
        try session.drag(to: Point(x: start.x + 0.3 * Double(Self.width), y: y))
        let held = try session.stableScreenshot()
        session.keep(held, as: "e2e-gallery-pop-held-30")

        // The flying picture: 30 % of the way from the page's rect to the cell's.
        let expected = Rect.interpolate(from: Self.imageRect, to: Self.cellRect, fraction: 0.3)
        let flying = try #require(Self.pictureRect(in: held, near: expected), "no flying picture near \(expected)")
        let error = Self.edgeError(flying, expected)
        print("gallery e2e: flying picture at 30 % \(flying), expected \(expected), largest edge error \(error) px")
        #expect(error <= 2, "flying picture at \(flying), expected \(expected)")

        // The page's fade: at (40, 440) (left of the flying picture, over cell 8) the page at
        // alpha 0.7 blends with the grid at 0.3.
        let px = 40, py = 440
        let blend = Color.interpolate(from: gallery.pixel(x: px, y: py), to: detail.pixel(x: px, y: py), fraction: 0.7)
        let seen = held.pixel(x: px, y: py)
        let fadeError = Surface.channelDistance(seen, blend)
        print("gallery e2e: fade pixel \(seen), expected \(blend) (grid \(gallery.pixel(x: px, y: py))), error \(fadeError)/255")
        #expect(fadeError <= 2, "page fade at (\(px), \(py)): \(seen), expected alpha 0.7 → \(blend)")
        #expect(Surface.channelDistance(gallery.pixel(x: px, y: py), detail.pixel(x: px, y: py)) > 40,
                "the fade pixel must lie over a picture in the grid to measure anything")

        // Release after a pause: 30 % with no velocity cancels; the page is back exactly.
        try session.release(afterMs: 120)
        let cancelled = try session.parkedScreenshot()
        session.keep(cancelled, as: "e2e-gallery-cancelled")
        #expect(cancelled.fractionDiffering(from: detail) < 0.001, "a cancelled pop must restore the page exactly")

        // A second drag, to 70 %, released: back to the grid as it was at launch.
        try session.move(to: start, afterMs: 100)
        try session.press()
        try session.drag(to: Point(x: start.x + 0.7 * Double(Self.width), y: y))
        try session.release(afterMs: 120)
        let popped = try session.parkedScreenshot()
        session.keep(popped, as: "e2e-gallery-popped")
        #expect(popped.fractionDiffering(from: gallery) < 0.001, "after the pop the grid is back as it was")

        let navigation = session.trace.filter { [.push, .pop].contains($0.kind) }
        let events = navigation.map { "\($0.event.rawValue):\($0.kind.rawValue)" }
        let completions = navigation.filter { $0.event == .complete }.map(\.completed)
        #expect(completions == [true, false, true], "push, cancelled pop, finished pop: \(events)")
        #expect(events.contains("cancel:pop") && events.contains("finish:pop"), "\(events)")
        let updates = navigation.filter { $0.event == .update }.map(\.progress)
        #expect(updates.contains { abs($0 - 0.3) < 0.005 }, "the trace holds the 30 % update")
        #expect(!session.trace.contains { $0.kind == .tab && $0.event == .begin && $0.interactive == true },
                "no interactive tab swipe started")
    }
}
