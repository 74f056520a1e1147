import Foundation
import Geometry
import SegueTestKit
import Testing

/// Key repeat in the real app, in headless weston: Wayland leaves repeat to the client, which
/// must use the compositor's `wl_keyboard.repeat_info` (set here through weston.ini's
/// `[keyboard] repeat-rate / repeat-delay`), repeat only keys the keymap says repeat, never
/// before the delay, not at all at rate 0 (the protocol's "repeat disabled"), and stop at the
/// release. The app's `--stats` counts the key presses it got and the repeats its timer made.
///
/// Held keys are held in real time (repeat runs on the app's timer), so the tests assert what
/// does not depend on the machine's speed: that repeats happen at all when held far past the
/// delay, and exactly none where none may come. The count is printed.
@Suite(.serialized)
struct KeyRepeatE2ETests {
    static func session(rate: Int, delay: Int) throws -> HeadlessSession {
        let session = try HeadlessSession(options: .init(
            stats: true, westonConfig: "[keyboard]\nrepeat-rate=\(rate)\nrepeat-delay=\(delay)\n", protocolLog: true))
        try session.waitForApp()
        // The protocol: the compositor told the app the configured rate and delay.
        try session.waitFor("wl_keyboard.repeat_info(\(rate), \(delay))", timeout: 5) {
            session.appProtocolLog.messages.contains {
                $0.interface == "wl_keyboard" && $0.name == "repeat_info" && !$0.sent && $0.int(0) == rate && $0.int(1) == delay
            }
        }
        return session
    }

    /// Holds `key` down for `seconds` of real time, releases it, and returns the app's key
    /// presses and repeats counted from just before the press to the release's arrival.
    static func hold(_ key: EvdevKey, for seconds: Double, in session: HeadlessSession) throws -> (presses: Int, repeats: Int) {
        let before = try PerformanceRun.snapshot(session)
        try session.key(key, down: true)
        usleep(UInt32(seconds * 1e6))
        session.advance(ms: UInt32(seconds * 1000))
        // The release arrived (the app counts it) before the counters are read.
        try session.confirmedKey(key, down: false)
        let after = try PerformanceRun.snapshot(session)
        return (Int(after["key_presses"] - before["key_presses"]), Int(after["key_repeats"] - before["key_repeats"]))
    }

    /// Down held 1.2 s at 20 Hz after 200 ms: repeats come (about 21 on an idle machine), and
    /// none after the release.
    @Test func aHeldKeyRepeatsAtTheCompositorsRateAndStopsAtTheRelease() throws {
        let session = try Self.session(rate: 20, delay: 200)
        defer { session.stop() }
        let held = try Self.hold(.down, for: 1.2, in: session)
        print("measured: Down held 1.2 s at 20 Hz after 200 ms: \(held.repeats) repeats (about \(Int((1.2 - 0.2) * 20) + 1) when idle)")
        #expect(held.presses == 1, "\(held.presses) key presses for one press")
        #expect(held.repeats >= 1, "no repeat in 1.2 s held, with a 200 ms delay")
        // Released: the timer is off; nothing more comes, however long we wait.
        let later = try PerformanceRun.snapshot(session)
        usleep(500_000)
        let evenLater = try PerformanceRun.snapshot(session)
        #expect(evenLater["key_repeats"] == later["key_repeats"], "repeats went on after the release")
    }

    /// Where no repeat may come: released before the delay; a modifier (its keymap entry does
    /// not repeat); rate 0, which `wl_keyboard.repeat_info` defines as repeat disabled.
    @Test(arguments: [
        ("released before a 3 s delay", EvdevKey.down, 0.3, 20, 3000),
        ("Shift held: a modifier does not repeat", EvdevKey.leftShift, 0.8, 20, 100),
        ("rate 0: repeat disabled", EvdevKey.down, 0.8, 0, 100),
    ])
    func noRepeat(what: String, key: EvdevKey, seconds: Double, rate: Int, delay: Int) throws {
        let session = try Self.session(rate: rate, delay: delay)
        defer { session.stop() }
        let held = try Self.hold(key, for: seconds, in: session)
        #expect(held.presses == 1, "\(what): \(held.presses) key presses for one press")
        #expect(held.repeats == 0, "\(what): \(held.repeats) repeats")
    }

    // MARK: sway, mutter, KWin

    /// A fresh path for the app's `--stats`.
    static func statsPath() -> String {
        NSTemporaryDirectory() + "segue-stats-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).json"
    }

    /// The repeat info the compositor last sent the app (its protocol log), once it has.
    static func repeatInfo(_ session: some CompositorSession) throws -> (rate: Int, delay: Int) {
        var info: (rate: Int, delay: Int)?
        try session.waitFor("wl_keyboard.repeat_info", timeout: 10) {
            info = session.appProtocolLog.messages.last { !$0.sent && $0.interface == "wl_keyboard" && $0.name == "repeat_info" }
                .flatMap { m in m.int(0).flatMap { rate in m.int(1).map { (rate, $0) } } }
            return info != nil
        }
        return info!
    }

