import Geometry
import Canvas
import Foundation
import Motion

// Screenshots through org.kde.KWin.ScreenShot2 (kwin-driver.py), and waiting for the app
// to show.
extension KWinSession {
    /// Captures the workspace now. `native`: the output's device pixels
    /// (``nativeWidth``×``nativeHeight``); otherwise the logical size, ``width``×``height``.
    public func screenshot(native: Bool = false) throws -> Surface {
        if let parent { return try parent.screenshot() }
        guard hasScreenshots else {
            throw HarnessError("KWin in \(root) offers no ScreenShot2 (it composites with QPainter): nest it in sway, or read the protocol")
        }
        let path = runtimeDir + "/capture-\(UInt32.random(in: 0...UInt32.max)).png"
        try sendDriver("capture \(path)\(native ? " native" : "")")
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try Surface.loadPNG(from: path)
    }

    /// Captures until two shots 60 ms apart are identical: the app has drawn what it had to.
    public func stableScreenshot(native: Bool = false, timeout: Double = 5) throws -> Surface {
        try settledCapture(timeout: timeout, intervalMs: 60) { try screenshot(native: native) }
    }

    /// Moves the pointer to the screen's bottom-right corner (off the window).
    public func parkPointer() throws {
        try move(to: Point(x: Double(width - 1), y: Double(height - 1)), afterMs: 50)
    }

    /// Waits for every begun transition to complete, parks the pointer, takes a stable shot.
    public func parkedScreenshot(native: Bool = false) throws -> Surface {
        try waitForTransitionsToSettle()
        try parkPointer()
        return try stableScreenshot(native: native)
    }

    /// Waits until the app has committed a buffer on its toplevel and KWin shows it mapped
    /// (activated: the keyboard entered it), then locates its surface and waits for a still screen.
    public func waitForApp() throws {
        try waitFor("the app's first frame", timeout: 15) {
            guard self.app?.isRunning == true else { return true }
            let log = self.appProtocol
            guard let surface = log.toplevelSurface else { return false }
            return !log.on(surface, "attach").isEmpty && !log.all("wl_keyboard", "enter", sent: false).isEmpty
        }
        if app?.isRunning != true { throw HarnessError("segue-demo exited: \(appLog.suffix(1500))") }
        mark("app mapped")
        let origin = try locateClient()
        mark("app located")
        try parkPointer()
        guard hasScreenshots else { return }
        // KWin's first capture after a map can still be the bare (black) desktop.
        try waitFor("the app's window on screen", timeout: 10) {
            guard let shot = try? self.screenshot() else { return false }
            let x = Int(origin.x) + 40, y = Int(origin.y) + 40
            guard x >= 0, y >= 0, x < shot.width, y < shot.height else { return false }
            let c = shot.pixel(x: x, y: y)
            return c.red + c.green + c.blue > 0.3
        }
        mark("app on screen")
        _ = try stableScreenshot()
        mark("screen stable")
    }

    /// The app's window size (logical) from its protocol: the last
    /// `xdg_surface.set_window_geometry` (x, y, width, height).
    public func windowGeometry() throws -> (x: Int, y: Int, width: Int, height: Int) {
        guard let last = appProtocol.all("xdg_surface", "set_window_geometry", sent: true).last,
              let x = last.int(0), let y = last.int(1), let w = last.int(2), let h = last.int(3) else {
            throw HarnessError("the app set no window geometry")
        }
        return (x, y, w, h)
    }
}
