import Canvas
import Geometry
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
    /// Connects, opens the window and runs the event loop. Returns the exit code (0 after
    /// the compositor asked to close); throws a one-line ``WaylandError`` when the compositor
    /// is missing, lacks a required global, or goes away. With `stats`, figures are written
    /// on SIGUSR1 and at exit, and SIGTERM/SIGINT exit cleanly (code 0). `onConnected` runs once
    /// the compositor answered and the window exists, before the first frame.
    public static func run(_ window: Window, title: String, appID: String,
                           minimumSize: Size = Size(width: 320, height: 480),
                           onFirstFrame: (() -> Void)? = nil, stats: FrameStats? = nil,
                           onConnected: (() -> Void)? = nil) throws -> Int32 {
        // fontconfig loads its font list while the compositor and the portal answer.
        Font.startLoadingFonts()
        // The desktop's settings are asked for first, so the portal answers while the
        // compositor is being greeted; the first frame waits for them a bounded time.
        let settingsAsked = DesktopSettingsSource.monotonicSeconds()
        let settings = DesktopSettingsSource()
        let display = try WaylandDisplay()
        // The window destroys its proxies when `runWindow` returns; the connection closes last.
        defer { display.disconnect() }
        return try runWindow(on: display, window, title: title, appID: appID, minimumSize: minimumSize,
                             onFirstFrame: onFirstFrame, stats: stats, onConnected: onConnected,
                             settings: settings, settingsAsked: settingsAsked)
    }

    private static func runWindow(on display: WaylandDisplay, _ window: Window, title: String, appID: String,
                                  minimumSize: Size, onFirstFrame: (() -> Void)?, stats: FrameStats?,
                                  onConnected: (() -> Void)?, settings: DesktopSettingsSource,
                                  settingsAsked: Double) throws -> Int32 {
        let waylandWindow = try WaylandWindow(display: display, content: window, title: title, appID: appID,
                                              minimumSize: minimumSize)
        // A portal being started for us takes up to the whole wait: the first frame's layout,
        // fonts and content caches are made meanwhile, at the size the window will most likely
        // open at.
        settings.waitForAnswer(until: settingsAsked + DesktopSettingsSource.startupWait,
                               whileWaiting: { waylandWindow.prepareFirstFrame() })
        window.settings = settings.settings
        settings.onChange = { [weak window] new in window?.settings = new }
        waylandWindow.cursors.useDesktopSettings(theme: settings.cursor.theme, size: settings.cursor.size)
        settings.onPlatformChange = { [weak waylandWindow, weak settings] in
            guard let settings else { return }
            waylandWindow?.cursors.useDesktopSettings(theme: settings.cursor.theme, size: settings.cursor.size)
        }
        if let connection = settings.connection { display.loop.add(connection) }
        // Work other threads post (decoded pictures) runs between the loop's turns.
        display.loop.add(PostedWorkSource(MainLoopPoster.shared))
        let accessibility = AtspiProvider(window: window, name: title, session: settings.connection, loop: display.loop,
                                          environment: DesktopSettingsSource.processEnvironment())
        onConnected?()
        waylandWindow.onClose = { [weak loop = display.loop] in loop?.stop(exitCode: 0) }
        if let stats {
            // SIGUSR1 writes a snapshot; SIGTERM and SIGINT end the loop cleanly (stats written).
            waylandWindow.stats = stats
            // The loop keeps its handler: the handler must not keep the loop (a cycle the leak
            // checker reports at exit).
            display.loop.handleSignals([SIGTERM, SIGINT, SIGUSR1]) { [weak loop = display.loop, weak waylandWindow] signal in
                guard let loop else { return }
                stats.wakeUps = loop.wakeUps
                stats.isSettled = waylandWindow?.isSettled ?? false
                stats.write()
                if signal != SIGUSR1 { loop.stop(exitCode: 0) }
            }
            defer {
                stats.wakeUps = display.loop.wakeUps
                stats.write()
            }
            return try withExtendedLifetime((waylandWindow, settings, accessibility)) { try display.loop.run() }
        }
        waylandWindow.onFirstFrame = onFirstFrame
        return try withExtendedLifetime((waylandWindow, settings, accessibility)) {
            try display.loop.run()
        }
    }
}
