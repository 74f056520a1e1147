import Glibc
import Motion
import Segue

/// Runs a Segue `Window` as a native Wayland client until the user closes it.
///
/// ```swift
/// let window = Window(rootViewController: DemoRoot())
/// let code = try WaylandApplication.run(window, title: "Segue", appID: "org.segue.Demo")
/// ```
@MainActor
public enum WaylandApplication {
    /// Every connection ``run(_:title:appID:minimumSize:onFirstFrame:stats:onConnected:)``
    /// opened, never closed: the process exits after the loop and the kernel closes the socket.
    /// Kept so that what libwayland allocated for it (the proxies a closed window does not
    /// destroy one by one) stays reachable until then, and LeakSanitizer reports only what is
    /// really lost — the window and everything it showed are freed when `run` returns.
    private static var openConnections: [WaylandDisplay] = []

    /// Connects, opens the window and runs the event loop. Returns the exit code (0 after
    /// the compositor asked to close); throws a one-line ``WaylandError`` when the compositor
    /// is missing, lacks a required global, or goes away. With `stats`, figures are written
    /// on SIGUSR1 and at exit, and SIGTERM/SIGINT exit cleanly (code 0). `onConnected` runs once
    /// the compositor answered and the window exists, before the first frame.
    public static func run(_ window: Window, title: String, appID: String,
                           minimumSize: Size = Size(width: 320, height: 480),
                           onFirstFrame: (() -> Void)? = nil, stats: FrameStats? = nil,
                           onConnected: (() -> Void)? = nil) throws -> Int32 {
        let display = try WaylandDisplay()
        openConnections.append(display)
        let waylandWindow = try WaylandWindow(display: display, content: window, title: title, appID: appID,
                                              minimumSize: minimumSize)
        onConnected?()
        waylandWindow.onClose = { display.loop.stop(exitCode: 0) }
        if let stats {
            // SIGUSR1 writes a snapshot; SIGTERM and SIGINT end the loop cleanly (stats written).
            waylandWindow.stats = stats
            display.loop.handleSignals([SIGTERM, SIGINT, SIGUSR1]) { signal in
                stats.wakeUps = display.loop.wakeUps
                stats.write()
                if signal != SIGUSR1 { display.loop.stop(exitCode: 0) }
            }
            defer {
                stats.wakeUps = display.loop.wakeUps
                stats.write()
            }
            return try withExtendedLifetime(waylandWindow) { try display.loop.run() }
        }
        waylandWindow.onFirstFrame = onFirstFrame
        return try withExtendedLifetime(waylandWindow) {
            try display.loop.run()
        }
    }
}
