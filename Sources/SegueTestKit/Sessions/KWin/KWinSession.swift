import Geometry
import Canvas
import Foundation
import Motion

/// A private headless KWin 5.27 (Plasma's compositor: `kwin_wayland --virtual`, Breeze
/// decorations) on a private D-Bus session bus, with the real `segue-demo` in it.
///
/// - Input: `segue-kwin-input` (meson-helpers/) speaks `org_kde_kwin_fake_input`. KWin 5.27
///   shows that global only to a client whose executable (by /proc/PID/exe, checked by sha256)
///   has a desktop file listing it in `X-KDE-Wayland-Interfaces`: the session writes one into
///   its private `XDG_DATA_HOME/applications` (KWin finds it through KService/ksycoca, built
///   in the private `XDG_CACHE_HOME`). `authenticate` is then always granted. The app itself
///   does not get the global, as in a real Plasma session.
///   (`KWIN_WAYLAND_NO_PERMISSION_CHECKS=1` would lift the filter for every client instead.)
/// - Screenshots: `scripts/compositors/kwin-driver.py` calls `org.kde.KWin.ScreenShot2`
///   (`KWIN_SCREENSHOT_NO_PERMISSION_CHECKS=1` lets an unlisted client do so).
/// - Protocol facts: the app runs with `WAYLAND_DEBUG=1`, its stderr in ``appLog``
///   (``appProtocol`` parses it); ``Options/compositorProtocolLog`` adds KWin's side
///   (`WAYLAND_DEBUG=server`) in ``compositorProtocol``.
///
/// `/usr/bin/kwin_wayland` carries file capabilities (cap_sys_resource) that an unprivileged
/// container refuses to execute; the session runs a plain copy from its private directory.
///
/// Coordinates: KWin places windows itself (centred by default). Input takes global logical
/// coordinates; ``clientOrigin`` (found from the app's own `wl_pointer` events, see
/// ``locateClient()``) maps the app's surface-local points onto the screen.
///
/// Every process (D-Bus, KWin and whatever either spawned, the helpers, the app) is stopped on
/// every path, failures included (``stop()`` and deinit). A missing compositor or tool is an
/// error: these tests fail, they never skip.
public final class KWinSession: CompositorSession, @unchecked Sendable {
    /// The virtual output's logical size (what `--width`/`--height` mean to KWin 5.27, what
    /// input coordinates and window placement use); device pixels are this × ``scale``.
    public let width: Int
    public let height: Int
    public let scale: Double
    public let runtimeDir: String
    public let socket: String
    public let tracePath: String
    /// Where KWin runs (``Options/root``).
    public let root: CompositorRoot
    /// Whether ``screenshot(native:)`` works: KWin's ScreenShot2 on the host, the parent sway's
    /// output when nested (``Options/nestedInSway``); nothing else in a root.
    public var hasScreenshots: Bool { root == .host || parent != nil }
    /// The headless sway KWin runs in as a window (``Options/nestedInSway``).
    public private(set) var parent: SwaySession?
    private var bus: Subprocess?
    private var kwin: Subprocess?
    /// `segue-kwin-input`: KWin's fake input, stamped by KWin.
    public private(set) var inputDriver: LineDriver?
    public var inputDialect: InputDialect { .kwinFakeInput }
    public var input = InputState(pointer: Point(x: 0, y: 0))
    /// Where `segue-demo` writes `--stats`.
    public private(set) var appStatsPath: String?
    private var driver: Subprocess?
    public private(set) var app: Subprocess?
    /// Processes the bus or KWin started (activated services, Xwayland…), stopped with them.
    private var spawned: Set<pid_t> = []
    private var stopped = false
    /// The app's surface origin on the screen (global logical coordinates), once located.
    public internal(set) var clientOrigin: Point?

    public struct Options: Sendable {
        /// KWin's `--scale` for the virtual output (1.5 for fractional scaling).
        public var scale: Double = 1
        /// Run KWin with `WAYLAND_DEBUG=server` (in ``kwinLog``, parsed by ``compositorProtocol``): events the app
        /// ignores (no listener) are only visible there.
        public var compositorProtocolLog = false
        /// Extra environment for `segue-demo`.
        public var environment: [String: String] = [:]
        /// Extra arguments for `segue-demo` (e.g. `--stats FILE`).
        public var arguments: [String] = []
        /// Run KWin with its Wayland backend as the one window of a headless sway in the same
        /// root (borderless, its output KWin's size: the window is KWin's output pixel for pixel)
        /// and take screenshots of that sway with grim: KWin 6 compositing in software has no
        /// ScreenShot2. Scale 1 only (the nested output's scale is the parent's).
        public var nestedInSway = false
        /// Where KWin and its bus run: the host (KWin 5.27) or a root (``CompositorRoot/trixie``:
        /// KWin 6.3, which composites with QPainter there and has no ScreenShot2, so
        /// ``hasScreenshots`` is false and the tests read the protocol instead).
        public var root = CompositorRoot.host
        public init(scale: Double = 1, compositorProtocolLog: Bool = false, environment: [String: String] = [:],
                    arguments: [String] = [], root: CompositorRoot = .host, nestedInSway: Bool = false) {
            self.root = root
            self.nestedInSway = nestedInSway
            self.arguments = arguments
            self.scale = scale
            self.compositorProtocolLog = compositorProtocolLog
            self.environment = environment
        }
    }

