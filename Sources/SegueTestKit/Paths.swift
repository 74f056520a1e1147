import Foundation

/// Where the project's build products are, found from this file's place in the tree.
public enum Paths {
    public static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// The directory `swift build` put `segue-demo` in (override: SEGUE_BIN_DIR).
    public static var binDir: String {
        ProcessInfo.processInfo.environment["SEGUE_BIN_DIR"] ?? root + "/.build/debug"
    }

    public static var demo: String { binDir + "/segue-demo" }
    public static var plugin: String { root + "/meson-helpers/build/segue-test-plugin.so" }
    public static var inject: String { root + "/meson-helpers/build/segue-inject" }
    /// KWin's `org_kde_kwin_fake_input` client (built when plasma-wayland-protocols is installed).
    public static var kwinInput: String { root + "/meson-helpers/build/segue-kwin-input" }
    /// KWin's ScreenShot2 D-Bus driver (Debian's python3 with python3-dbus).
    public static var kwinDriver: String { root + "/scripts/compositors/kwin-driver.py" }
    /// The zwlr_virtual_pointer_v1 driver for wlroots compositors (sway).
    public static var vpointer: String { root + "/meson-helpers/build/segue-vpointer" }
    /// The libadwaita peer of the swipe benchmark (`make adw-carousel`; override: SEGUE_ADW_CAROUSEL).
    public static var adwCarousel: String {
        ProcessInfo.processInfo.environment["SEGUE_ADW_CAROUSEL"] ?? root + "/bench/adw-carousel/build/adw-carousel"
    }
    /// The example app of Examples/ (`make examples` builds it: a package of its own).
    public static var helloExample: String { root + "/Examples/.build/debug/hello-segue" }
    /// The tutorial ports' app of Examples/ (`make examples`): Tests/TutorialPortsTests in a window.
    public static var tutorialPortsExample: String { root + "/Examples/.build/debug/tutorial-ports" }
    /// Screenshots the tests keep (README gallery, looking at failures).
    public static var artifacts: String { root + "/artifacts" }

    /// Finds an executable on PATH.
    public static func which(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") {
            let candidate = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
