import Geometry
import Canvas
import Demos
import Foundation
import SegueTestKit
import Testing

/// A high-resolution wheel in the real app, on mutter 43 and mutter 48 (the Debian 13 lane),
/// which offer `wl_seat` v8: a wheel turned by a fraction of a click reaches a v8 client as `axis_value120` (120 a click, the
/// protocol's unit) with the `axis` distance in proportion, as it happens; a client bound below
/// v8 would only see whole clicks. Driven through mutter's remote desktop (`axis-wheel`: a smooth
/// axis from a wheel source, 10 px a click; `axis-discrete`: whole clicks).
///
/// Over the Navigation list: one whole click scrolls it by that click's distance; then four
/// quarter turns each arrive as `axis_value120` 30 and each moves the list by its own `axis`
/// distance at once (row 2's dot, on the screenshot, to the nearest pixel), summing to what
/// the whole click scrolled.
@Suite(.serialized)
struct HighResolutionWheelE2ETests {
    static let row2Dot = Color(hex: 0x34C759)

    /// The vertical `axis_value120` and `axis` values the app was sent after message `from`.
    static func wheel(_ session: MutterSession, from: Int) -> (value120: [Int], axis: [Double]) {
        let events = session.appProtocolLog.messages.dropFirst(from).filter {
            !$0.sent && $0.interface == "wl_pointer" && $0.int(0) == 0
        }
        return (events.filter { $0.name == "axis_value120" }.compactMap { $0.int(1) },
                session.appProtocolLog.messages.dropFirst(from)
                    .filter { !$0.sent && $0.interface == "wl_pointer" && $0.name == "axis" && $0.int(1) == 0 }
                    .compactMap { $0.double(2) })
    }

    static func dotY(_ shot: Surface, sourceLocation: SourceLocation = #_sourceLocation) throws -> Double {
        try #require(shot.centroid(of: row2Dot), "row 2's dot is not on screen", sourceLocation: sourceLocation).y
    }

    /// The lanes: the host's mutter 43, and mutter 48 in the Debian 13 root.
    static func mutter(_ lane: String) throws -> MutterSession {
        lane == "mutter 48" ? try TrixieLane.mutter() : try MutterSession(options: .init(waylandDebug: true))
    }

    @Test(arguments: ["mutter 43", "mutter 48"])
    func mutterQuarterClicksScrollByQuarterClicks(lane: String) throws {
        let session = try Self.mutter(lane)
        defer { session.stop() }
        let content = try MutterE2ETests.content(in: try session.waitForApp())
        try session.move(to: content.point(Double(content.width) - 40, 300), afterMs: 50)
        var y = try Self.dotY(try session.stableScreenshot())

        // One whole click: the distance a click scrolls.
        var mark = session.appProtocolLog.messages.count
        try session.wheel(clicks: 1)
        try session.waitFor("the click's axis event", timeout: 5) { !Self.wheel(session, from: mark).axis.isEmpty }
        let click = Self.wheel(session, from: mark)
        var next = try Self.dotY(try session.stableScreenshot())
        let clickDistance = y - next
        print("measured: mutter: one click: axis_value120 \(click.value120), axis \(click.axis); list moved \(clickDistance) px")
        #expect(click.value120 == [120], "a whole click is 120 units")
        #expect(abs(clickDistance - click.axis.reduce(0, +)) <= 0.5)
        y = next

        // Four quarter turns, each shown before the next.
        mark = session.appProtocolLog.messages.count
        var moved: [Double] = []
        for turn in 1...4 {
            try session.send("axis-wheel vertical 2.5")
            try session.waitFor("quarter turn \(turn)'s axis event", timeout: 5) { Self.wheel(session, from: mark).axis.count == turn }
            next = try Self.dotY(try session.stableScreenshot())
            moved.append(y - next)
            y = next
        }
        let quarters = Self.wheel(session, from: mark)
        print("measured: mutter: quarter turns: axis_value120 \(quarters.value120), axis \(quarters.axis); list moved \(moved) px")
        #expect(quarters.value120 == [30, 30, 30, 30], "a quarter click is 30 units")
        // Each turn moves the list at once; the picture lands on whole pixels, so the list
        // stands within half a pixel of the distance sent so far (2.5, 5, 7.5, 10 px).
        var sent = 0.0, shown = 0.0
        for (step, distance) in zip(quarters.axis, moved) {
            sent += step
            shown += distance
            #expect(distance > 0 && abs(shown - sent) <= 0.6, "after \(sent) px sent the list moved \(shown) px")
        }
        #expect(abs(shown - clickDistance) <= 0.6, "four quarters scroll \(shown) px, a click \(clickDistance) px")
        #expect(session.traceCount(.begin) == 0, "the wheel began a transition")
    }
}

