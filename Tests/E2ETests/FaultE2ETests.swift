import Geometry
import Foundation
import Motion
import SegueTestKit
import Testing

/// The compositor misbehaving under the app, as a user's bad day has it: killed, stopped,
/// silent, or ending the connection over a protocol error. The app must never hang, never die
/// without saying why, and say it in one line.
@Suite(.serialized)
struct FaultE2ETests {
    static let width = NavigationE2ETests.width, height = NavigationE2ETests.height
    /// Where drags from the left edge run: a row of the detail page with nothing on it.
    static let dragRow = 300.0

    /// What the app is doing when the compositor dies.
    enum Moment: String, CaseIterable, Sendable {
        case idle
        /// An interactive pop held at 40 %.
        case midDrag
        /// Released at 70 % with speed, its settle still running.
        case midSettle
    }

    @Test(arguments: Moment.allCases)
    func aKilledCompositorEndsTheAppWithinASecondInOneLine(at moment: Moment) throws {
        let session = try HeadlessSession(width: Self.width, height: Self.height)
        defer { session.stop() }
        try session.waitForApp()
        guard let app = session.app else { throw HarnessError("no app") }
        try pushDetailPage(session)
        switch moment {
        case .idle:
            break
        case .midDrag:
            try holdPop(session, at: 0.4)
        case .midSettle:
            try holdPop(session, at: 0.7)
            try session.release(afterMs: 16)
            try session.waitFor("the release", timeout: 5) { session.traceCount(.finish) + session.traceCount(.cancel) == 1 }
        }
        let completesBefore = session.traceCount(.complete)
        session.killCompositor()
        if moment == .midSettle {
            #expect(completesBefore == 1, "the settle had already completed before the kill: not a mid-settle kill")
        }
        let status = app.waitForExit(timeout: 1.0)
        #expect(status != nil, "segue-demo still running 1 s after weston was killed (\(moment))")
        #expect(status.map { $0 != 0 } == true)
        let lines = Self.lines(session.appLog)
        #expect(lines.count == 1, "want one line, got: \(lines)")
        #expect(lines.first?.hasPrefix("segue-demo: lost the connection to the Wayland compositor") == true, "\(lines)")
    }

