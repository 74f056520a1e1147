import Glibc
import Motion
import Segue

/// Runs a Segue ``Window`` as a native Wayland client until the user closes it.
///
/// ```swift
/// let window = Window(rootViewController: DemoRoot())
/// let code = try WaylandApplication.run(window, title: "Segue", appID: "org.segue.Demo")
/// ```
@MainActor
public enum WaylandApplication {
    /// Connects, opens the window and runs the event loop. Returns the exit code (0 after
    /// the compositor asked to close); throws a one-line ``WaylandError`` when the compositor
    /// is missing, lacks a required global, or goes away.
    public static func run(_ window: Window, title: String, appID: String,
                           minimumSize: Size = Size(width: 360, height: 480),
                           onFirstFrame: (() -> Void)? = nil) throws -> Int32 {
        let display = try WaylandDisplay()
        let waylandWindow = try WaylandWindow(display: display, content: window, title: title, appID: appID,
                                              minimumSize: minimumSize)
        waylandWindow.onClose = { display.loop.stop(exitCode: 0) }
        waylandWindow.onFirstFrame = onFirstFrame
        return try withExtendedLifetime(waylandWindow) {
            try display.loop.run()
        }
    }
}
