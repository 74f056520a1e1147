import Geometry
import Canvas
import Foundation
import Motion
import SegueTestKit
import Testing

/// segue-demo in mutter 43, headless (GNOME's compositor): a compositor that offers no
/// xdg-decoration, places the window itself and animates its mapping. Input and screenshots go
/// through mutter's RemoteDesktop and ScreenCast D-Bus interfaces (see ``MutterSession``).
///
/// Where the window is comes from each screenshot: the list's first-row accent dot (#3478F6,
/// centred at (26, 80) in the navigation page) gives the app content's top-left corner; the
/// content's width is where the list's white ends in its background row.
@Suite(.serialized)
struct MutterE2ETests {
    /// The header bar the app draws itself when the compositor offers no decorations: 46
    /// logical px at the top of the window geometry (libadwaita 1.2's, written out in
    /// ``DemoLayout/headerHeight``), the app's content right below it.
    static let headerHeight = Int(DemoLayout.headerHeight)
    /// The dot's centre in the navigation page's coordinates.
    static let dotInPage = DemoLayout.rowDot(0)
    /// A row of list background below the rows (and of detail page below its text), as in
    /// NavigationE2ETests, in the page's coordinates.
    static let backgroundRow = 500

    static func isWhite(_ c: Color) -> Bool { c.red > 0.99 && c.green > 0.99 && c.blue > 0.99 }
    /// The detail page's tint (white mixed 12 % towards #3478F6).
    static func isDetailTint(_ c: Color) -> Bool { c.red < 0.95 && c.blue > 0.97 }
    static func isDark(_ c: Color) -> Bool { max(c.red, c.green, c.blue) < 0.45 }
    static func luminance(_ c: Color) -> Double { 0.2126 * c.red + 0.7152 * c.green + 0.0722 * c.blue }

    /// The app content's top-left corner on screen and its width.
    struct Content {
        var x: Int, y: Int, width: Int
        func point(_ dx: Double, _ dy: Double) -> Point { Point(x: Double(x) + dx, y: Double(y) + dy) }
    }

    /// Finds the app's content from the list page's accent dot and the white of its background row.
    static func content(in shot: Surface) throws -> Content {
        guard let dot = MutterSession.accentDot(in: shot) else {
            throw HarnessError("no first-row accent dot (#3478F6) on screen: is the list page in front?")
        }
        let x = Int(dot.x) - dotInPage.x, y = Int(dot.y) - dotInPage.y
        let row = y + backgroundRow
        guard row < shot.height, x >= 0, isWhite(shot.pixel(x: x, y: row)) else {
            throw HarnessError("the list's background row at y \(row) is not white from x \(x)")
        }
        var right = x
        while right + 1 < shot.width && isWhite(shot.pixel(x: right + 1, y: row)) { right += 1 }
        return Content(x: x, y: y, width: right - x + 1)
    }

    static func report(_ session: MutterSession, _ test: String) {
        print("mutter \(test): start-up \(session.startupSummary)")
    }

    /// mutter offers no xdg-decoration: the app must draw its own header bar — 46 px at the top
    /// of its window geometry, light, with dark title text and three buttons at the right end,
    /// the rightmost the close button — with its content right below.
    @Test func drawsItsOwnHeaderBar() throws {
        let session = try MutterSession()
        defer { session.stop() }
        try Self.checkOwnHeaderBar(session, label: "mutter")
    }

