import Geometry
import Canvas
import Motion
import SegueTestKit
import Testing

/// Touch and touchpad in a real compositor: a finger from the left edge drives the pop as the
/// pointer does, and a two-finger touchpad scroll (wl_pointer axis source finger, axis events,
/// axis_stop) swipes tabs and pops. Geometry from the navigation tests: the detail page's
/// left edge sits at the drag's fraction of the width.
@Suite(.serialized)
struct TouchAndTouchpadE2ETests {
    static let width = 800, height = 600
    static let backgroundRow = NavigationE2ETests.backgroundRow
    static let modalBackground = Color(hex: 0xFFF7E8)

    private func pushDetail(_ session: HeadlessSession) throws -> Surface {
        try session.click(at: NavigationE2ETests.firstRow)
        let detail = try session.parkedScreenshot()
        #expect(NavigationE2ETests.isDetailTint(detail.pixel(x: 400, y: Self.backgroundRow)), "no detail page")
        return detail
    }

    private func touch(_ session: HeadlessSession, _ phase: TouchPhase, _ point: Point? = nil, afterMs ms: UInt32 = 16) throws {
        try session.touch(phase, at: point, afterMs: ms)
    }

    /// A two-finger horizontal scroll of `units` in `steps` events 16 ms apart; lifted when `lift`.
    private func fingerScroll(_ session: HeadlessSession, units: Double, steps: Int = 12, lift: Bool) throws {
        for _ in 0..<steps {
            session.advance(ms: 16)
            try session.send("finger horizontal \(units / Double(steps)) \(session.clock)")
        }
        if lift {
            session.advance(ms: 16)
            try session.send("finger-stop horizontal \(session.clock)")
        }
    }

    @Test func aFingerFromTheLeftEdgeDrivesThePop() throws {
        let session = try HeadlessSession(width: Self.width, height: Self.height)
        defer { session.stop() }
        try session.waitForApp()
        let list = try session.parkedScreenshot()
        _ = try pushDetail(session)

        let y = 300.0
        try touch(session, .down, Point(x: 5, y: y), afterMs: 100)
        for step in 1...12 {
            try touch(session, .motion, Point(x: 5 + (0.4 * Double(Self.width) - 5) * Double(step) / 12, y: y))
        }
        let held = try session.stableScreenshot()
        session.keep(held, as: "e2e-touch-pop-held-40")
        let edge = held.firstColumn(inRow: Self.backgroundRow, where: NavigationE2ETests.isDetailTint)
        #expect(edge.map { abs($0 - 320) <= 2 } == true, "detail page's left edge at \(String(describing: edge)), expected 320 ± 2")

        // On to 70 % and lift: past half-way, the pop completes.
        for step in 1...6 {
            try touch(session, .motion, Point(x: 320 + (0.7 * Double(Self.width) - 320) * Double(step) / 6, y: y))
        }
        try touch(session, .up, afterMs: 120)
        let popped = try session.parkedScreenshot()
        #expect(popped.fractionDiffering(from: list) < 0.001, "after the pop the list is back")
        let completions = session.trace.filter { $0.event == .complete }
        #expect(completions.map(\.kind) == [.push, .pop])
        #expect(completions.map(\.completed) == [true, true])
    }

    @Test func twoFingerSwipesSwitchTabsAndPop() throws {
        let session = try HeadlessSession(width: Self.width, height: Self.height)
        defer { session.stop() }
        try session.waitForApp()
        _ = try pushDetail(session)

        // On the pushed page, content scrolled left (negative) by 60 % of a page pops it
        // (400 scroll units are one page).
        try session.move(to: Point(x: 500, y: 300), afterMs: 50)
        try fingerScroll(session, units: -240, lift: false)
        let held = try session.stableScreenshot()
        session.keep(held, as: "e2e-touchpad-pop-held-60")
        let edge = held.firstColumn(inRow: Self.backgroundRow, where: NavigationE2ETests.isDetailTint)
        #expect(edge.map { abs($0 - 480) <= 2 } == true, "detail page's left edge at \(String(describing: edge)), expected 480 ± 2")
        session.advance(ms: 120)
        try session.send("finger-stop horizontal \(session.clock)")
        try session.waitForTrace([.complete], count: 2)
        _ = try session.parkedScreenshot()

        // On the root page, content scrolled right by half a page and lifted: the next tab.
        try session.move(to: Point(x: 400, y: 300), afterMs: 50)
        try fingerScroll(session, units: 240, lift: true)
        try session.waitForTrace([.complete], count: 3)
        let tab = try session.parkedScreenshot()
        session.keep(tab, as: "e2e-touchpad-tab-swipe")
        #expect(Surface.channelDistance(tab.pixel(x: 400, y: 450), Self.modalBackground) <= 3, "the Modal tab should show")
        let completions = session.trace.filter { $0.event == .complete }
        #expect(completions.map(\.kind) == [.push, .pop, .tab])
        #expect(completions.map(\.completed) == [true, true, true])
    }
}
