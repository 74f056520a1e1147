import Canvas
import Foundation
import Geometry
import SegueTestKit
import Testing

/// segue-demo against hostile platform clients (issue 34, item 5), in headless weston: an AT-SPI
/// client that floods the tree or calls with the wrong arguments (scripts/atspi-hostile.py), the
/// accessibility registry and bus killed under the running app (``AccessibilityBus``), and a
/// settings portal that is slow or sends values no portal should (``FakeSettingsPortal``). The app
/// must keep drawing and answering, say each bad thing in one line, and come back to the
/// services when they return. Error names are the D-Bus specification's; colours are
/// libadwaita's (as in DesktopSettingsE2ETests); rates are compared as ratios within one run.
@Suite(.serialized)
struct HostilePlatformClientsE2ETests {
    static let app = "Segue"
    /// libadwaita's header bar, light and dark (`headerbar_bg_color`).
    static let lightHeader = Color(hex: 0xEBEBEB), darkHeader = Color(hex: 0x303030)
    static let headerPoint = Point(x: 150, y: 12)

    private func start(_ environment: [String: String], stats: Bool = false) throws -> HeadlessSession {
        var env = environment
        env["SEGUE_DEBUG"] = "1"
        let session = try HeadlessSession(width: 1280, height: 800, options: .init(stats: stats, environment: env, shell: .desktop))
        try session.waitForApp()
        return session
    }

    /// The window's origin on screen once its first row is drawn (the desktop shell maps it a
    /// little after the first commit).
    private func windowOrigin(_ session: HeadlessSession) throws -> Point {
        var origin: Point?
        try session.waitFor("the window's first row on screen", timeout: 10) {
            origin = (try? session.parkedScreenshot()).flatMap { DemoLayout.decoratedWindowOrigin(in: $0) }
            return origin != nil
        }
        return origin!
    }

    /// A click on the first row pushes its page: the app answers input.
    private func expectClickAnswered(_ session: HeadlessSession, at origin: Point, _ comment: String) throws {
        let completes = session.trace.filter { $0.event == .complete }.count
        try session.click(at: Point(x: origin.x + 200, y: origin.y + DemoLayout.firstRowDotInDecoratedWindow.y))
        try session.waitForTrace([.complete], count: completes + 1)
        #expect(session.app?.isRunning == true, "\(comment): the app is running")
    }

    private func lines(_ log: String, containing needle: String) -> [Substring] {
        log.split(separator: "\n").filter { $0.contains(needle) }
    }

    // MARK: (e) wrong arguments

    @Test func atspiCallsWithWrongArgumentsAreInvalidArgsAndReadOnlyPropertiesRefuseToBeSet() throws {
        let bus = try AccessibilityBus()
        let session = try start(bus.environment)
        _ = try bus.tree(of: Self.app)
        let answers = try HostileAccessibilityClient.wrongArguments(bus: bus, app: Self.app)
        let invalid = "org.freedesktop.DBus.Error.InvalidArgs"
        for call in ["root GetChildAtIndex('x')", "frame GetChildAtIndex('x')", "frame GetChildAtIndex()",
                     "frame GetChildAtIndex(0, 1)", "frame Properties.Get(Name)", "frame Component.GetExtents('x')"] {
            #expect(answers[call] == invalid, "\(call): \(answers[call] ?? "no answer")")
        }
        for call in ["frame Properties.Set(Name)", "root Properties.Set(Name)"] {
            #expect(answers[call] == "org.freedesktop.DBus.Error.PropertyReadOnly", "\(call): \(answers[call] ?? "no answer")")
        }
        // The right calls still answer, and the refused Set changed nothing.
        #expect(answers["frame GetChildAtIndex(0)"]?.hasPrefix("ok: ") == true, "\(answers)")
        #expect(answers["frame Name"] == "ok: (<'\(Self.app)'>,)", "\(answers["frame Name"] ?? "")")
        #expect(try bus.tree(of: Self.app).children.first?.name == Self.app)
        try expectClickAnswered(session, at: try windowOrigin(session), "after the bad calls")
    }

    // MARK: (d) a portal sending what no portal should

