import Geometry
import Canvas
import Demos
import Foundation
import Motion
import SegueTestKit
import Testing

/// The Navigation list scrolled by a mouse wheel in the real app, in headless weston (kiosk):
/// wheel steps through `segue-inject` (`axis vertical VALUE T`: source wheel, value in surface
/// pixels) move the list by their distance, clamp at its end, and come back to the launch frame.
@Suite(.serialized)
struct ScrollE2ETests {
    static let width = 800, height = 600
    /// The list: rows of 56 px from y 52 (below the bar) to 540 (the tab bar's top).
    static let listTop = Int(DemoLayout.navigationBarHeight), rowHeight = Int(ListPage.rowHeight)
    static let tabBarTop = height - Int(DemoLayout.tabBarHeight)
    static let hairline = Color(hex: 0xE5E5EA)

    /// The y of row `row`'s hairline (its last line) with the list scrolled by `offset`.
    static func hairlineY(row: Int, offset: Int) -> Int { listTop + row * rowHeight + rowHeight - 1 - offset }

    /// A hairline is a line across the row: its colour at x 100, 300, 500 and 700 (text is not).
    static func isHairline(_ shot: Surface, y: Int) -> Bool {
        [100, 300, 500, 700].allSatisfy { Surface.channelDistance(shot.pixel(x: $0, y: y), hairline) <= 3 }
    }

    /// The rows' hairlines found between the bar and the tab bar.
    static func hairlines(_ shot: Surface) -> [Int] {
        (listTop..<tabBarTop).filter { isHairline(shot, y: $0) }
    }

    @Test func theWheelScrollsTheListByItsDistanceAndClampsAtTheEnd() throws {
        let session = try HeadlessSession(width: Self.width, height: Self.height)
        defer { session.stop() }
        try session.waitForApp()
        let launch = try session.parkedScreenshot()
        session.keep(launch, as: "e2e-scroll-launch")
        #expect(Self.hairlines(launch) == (0..<8).map { Self.hairlineY(row: $0, offset: 0) }, "\(Self.hairlines(launch))")

        // Three wheel steps of 30 px over the list.
        try session.move(to: Point(x: 600, y: 300), afterMs: 100)
        for _ in 0..<3 {
            session.advance(ms: 40)
            try session.send("axis vertical 30 \(session.clock)")
        }
        try session.parkPointer()
        let scrolled = try session.stableScreenshot()
        session.keep(scrolled, as: "e2e-scroll-wheel-90")
        let expected = (1..<10).map { Self.hairlineY(row: $0, offset: 90) }
        #expect(Self.hairlines(scrolled) == expected, "hairlines \(Self.hairlines(scrolled)), expected \(expected)")
        // Row 2's accent dot (#34C759) moved up by 90 px with its row.
        let dot = scrolled.pixel(x: 26, y: Self.listTop + 2 * Self.rowHeight + 28 - 90)
        #expect(Surface.channelDistance(dot, Color(hex: 0x34C759)) <= 3, "row 2's dot is \(dot)")
        // The bar and the tab bar stayed.
        for y in [10, 30, 45, 560, 590] {
            #expect((0..<Self.width).allSatisfy { scrolled.pixel(x: $0, y: y) == launch.pixel(x: $0, y: y) }, "row \(y) changed")
        }

        // Far down: the list stops with its last row's hairline just above the tab bar.
        try session.move(to: Point(x: 600, y: 300), afterMs: 100)
        session.advance(ms: 40)
        try session.send("axis vertical 2000 \(session.clock)")
        try session.parkPointer()
        let end = try session.stableScreenshot()
        session.keep(end, as: "e2e-scroll-end")
        let last = Self.hairlines(end).last
        #expect(last == Self.tabBarTop - 1, "last hairline at \(String(describing: last))")
        #expect(Surface.channelDistance(end.pixel(x: 300, y: Self.tabBarTop - 2), .white) <= 3)

        // And back up: exactly the launch frame.
        try session.move(to: Point(x: 600, y: 300), afterMs: 100)
        session.advance(ms: 40)
        try session.send("axis vertical -5000 \(session.clock)")
        let back = try session.parkedScreenshot()
        #expect(back.fractionDiffering(from: launch) < 0.001)
        #expect(session.traceCount(.begin) == 0, "a wheel started a transition")
    }
}
