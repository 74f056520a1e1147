import Canvas
import Foundation
import Geometry
import Motion
import SegueTestKit
import Testing

/// The second half of the frame-exact check: transitions that are not a pure translation (a
/// tab slide, a push and its pop, a sheet presented and dismissed) compared with what the app
/// itself meant at each commit.
///
/// The app logs the rows it meant for every frame it commits (`SEGUE_MEANT_FRAMES`, composed
/// from its window buffer and its promoted layers as the protocol places them; SegueWayland's
/// MeantFrameLog). The compositor may skip frames but never reorder them, so the recorded
/// frames must be a subsequence of the logged ones: each recorded frame has to match (within
/// the tolerances of the swipe check) a logged frame no earlier than the one the frame before
/// matched. A compositor that shows a mixed state — a layer's new crop at its old size, a layer
/// moved without the window's frame it came with — matches none.
extension FrameExactE2ETests {
    /// Rows, in logical px from the top of the window's content: the navigation bar's title,
    /// the list and the Modal page's buttons, the sheet's body as it rises, the tab bar.
    static let transitionRows = [26, 60, 88, 140, 200, 300, 420, 540, 650]

    /// Where the app logs what it meant (a host path: the app runs on the host in every lane).
    struct MeantFrames {
        let path = NSTemporaryDirectory() + "segue-meant-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).rgb"
        var environment: [String: String] {
            ["SEGUE_MEANT_FRAMES": path, "SEGUE_MEANT_ROWS": FrameExactE2ETests.transitionRows.map(String.init).joined(separator: ",")]
        }

        /// The frames logged so far that are `width` pixels wide (the window may have had
        /// another size before its first configure), each the rows packed 0xRRGGBB.
        func frames(width: Int) throws -> [[[UInt32]]] {
            guard let bytes = FileManager.default.contents(atPath: path) else { throw HarnessError("the app logged no meant frames at \(path)") }
            let rows = FrameExactE2ETests.transitionRows.count
            return try bytes.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
                var frames: [[[UInt32]]] = []
                var o = 0
                while o < raw.count {
                    guard o + 4 <= raw.count else { throw HarnessError("the meant-frame log ends inside a frame's header") }
                    let w = Int(raw.loadUnaligned(fromByteOffset: o, as: UInt32.self).littleEndian)
                    let end = o + 4 + w * 3 * rows
                    guard end <= raw.count else { throw HarnessError("the meant-frame log ends inside a frame \(w) px wide") }
                    if w == width {
                        frames.append((0..<rows).map { r in
                            (0..<w).map { x in
                                let p = o + 4 + (r * w + x) * 3
                                return UInt32(raw[p]) << 16 | UInt32(raw[p + 1]) << 8 | UInt32(raw[p + 2])
                            }
                        })
                    }
                    o = end
                }
                return frames
            }
        }

