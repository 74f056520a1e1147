import Glibc
import Segue
import SegueProcess
import SegueWayland

/// Runs a Segue app as a native Wayland client, from the first frame to the exit status.
///
/// ```swift
/// import SegueKit
///
/// SegueApplication.run(root: NavigationController(rootViewController: ViewController()),
///                      title: "Hello", appID: "org.example.Hello")
/// ```
///
/// The process exits when the window is closed (status 0: its close button, Ctrl+Q, the
/// compositor's close) or when the compositor cannot be reached or goes away (status 1, after
/// one line on standard error saying why, e.g. "hello: lost the connection to the Wayland
/// compositor (Broken pipe)").
///
/// `SEGUE_SLOWDOWN=N` in the environment runs every animation N times slower, as GTK's
/// `GTK_SLOWDOWN`, unless the app set the window's `animationSlowdown` itself; anything but a
/// finite number > 0 is a usage error (status 2).
@MainActor
public enum SegueApplication {
    /// Opens a window showing `root` titled `title`, with the desktop app id `appID` (the name of
    /// its `.desktop` file, which gives the compositor its name and icon), and runs until it
    /// closes. Never returns.
    public static func run(root: ViewController, title: String, appID: String) -> Never {
        // The window lives in `run(_:…)` only, so it is freed before the exit (a leak checker
        // then sees nothing of the UI tree left over).
        exit(run(Window(rootViewController: root), title: title, appID: appID))
    }

    /// Runs `window` until it closes and returns the exit status (0), for an app that sets the
    /// window up itself (key bindings, developer tools, a trace) or reports frame figures to
    /// `stats`. `onConnected` runs once the compositor answered, before the first frame. When the
    /// compositor cannot be reached or goes away, `onFailure` runs, then one line on standard
    /// error says why and the process exits with status 1.
    public static func run(_ window: Window, title: String, appID: String, stats: FrameStats? = nil,
                           onConnected: (() -> Void)? = nil, onFailure: () -> Void = {}) -> Int32 {
        if window.animationSlowdown == 1, let factor = slowdownFromEnvironment() {
            window.animationSlowdown = factor
        }
        do {
            return try WaylandApplication.run(window, title: title, appID: appID, stats: stats,
                                              onConnected: onConnected)
        } catch {
            onFailure()
            OneLine.exit("\(error)", status: 1)
        }
    }

    /// `SEGUE_SLOWDOWN`'s factor: nil when unset; a one-line usage error (status 2) when it is
    /// not a finite number > 0.
    public static func slowdownFromEnvironment() -> Double? {
        guard let text = getenv("SEGUE_SLOWDOWN").map({ String(cString: $0) }) else { return nil }
        guard let factor = Window.parseSlowdown(text) else {
            OneLine.exit("SEGUE_SLOWDOWN needs a finite number > 0, not '\(text)'", status: 2)
        }
        return factor
    }
}

/// An app's entry point, for a `@main` type: say what the window shows, and Segue runs it.
///
/// ```swift
/// import SegueKit
///
/// @main
/// struct Hello: SegueApp {
///     let title = "Hello"
///     let appID = "org.example.Hello"
///     func makeRootViewController() -> ViewController {
///         NavigationController(rootViewController: ViewController())
///     }
/// }
/// ```
@MainActor
public protocol SegueApp {
    /// The window's title.
    var title: String { get }
    /// The desktop app id (reverse-DNS, the name of the app's `.desktop` file).
    var appID: String { get }
    /// Creates the app; called once, before the window opens.
    init()
    /// The view controller the window shows.
    func makeRootViewController() -> ViewController
    /// Sets the window up before it opens: key bindings, developer tools, a trace. Does nothing
    /// by default.
    func configureWindow(_ window: Window)
}

extension SegueApp {
    /// Does nothing.
    public func configureWindow(_ window: Window) {}

    /// Runs the app (``SegueApplication/run(_:title:appID:stats:onConnected:onFailure:)``);
    /// `@main` calls it. Exits when the window closes.
    public static func main() {
        exit(runApp())
    }

    /// The window lives here only, so it is freed before the exit (a leak checker then sees
    /// nothing of the UI tree left over).
    private static func runApp() -> Int32 {
        let app = Self()
        let window = Window(rootViewController: app.makeRootViewController())
        app.configureWindow(window)
        return SegueApplication.run(window, title: app.title, appID: app.appID)
    }
}