/// Ctrl+scroll with a high-resolution wheel on mutter 43 and 48 (the Debian 13 lane): the Gallery's layout change follows
/// fractions of a click in the same proportion as the list does (100 px up per doubling of
/// the zoom, the progress log₂ of the zoom, as GalleryLayoutE2ETests has it on weston): one
/// click up (10 px) stands the pictures at 0.1 of the way from the grid to the list, then each
/// quarter turn (2.5 px) moves them a further 0.025 (picture 3's top edge on the screenshot,
/// some 14 px a quarter in a 1024 px window).
@Suite(.serialized)
struct HighResolutionCtrlScrollE2ETests {
    /// The window geometry the app last set (`xdg_surface.set_window_geometry`).
    static func windowSize(_ log: WaylandDebugLog) throws -> Size {
        let set = try #require(log.all("xdg_surface", "set_window_geometry", sent: true).last, "no window geometry set")
        return Size(width: Double(try #require(set.int(2))), height: Double(try #require(set.int(3))))
    }

    @Test(arguments: ["mutter 43", "mutter 48"])
    func mutterQuarterTurnsDriveTheLayoutChangeByQuarters(lane: String) throws {
        let session = try HighResolutionWheelE2ETests.mutter(lane)
        defer { session.stop() }
        let content = try MutterE2ETests.content(in: try session.waitForApp())
        // The page below the app's own header bar (mutter leaves decorations to the app).
        let window = try Self.windowSize(session.appProtocolLog)
        let page = Size(width: Double(content.width), height: window.height - DemoLayout.headerHeight)
        let tab = DemoLayout.tabButton(.gallery, in: page)
        try session.click(at: content.point(tab.x, tab.y))
        try session.waitForTrace(.complete, count: 1)
        try session.move(to: content.point(page.width * 0.75, page.height / 2), afterMs: 50)
        let grid = try session.stableScreenshot()
        session.keep(grid, as: "e2e-mutter-gallery-grid")

        // Picture 3 moves furthest (from the grid's first row, right column, to the list's fourth
        // row): its top edge, found down a column 10 px inside its right edge, where only the
        // page's background lies above it.
        let background = grid.pixel(x: content.x + Int(page.width) - 3, y: content.y + Int(DemoLayout.navigationBarHeight) + 3)
        func expectPicture(at progress: Double, _ name: String) throws {
            let a = GalleryPage.cellFrame(3, width: page.width, layout: .grid)
            let b = GalleryPage.cellFrame(3, width: page.width, layout: .list)
            let top = Double(content.y) + DemoLayout.navigationBarHeight + a.minY + (b.minY - a.minY) * progress
            let column = content.x + Int(a.maxX + (b.maxX - a.maxX) * progress) - 10
            let shot = try session.stableScreenshot()
            session.keep(shot, as: "e2e-mutter-gallery-\(name)")
            let found = (Int(top) - 30...Int(top) + 30).first { y in
                Surface.channelDistance(shot.pixel(x: column, y: y), background) > 24
            }
            print("measured: mutter Ctrl+scroll \(name): picture 3's top at \(String(describing: found)), expected \(top) (progress \(progress))")
            let edge = try #require(found, "\(name): no picture edge near y \(top) at x \(column)")
            #expect(abs(Double(edge) - top) <= 2, "\(name): picture 3's top at \(edge), expected \(top) (progress \(progress))")
        }

        // mutter makes its seat's keyboard with the first key injected. mutter 43 then enters
        // the window with that key held, so Control, the first key here, is known only from the
        // modifiers event after the enter (a held Control once went unnoticed: the pictures
        // stayed put). mutter 48 drops that first key altogether (the enter's modifiers are
        // empty): a Shift tap makes its keyboard first, and Control arrives as a press.
        if lane == "mutter 48" {
            try session.key(EvdevKey.leftShift, down: true)
            try session.key(EvdevKey.leftShift, down: false)
        }
        try session.key(EvdevKey.leftControl, down: true)
        try session.waitFor("keyboard focus", timeout: 5) { !session.appProtocolLog.all("wl_keyboard", "enter", sent: false).isEmpty }
        try session.wheel(clicks: -1)
        try expectPicture(at: 0.1, "one-click")
        try session.send("axis-wheel vertical -2.5")
        try session.send("axis-wheel vertical -2.5")
        try expectPicture(at: 0.15, "two-quarters")
        try session.send("axis-wheel vertical -2.5")
        try session.send("axis-wheel vertical -2.5")
        try expectPicture(at: 0.2, "four-quarters")
        let units = session.appProtocolLog.all("wl_pointer", "axis_value120", sent: false).compactMap { $0.int(1) }
        #expect(units == [-120, -30, -30, -30, -30], "the app was sent \(units)")
        try session.key(EvdevKey.leftControl, down: false)
    }
}