    @Test func hostilePortalValuesAreRefusedOrClampedWithOneLineEachAndTheWindowStaysUsable() throws {
        let appearance = "org.freedesktop.appearance", interface = "org.gnome.desktop.interface"
        let portal = try FakeSettingsPortal(settings: [("org.freedesktop.appearance", "color-scheme", "uint32 2")])
        let session = try start(portal.environment, stats: true)
        let origin = try windowOrigin(session)

        // Each call returns once the fake emitted the signal; the app's line is waited for.
        func send(_ namespace: String, _ key: String, _ python: String, expecting needle: String) throws {
            let count = lines(session.appLog, containing: needle).count
            try portal.set(namespace, key, python: python)
            try session.waitFor("a line saying \(needle)", timeout: 10) { self.lines(session.appLog, containing: needle).count > count }
        }
        try send(appearance, "color-scheme", "dbus.String('dark')", expecting: "color-scheme: ignored: a s, not a u")
        try send(appearance, "accent-color", "dbus.Struct((float('nan'), 0.5, 0.5), signature='ddd')", expecting: "accent-color: ignored: a component is not finite")
        try send(appearance, "accent-color", "dbus.Struct((float('inf'), 0.5, 0.5), signature='ddd')", expecting: "accent-color: ignored: a component is not finite")
        try send(appearance, "accent-color", "dbus.Struct((-0.5, 0.5, 0.5), signature='ddd')", expecting: "accent-color: out of 0…1")
        try send(interface, "text-scaling-factor", "dbus.Double(0)", expecting: "text-scaling-factor: 0.0 ignored")
        try send(interface, "text-scaling-factor", "dbus.Double(-1)", expecting: "text-scaling-factor: -1.0 ignored")
        try send(interface, "text-scaling-factor", "dbus.Double(float('nan'))", expecting: "text-scaling-factor: nan ignored")
        try send(interface, "text-scaling-factor", "dbus.Double(1e9)", expecting: "text-scaling-factor: 1000000000.0 clamped to 3.0")
        let before = try PerformanceRun.snapshot(session, statsPath: session.statsPath)
        try send(interface, "font-name", "dbus.String('A' * 10000 + ' 11')", expecting: "font-name: ignored: 10003 bytes")
        try send(interface, "font-name", "dbus.String('A' * 1000000 + ' 11')", expecting: "font-name: ignored: 1000003 bytes")
        // Memory: the refused names are not kept, nor laid out (the issue measured +20 MB and
        // 430 ms of main-thread time for the long one).
        let after = try PerformanceRun.snapshot(session, statsPath: session.statsPath)
        let grown = after["rss_kb"] - before["rss_kb"]
        #expect(grown < 4 * 1024, "RSS grew \(Int(grown)) kB over the long font names")
        // Back to a readable size (the clamp to 3 was taken), then 5,000 bad values in 2 s.
        try portal.set(interface, "text-scaling-factor", python: "dbus.Double(1.0)")
        let scaleLinesBefore = lines(session.appLog, containing: "text-scaling-factor").count
        try portal.flood(interface, "text-scaling-factor", "dbus.Double(float('nan'))", "dbus.Double(0)", count: 5000, seconds: 2)
        // The flood's last signal is behind a known one: a readable value whose effect is drawn.
        try portal.set(appearance, "color-scheme", python: "dbus.UInt32(1)")
        try session.waitFor("the header bar to turn dark after the flood", timeout: 20) {
            guard let shot = try? session.screenshot() else { return false }
            return Surface.channelDistance(shot.pixel(x: Int(origin.x + Self.headerPoint.x), y: Int(origin.y + Self.headerPoint.y)),
                                           Self.darkHeader) <= 2
        }
        let floodLines = lines(session.appLog, containing: "text-scaling-factor").count - scaleLinesBefore
        print("hostilePortal: RSS +\(Int(grown)) kB over the long names; \(floodLines) lines for 5,000 bad text scales")
        #expect(floodLines >= 1 && floodLines <= 10, "5,000 bad values: a few lines and a count, not one each (\(floodLines))")
        // Still readable (the first row where it was, in the dark style asked last) and answering.
        let shot = try session.parkedScreenshot()
        session.keep(shot, as: "hostile-portal")
        #expect(DemoLayout.decoratedWindowOrigin(in: shot) == origin, "the first row is where it was")
        try expectClickAnswered(session, at: origin, "after the hostile portal")
    }

    // MARK: (c) a slow portal