    /// Under a held drag, 25 `--stats` snapshots (SIGUSR1) in a row each write a new snapshot,
    /// and SIGTERM then ends the app cleanly (status 0). (The kernel picks the thread a signal
    /// runs on, so this does not force the case of a handler on another thread; that one
    /// crashed the app through Swift's main-actor check until the handler left the main actor.)
    @Test func signalsOnAnyThreadAreAnsweredAndTermEndsCleanly() throws {
        let session = try HeadlessSession(width: Self.width, height: Self.height, options: .init(stats: true))
        defer { session.stop() }
        try session.waitForApp()
        guard let app = session.app else { throw HarnessError("no app") }
        try pushDetailPage(session)
        try holdPop(session, at: 0.4)
        var times: [Double] = []
        for _ in 0..<25 {
            let snapshot = try PerformanceRun.snapshot(session)
            times.append(snapshot["time_ms"])
        }
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 }, "each snapshot is a new one")
        kill(app.process.processIdentifier, SIGTERM)
        #expect(app.waitForExit(timeout: 2) == 0, "SIGTERM ends the app with status 0: \(session.appLog.suffix(800))")
    }

    /// SIGSTOP under a held finger: nothing moves, nothing is lost; after SIGCONT the same drag
    /// goes on and finishes the pop.
    @Test func aHeldDragOutlivesTheCompositorStoppedForFiveSeconds() throws {
        let session = try HeadlessSession(width: Self.width, height: Self.height)
        defer { session.freezeCompositor(false); session.stop() }
        try session.waitForApp()
        let listShot = try session.parkedScreenshot()
        try pushDetailPage(session)
        try holdPop(session, at: 0.4)
        session.freezeCompositor(true)
        Thread.sleep(forTimeInterval: 5)
        session.freezeCompositor(false)
        #expect(session.app?.isRunning == true, "the app died while weston was stopped: \(session.appLog)")
        #expect(session.traceCount(.complete) == 1, "only the push may have completed while the finger was down")

        try session.drag(to: Point(x: 0.8 * Double(Self.width), y: Self.dragRow))
        try session.release(afterMs: 16)
        let popped = try session.parkedScreenshot()
        #expect(popped.fractionDiffering(from: listShot) < 0.001, "after the pop the list page is back as at launch")
        let completions = session.trace.filter { $0.event == .complete }.map(\.completed)
        #expect(completions == [true, true], "push then pop, both completed: \(completions)")
    }

    /// SIGSTOP during a settle: the fallback clock finishes the transition without frames, and
    /// drawing resumes with the compositor.
    @Test func aSettleCompletesWhileTheCompositorIsStoppedForFiveSeconds() throws {
        let session = try HeadlessSession(width: Self.width, height: Self.height)
        defer { session.freezeCompositor(false); session.stop() }
        try session.waitForApp()
        let listShot = try session.parkedScreenshot()
        try pushDetailPage(session)
        try holdPop(session, at: 0.7)
        try session.release(afterMs: 16)
        try session.waitFor("the release", timeout: 5) { session.traceCount(.finish) == 1 }
        session.freezeCompositor(true)
        try session.waitFor("the pop to complete with weston stopped", timeout: 5) { session.traceCount(.complete) == 2 }
        Thread.sleep(forTimeInterval: 5)
        session.freezeCompositor(false)
        #expect(session.app?.isRunning == true, "the app died while weston was stopped: \(session.appLog)")
        let popped = try session.parkedScreenshot()
        #expect(popped.fractionDiffering(from: listShot) < 0.001, "the list page is drawn once weston runs again")
    }

    /// A protocol error ends the connection; the one line the app prints names the object's
    /// interface, the error code and the compositor's message (not just "connection closed").
    @Test func aProtocolErrorIsReportedWithInterfaceCodeAndMessage() throws {
        let session = try HeadlessSession(width: Self.width, height: Self.height)
        defer { session.stop() }
        try session.waitForApp()
        guard let app = session.app else { throw HarnessError("no app") }
        let reply = try session.send("client-error 3 segue fault test: size mismatch")
        #expect(reply == "ok", "segue-inject: \(reply)")
        let status = app.waitForExit(timeout: 2)
        #expect(status.map { $0 != 0 } == true, "the app should exit non-zero after a protocol error (status \(String(describing: status)))")
        let lines = Self.lines(session.appLog)
        #expect(lines.count == 1, "want one line, got: \(lines)")
        let line = lines.first ?? ""
        #expect(line.contains("protocol error"), "\(line)")
        #expect(line.contains("wl_surface@"), "names the interface: \(line)")
        #expect(line.contains("error 3"), "names the code: \(line)")
        #expect(line.contains("segue fault test: size mismatch"), "keeps the compositor's message: \(line)")
    }

    /// A socket that accepts connections and never answers (a stopped or wedged compositor, or
    /// not a Wayland server at all): the app gives up within 5 s (its limit is 4 s), in one line naming the socket.
    @Test func aSocketThatNeverAnswersIsGivenUpWithinFiveSeconds() throws {
        let directory = try StartupE2ETests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/silent-compositor"
        let listener = try Self.listeningSocket(at: path)
        defer { close(listener) }
        let run = try StartupE2ETests.runDemo([], environment: ["WAYLAND_DISPLAY": path, "XDG_RUNTIME_DIR": directory],
                                             timeout: 10)
        #expect(run.status == 1, "exit status \(String(describing: run.status))")
        #expect(run.seconds < 5, "gave up after \(run.seconds) s")
        #expect(run.lines.count == 1, "\(run.lines)")
        #expect(run.lines.first?.contains(path) == true, "the line names the socket: \(run.lines)")
        #expect(run.lines.first?.contains("did not answer") == true, "\(run.lines)")
    }

    // MARK: helpers

    private func pushDetailPage(_ session: HeadlessSession) throws {
        try session.click(at: NavigationE2ETests.firstRow)
        try session.waitFor("the push to complete", timeout: 10) { session.traceCount(.complete) == 1 }
    }

    /// Presses 5 px from the left edge and drags to `fraction` of the width, holding there.
    private func holdPop(_ session: HeadlessSession, at fraction: Double) throws {
        try session.move(to: Point(x: 5, y: Self.dragRow), afterMs: 100)
        try session.press()
        try session.drag(to: Point(x: fraction * Double(Self.width), y: Self.dragRow))
        try session.waitFor("the pop to follow the drag", timeout: 5) {
            session.trace.contains { $0.event == .update && $0.progress > fraction - 0.1 }
        }
    }

    static func lines(_ log: String) -> [String] {
        log.split(separator: "\n").map(String.init).filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    }

    /// A Unix socket that listens but never accepts: connecting succeeds (the kernel queues it),
    /// and nothing is ever said.
    static func listeningSocket(at path: String) throws -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw HarnessError("socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8CString)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in bytes.prefix(raw.count - 1).enumerated() { raw[index] = UInt8(bitPattern: byte) }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0, listen(fd, 8) == 0 else {
            close(fd)
            throw HarnessError("bind/listen \(path): \(String(cString: strerror(errno)))")
        }
        return fd
    }
}