    /// The output's size in device pixels (what a `native` screenshot has).
    public var nativeWidth: Int { Int((Double(width) * scale).rounded(.up)) }
    public var nativeHeight: Int { Int((Double(height) * scale).rounded(.up)) }

    public init(width: Int = 1280, height: Int = 800, options: Options = Options()) throws {
        self.width = width
        self.height = height
        scale = options.scale
        root = options.root
        try root.prepare()
        let kwinSource = try root.require("kwin_wayland", package: "kwin-wayland breeze")
        let dbusDaemon = try root.require("dbus-daemon", package: "dbus-daemon")
        let python = "/usr/bin/python3"
        try Paths.requireBuilt([Paths.kwinInput])
        for (path, what) in [(python, "Debian's python3 (with python3-dbus)"), (Paths.kwinDriver, "kwin-driver.py")]
        where !FileManager.default.fileExists(atPath: path) {
            throw HarnessError("\(what) not found at \(path)")
        }

        runtimeDir = try root.makeRuntimeDirectory(prefix: "segue-kwin")
        socket = "segue-kwin-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        tracePath = runtimeDir + "/trace.jsonl"

        do {
            try start(kwinSource: kwinSource, dbusDaemon: dbusDaemon, python: python, options: options)
        } catch {
            let logs = "\n--- kwin.log (tail) ---\n\(kwinLog.suffix(1500))"
            stop()
            if let error = error as? HarnessError { throw HarnessError(error.description + logs) }
            throw error
        }
    }

    private let started = Date()
    /// With `SEGUE_KWIN_VERBOSE` set, prints `what` with the seconds since the session began
    /// (where a slow run spends its time). `SEGUE_KEEP_KWIN_LOGS` keeps the last session's
    /// kwin.log and app.log in artifacts/.
    public func mark(_ what: String) {
        if ProcessInfo.processInfo.environment["SEGUE_KWIN_VERBOSE"] != nil {
            FileHandle.standardError.write(Data(String(format: "[kwin-session %.2f s] %@\n", Date().timeIntervalSince(started), what).utf8))
        }
    }

