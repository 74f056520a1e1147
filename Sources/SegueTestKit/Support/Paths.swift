import Foundation

/// Where the project's build products are, found from this file's place in the tree.
public enum Paths {
    public static let root: String = {
        // Sources/SegueTestKit/Support/Paths.swift: four components below the root.
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// The directory `swift build` put `segue-demo` in (override: SEGUE_BIN_DIR).
    public static var binDir: String {
        ProcessInfo.processInfo.environment["SEGUE_BIN_DIR"] ?? root + "/.build/debug"
    }

    public static var demo: String { binDir + "/segue-demo" }
    /// Segue Photos, which takes the same `--trace` and `--stats` as the demo.
    public static var photos: String { binDir + "/segue-photos" }
    public static var plugin: String { root + "/meson-helpers/build/segue-test-plugin.so" }
    /// The weston 14 test module inside a root (scripts/trixie-root.sh builds it there), as
    /// seen inside the root.
    public static let rootPlugin = "/opt/segue/build/segue-test-plugin.so"
    public static var inject: String { root + "/meson-helpers/build/segue-inject" }
    /// KWin's `org_kde_kwin_fake_input` client (built when plasma-wayland-protocols is installed).
    public static var kwinInput: String { root + "/meson-helpers/build/segue-kwin-input" }
    /// KWin's ScreenShot2 D-Bus driver (Debian's python3 with python3-dbus).
    public static var kwinDriver: String { root + "/scripts/compositors/kwin-driver.py" }
    /// The zwlr_virtual_pointer_v1 driver for wlroots compositors (sway).
    public static var vpointer: String { root + "/meson-helpers/build/segue-vpointer" }
    /// Records a wlroots compositor's frames (``FrameRecorder``).
    public static var screencopyRecord: String { root + "/meson-helpers/build/segue-screencopy-record" }
    /// The copy floor of the swipe benchmark: a client that only memcpy's a full frame per frame.
    public static var copyFloor: String { root + "/meson-helpers/build/segue-copy-floor" }
    /// The libadwaita peer of the swipe benchmark (`make adw-carousel`; override: SEGUE_ADW_CAROUSEL).
    public static var adwCarousel: String {
        ProcessInfo.processInfo.environment["SEGUE_ADW_CAROUSEL"] ?? root + "/bench/adw-carousel/build/adw-carousel"
    }
    /// The example app of Examples/ (`make examples` builds it: a package of its own).
    public static var helloExample: String { root + "/Examples/.build/debug/hello-segue" }
    /// The UIKit conformance scenes' app of Examples/ (`make examples`):
    /// Tests/UIKitConformanceTests/Scenes in a window.
    public static var conformanceExample: String { root + "/Examples/.build/debug/uikit-conformance" }
    /// Screenshots the tests keep (README gallery, looking at failures).
    public static var artifacts: String { root + "/artifacts" }

    /// `environment` for the app in English, left to right, whatever the machine's language:
    /// the locale variables and the direction override removed, `LANG=C.UTF-8` (a test that
    /// wants another language sets it in the session's own environment, which is merged after).
    public static func inEnglish(_ environment: [String: String]) -> [String: String] {
        var environment = environment
        for name in ["LANGUAGE", "LC_ALL", "LC_MESSAGES", "SEGUE_TEXT_DIRECTION", "SEGUE_LOCALEDIR"] {
            environment.removeValue(forKey: name)
        }
        environment["LANG"] = "C.UTF-8"
        return environment
    }

    /// The command that builds the test helpers in meson-helpers/build.
    public static let helpersBuildCommand = "meson setup meson-helpers/build meson-helpers && ninja -C meson-helpers/build"

    /// Throws one line naming the first of `helpers` (meson-helpers/build products, e.g.
    /// ``inject``) that is missing or older than its sources, and the command that builds it;
    /// and for `segue-demo` when it is missing. Every session calls it before starting anything,
    /// so a plain `swift test` without the helpers fails at once and says why.
    public static func requireBuilt(_ helpers: [String], demo: String? = Paths.demo) throws {
        let fm = FileManager.default
        for path in helpers {
            let name = URL(fileURLWithPath: path).lastPathComponent
            guard fm.fileExists(atPath: path) else {
                let extra = path == kwinInput ? " (it is built only when plasma-wayland-protocols is installed: apt-get install plasma-wayland-protocols, then meson setup --reconfigure)" : ""
                throw HarnessError("test helper \(name) is not built (\(path)): run `\(helpersBuildCommand)` in \(root)\(extra)")
            }
            if let built = modified(path), let newest = newestSource(of: name), newest > built {
                throw HarnessError("test helper \(name) is older than meson-helpers' sources: run `ninja -C meson-helpers/build` in \(root)")
            }
        }
        if let demo, !fm.fileExists(atPath: demo) {
            throw HarnessError("segue-demo is not built (\(demo)): run `swift build` in \(root)")
        }
    }

    private static func modified(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }

    /// The newest modification time of a helper's own C sources and headers in meson-helpers/
    /// (`segue-inject` ← `segue-inject*.c|h`; the plugin ← `segue-test-*`).
    private static func newestSource(of helper: String) -> Date? {
        let prefix = helper.hasPrefix("segue-test-plugin") ? "segue-test-" : helper
        let dir = root + "/meson-helpers"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
        return names.filter { $0.hasPrefix(prefix) && ($0.hasSuffix(".c") || $0.hasSuffix(".h")) }
            .compactMap { modified(dir + "/" + $0) }.max()
    }

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
