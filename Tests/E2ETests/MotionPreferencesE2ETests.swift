import Geometry
import Canvas
import Foundation
import Motion
import SegueTestKit
import Testing

/// segue-demo under the desktop's motion preferences, from a fake settings portal, in headless
/// weston: with reduced motion a clicked push and the card flip are cross-fades (every pixel that
/// changes is the mix of its start and end at one common fraction: nothing slides or turns),
/// while an edge drag held at 40 % still shows the page 40 % across; with animations off a push
/// begins and completes with no frame between. Animations run 10× slower (`--slow 10`) so that a
/// screenshot catches the fade mid-way.
@Suite(.serialized)
struct MotionPreferencesE2ETests {
    static let width = 800, height = 600
    /// A row of page background below the list's rows and the detail page's text.
    static let backgroundRow = 500

    private func start(_ key: String, _ value: String, slow: Bool = true) throws -> (FakeSettingsPortal, HeadlessSession) {
        let namespace = key == "reduced-motion" ? "org.freedesktop.appearance" : "org.gnome.desktop.interface"
        let portal = try FakeSettingsPortal(settings: [(namespace, key, value)])
        var options = HeadlessSession.Options(environment: portal.environment)
        options.arguments = slow ? ["--slow", "10"] : []
        let session = try HeadlessSession(width: Self.width, height: Self.height, options: options)
        try session.waitForApp()
        return (portal, session)
    }

    /// The fraction `f` fitted so that `mid ≈ start + f·(end − start)` over the pixels of `rows`
    /// that change by more than 24/255, and the worst distance (0…255) of any of them from it.
    private func commonMix(start: Surface, mid: Surface, end: Surface, rows: Range<Int>) -> (fraction: Double, worst: Double, changed: Int) {
        var samples: [(Double, Double, Double)] = []
        for y in rows {
            // The parked pointer's tip is the screen's last pixel, in whatever shape it had.
            for x in 0..<start.width where !(x >= start.width - 2 && y >= start.height - 2) {
                let a = start.pixel(x: x, y: y), b = end.pixel(x: x, y: y)
                guard Surface.channelDistance(a, b) > 24 else { continue }
                let m = mid.pixel(x: x, y: y)
                samples += [(a.red, m.red, b.red), (a.green, m.green, b.green), (a.blue, m.blue, b.blue)]
            }
        }
        let numerator = samples.reduce(0) { $0 + ($1.1 - $1.0) * ($1.2 - $1.0) }
        let denominator = samples.reduce(0) { $0 + ($1.2 - $1.0) * ($1.2 - $1.0) }
        let f = denominator > 0 ? numerator / denominator : 0
        let worst = samples.reduce(0) { max($0, abs($1.1 - ($1.0 + f * ($1.2 - $1.0))) * 255) }
        return (f, worst, samples.count / 3)
    }

    /// Clicks `point`, takes a screenshot part-way through the (slowed) transition, waits for
    /// its end, and returns start, middle and end.
    private func catchMidway(_ session: HeadlessSession, clicking point: Point) throws -> (Surface, Surface, Surface) {
        let start = try session.parkedScreenshot()
        let completed = session.trace.filter { $0.event == .complete }.count
        try session.click(at: point)
        // The pointer out of the way (it is drawn in the screenshots), then 1 s into the
        // 0.25 s × 10 = 2.5 s fade, by the app's own begin.
        try session.parkPointer()
        try session.waitUntil(1.0, afterLatestBegin: 10)
        let mid = try session.screenshot()
        try session.waitForTrace([.complete], count: completed + 1, timeout: 15)
        let end = try session.parkedScreenshot()
        return (start, mid, end)
    }

    @Test func reducedMotionMakesAClickedPushACrossFade() throws {
        let (portal, session) = try start("reduced-motion", "uint32 1")
        defer { session.stop(); _ = portal }
        let (start, mid, end) = try catchMidway(session, clicking: DemoLayout.row(0))
        session.keep(mid, as: "reduced-motion-push-midway")
        // Below the navigation bar, whose titles fade one after the other.
        let mix = commonMix(start: start, mid: mid, end: end, rows: Int(DemoLayout.navigationBarHeight)..<(Self.height - Int(DemoLayout.tabBarHeight)))
        #expect(mix.changed > 5000, "the push changed the page")
        #expect(mix.fraction > 0.05 && mix.fraction < 0.95, "caught mid-way: \(mix.fraction)")
        #expect(mix.worst <= 8, "one common mix, nothing offset: worst \(mix.worst) at f \(mix.fraction)")
    }