    private func start(kwinSource: String, dbusDaemon: String, python: String, options: Options) throws {
        // A plain copy: no security.capability attribute on it (a fresh file carries none).
        let kwinCopy = runtimeDir + "/bin/kwin_wayland"
        try FileManager.default.createDirectory(atPath: runtimeDir + "/bin", withIntermediateDirectories: true)
        let binary = try Data(contentsOf: URL(fileURLWithPath: kwinSource))
        guard FileManager.default.createFile(atPath: kwinCopy, contents: binary, attributes: [.posixPermissions: 0o755]) else {
            throw HarnessError("cannot copy kwin_wayland to \(kwinCopy)")
        }

        var env = ProcessInfo.processInfo.environment
        env["XDG_RUNTIME_DIR"] = runtimeDir
        // Private configuration, data and cache: no kwinrc or window rules of the machine's user.
        for (key, dir) in [("XDG_CONFIG_HOME", "config"), ("XDG_DATA_HOME", "data"), ("XDG_CACHE_HOME", "cache")] {
            try FileManager.default.createDirectory(atPath: runtimeDir + "/" + dir, withIntermediateDirectories: true)
            env[key] = runtimeDir + "/" + dir
        }
        for key in ["WAYLAND_DISPLAY", "DISPLAY", "WAYLAND_DEBUG", "DBUS_SESSION_BUS_ADDRESS", "QT_QPA_PLATFORM",
                    "KDE_FULL_SESSION", "XDG_SESSION_TYPE", "XDG_CURRENT_DESKTOP"] {
            env.removeValue(forKey: key)
        }

        // KWin lets segue-kwin-input have org_kde_kwin_fake_input through its desktop file.
        let inputPath = URL(fileURLWithPath: Paths.kwinInput).resolvingSymlinksInPath().path
        try FileManager.default.createDirectory(atPath: runtimeDir + "/data/applications", withIntermediateDirectories: true)
        try """
        [Desktop Entry]
        Type=Application
        Name=segue-kwin-input
        Exec=\(inputPath)
        NoDisplay=true
        X-KDE-Wayland-Interfaces=org_kde_kwin_fake_input
        """.write(toFile: runtimeDir + "/data/applications/segue-kwin-input.desktop", atomically: true, encoding: .utf8)

        // A private session bus without service activation: nothing starts behind our back.
        let busConfig = runtimeDir + "/bus.conf"
        try """
        <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
        <busconfig>
          <type>session</type>
          <listen>unix:path=\(root.insidePath(runtimeDir))/bus</listen>
          <auth>EXTERNAL</auth>
          <policy context="default">
            <allow send_destination="*" eavesdrop="true"/>
            <allow eavesdrop="true"/>
            <allow own="*"/>
          </policy>
        </busconfig>
        """.write(toFile: busConfig, atomically: true, encoding: .utf8)
        let bus = try root.spawn(dbusDaemon, ["--config-file=\(busConfig)", "--nofork", "--print-address=1"],
                                 environment: env, captureOutput: true)
        self.bus = bus
        guard let address = bus.readLine(), address.hasPrefix("unix:") else {
            throw HarnessError("dbus-daemon did not print its address")
        }
        // The bus prints its socket as seen inside the root; the host reaches it under the root.
        env["DBUS_SESSION_BUS_ADDRESS"] = address.replacingOccurrences(of: "unix:path=/", with: "unix:path=\(root.hostPath("/"))")
        mark("bus up")

        var kwinEnv = env
        kwinEnv["QT_QPA_PLATFORM"] = "offscreen"
        kwinEnv["KWIN_SCREENSHOT_NO_PERMISSION_CHECKS"] = "1"
        // Inside a root KWin cannot check segue-kwin-input's executable (a host path) against
        // its desktop file: it lets every client have fake input instead.
        if root != .host { kwinEnv["KWIN_WAYLAND_NO_PERMISSION_CHECKS"] = "1" }
        if options.compositorProtocolLog { kwinEnv["WAYLAND_DEBUG"] = "server" }
        let kwinLogHandle = FileHandle(forWritingAtPath: createFile(runtimeDir + "/kwin.log"))
        var arguments = ["--socket", socket, "--no-lockscreen", "--no-global-shortcuts", "--no-kactivities"]
        if options.nestedInSway {
            guard scale == 1 else { throw HarnessError("KWin nested in sway runs at scale 1 only (asked for \(scale))") }
            let parent = try SwaySession(options: .init(outputWidth: width, outputHeight: height,
                                                        extraConfig: "default_border none\ndefault_floating_border none",
                                                        root: root, runsApp: false))
            self.parent = parent
            let display = parent.runtimeDir + "/" + parent.socket
            kwinEnv["WAYLAND_DISPLAY"] = display
            arguments += ["--wayland-display", display, "--width", "\(width)", "--height", "\(height)"]
        } else if root == .host {
            arguments += ["--virtual", "--width", "\(width)", "--height", "\(height)"]
            if scale != 1 { arguments += ["--scale", "\(scale)"] }
        } else {
            // KWin 6 (the lane's): the virtual output's mode is in device pixels and `--scale` only
            // multiplies it; the output's scale comes from kwinoutputconfig.json.
            arguments += ["--virtual", "--width", "\(nativeWidth)", "--height", "\(nativeHeight)"]
            if scale != 1 { try writeOutputConfiguration(configHome: runtimeDir + "/config") }
        }
        kwin = try root.spawn(kwinCopy, arguments, environment: kwinEnv, stdout: kwinLogHandle, stderr: kwinLogHandle)
        try waitFor("KWin's socket", timeout: 20) {
            guard self.kwin?.isRunning == true else { return true }
            return FileManager.default.fileExists(atPath: self.runtimeDir + "/" + self.socket)
        }
        if kwin?.isRunning != true { throw HarnessError("kwin_wayland exited at start") }
        mark("kwin socket")

        // The screenshot driver; ScreenShot2 appears once KWin has loaded its effects (KWin 5.27
        // on the host; the lane's KWin 6 has none).
        if root == .host {
            driver = try Subprocess(python, [Paths.kwinDriver], environment: env, captureOutput: true)
            try waitFor("org.kde.KWin.ScreenShot2 on the session bus", timeout: 20) {
                guard self.kwin?.isRunning == true else { return true }
                return (try? self.sendDriver("ping")) != nil
            }
        }
        if kwin?.isRunning != true { throw HarnessError("kwin_wayland exited at start") }

        env["WAYLAND_DISPLAY"] = socket
        mark("screenshot2 ready")
        let inputLog = FileHandle(forWritingAtPath: createFile(runtimeDir + "/input.log"))
        inputDriver = LineDriver("segue-kwin-input", try Subprocess(Paths.kwinInput, [], environment: env, stderr: inputLog, captureOutput: true),
                                 logPath: runtimeDir + "/input.log")
        do {
            try send("ping")
        } catch {
            let why = (try? String(contentsOfFile: runtimeDir + "/input.log", encoding: .utf8)) ?? ""
            throw HarnessError("segue-kwin-input: \(error) \(why)")
        }

        mark("input ready")
        let appLogHandle = FileHandle(forWritingAtPath: createFile(runtimeDir + "/app.log"))
        var appEnv = Paths.inEnglish(env)
        appEnv["WAYLAND_DEBUG"] = "1"
        appEnv.merge(options.environment) { $1 }
        let statsPath = Self.statsArgument(in: options.arguments) ?? runtimeDir + "/stats.json"
        let stats = Self.statsArgument(in: options.arguments) == nil ? ["--stats", statsPath] : []
        appStatsPath = statsPath
        app = try Subprocess(Paths.demo, ["--trace", tracePath] + stats + options.arguments, environment: appEnv,
                             stdout: appLogHandle, stderr: appLogHandle)
    }

