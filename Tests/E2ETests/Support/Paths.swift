import Foundation

/// Where the project's build products are, found from this file's place in the tree.
enum Paths {
    static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// The directory `swift build` put `segue-demo` in (override: SEGUE_BIN_DIR).
    static var binDir: String {
        ProcessInfo.processInfo.environment["SEGUE_BIN_DIR"] ?? root + "/.build/debug"
    }

    static var demo: String { binDir + "/segue-demo" }
    static var plugin: String { root + "/meson-helpers/build/segue-test-plugin.so" }
    static var inject: String { root + "/meson-helpers/build/segue-inject" }
    /// Screenshots the tests keep (README gallery, looking at failures).
    static var artifacts: String { root + "/artifacts" }

    /// Finds an executable on PATH.
    static func which(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") {
            let candidate = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
