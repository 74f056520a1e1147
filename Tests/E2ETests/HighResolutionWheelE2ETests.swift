import Geometry
import Canvas
import Foundation
import SegueTestKit
import Testing

/// A high-resolution wheel in the real app, on mutter 43, which offers `wl_seat` v8: a wheel
/// turned by a fraction of a click reaches a v8 client as `axis_value120` (120 a click, the
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

    @Test func mutterQuarterClicksScrollByQuarterClicks() throws {
        let session = try MutterSession(options: .init(waylandDebug: true))
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
