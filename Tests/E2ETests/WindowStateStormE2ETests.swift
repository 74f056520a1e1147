import Geometry
import Canvas
import Foundation
import Motion
import SegueTestKit
import Testing

/// Window-state storms on weston's desktop shell: maximize, fullscreen and their undoing in
/// every order (weston's Super+Shift+M / Super+Shift+F and the app's own F11), 2,000
/// interactive-resize motions through 1×1 and sizes under the minimum, and state changes
/// during a push and during a held drag. After each step the app is alive, spoke no protocol
/// error, and its window geometry is what xdg-shell asks for the state weston put it in:
/// fullscreen the whole output, maximized the output less weston's 32 px panel, floating
/// inside its 24 px shadow margin and no smaller than its minimum.
@Suite(.serialized)
struct WindowStateStormE2ETests {
    static let outputWidth = 1280, outputHeight = 800, panel = 32
    static let minimumSize = Size(width: 320, height: 480)
    /// evdev: left Super, left Shift, M, F, F11.
    static let leftMeta = 125, leftShift = 42, keyM = 50, keyF = 33, keyF11 = 87

    enum Step: CaseIterable { case toggleMaximize, toggleFullscreen, appF11 }

    /// A de Bruijn sequence over the three steps, order 3: every ordered triple of steps
    /// (27) occurs once, in 29 steps — maximize → fullscreen → unmaximize among them.
    static var everyOrder: [Step] {
        var sequence: [Int] = []
        var a = [Int](repeating: 0, count: 3 * 3)
        func db(_ t: Int, _ p: Int) {
            if t > 3 {
                if 3 % p == 0 { sequence += a[1...p] }
            } else {
                a[t] = a[t - p]
                db(t + 1, p)
                for j in (a[t - p] + 1)..<3 {
                    a[t] = j
                    db(t + 1, t)
                }
            }
        }
        db(1, 1)
        let cyclic = sequence + sequence.prefix(2)
        return cyclic.map { Step.allCases[$0] }
    }

    private func start() throws -> HeadlessSession {
        let session = try HeadlessSession(width: Self.outputWidth, height: Self.outputHeight, options: .init(shell: .desktop))
        try session.waitForApp()
        return session
    }

    private func geometry(_ session: HeadlessSession) -> [Double]? {
        guard let g = session.lastProtocolArguments(".set_window_geometry("), g.count == 4 else { return nil }
        return g
    }

    private func chord(_ session: HeadlessSession, _ keys: [Int]) throws {
        for key in keys { try session.key(key, down: true) }
        for key in keys.reversed() { try session.key(key, down: false) }
    }

    /// One `xdg_toplevel.configure` as the protocol log shows it: the size, and how many
    /// states it carried (WAYLAND_DEBUG prints an array's byte count: 4 per state).
    struct Configure: Equatable {
        var width: Double, height: Double, states: Int
    }

    /// The last configure the app acknowledged (the serial its `ack_configure` quotes).
    private func lastAcknowledged(_ session: HeadlessSession) -> Configure? {
        var top: Configure?
        var bySerial: [String: Configure] = [:]
        var acked: Configure?
        for line in session.protocolLines("xdg_") {
            if let range = line.range(of: "xdg_toplevel@"), line[range.upperBound...].contains(".configure(") {
                let inside = line.split(separator: "(", maxSplits: 1)[1]
                let parts = inside.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                let bytes = parts.count > 2 ? Int(parts[2].dropFirst(6).dropLast(2)) ?? 0 : 0
                top = Configure(width: Double(parts[0]) ?? -1, height: Double(parts[1]) ?? -1, states: bytes / 4)
            } else if line.contains("xdg_surface@"), line.contains(".configure("), !line.contains("->"), let top {
                bySerial[String(line.split(separator: "(")[1].dropLast())] = top
            } else if line.contains(".ack_configure(") {
                acked = bySerial[String(line.split(separator: "(")[1].dropLast())]
            }
        }
        return acked
    }