    /// ``drawsItsOwnHeaderBar()`` in `session` (also the Debian 13 lane's, TrixieDesktopsE2ETests);
    /// screenshots kept as `LABEL-csd`.
    static func checkOwnHeaderBar(_ session: MutterSession, label: String) throws {
        let shot = try session.waitForApp()
        session.keep(shot, as: "\(label)-csd")
        Self.report(session, "CSD")
        let content = try Self.content(in: shot)
        let top = content.y - Self.headerHeight
        // The content itself is as on weston: the navigation bar's dark title near its centre.
        let centre = content.x + content.width / 2
        let navigationTitle = (centre - 60..<centre + 60).contains { x in
            (content.y + 14..<content.y + 38).contains { y in Self.isDark(shot.pixel(x: x, y: y)) }
        }
        #expect(navigationTitle, "no navigation bar title at the top of the content (y \(content.y))")

        try #require(top >= 2, """
            the app's content starts at y \(content.y), so no 46 px header bar is above it: \
            the window geometry's top is the content's top (no client-side decorations)
            """)
        // The band: a column clear of the title and the buttons, light and even over the
        // header's rows (its first and last row may be a highlight or a border line),
        // and not light just above the window geometry (shadow over mutter's dark desktop).
        let column = content.x + 30
        let band = shot.pixel(x: column, y: top + Self.headerHeight / 2)
        #expect(Self.luminance(band) > 0.7, "header band at (\(column), \(top + 23)) is \(band), not a light header bar")
        let uneven = (top + 1..<content.y - 1).filter { Surface.channelDistance(shot.pixel(x: column, y: $0), band) > 16 }
        #expect(uneven.isEmpty, "rows \(uneven.prefix(8)) of the header band at x \(column) differ from \(band)")
        let above = shot.pixel(x: column, y: top - 2)
        #expect(Surface.channelDistance(above, band) > 40,
                "2 px above the expected header top (y \(top)) is \(above), like the header: the band is taller than 46 px")

        // Dark title text somewhere in the band, left of the buttons.
        let rows = top + 6..<content.y - 6
        let titlePixels = (content.x + 10..<content.x + content.width - 130).reduce(0) { count, x in
            count + rows.filter { Self.isDark(shot.pixel(x: x, y: $0)) }.count
        }
        #expect(titlePixels >= 20, "no dark title text in the header bar (\(titlePixels) dark pixels)")

        // Buttons: the columns holding dark glyph pixels in the right-most 150 px, grouped by
        // gaps; the close button's glyph is the right-most group, within 46 px of the edge.
        let right = content.x + content.width
        let glyphColumns = (right - 150..<right - 2).filter { x in
            (top + 8..<content.y - 8).contains { Self.isDark(shot.pixel(x: x, y: $0)) }
        }
        var groups: [[Int]] = []
        for x in glyphColumns {
            if let last = groups.last?.last, x - last <= 4 { groups[groups.count - 1].append(x) } else { groups.append([x]) }
        }
        #expect(groups.count >= 3, "expected three button glyphs at the header's right end, found \(groups.count) (columns \(glyphColumns))")
        let close = groups.last
        #expect(close.map { right - $0.last! <= 46 && $0.count >= 5 } == true,
                "no dark close glyph within 46 px of the header's right end (x \(right)): \(String(describing: close))")
    }

    /// Press on the header bar (20 px below the window geometry's top, 120 px from its left),
    /// drag by (+150, +90) and release: the window (its accent dot) moves by the drag.
    ///
    /// A 1600×1000 monitor: mutter centres the 1024 px window, and on 1280×800 a 150 px move
    /// would push its edge past the screen's, where mutter's edge resistance (32 px) holds it:
    /// that would test mutter, not the app.
    @Test func draggingTheHeaderBarMovesTheWindow() throws {
        let session = try MutterSession(width: 1600, height: 1000)
        defer { session.stop() }
        let before = try session.waitForApp()
        Self.report(session, "header drag")
        let content = try Self.content(in: before)
        let dot = try #require(MutterSession.accentDot(in: before))
        try #require(content.x + content.width + 150 < session.width && content.y + 700 + 90 < session.height,
                     "the window has no room to move by (150, 90) without touching the screen's edge")

        let geometryTop = content.y - Self.headerHeight
        let start = content.point(120, Double(geometryTop - content.y + 20))
        let end = Point(x: start.x + 150, y: start.y + 90)
        // Hover over the bar first, as a hand would, then press.
        try session.move(to: Point(x: start.x - 10, y: start.y), afterMs: 100)
        try session.move(to: start, afterMs: 300)
        try session.press(afterMs: 100)
        try session.drag(to: end, steps: 15)
        // Hold the button there until the window follows: the app asks for the move once the
        // press passed its drag threshold, and a starved app may ask only after the last motion;
        // mutter then moves the window with the next one (relative to the press), so nudge the
        // pointer by a pixel and back. Releasing earlier would make mutter refuse the move.
        try? session.waitFor("the window to follow the header drag", timeout: 3) {
            try? session.move(to: Point(x: end.x + 1, y: end.y), afterMs: 20)
            try? session.move(to: end, afterMs: 20)
            guard let shot = try? session.screenshot(), let now = MutterSession.accentDot(in: shot) else { return false }
            return now.x != dot.x || now.y != dot.y
        }
        try session.release(afterMs: 50)
        let after = try session.parkedScreenshot()
        session.keep(after, as: "mutter-header-drag")
        let moved = try #require(MutterSession.accentDot(in: after), "the accent dot is gone after the drag")
        let dx = moved.x - dot.x, dy = moved.y - dot.y
        #expect(abs(dx - 150) <= 2 && abs(dy - 90) <= 2,
                "the window moved by (\(dx), \(dy)) for a header drag of (150, 90) from \(start)")
    }

    /// The edge pop of NavigationE2ETests in mutter: click the first row, press 5 px inside the
    /// content's left edge, drag to 40 % of the width and hold: the detail page's left edge is
    /// at 40 % ± 2 px, the list page showing left of it.
    @Test func edgePopHeldAtFortyPercent() throws {
        let session = try MutterSession()
        defer { session.stop() }
        try Self.checkEdgePopHeldAtFortyPercent(session, label: "mutter")
    }

    /// ``edgePopHeldAtFortyPercent()`` in `session`; screenshots kept as `LABEL-detail` and
    /// `LABEL-pop-held-40`.
    static func checkEdgePopHeldAtFortyPercent(_ session: MutterSession, label: String) throws {
        let launch = try session.waitForApp()
        Self.report(session, "edge pop")
        let content = try Self.content(in: launch)
        let row = content.y + Self.backgroundRow

        try session.click(at: content.point(DemoLayout.row(0).x, DemoLayout.row(0).y))
        let detail = try session.parkedScreenshot()
        session.keep(detail, as: "\(label)-detail")
        try #require(Self.isDetailTint(detail.pixel(x: content.x + content.width / 2, y: row)),
                     "the click did not push the detail page")

        let y = 300.0
        try session.move(to: content.point(5, y), afterMs: 100)
        try session.press()
        try session.drag(to: content.point(0.4 * Double(content.width), y))
        let held = try session.stableScreenshot()
        session.keep(held, as: "\(label)-pop-held-40")
        let expected = content.x + Int((0.4 * Double(content.width)).rounded())
        let edge = held.firstColumn(inRow: row, from: content.x, where: Self.isDetailTint)
        #expect(edge.map { abs($0 - expected) <= 2 } == true,
                "detail page's left edge at \(String(describing: edge)), expected \(expected) ± 2")
        #expect(Self.isWhite(held.pixel(x: content.x + content.width / 5, y: row)), "list page not visible left of the detail page")
        let updates = session.trace.filter { $0.event == .update }.map(\.progress)
        #expect(updates.contains { abs($0 - 0.4) < 0.01 }, "the trace should hold the 40 % update: \(updates.suffix(4))")
        try session.release(afterMs: 120)
        try session.waitForTransitionsToSettle()
    }
}
