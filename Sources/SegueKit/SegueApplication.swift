import Glibc
import SegueWayland

/// Runs a Segue app as a native Wayland client, from the first frame to the exit status.
///
/// ```swift
/// import SegueKit
///
/// SegueApplication.run(root: NavigationController(root: ListPage()),
///                      title: "Hello", appID: "org.example.Hello")
/// ```
///
/// The process exits when the window is closed (status 0: its close button, Ctrl+Q, the
/// compositor's close) or when the compositor cannot be reached or goes away (status 1, after
/// one line on standard error saying why, e.g. "hello: lost the connection to the Wayland
/// compositor (Broken pipe)").
@MainActor
public enum SegueApplication {
    /// Opens a window showing `root` titled `title`, with the desktop app id `appID` (the name of
    /// its `.desktop` file, which gives the compositor its name and icon), and runs until it
    /// closes. Never returns.
    ///
    /// `SEGUE_SLOWDOWN=N` in the environment runs every animation N times slower, as GTK's
    /// `GTK_SLOWDOWN` (Ctrl+T toggles ×5 in any Segue window).
    public static func run(root: ViewController, title: String, appID: String) -> Never {
        // The window lives in `runWindow` only, so it is freed before the exit (a leak checker
        // then sees nothing of the UI tree left over).
        exit(runWindow(root: root, title: title, appID: appID))
    }

    private static func runWindow(root: ViewController, title: String, appID: String) -> Int32 {
        let window = Window(rootViewController: root)
        if let text = getenv("SEGUE_SLOWDOWN").map({ String(cString: $0) }) {
            guard let factor = Window.parseSlowdown(text) else {
                fail("SEGUE_SLOWDOWN needs a finite number > 0, not '\(text)'", status: 2)
            }
            window.animationSlowdown = factor
        }
        do {
            return try WaylandApplication.run(window, title: title, appID: appID)
        } catch {
            fail("\(error)", status: 1)
        }
    }

    /// One line on standard error, named after the program, and the exit.
    private static func fail(_ message: String, status: Int32) -> Never {
        let name = CommandLine.arguments.first.flatMap { $0.split(separator: "/").last.map(String.init) } ?? "segue"
        let line = "\(name): \(message)\n"
        line.withCString { _ = write(2, $0, strlen($0)) }
        exit(status)
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
///     func makeRootViewController() -> ViewController { NavigationController(root: ListPage()) }
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
}

extension SegueApp {
    /// Runs the app (``SegueApplication/run(root:title:appID:)``); `@main` calls it.
    public static func main() {
        let app = Self()
        SegueApplication.run(root: app.makeRootViewController(), title: app.title, appID: app.appID)
    }
}
