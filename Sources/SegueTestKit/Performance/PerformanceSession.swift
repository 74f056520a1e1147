import Geometry
import Canvas
import Foundation
import Motion

/// What ``PerformanceRun`` needs from a compositor session, so the same script measures in
/// headless weston (``HeadlessSession``) and headless mutter (``MutterPerformanceSession``).
///
/// The measured client is ``CompositorSession/app``: `segue-demo --stats FILE` or a peer that
/// speaks the same stats protocol (SIGUSR1 rewrites FILE, SIGTERM writes it once more and exits).
public protocol PerformanceSession: CompositorSession {
    /// The output's size in logical pixels (where the injected pointer moves).
    var width: Int { get }
    var height: Int { get }
    /// Where the client writes its `--stats` snapshots.
    var statsPath: String { get }
    /// The compositor's name in tables ("weston", "mutter").
    var compositorName: String { get }
    /// The compositor's CPU time so far, all its threads.
    func compositorCPU() -> WestonCPU?
    /// True when ``capture(to:)`` encodes the PNG inside the compositor's process, so its cost
    /// must be taken out of the compositor's figure (weston's test plugin); false when another
    /// process encodes it (mutter's screen cast is read by the driver).
    var capturesInsideCompositor: Bool { get }
    /// Moves the held pointer without waiting: the caller paces the motions on a fixed
    /// schedule, so every compositor gets the same cadence whatever a request costs.
    func dragMotion(to point: Point, intervalMs: UInt32) throws
    /// Presses the left button without waiting (stamped `afterMs` after the previous event
    /// where events carry the caller's timestamps).
    func dragPress(afterMs ms: UInt32) throws
    /// Writes a PNG of the output (device pixels) to `path`.
    func capture(to path: String) throws
    /// Captures until the screen has settled.
    func stableScreenshot(timeout: Double) throws -> Surface
    /// Moves the pointer out of the way (the bottom-right corner).
    func parkPointer() throws
}

extension HeadlessSession: PerformanceSession {
    /// "weston".
    public var compositorName: String { "weston" }
    /// weston's CPU time (``westonCPU()``).
    public func compositorCPU() -> WestonCPU? { westonCPU() }
    /// The test plugin encodes the PNG inside weston.
    public var capturesInsideCompositor: Bool { true }
    /// Sends the motion stamped `intervalMs` after the previous event, without waiting.
    public func dragMotion(to point: Point, intervalMs: UInt32) throws {
        try move(to: point, afterMs: intervalMs)
    }
    /// Sends the press stamped `ms` after the previous event, without waiting.
    public func dragPress(afterMs ms: UInt32) throws { try press(afterMs: ms) }
    /// The test plugin's capture of the output after its next repaint.
    public func capture(to path: String) throws { try send("capture \(path)") }
}
