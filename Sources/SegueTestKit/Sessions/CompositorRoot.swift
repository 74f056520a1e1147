import Foundation

/// Where a session's compositor side runs: on this machine, or inside a chroot holding another
/// distribution's compositors (the Debian 13 lane, ``trixie``), while the app under test stays
/// on the host.
///
/// Sessions work in host paths throughout; ``spawn(_:_:environment:user:stdout:stderr:captureOutput:)``
/// translates every path that crosses into the root (executable, arguments, environment values)
/// to the path the process sees inside it. The Wayland socket, in a runtime directory under the
/// root (``makeRuntimeDirectory(prefix:)``), is what the two sides share: the compositor sees
/// `/run/NAME`, the app outside `ROOT/run/NAME`.
public struct CompositorRoot: Sendable, Equatable, CustomStringConvertible {
    /// The chroot's directory on the host; nil for the host itself.
    public let path: String?

    /// The compositors installed on this machine.
    public static let host = CompositorRoot(path: nil)

    /// Compositors inside the chroot at `path`.
    public static func chroot(_ path: String) -> CompositorRoot { CompositorRoot(path: path) }

    /// The Debian 13 root `scripts/trixie-root.sh` makes (`make trixie-root`); override:
    /// SEGUE_TRIXIE_ROOT.
    public static var trixie: CompositorRoot {
        .chroot(ProcessInfo.processInfo.environment["SEGUE_TRIXIE_ROOT"] ?? "/var/lib/segue/trixie")
    }

    /// The script that makes and mounts the trixie root.
    public static var rootScript: String { Paths.root + "/scripts/trixie-root.sh" }

    public var description: String { path.map { "the chroot \($0)" } ?? "the host" }

    /// The host path of `inside`, a path as processes in the root see it.
    public func hostPath(_ inside: String) -> String {
        guard let path else { return inside }
        return path + inside
    }

    /// `text` with every host path under the root written as the root's processes see it.
    public func insidePath(_ text: String) -> String {
        guard let path else { return text }
        return text.replacingOccurrences(of: path + "/", with: "/")
    }

    /// An executable of the root by name (its host path), or nil when the root has none.
    public func which(_ name: String) -> String? {
        guard path != nil else { return Paths.which(name) }
        return ["/usr/bin/", "/usr/sbin/", "/bin/", "/sbin/"].map { hostPath($0 + name) }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// ``which(_:)``, or one line naming the package to install and where.
    public func require(_ name: String, package: String) throws -> String {
        if let found = which(name) { return found }
        if path == nil { throw HarnessError("\(name) is not installed (apt-get install \(package)); the e2e tests cannot run") }
        throw HarnessError("\(name) is missing in \(self) (package \(package)): run `make trixie-root` (\(Self.rootScript))")
    }

    /// Checks that the root exists and mounts /proc, /sys, /dev, /dev/pts and /dev/shm into it
    /// (`trixie-root.sh mount`: idempotent, serialised by a lock, never unmounted by a test, so
    /// sessions running side by side cannot pull the mounts from under each other).
    public func prepare() throws {
        guard let path else { return }
        guard FileManager.default.isExecutableFile(atPath: path + "/usr/bin/apt-get") else {
            throw HarnessError("no Debian root at \(path): run `make trixie-root` (\(Self.rootScript)) first")
        }
        let result = SwaySession.run(Self.rootScript, ["mount"],
                                     environment: ["SEGUE_TRIXIE_ROOT": path, "PATH": "/usr/sbin:/usr/bin:/sbin:/bin"], timeout: 30)
        guard result.status == 0 else { throw HarnessError("mounting \(path) failed (\(result.status)): \(result.output)") }
    }

    /// A private 0700 runtime directory (its host path): in the temporary directory on the
    /// host, under `/run` inside a root.
    public func makeRuntimeDirectory(prefix: String) throws -> String {
        let parent = path.map { $0 + "/run/" } ?? NSTemporaryDirectory()
        var buffer = Array((parent + prefix + "-XXXXXX").utf8CString)
        guard mkdtemp(&buffer) != nil else { throw HarnessError("mkdtemp in \(parent) failed: \(String(cString: strerror(errno)))") }
        let dir = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        chmod(dir, 0o700)
        return dir
    }

    /// The variables a process in the root gets from the session's environment: those that
    /// configure the compositor stack (the host's PATH, libraries and tools stay outside).
    static let carriedPrefixes = ["XDG_", "WAYLAND_", "WLR_", "QT_", "KWIN_", "DBUS_", "GSETTINGS_", "HOME", "LANG", "LC_"]

    /// Starts `executable` (a host path) with `arguments`. On the host: as given, as `user`
    /// when set (`setpriv`). In a root: `chroot [--userspec] ROOT env -i VARS…`, the paths in the
    /// executable, the arguments and the carried variables of `environment` translated
    /// (``insidePath(_:)``), PATH the root's own.
    public func spawn(_ executable: String, _ arguments: [String], environment: [String: String],
                      user: (uid: uid_t, gid: gid_t)? = nil, stdout: FileHandle? = nil, stderr: FileHandle? = nil,
                      captureOutput: Bool = false) throws -> Subprocess {
        guard let path else {
            guard let user else {
                return try Subprocess(executable, arguments, environment: environment, stdout: stdout, stderr: stderr,
                                      captureOutput: captureOutput)
            }
            guard let setpriv = Paths.which("setpriv") else { throw HarnessError("setpriv (util-linux) is missing") }
            let variables = environment.map { "\($0.key)=\($0.value)" }.sorted()
            return try Subprocess(setpriv, ["--reuid=\(user.uid)", "--regid=\(user.gid)", "--clear-groups",
                                            "/usr/bin/env", "--default-signal", "-i"] + variables + [executable] + arguments,
                                  environment: [:], stdout: stdout, stderr: stderr, captureOutput: captureOutput)
        }
        var carried = ["PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin", "LANG": "C.UTF-8"]
        for (key, value) in environment where Self.carriedPrefixes.contains(where: { key.hasPrefix($0) }) {
            carried[key] = insidePath(value)
        }
        let variables = carried.map { "\($0.key)=\($0.value)" }.sorted()
        let userspec = user.map { ["--userspec=\($0.uid):\($0.gid)"] } ?? []
        return try Subprocess("/usr/sbin/chroot", userspec + [path, "/usr/bin/env", "--default-signal", "-i"] + variables
                                + [insidePath(executable)] + arguments.map(insidePath),
                              environment: [:], stdout: stdout, stderr: stderr, captureOutput: captureOutput)
    }

    /// `PACKAGE VERSION` of an installed Debian package, as `dpkg-query` reports it on the host
    /// or inside the root; nil when it is not installed.
    public func packageVersion(_ package: String) -> String? {
        let arguments = ["-W", "-f=${Package} ${Version}", package]
        let result = path.map { SwaySession.run("/usr/sbin/chroot", [$0, "dpkg-query"] + arguments) }
            ?? SwaySession.run("/usr/bin/dpkg-query", arguments)
        return result.status == 0 ? result.output.trimmingCharacters(in: .whitespacesAndNewlines) : nil
    }
}