    /// The key presses and repeats the app counted from `before` to the release's arrival, and
    /// that none came in the half second after it.
    static func counts(_ session: some CompositorSession, stats: String, before: PerformanceRun.Snapshot,
                       sourceLocation: SourceLocation = #_sourceLocation) throws -> (presses: Int, repeats: Int) {
        // The press and the release arrived (the app counts both) before the counters are read;
        // then half a second in which no repeat may come.
        try session.confirm("the held key's press and release") { $0.keyEvents >= Int(before["key_events"]) + 2 }
        let after = try PerformanceRun.snapshot(session, statsPath: stats)
        usleep(500_000)
        let later = try PerformanceRun.snapshot(session, statsPath: stats)
        #expect(later["key_repeats"] == after["key_repeats"], "repeats went on after the release", sourceLocation: sourceLocation)
        return (Int(after["key_presses"] - before["key_presses"]), Int(after["key_repeats"] - before["key_repeats"]))
    }

    /// sway with `input type:keyboard repeat_delay 200, repeat_rate 20`; Down held 1.2 s by wtype
    /// (its virtual keyboard, one process: `-P Down -s 1200 -p Down`).
    @Test(arguments: [20, 0])
    func sway(rate: Int) throws {
        let stats = Self.statsPath()
        defer { try? FileManager.default.removeItem(atPath: stats) }
        let session = try SwaySession(options: .init(
            waylandDebug: true, extraConfig: "input type:keyboard {\n    repeat_delay 200\n    repeat_rate \(rate)\n}",
            arguments: ["--stats", stats]))
        defer { session.stop() }
        try session.waitForApp()
        let before = try PerformanceRun.snapshot(session, statsPath: stats)
        try session.wtype(["-P", "Down", "-s", "1200", "-p", "Down"])
        let info = try Self.repeatInfo(session)
        #expect(info.rate == rate && info.delay == 200, "repeat_info \(info), configured (\(rate), 200)")
        let held = try Self.counts(session, stats: stats, before: before)
        print("measured: sway, Down held 1.2 s at \(rate) Hz after 200 ms: \(held.repeats) repeats")
        #expect(held.presses == 1, "\(held.presses) key presses for one press")
        if rate > 0 {
            #expect(held.repeats >= 1, "no repeat in 1.2 s held, with a 200 ms delay")
        } else {
            #expect(held.repeats == 0, "rate 0 is repeat disabled: \(held.repeats) repeats")
        }
    }

    /// Down held for the compositor's own delay + 1 s (its default repeat info, from the protocol log).
    static func holdPastTheDelay(_ session: some CompositorSession, stats: String, name: String) throws {
        // mutter's seat gets its keyboard with the remote desktop's first key (capabilities
        // pointer only until then): a Shift tap makes it, so the app has a wl_keyboard, its
        // keymap and repeat info before the key that is held.
        try session.type(.leftShift)
        let info = try Self.repeatInfo(session)
        #expect(info.rate > 0 && info.delay > 0, "\(name) sent repeat_info \(info)")
        let before = try PerformanceRun.snapshot(session, statsPath: stats)
        try session.key(.down, down: true)
        usleep(UInt32(info.delay) * 1000 + 1_000_000)
        try session.key(.down, down: false)
        let held = try Self.counts(session, stats: stats, before: before)
        print("measured: \(name), Down held \(info.delay) ms + 1 s at \(info.rate) Hz: \(held.repeats) repeats")
        #expect(held.presses == 1, "\(name): \(held.presses) key presses for one press")
        #expect(held.repeats >= 1, "\(name): no repeat held 1 s past the \(info.delay) ms delay")
    }

    @Test func mutter() throws {
        let stats = Self.statsPath()
        defer { try? FileManager.default.removeItem(atPath: stats) }
        let session = try MutterSession(options: .init(waylandDebug: true, arguments: ["--stats", stats]))
        defer { session.stop() }
        let content = try MutterE2ETests.content(in: try session.waitForApp())
        // A click on the navigation bar (nothing there to click) gives the window keyboard focus.
        try session.click(at: content.point(150, 20))
        try Self.holdPastTheDelay(session, stats: stats, name: "mutter")
    }

    @Test func kwin() throws {
        let stats = Self.statsPath()
        defer { try? FileManager.default.removeItem(atPath: stats) }
        let session = try KWinSession(options: .init(arguments: ["--stats", stats]))
        defer { session.stop() }
        try session.waitForApp()
        try session.click(at: try session.screenPoint(Point(x: 150, y: 20)))
        try Self.holdPastTheDelay(session, stats: stats, name: "KWin")
    }
}