        func remove() { try? FileManager.default.removeItem(atPath: path) }
    }

    /// Pixels of `frame` that differ from `meant` beyond the channel tolerance, outside `masked`
    /// (per row, the columns the pointer may cover); stops counting past `limit`.
    static func wrongPixels(_ frame: [[UInt32]], _ meant: [[UInt32]], masked: [[Bool]], limit: Int) -> Int {
        var wrong = 0
        for r in 0..<frame.count {
            let f = frame[r], m = meant[r], mask = masked[r]
            for x in 0..<f.count where !mask[x] && differs(f[x], m[x]) {
                wrong += 1
                if wrong > limit { return wrong }
            }
        }
        return wrong
    }

    /// Types `key` with `modifiers` (evdev, for the compositors that inject keys; sway's keys
    /// go through wtype, named by `wtype`).
    static func typeKey(_ session: some CompositorSession, _ key: EvdevKey, holding modifiers: [EvdevKey] = [], wtype: [String]) throws {
        if let sway = session as? SwaySession {
            try sway.wtype(wtype)
        } else {
            try session.type(key, holding: modifiers)
        }
        try session.waitForAppToSettle(timeout: 20)
        try session.waitForTransitionsToSettle(timeout: 20)
    }

    static func clickAndSettle(_ session: some CompositorSession, _ point: Point) throws {
        try session.click(at: point)
        try session.waitForAppToSettle(timeout: 20)
        try session.waitForTransitionsToSettle(timeout: 20)
    }

    /// Drags the pointer from `from` to `to` in 10 motions 16 ms apart and lets go; waits as
    /// ``clickAndSettle(_:_:)`` does.
    static func dragAndSettle(_ session: some CompositorSession, from: Point, to: Point) throws {
        let buttons = try session.appStats().pointerButtons
        try session.move(to: from, afterMs: 30)
        try session.press()
        try session.drag(to: to, steps: 10, intervalMs: 16)
        try session.release(afterMs: 8)
        try session.confirm("the drag's press and release") { $0.pointerButtons >= buttons + 2 }
        try session.waitForAppToSettle(timeout: 20)
        try session.waitForTransitionsToSettle(timeout: 20)
    }

    /// Records tab slides, a push and pop and a sheet presented and dismissed until at least
    /// `minimum` frames are kept, and checks each against the app's log. The app must run with
    /// `meant`'s environment; it is on its Navigation tab at rest.
    ///
    /// `pointerOnly` (with the content's size): every transition driven by the pointer — the tab
    /// buttons, the sheet dragged down, the Back button. In sway the keys come from wtype, whose
    /// virtual keyboard leaves the seat when it exits, and a Ctrl+Tab switch then stalled before
    /// its `complete` (seen in sway 1.7 and 1.10, not in weston or mutter; not fixed here).
    static func checkTransitions(_ session: some FrameRecordingSession, meant: MeantFrames, content: MutterE2ETests.Content,
                                 name: String, minimum: Int, pointerOnly contentSize: Size? = nil) throws {
        let recorder = try session.frameRecorder()
        let width = content.width
        let row = DemoLayout.row(2, x: Double(width) / 2)
        let sheet = DemoLayout.sheetButton
        // Where the pointer will rest while frames are recorded: its sprite (weston draws it into
        // the output) is not the app's, so the rows are not compared there.
        let size = contentSize ?? Size(width: Double(width), height: 0)
        let drag = (from: Point(x: Double(width) * 0.6, y: 240), to: Point(x: Double(width) * 0.6, y: 240 + size.height * 0.6))
        let pointerSpots = contentSize == nil ? [] : [DemoLayout.tabButton(.modal, in: size), DemoLayout.tabButton(.navigation, in: size),
                                                      DemoLayout.backButton, drag.to]
        let spots = [row, sheet] + pointerSpots
        // The drag's whole path, too: the pointer passes down it, and a compositor that draws
        // its sprite into the frames (sway's screencopy) showed it there in one frame in 500.
        let dragPath = contentSize != nil ? (x: drag.from.x, top: drag.from.y - 16, bottom: drag.to.y + 48) : nil
        let masked = Self.transitionRows.map { y in
            (0..<width).map { x in
                spots.contains { abs(Double(x) - $0.x) <= 48 && Double(y) >= $0.y - 16 && Double(y) <= $0.y + 48 }
                    || dragPath.map { abs(Double(x) - $0.x) <= 48 && Double(y) >= $0.top && Double(y) <= $0.bottom } == true
            }
        }
        try recorder.start(rows: Self.transitionRows.map { content.y + $0 })
        var cycles = 0, recorded = 0
        let begins = session.traceCount(.begin)
        do { while recorded < minimum && cycles < 30 {
            if contentSize != nil {
                try Self.clickAndSettle(session, content.point(pointerSpots[0].x, pointerSpots[0].y))
                try Self.clickAndSettle(session, content.point(sheet.x, sheet.y))
                try Self.dragAndSettle(session, from: content.point(drag.from.x, drag.from.y), to: content.point(drag.to.x, drag.to.y))
                try Self.clickAndSettle(session, content.point(pointerSpots[1].x, pointerSpots[1].y))
                try Self.clickAndSettle(session, content.point(row.x, row.y))
                try Self.clickAndSettle(session, content.point(DemoLayout.backButton.x, DemoLayout.backButton.y))
            } else {
                try Self.typeKey(session, .tab, holding: [.leftControl], wtype: ["-M", "ctrl", "-k", "Tab", "-m", "ctrl"])
                try Self.clickAndSettle(session, content.point(sheet.x, sheet.y))
                try Self.typeKey(session, .escape, wtype: ["-k", "Escape"])
                try Self.typeKey(session, .tab, holding: [.leftControl, .leftShift],
                                 wtype: ["-M", "ctrl", "-M", "shift", "-k", "Tab", "-m", "shift", "-m", "ctrl"])
                try Self.clickAndSettle(session, content.point(row.x, row.y))
                try Self.typeKey(session, .left, holding: [.leftAlt], wtype: ["-M", "alt", "-k", "Left", "-m", "alt"])
            }
            cycles += 1
            recorded = try recorder.count()
        } } catch {
            // Which transition did not finish: the trace's last records, and the app's own words.
            print("frame-exact \(name): stopped in cycle \(cycles + 1); the trace ends "
                  + session.trace.suffix(6).map { "\($0.event.rawValue) \($0.kind.rawValue) \(String(format: "%.2f", $0.progress))" }.joined(separator: ", ")
                  + "; the app's log: artifacts/frame-exact-\(name)-app.log")
            try? session.appLog.write(toFile: Paths.artifacts + "/frame-exact-\(name)-app.log", atomically: true, encoding: .utf8)
            throw error
        }
        try session.waitForAppToSettle()
        let frames = try recorder.stop()
        let kinds = Set(session.trace.filter { $0.event == .complete }.map(\.kind.rawValue))
        #expect(session.traceCount(.begin) - begins >= 6 * cycles, "\(name): not every transition of the \(cycles) cycles began")

        let logged = try meant.frames(width: width)
        var next = 0, wrong: [Int] = []
        for (index, data) in frames.enumerated() {
            let frame = Self.rows(of: data, screenWidth: recorder.rowWidth, content: content)
            var match: Int?
            for j in next..<logged.count where Self.wrongPixels(frame, logged[j], masked: masked, limit: Self.tolerance) <= Self.tolerance {
                match = j
                break
            }
            if let match {
                next = match
            } else {
                if wrong.count < 4, let near = logged[max(0, next)...].min(by: {
                    Self.wrongPixels(frame, $0, masked: masked, limit: .max) < Self.wrongPixels(frame, $1, masked: masked, limit: .max)
                }) {
                    Self.keepPair(frame, near, width: width, as: Paths.artifacts + "/frame-exact-\(name)-transition-wrong-\(index).png")
                }
                wrong.append(index)
            }
        }
        print("measured: frame-exact \(name) transitions (\(kinds.sorted().joined(separator: ", "))): \(wrong.count) of \(frames.count) "
              + "recorded frames match no frame the app meant (\(logged.count) logged) in \(cycles) cycles"
              + (wrong.isEmpty ? "" : "; first wrong: \(wrong.prefix(20).map(String.init).joined(separator: " "))"))
        #expect(frames.count >= minimum, "\(name): only \(frames.count) transition frames recorded in \(cycles) cycles")
        #expect(wrong.isEmpty, "\(name): \(wrong.count) of \(frames.count) frames are not a frame the app meant")
    }

    /// A recorded frame's rows above the logged frame nearest to it, 6 px a row, for people to look at.
    static func keepPair(_ frame: [[UInt32]], _ meant: [[UInt32]], width: Int, as path: String) {
        keep(frame, strip: meant, fit: Fit(k: 0, wrong: 0), width: width, as: path)
    }
}
