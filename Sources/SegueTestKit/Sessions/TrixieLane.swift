import Foundation

/// The Debian 13 (trixie) lane: the project's sessions with their compositor side in the root
/// `scripts/trixie-root.sh` makes (``CompositorRoot/trixie``) — weston 14, sway 1.10, mutter 48,
/// KWin 6.3 — and the bookworm-built app on the host. Any suite can take a session from here
/// (e.g. `try TrixieLane.mutter()`); docs/TRIXIE-LANE.md says what each compositor offers.
public enum TrixieLane {
    /// The root every factory uses.
    public static var root: CompositorRoot { .trixie }

    /// The Debian packages of the lane's compositors, whose versions ``recordVersions()`` keeps.
    public static let compositorPackages = ["weston", "sway", "mutter", "kwin-wayland"]

    /// weston 14 in the root (the test module built there), `options.root` set to the lane's.
    public static func weston(width: Int = 800, height: Int = 600, options: HeadlessSession.Options = .init(),
                              name: String = #function) throws -> HeadlessSession {
        var options = options
        options.root = root
        return try HeadlessSession(width: width, height: height, options: options, name: name)
    }

    /// sway 1.10 in the root.
    public static func sway(options: SwaySession.Options = .init()) throws -> SwaySession {
        var options = options
        options.root = root
        return try SwaySession(options: options)
    }

    /// mutter 48 in the root, with its bus, pipewire, wireplumber and driver there too; the app
    /// speaks with `WAYLAND_DEBUG=1` (the lane's tests read its protocol log). mutter 48's late
    /// remote-desktop pointer is waited for as mutter 43's (``MutterSession/waitForApp(timeout:)``).
    public static func mutter(width: Int = 1280, height: Int = 800, options: MutterSession.Options = .init(),
                              name: String = #function) throws -> MutterSession {
        var options = options
        options.root = root
        options.waylandDebug = true
        return try MutterSession(width: width, height: height, options: options, name: name)
    }

    /// KWin 6.3 in the root: on its virtual backend (no screenshots, see
    /// ``KWinSession/hasScreenshots``), or nested in a headless sway there
    /// (`options.nestedInSway`, scale 1), whose output grim captures.
    public static func kwin(width: Int = 1280, height: Int = 800, options: KWinSession.Options = .init()) throws -> KWinSession {
        var options = options
        options.root = root
        return try KWinSession(width: width, height: height, options: options)
    }

    /// Writes the lane's compositor versions (`dpkg-query` in the root, one `PACKAGE VERSION`
    /// a line) to artifacts/trixie-versions.txt and returns them; throws naming a package the
    /// root lacks.
    @discardableResult
    public static func recordVersions() throws -> [String] {
        try root.prepare()
        let versions = try compositorPackages.map { package in
            guard let version = root.packageVersion(package) else {
                throw HarnessError("\(package) is not installed in \(root): run `make trixie-root`")
            }
            return version
        }
        try? FileManager.default.createDirectory(atPath: Paths.artifacts, withIntermediateDirectories: true)
        try? (versions.joined(separator: "\n") + "\n").write(toFile: Paths.artifacts + "/trixie-versions.txt", atomically: true, encoding: .utf8)
        return versions
    }
}