    deinit { stop() }

    /// Stops the app, the helpers, KWin and the bus (and anything KWin or the bus started),
    /// then removes the private directory.
    public func stop() {
        guard !stopped else { return }
        stopped = true
        mark("stopping")
        defer { mark("stopped") }
        // What KWin and the bus spawned, found before their parents go (then they'd be orphans).
        for parent in [kwin, bus].compactMap({ $0?.process.processIdentifier }) {
            spawned.formUnion(KWinSession.descendants(of: parent))
        }
        app?.terminate()
        inputDriver?.process.terminate()
        driver?.terminate()
        kwin?.terminate()
        bus?.terminate()
        parent?.stop()
        for pid in spawned where kill(pid, 0) == 0 {
            kill(pid, SIGTERM)
        }
        if !spawned.isEmpty {
            usleep(200_000)
            for pid in spawned where kill(pid, 0) == 0 { kill(pid, SIGKILL) }
        }
        spawned = []
        app = nil
        inputDriver = nil
        driver = nil
        kwin = nil
        bus = nil
        parent = nil
        if ProcessInfo.processInfo.environment["SEGUE_KEEP_KWIN_LOGS"] != nil {
            try? FileManager.default.createDirectory(atPath: Paths.artifacts, withIntermediateDirectories: true)
            for log in ["kwin.log", "app.log"] {
                try? FileManager.default.removeItem(atPath: Paths.artifacts + "/kwin-last-\(log)")
                try? FileManager.default.copyItem(atPath: runtimeDir + "/" + log, toPath: Paths.artifacts + "/kwin-last-\(log)")
            }
        }
        try? FileManager.default.removeItem(atPath: runtimeDir)
    }

    /// Every live process below `pid` (by the parent links in /proc).
    static func descendants(of pid: pid_t) -> Set<pid_t> {
        var children: [pid_t: [pid_t]] = [:]
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let child = pid_t(entry),
                  let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { continue }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 1, let parent = pid_t(fields[1]) { children[parent, default: []].append(child) }
        }
        var found: Set<pid_t> = []
        var queue = [pid]
        while let next = queue.popLast() {
            for child in children[next] ?? [] where found.insert(child).inserted { queue.append(child) }
        }
        return found
    }

    public var kwinLog: String { (try? String(contentsOfFile: runtimeDir + "/kwin.log", encoding: .utf8)) ?? "" }
    public var appLog: String { (try? String(contentsOfFile: runtimeDir + "/app.log", encoding: .utf8)) ?? "" }
    /// The app's protocol messages so far (`WAYLAND_DEBUG=1`).
    public var appProtocol: WaylandDebugLog { WaylandDebugLog(appLog) }
    /// KWin's protocol messages so far (with ``Options/compositorProtocolLog``), all clients mixed.
    public var compositorProtocol: WaylandDebugLog { WaylandDebugLog(kwinLog) }
    /// KWin's CPU time so far (all its threads; nil once it is gone), to set beside the app's.
    public func compositorCPU() -> WestonCPU? { kwin.flatMap { WestonCPU(pid: $0.process.processIdentifier) } }

    // MARK: helpers' line protocols

    @discardableResult
    func sendDriver(_ command: String) throws -> String {
        guard let driver else { throw HarnessError("no kwin-driver") }
        try driver.write(line: command)
        guard let reply = driver.readLine() else { throw HarnessError("kwin-driver.py died on '\(command)'") }
        guard reply == "ok" || reply.hasPrefix("ok ") else { throw HarnessError("kwin-driver.py: '\(command)' → \(reply)") }
        return reply
    }

    private func createFile(_ path: String) -> String {
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        return path
    }
}