    /// What xdg-shell makes of an acknowledged configure: a constrained one (maximized or
    /// fullscreen: more states than `activated`, and a size) is obeyed exactly with no shadow
    /// margin; a floating one keeps the 24 px margin, at the size sent clamped to the minimum.
    private func geometryFits(_ g: [Double]?, _ c: Configure) -> Bool {
        guard let g else { return false }
        if c.states >= 2, c.width > 0, c.height > 0 { return g == [0, 0, c.width, c.height] }
        guard g[0] == 24, g[1] == 24, g[2] >= Self.minimumSize.width, g[3] >= Self.minimumSize.height else { return false }
        return c.width <= 0 || (g[2] == max(c.width, Self.minimumSize.width) && g[3] == max(c.height, Self.minimumSize.height))
    }

    private func expectHealthy(_ session: HeadlessSession, _ context: String) {
        #expect(session.app?.isRunning == true, "\(context): the app died: \(session.appLog.suffix(400))")
        #expect(!session.appLog.contains("wl_display@1.error("), "\(context): a protocol error: \(session.appLog.suffix(600))")
    }

    @Test func maximizeAndFullscreenInEveryOrder() throws {
        let session = try start()
        defer { session.stop() }
        var done: [Step] = []
        for step in Self.everyOrder {
            done.append(step)
            let configures = session.protocolLines("xdg_toplevel@").count
            switch step {
            case .toggleMaximize: try chord(session, [Self.leftMeta, Self.leftShift, Self.keyM])
            case .toggleFullscreen: try chord(session, [Self.leftMeta, Self.leftShift, Self.keyF])
            case .appF11: try chord(session, [Self.keyF11])
            }
            // Most steps bring a configure (not all: a second unmaximize while fullscreen asks
            // for what weston already sent); then the app's answer lands (a repaint shows it)
            // before the next key, as weston's bindings toggle what was committed.
            try? session.waitFor("a configure after \(done)", timeout: 1.5) {
                session.protocolLines("xdg_toplevel@").count > configures || session.app?.isRunning != true
            }
            _ = try session.stableScreenshot()
            expectHealthy(session, "after \(done)")
            if session.app?.isRunning != true { return }
            let acked = try #require(lastAcknowledged(session))
            #expect(geometryFits(geometry(session), acked),
                    "after \(done): geometry \(String(describing: geometry(session))) for \(acked)")
        }
        let shot = try session.parkedScreenshot()
        session.keep(shot, as: "storm-every-order-end")
        // The window is on screen, drawn: the list's first-row dot (#3478F6) is there.
        #expect(shot.centroid(of: Color(hex: 0x3478F6)) != nil, "no window content at the end")
    }

    /// The window geometry's top-left on screen, from the list's first-row dot (#3478F6),
    /// 26 px right of and 126 px below it (the 46 px header bar, then the row).
    private func windowOrigin(_ shot: Surface) throws -> Point {
        guard let dot = shot.centroid(of: Color(hex: 0x3478F6)) else { throw HarnessError("the first-row dot is not on screen") }
        return Point(x: (dot.x - 26).rounded(), y: (dot.y - 126).rounded())
    }

    @Test func twoThousandResizeMotionsThroughOneByOneEndAtTheRightSize() throws {
        let session = try start()
        defer { session.stop() }
        let origin = try windowOrigin(try session.stableScreenshot())
        let grip = Point(x: origin.x + 1024 + 8, y: origin.y + 700 + 8)
        try session.move(to: grip, afterMs: 100)
        try session.press(afterMs: 50)
        try session.waitForShellGrab(".resize(wl_seat@", endingWith: ", 10)")
        // 2,000 motions 2 ms apart, seeded: past the top-left (weston asks for 1×1), under the
        // minimum, large, and back. Each waits for weston to take it (a roundtrip) and 2 ms
        // more, a few hundred a second: unpaced (~700 a second), weston 10 itself now and then
        // segfaults in its resize grab (weston_desktop_surface_get_max_size on a NULL surface).
        var random = FuzzRandom(seed: 2000)
        for step in 0..<2000 {
            let target: Point
            switch random.int(0...3) {
            case 0: target = Point(x: origin.x - Double(random.int(0...200)), y: origin.y - Double(random.int(0...200)))
            case 1: target = Point(x: origin.x + Double(random.int(0...320)), y: origin.y + Double(random.int(0...480)))
            default: target = Point(x: origin.x + Double(random.int(0...1250)), y: origin.y + Double(random.int(0...760)))
            }
            do {
                try session.move(to: target, afterMs: 2)
                try session.send("sleep 2")
            } catch {
                throw HarnessError("\(error) at motion \(step); weston: \(session.westonLog.suffix(1500)); app: \(session.appLog.suffix(300))")
            }
            if step % 100 == 99 {
                #expect(session.app?.isRunning == true, "the app died at motion \(step): \(session.appLog.suffix(400))")
            }
        }
        // End where the result is under the minimum width but above the minimum height.
        try session.move(to: Point(x: origin.x + 200 + 8, y: origin.y + 600 + 8), afterMs: 20)
        try session.release(afterMs: 50)
        try session.waitFor("a \(Self.minimumSize.width)×600 geometry", timeout: 10) {
            self.geometry(session).map { $0[2] == Self.minimumSize.width && $0[3] == 600 } ?? false
        }
        try session.parkPointer()
        let shot = try session.stableScreenshot()
        session.keep(shot, as: "storm-resize-2000-end")
        expectHealthy(session, "after 2,000 resize motions")
        #expect(try windowOrigin(shot) == origin, "resizing from the bottom-right keeps the top-left")
    }

    /// A maximize (a resize) while a push slides, and while a held edge drag drives a pop:
    /// both transitions complete, the trace keeps its invariants, the app ends maximized.
    @Test func stateChangesDuringAPushAndAHeldDrag() throws {
        let session = try start()
        defer { session.stop() }
        let launch = try session.parkedScreenshot()
        let origin = try windowOrigin(launch)
        // Push: click the first row, maximize at once.
        try session.click(at: Point(x: origin.x + 200, y: origin.y + 126))
        try chord(session, [Self.leftMeta, Self.leftShift, Self.keyM])
        try session.waitForTransitionsToSettle()
        try session.waitFor("a maximized geometry", timeout: 5) {
            self.geometry(session) == [0, 0, Double(Self.outputWidth), Double(Self.outputHeight - Self.panel)]
        }
        _ = try session.stableScreenshot()
        // Held drag from the content's left edge (an interactive pop), unmaximize mid-drag,
        // then let go past half way.
        try session.move(to: Point(x: 4, y: 400), afterMs: 100)
        try session.press(afterMs: 50)
        try session.drag(to: Point(x: 300, y: 400), steps: 10)
        try chord(session, [Self.leftMeta, Self.leftShift, Self.keyM])
        try session.drag(to: Point(x: 900, y: 400), steps: 10)
        try session.release(afterMs: 16)
        try session.waitForTransitionsToSettle()
        let shot = try session.parkedScreenshot()
        session.keep(shot, as: "storm-during-transitions-end")
        expectHealthy(session, "after state changes during transitions")
        let trace = (try? String(contentsOfFile: session.tracePath, encoding: .utf8)) ?? ""
        #expect(TraceInvariants.check(trace, settled: true).isEmpty, "\(TraceInvariants.check(trace, settled: true))")
        #expect(session.traceCount(.begin) >= 2, "the push and the pop both began")
        let acked = try #require(lastAcknowledged(session))
        #expect(geometryFits(geometry(session), acked), "geometry \(String(describing: geometry(session))) for \(acked)")
        // Floating again at its own size, the pop finished: the window shows what it showed at
        // launch, pixel for pixel, wherever weston put it.
        #expect(geometry(session) == [24, 24, 1024, 700])
        let end = try windowOrigin(shot)
        #expect(windowPixelsEqual(launch, at: origin, shot, at: end, size: (1024, 700)), "the window differs from its launch picture")
    }

    /// Whether the `size` window rectangles at `a` in `first` and at `b` in `second` are equal.
    private func windowPixelsEqual(_ first: Surface, at a: Point, _ second: Surface, at b: Point, size: (Int, Int)) -> Bool {
        let (ax, ay, bx, by) = (Int(a.x), Int(a.y), Int(b.x), Int(b.y))
        guard ax >= 0, ay >= 0, bx >= 0, by >= 0, ax + size.0 <= first.width, ay + size.1 <= first.height,
              bx + size.0 <= second.width, by + size.1 <= second.height else { return false }
        for y in 0..<size.1 {
            for x in 0..<size.0 where first.pixel(x: ax + x, y: ay + y) != second.pixel(x: bx + x, y: by + y) {
                return false
            }
        }
        return true
    }
}