    @Test func aSlowPortalsLateAnswerIsUsedAndTheAppAnswersMeanwhile() throws {
        // 10 s: twice the 5 s after which the app used to give the call up (NoReply) for good.
        let portal = try FakeSettingsPortal(settings: [("org.freedesktop.appearance", "color-scheme", "uint32 1")], readAllDelay: 10)
        let session = try start(portal.environment)
        let origin = try windowOrigin(session)
        let header = { (shot: Surface) in shot.pixel(x: Int(origin.x + Self.headerPoint.x), y: Int(origin.y + Self.headerPoint.y)) }
        // Meanwhile: drawn in the defaults, and a click answered; the frame after the click's
        // transition still in the defaults proves it came before the portal's answer.
        let first = try session.parkedScreenshot()
        #expect(Surface.channelDistance(header(first), Self.lightHeader) <= 2, "the defaults until the portal answers")
        try expectClickAnswered(session, at: origin, "while the portal is slow")
        let afterClick = try session.parkedScreenshot()
        #expect(Surface.channelDistance(header(afterClick), Self.lightHeader) <= 2,
                "the click was answered while the portal's answer was still to come")
        // Then the late answer is used.
        try session.waitFor("the header bar to turn dark when the portal answers", timeout: 30) {
            guard let shot = try? session.screenshot() else { return false }
            return Surface.channelDistance(header(shot), Self.darkHeader) <= 2
        }
        #expect(session.appLog.contains("settings: the settings portal answered late"), "\(session.appLog.suffix(800))")
    }

    // MARK: (b) the registry and the bus killed under the app

    @Test func theRegistryKilledAndRestartedFindsTheAppAgain() throws {
        let bus = try AccessibilityBus()
        let session = try start(bus.environment)
        _ = try bus.tree(of: Self.app)
        try bus.killRegistry(restart: false)
        try session.waitFor("the line saying the registry went away", timeout: 10) {
            session.appLog.contains("accessibility: the registry went away")
        }
        try bus.killRegistry(restart: true)
        // A client finds the app in the new registry's tree, and can drive it.
        let frame = try #require(try bus.tree(of: Self.app).children.first)
        #expect(frame.role == "frame" && frame.first(role: "list item", name: "Slide") != nil)
        try bus.doAction(app: Self.app, name: "Slide", role: "list item")
        try session.waitForTrace([.complete], count: 1)
        #expect(lines(session.appLog, containing: "accessibility: the registry went away").count == 1, "\(session.appLog.suffix(1200))")
        #expect(lines(session.appLog, containing: "accessibility: the accessibility services are back").count == 1, "\(session.appLog.suffix(1200))")
        #expect(session.app?.isRunning == true)
    }

    @Test func theAccessibilityBusKilledAndRestartedFindsTheAppAgain() throws {
        let bus = try AccessibilityBus()
        let session = try start(bus.environment)
        _ = try bus.tree(of: Self.app)
        try bus.killBus(restart: false)
        try session.waitFor("the line saying the bus went away", timeout: 10) {
            session.appLog.contains("accessibility: the accessibility bus went away")
        }
        // Gone, the app still draws and answers.
        try expectClickAnswered(session, at: try windowOrigin(session), "without an accessibility bus")
        try bus.killBus(restart: true)
        let frame = try #require(try bus.tree(of: Self.app).children.first)
        #expect(frame.role == "frame")
        // The detail page the click pushed is what the tree shows; its Back button pops it.
        let completes = session.trace.filter { $0.event == .complete }.count
        try bus.doAction(app: Self.app, name: "Back", role: "push button")
        try session.waitForTrace([.complete], count: completes + 1)
        #expect(lines(session.appLog, containing: "accessibility: the accessibility bus went away").count == 1, "\(session.appLog.suffix(1200))")
        #expect(lines(session.appLog, containing: "accessibility: the accessibility services are back").count == 1, "\(session.appLog.suffix(1200))")
        #expect(session.app?.isRunning == true)
    }

    // MARK: (a) a flood during a held swipe

    /// A held tab swipe, back and forth, for 10 phases of 2 s: quiet and flooded in turn (the
    /// flood: 1,000 mixed requests a second and `Cache.GetItems` kept 8 in flight besides: more
    /// than the issue's 10,000 requests in 10 s).
    /// Frames stay paced: the median flooded phase's commits per second within 10 % of the
    /// median quiet one's, its longest gap between commits at most ~2 frame periods longer than
    /// the quiet phases' own (medians); memory flat over the flooded phases.
    @Test func anAtspiFloodDuringAHeldSwipeLeavesFramesPaced() throws {
        let bus = try AccessibilityBus()
        let session = try HeadlessSession(width: 1280, height: 800,
                                          options: .init(stats: true, westonConfig: PerformanceRun.westonConfig,
                                                         environment: bus.environment))
        try session.waitForApp()
        let client = try HostileAccessibilityClient(bus: bus, app: Self.app)
        try session.parkPointer()
        let y = 400.0, left = 1280 * 0.2, right = 1280 * 0.8
        try session.move(to: Point(x: right, y: y), afterMs: 100)
        try session.dragPress(afterMs: 30)
        // The drag's motions come from a thread of their own, every 16 ms on the wall clock,
        // so the snapshots and the flood's switches below never hold them up.
        let driver = SwipeDriver(session: session, y: y, from: right, to: left)
        driver.start()
        defer { driver.stop() }
        try session.waitForTrace(.begin, count: 1)

        struct Phase { let flooded: Bool; let rate: Double; let gap: Double; let rss: Double }
        var phases: [Phase] = []
        var flood: [HostileAccessibilityClient.Counts] = []
        for index in 0..<10 {
            let flooded = index % 2 == 1
            if flooded { flood.append(try client.flood(true)) }
            let start = try PerformanceRun.snapshot(session, statsPath: session.statsPath)
            let end = monotonic() + 2
            while monotonic() < end { usleep(50_000) }  // the phase's length: measured, not awaited
            let stop = try PerformanceRun.snapshot(session, statsPath: session.statsPath)
            if flooded { flood.append(try client.flood(false)) }
            let seconds = (stop["time_ms"] - start["time_ms"]) / 1000
            phases.append(Phase(flooded: flooded, rate: (stop["commits"] - start["commits"]) / seconds,
                                gap: stop["commit_gap_max_ms"], rss: stop["rss_kb"]))
        }
        driver.stop()
        try session.release(afterMs: 16)
        let final = try PerformanceRun.snapshot(session, statsPath: session.statsPath)

        func median(_ values: [Double]) -> Double { let s = values.sorted(); return s[s.count / 2] }
        let quiet = phases.filter { !$0.flooded }, flooded = phases.filter(\.flooded)
        let quietRate = median(quiet.map(\.rate)), floodRate = median(flooded.map(\.rate))
        let quietGap = median(quiet.map(\.gap)), floodGap = median(flooded.map(\.gap))
        let period = final["output_refresh_ms"] > 0 ? final["output_refresh_ms"] : 1000.0 / 60
        let sent = zip(flood.indices.filter { $0 % 2 == 0 }, flood.indices.filter { $0 % 2 == 1 })
            .map { flood[$1].sent - flood[$0].sent }.reduce(0, +)
        let figures = "quiet \(quiet.map { Int($0.rate) }) /s gaps \(quiet.map { Int($0.gap) }) ms; "
            + "flooded \(flooded.map { Int($0.rate) }) /s gaps \(flooded.map { Int($0.gap) }) ms; "
            + "ratio \(String(format: "%.3f", floodRate / quietRate)); requests sent \(sent), "
            + "answered \(flood.last?.answered ?? 0), GetItems \(flood.last?.itemsSent ?? 0); rss \(flooded.map { Int($0.rss) }) kB"
        print("anAtspiFloodDuringAHeldSwipeLeavesFramesPaced: \(figures)")
        #expect(sent >= 10_000, "the flood was at least the issue's (10,000 requests in 10 s): \(figures)")
        #expect(floodRate >= 0.9 * quietRate, "commits per second within 10 % of the quiet swipe's: \(figures)")
        // What the flood adds to the longest gap: at most ~2 frame periods (a loaded machine's
        // quiet phases have long gaps of their own; the unbounded drain made ones of 300–900 ms).
        #expect(floodGap - quietGap <= 2 * period, "no gap over ~2 frame periods from the flood: \(figures)")
        let grown = flooded.last!.rss - flooded.first!.rss
        #expect(grown <= max(4096, flooded.first!.rss * 0.05), "memory flat over the flood: +\(Int(grown)) kB; \(figures)")
        #expect(session.app?.isRunning == true)
    }

    private func monotonic() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}