    @Test func reducedMotionMakesTheCardFlipACrossFadeWithNoRotation() throws {
        let (portal, session) = try start("reduced-motion", "uint32 1")
        defer { session.stop(); _ = portal }
        try session.click(at: DemoLayout.tabButton(.modal))
        try session.waitForTrace([.complete], count: 1, timeout: 15)
        // The modal tab's card presents the flip card page (a cross-fade too)…
        let (pageStart, pageMid, pageEnd) = try catchMidway(session, clicking: DemoLayout.modalCard)
        let page = commonMix(start: pageStart, mid: pageMid, end: pageEnd, rows: 0..<Self.height)
        #expect(page.worst <= 8, "the flip card page's presentation: worst \(page.worst) at f \(page.fraction)")
        // …and a click on its card flips it (tutorial 002): here a cross-fade, no turn.
        let (start, mid, end) = try catchMidway(session, clicking: DemoLayout.flipCard)
        session.keep(mid, as: "reduced-motion-flip-midway")
        let mix = commonMix(start: start, mid: mid, end: end, rows: 0..<Self.height)
        #expect(mix.changed > 5000)
        #expect(mix.fraction > 0.05 && mix.fraction < 0.95, "caught mid-way: \(mix.fraction)")
        #expect(mix.worst <= 8, "a turning card is no mix: worst \(mix.worst)")
    }

    @Test func withReducedMotionAnEdgeDragStillFollowsTheFinger() throws {
        let (portal, session) = try start("reduced-motion", "uint32 1", slow: false)
        defer { session.stop(); _ = portal }
        try session.click(at: DemoLayout.row(0))
        try session.waitForTrace([.complete], count: 1, timeout: 15)
        _ = try session.parkedScreenshot()
        try session.move(to: Point(x: 5, y: 300), afterMs: 100)
        try session.press()
        try session.drag(to: Point(x: 0.4 * Double(Self.width), y: 300))
        let held = try session.stableScreenshot()
        session.keep(held, as: "reduced-motion-pop-held-40")
        // The detail page's tint (white mixed 12 % towards #3478F6) starts 40 % across.
        let edge = held.firstColumn(inRow: Self.backgroundRow) { $0.red < 0.95 && $0.blue > 0.97 }
        #expect(edge.map { abs($0 - 320) <= 2 } == true, "the page's left edge at \(String(describing: edge)), expected 320 ± 2")
        try session.release(afterMs: 120)
        try session.waitForTrace([.complete], count: 2, timeout: 15)
    }

    @Test func animationsOffCompleteAPushWithNoFrameBetween() throws {
        let (portal, session) = try start("enable-animations", "false", slow: false)
        defer { session.stop(); _ = portal }
        try session.click(at: DemoLayout.row(0))
        try session.waitForTrace([.complete], count: 1, timeout: 15)
        let push = session.trace.filter { $0.kind == .push }
        #expect(push.map(\.event) == [.begin, .complete], "begin and one complete: \(push.map(\.event))")
        #expect(push.last?.completed == true)
        #expect(push.last?.progress == 1)
    }

    /// High contrast (`contrast` 1): the navigation bar's hairline becomes a 2 px outline in the
    /// text's colour, and the rows' separators too.
    @Test func highContrastDrawsOutlines() throws {
        let portal = try FakeSettingsPortal(settings: [("org.freedesktop.appearance", "contrast", "uint32 1")])
        let session = try HeadlessSession(width: Self.width, height: Self.height, options: .init(environment: portal.environment))
        defer { session.stop() }
        try session.waitForApp()
        let shot = try session.parkedScreenshot()
        session.keep(shot, as: "high-contrast-weston")
        let bar = Int(DemoLayout.navigationBarHeight)
        let outline = Color(hex: 0x1C1C1E)
        for y in [bar - 2, bar - 1] {
            #expect(Surface.channelDistance(shot.pixel(x: 600, y: y), outline) <= 2, "the bar's outline at y \(y)")
        }
        // The first row's separator (under it, from x 52) is the outline colour too.
        let separator = bar + Int(DemoLayout.rowFrame(0).height) - 1
        #expect(Surface.channelDistance(shot.pixel(x: 300, y: separator), outline) <= 2, "the row's separator")
    }
}