/// Moves the held pointer back and forth between two x positions, one motion every 16 ms of
/// wall-clock time, on a thread of its own until stopped.
private final class SwipeDriver: @unchecked Sendable {
    private let session: HeadlessSession
    private let y: Double, from: Double, to: Double
    private let lock = NSLock()
    private var running = false
    private var thread: Thread?
    private let done = DispatchSemaphore(value: 0)

    init(session: HeadlessSession, y: Double, from: Double, to: Double) {
        self.session = session
        self.y = y
        self.from = from
        self.to = to
    }

    private var isRunning: Bool {
        lock.lock()
        defer { lock.unlock() }
        return running
    }

    func start() {
        lock.lock()
        running = true
        lock.unlock()
        Thread.detachNewThread { [self] in
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            let began = Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
            var step = 0
            // 60 motions one way, 60 back: a full-width swipe each second or so.
            while isRunning {
                step += 1
                let phase = Double(step % 120) / 60
                let t = phase <= 1 ? phase : 2 - phase
                try? session.dragMotion(to: Point(x: from + (to - from) * t, y: y), intervalMs: 16)
                clock_gettime(CLOCK_MONOTONIC, &now)
                let next = began + Double(step) * 0.016
                let left = next - (Double(now.tv_sec) + Double(now.tv_nsec) / 1e9)
                if left > 0 { usleep(UInt32(left * 1e6)) }
            }
            done.signal()
        }
    }

    func stop() {
        lock.lock()
        let wasRunning = running
        running = false
        lock.unlock()
        if wasRunning { done.wait() }
    }
}
