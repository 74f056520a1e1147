import Geometry
import Canvas
import Foundation
import Motion

/// A private headless mutter (GNOME's compositor) with the real `segue-demo` in it, driven
/// through mutter's own remote-desktop and screen-cast D-Bus interfaces.
///
/// The stack, each process in one private 0700 `XDG_RUNTIME_DIR`:
/// a session `dbus-daemon` on a socket in that directory, `pipewire`, `wireplumber`,
/// `mutter --headless --wayland --no-x11 --virtual-monitor WxH`, then
/// `scripts/compositors/mutter-driver.py` (python3-dbus, python3-gi, gst-launch-1.0) which links a
/// RemoteDesktop session to a ScreenCast of the monitor and answers one line per command,
/// as `segue-inject` does for weston: "motion X Y", "button left down|up", "key CODE down|up",
/// "capture PATH.png".
///
/// mutter places the window itself (centred) and animates its mapping: find the window in a
/// screenshot (``accentDot(in:)``), never assume where it is. Injected events carry mutter's
/// own timestamps, so the moves here really wait their interval.
///
/// Everything is stopped on every path, failures included (``stop()`` and deinit). A missing
/// program is an error: these tests fail, they never skip.
public final class MutterSession: FrameRecordingSession, @unchecked Sendable {
    public let width: Int
    public let height: Int
    public let runtimeDir: String
    public let socket: String
    public let tracePath: String
    /// How long each stage of the start-up took, in seconds from the start of `init`
    /// (`bus`, `pipewire`, `mutter`, `driver`, and `app` once ``waitForApp()`` returned).
    public private(set) var startup: [(stage: String, seconds: Double)] = []
    private let started = Date()
    private var processes: [(name: String, process: Subprocess)] = []
    /// `mutter-driver.py`: input through mutter's RemoteDesktop (stamped by mutter) and
    /// screenshots from its ScreenCast.
    public private(set) var inputDriver: LineDriver?
    public var inputDialect: InputDialect { .mutterRemoteDesktop }
    public var input = InputState(pointer: Point(x: 0, y: 0))
    public private(set) var app: Subprocess?
    /// Where `segue-demo` writes `--stats`.
    public private(set) var appStatsPath: String?
    private let name: String
    /// Whether the app runs with `WAYLAND_DEBUG=1` (``Options/waylandDebug``).
    public let waylandDebug: Bool
    /// The monitor's scale (``Options/scale``).
    public let scale: Double
    /// Where the compositor side runs (``Options/root``).
    public let root: CompositorRoot
    /// The monitor's refresh rate (``Options/refreshRate``), nil for mutter's default.
    public let refreshRate: Int?

    /// Options beyond the defaults.
    public struct Options: Sendable {
        /// Run the app with `WAYLAND_DEBUG=1` (its protocol log goes to app.log, kept with the
        /// logs in artifacts/mutter-logs/); also on when SEGUE_WAYLAND_DEBUG=1.
        public var waylandDebug = ProcessInfo.processInfo.environment["SEGUE_WAYLAND_DEBUG"] == "1"
        /// Extra environment for `segue-demo`.
        public var environment: [String: String] = [:]
        /// Extra arguments for `segue-demo` (e.g. `--stats FILE`).
        public var arguments: [String] = []
        /// The Segue app to run instead of `segue-demo` (``Paths/photos``): it takes the demo's
        /// `--trace` and `--stats`, and ``arguments`` after them.
        public var program: String?
        /// Where mutter, its bus, pipewire and the driver run: the host (mutter 43) or a root
        /// (``CompositorRoot/trixie``: mutter 48, whose RemoteDesktop API the root's own python
        /// and GStreamer speak). The app runs on the host either way.
        public var root = CompositorRoot.host
        /// The virtual monitor's scale, set through a `monitors.xml` in the session's private
        /// config directory (the monitor's width and height are in device pixels, as the
        /// screenshots are). A fractional scale turns on mutter's `scale-monitor-framebuffer`
        /// (logical layout mode) through a GSettings keyfile.
        public var scale = 1.0
        /// The virtual monitor's refresh rate in Hz (`--virtual-monitor WxH@R`, mutter 43 and
        /// 48 both take it); nil: mutter's default, 60. mutter's ScreenCast skips a frame the
        /// stage paints less than one refresh after the last one it sent, so a faster monitor
        /// lets a recording (``startRecording(rows:)``) keep more of the app's frames.
        public var refreshRate: Int?
        public init(waylandDebug: Bool? = nil, environment: [String: String] = [:], arguments: [String] = [],
                    root: CompositorRoot = .host, scale: Double = 1) {
            self.root = root
            self.scale = scale
            self.arguments = arguments
            if let waylandDebug { self.waylandDebug = waylandDebug }
            self.environment = environment
        }
    }

    /// The driver script, beside the sources.
    public static var driverScript: String { Paths.root + "/scripts/compositors/mutter-driver.py" }
    /// The driver's Python: Debian's, where python3-dbus and python3-gi are installed (a
    /// `python3` earlier on PATH, e.g. pyenv's, would not have them). Override: SEGUE_PYTHON3.
    public static var python: String { ProcessInfo.processInfo.environment["SEGUE_PYTHON3"] ?? "/usr/bin/python3" }

    public init(width: Int = 1280, height: Int = 800, options: Options = Options(), name: String = #function) throws {
        self.width = width
        self.height = height
        self.name = name
        waylandDebug = options.waylandDebug
        scale = options.scale
        root = options.root
        refreshRate = options.refreshRate
        try root.prepare()
        var tools: [String: String] = [:]
        for (tool, package) in [("dbus-daemon", "dbus"), ("pipewire", "pipewire-bin"), ("wireplumber", "wireplumber"),
                                ("mutter", "mutter"), ("gst-launch-1.0", "gstreamer1.0-tools")] {
            tools[tool] = try root.require(tool, package: package)
        }
        let python = root == .host ? Self.python : root.hostPath("/usr/bin/python3")
        for (path, what) in [(python, "python3 (Debian's, with python3-dbus and python3-gi)"),
                             (Self.driverScript, "the mutter driver")]
        where !FileManager.default.fileExists(atPath: path) {
            throw HarnessError("\(what) not found at \(path)")
        }
        tools["python3"] = python
        try Paths.requireBuilt([])

        runtimeDir = try root.makeRuntimeDirectory(prefix: "segue-mutter")
        socket = "segue-mutter-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        tracePath = runtimeDir + "/trace.jsonl"

        do {
            try start(tools: tools, options: options)
        } catch {
            let logs = logTails()
            stop()
            throw HarnessError("\(error)\n\(logs)")
        }
    }

    private func start(tools: [String: String], options: Options) throws {
        var env = ProcessInfo.processInfo.environment
        for key in ["WAYLAND_DISPLAY", "DISPLAY", "DBUS_SESSION_BUS_ADDRESS", "DBUS_SYSTEM_BUS_ADDRESS", "WAYLAND_SOCKET"] {
            env.removeValue(forKey: key)
        }
        env["XDG_RUNTIME_DIR"] = runtimeDir
        // Nothing from the user's own configuration, and nothing written back to it.
        for (key, dir) in [("XDG_CONFIG_HOME", "config"), ("XDG_STATE_HOME", "state"),
                           ("XDG_CACHE_HOME", "cache"), ("XDG_DATA_HOME", "data")] {
            env[key] = runtimeDir + "/" + dir
            try FileManager.default.createDirectory(atPath: runtimeDir + "/" + dir, withIntermediateDirectories: true)
        }
        env["GSETTINGS_BACKEND"] = "memory"
        if scale != 1 {
            try writeMonitorConfiguration(configHome: runtimeDir + "/config")
            if scale != scale.rounded() {
                env["GSETTINGS_BACKEND"] = "keyfile"
                try writeFractionalScalingSetting(configHome: runtimeDir + "/config")
            }
        }

        // A private session bus on a socket in the runtime directory.
        let bus = runtimeDir + "/bus"
        try launch("dbus-daemon", tools["dbus-daemon"]!, ["--session", "--nofork", "--address=unix:path=\(bus)"], env)
        try waitFor("the session bus's socket", timeout: 10) { FileManager.default.fileExists(atPath: bus) }
        env["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=\(bus)"
        mark("bus")

        try launch("pipewire", tools["pipewire"]!, [], env)
        try waitFor("pipewire's socket", timeout: 10) { FileManager.default.fileExists(atPath: self.runtimeDir + "/pipewire-0") }
        // The session manager links the screen cast's node to the driver's consumer.
        try launch("wireplumber", tools["wireplumber"]!, [], env)
        mark("pipewire")

        try launch("mutter", tools["mutter"]!, [
            "--headless", "--wayland", "--no-x11", "--virtual-monitor", "\(width)x\(height)" + (refreshRate.map { "@\($0)" } ?? ""),
            "--wayland-display=\(socket)",
        ], env)
        try waitFor("mutter's Wayland socket", timeout: 20) { FileManager.default.fileExists(atPath: self.runtimeDir + "/" + self.socket) }
        mark("mutter")

        let driverLog = FileHandle(forWritingAtPath: createFile(runtimeDir + "/driver.log"))
        // Inside a root the driver runs from a copy there, with the root's python.
        var script = Self.driverScript
        if root != .host {
            script = runtimeDir + "/mutter-driver.py"
            try FileManager.default.copyItem(atPath: Self.driverScript, toPath: script)
        }
        // At a fractional scale mutter reports the stream's logical size but sends device pixels.
        let size = scale != scale.rounded() ? ["--size", "\(width)x\(height)"] : []
        let driver = try root.spawn(tools["python3"]!, [script] + size, environment: env, stderr: driverLog, captureOutput: true)
        inputDriver = LineDriver("mutter-driver.py", driver, logPath: runtimeDir + "/driver.log")
        guard let ready = driver.readLine() else { throw HarnessError("mutter-driver.py exited during set-up") }
        guard ready == "ok" else { throw HarnessError("mutter-driver.py: \(ready)") }
        mark("driver")

        env["WAYLAND_DISPLAY"] = socket
        if options.waylandDebug { env["WAYLAND_DEBUG"] = "1" }
        env = Paths.inEnglish(env)
        env.merge(options.environment) { $1 }
        let appLog = FileHandle(forWritingAtPath: createFile(runtimeDir + "/app.log"))
        let statsPath = Self.statsArgument(in: options.arguments) ?? runtimeDir + "/stats.json"
        let stats = Self.statsArgument(in: options.arguments) == nil ? ["--stats", statsPath] : []
        appStatsPath = statsPath
        app = try Subprocess(options.program ?? Paths.demo, ["--trace", tracePath] + stats + options.arguments, environment: env, stdout: appLog, stderr: appLog)
    }

    private func launch(_ name: String, _ path: String, _ arguments: [String], _ env: [String: String]) throws {
        let log = FileHandle(forWritingAtPath: createFile(runtimeDir + "/\(name).log"))
        processes.append((name, try root.spawn(path, arguments, environment: env, stdout: log, stderr: log)))
    }

    private func mark(_ stage: String) {
        startup.append((stage, Date().timeIntervalSince(started)))
    }

    deinit { stop() }

    /// Stops the app, the driver, mutter, wireplumber, pipewire and the bus (in that order),
    /// keeps their logs in artifacts/mutter-logs/NAME/, and removes the runtime directory.
    public func stop() {
        app?.terminate()
        app = nil
        if let driver = inputDriver?.process {
            try? driver.write(line: "quit")
            if driver.waitForExit(timeout: 2) == nil { driver.terminate() }
        }
        inputDriver = nil
        for (_, process) in processes.reversed() { process.terminate() }
        processes = []
        guard FileManager.default.fileExists(atPath: runtimeDir) else { return }
        let keep = Paths.artifacts + "/mutter-logs/" + name.filter { $0.isLetter || $0.isNumber }
        try? FileManager.default.removeItem(atPath: keep)
        try? FileManager.default.createDirectory(atPath: keep, withIntermediateDirectories: true)
        for log in ["dbus-daemon", "pipewire", "wireplumber", "mutter", "driver", "app"] {
            try? FileManager.default.copyItem(atPath: "\(runtimeDir)/\(log).log", toPath: "\(keep)/\(log).log")
        }
        try? FileManager.default.copyItem(atPath: tracePath, toPath: keep + "/trace.jsonl")
        try? FileManager.default.removeItem(atPath: runtimeDir)
    }

    public func log(_ name: String) -> String {
        (try? String(contentsOfFile: "\(runtimeDir)/\(name).log", encoding: .utf8)) ?? ""
    }
    public var appLog: String { log("app") }
    /// mutter's process (in a root too: `chroot` and `env` exec it in place); nil once stopped.
    public var compositorPID: Int32? {
        processes.first { $0.name == "mutter" }?.process.process.processIdentifier
    }

    /// mutter's CPU time so far (all its threads; nil once it is gone), to set beside the app's.
    public func compositorCPU() -> WestonCPU? { compositorPID.flatMap { WestonCPU(pid: $0) } }

    private func logTails() -> String {
        ["mutter", "driver", "pipewire", "wireplumber", "app"].compactMap { name in
            let text = log(name)
            return text.isEmpty ? nil : "--- \(name).log (end) ---\n" + String(text.suffix(800))
        }.joined(separator: "\n")
    }

    /// The start-up figures as one line: "bus 0.05 s, pipewire 0.1 s, …".
    public var startupSummary: String {
        startup.map { "\($0.stage) \(String(format: "%.2f", $0.seconds)) s" }.joined(separator: ", ")
    }

    // MARK: looking

    /// The screen now: the first frame mutter's screen cast sends after this call, or the
    /// newest one when the screen stays unchanged for a quarter of a second.
    public func screenshot() throws -> Surface {
        try Surface.loadPNG(from: capture().path)
    }

    /// Writes the screen now to `path` (a PNG), wherever the driver runs: in a root it writes
    /// into the runtime directory, which the host sees too, and the file is moved from there.
    public func capture(to path: String) throws {
        guard root != .host else { _ = try send("capture \(path)"); return }
        let shot = try capture().path
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.moveItem(atPath: shot, toPath: path)
    }

    /// Captures into a file in the runtime directory; returns its path and its bytes (the
    /// driver encodes equal frames into equal files, so equal bytes are an equal screen).
    private func capture() throws -> (path: String, bytes: Data) {
        let path = runtimeDir + "/capture.png"
        try send("capture \(root.insidePath(path))")
        guard let bytes = FileManager.default.contents(atPath: path) else {
            throw HarnessError("the driver wrote no screenshot at \(path)")
        }
        return (path, bytes)
    }

    /// The recorder of every frame mutter's ScreenCast stream sends (`mutter-driver.py`'s
    /// `record`): a frame-by-frame record of what the compositor showed.
    public func frameRecorder() throws -> FrameRecorder {
        let path = runtimeDir + "/recording.rgb"
        return FrameRecorder(name: "mutter-driver.py", rowWidth: width, path: path,
                             pathForRecorder: root.insidePath(path)) { try self.send($0) }
    }

    /// Captures until two shots in a row are identical: mutter's map animation is over and
    /// the app has drawn what it had to.
    public func stableScreenshot(timeout: Double = 8) throws -> Surface {
        if appStatsPath != nil, app?.isRunning == true { try waitForAppToSettle(timeout: max(timeout, 30)) }
        let deadline = Date().addingTimeInterval(timeout)
        var previous = try capture().bytes
        while Date() < deadline {
            usleep(60_000)
            let next = try capture()
            if next.bytes == previous { return try Surface.loadPNG(from: next.path) }
            previous = next.bytes
        }
        throw HarnessError("the screen did not settle within \(timeout) s")
    }

    /// Waits for every transition the trace shows begun to complete, moves the pointer to the
    /// screen's bottom-right corner (off the window), then takes a ``stableScreenshot(timeout:)``.
    public func parkedScreenshot() throws -> Surface {
        try waitForTransitionsToSettle()
        try move(to: Point(x: Double(width - 1), y: Double(height - 1)), afterMs: 50)
        return try stableScreenshot()
    }

    /// Waits until the app's window is on screen (its first list row's accent dot is found)
    /// and the screen has settled; returns that screenshot. Records the `app` start-up stage.
    @discardableResult
    public func waitForApp(timeout: Double = 20) throws -> Surface {
        try waitForApp(timeout: timeout) { shot in Self.accentDot(in: shot, scale: self.scale) }
    }

    /// Waits for another Segue app's window (``Options/program``): `locate` finds a point of it
    /// on a screenshot (nil: not there yet), where the pointer is then made to reach the app.
    public func waitForApp(timeout: Double = 20, locate: @escaping (Surface) -> Point?) throws -> Surface {
        try waitFor("the app's window on screen", timeout: timeout) {
            guard self.app?.isRunning == true else { return true }
            guard let shot = try? self.screenshot() else { return false }
            return locate(shot) != nil
        }
        if app?.isRunning != true { throw HarnessError("the app exited: \(appLog.suffix(1000))") }
        var shot = try stableScreenshot()
        // The remote-desktop pointer joins mutter's seat a while after the session starts (about
        // 2 s on mutter 48; on mutter 43 under a full parallel `make test`, later than the first
        // click): until the app reports a pointer event, what the pointer sends is lost. (At
        // scale 1 the screenshot's pixels are the pointer's coordinates.)
        if scale == 1, let dot = locate(shot) {
            try reachApp(at: dot)
            try move(to: Point(x: Double(width - 1), y: Double(height - 1)), afterMs: 50)
            shot = try stableScreenshot()
        }
        mark("app")
        return shot
    }

    private func createFile(_ path: String) -> String {
        FileManager.default.createFile(atPath: path, contents: nil)
        return path
    }

    // MARK: finding the window

    /// The accent colour of the list's first row (#3478F6).
    public static let accent = Color(hex: 0x3478F6)

    /// The centre of the list's first-row accent dot (a 20 px disc of #3478F6, at (26, 80) in
    /// the navigation page's coordinates): the one blob of that colour 16…22 px wide and high,
    /// topmost if several. Nil when there is none (e.g. the detail page is in front, whose
    /// card has the same colour but is far larger). On a monitor of scale `scale` the sizes are
    /// `scale` times those.
    public static func accentDot(in shot: Surface, scale: Double = 1) -> Point? {
        let sizes = Int((16 * scale).rounded(.down))...Int((22 * scale).rounded(.up))
        return shot.blobs(grid: 4) { Surface.channelDistance($0, accent) <= 3 }
            .filter { sizes.contains($0.width) && sizes.contains($0.height) }
            .min { $0.minY < $1.minY }
            .map { Point(x: Double($0.minX + $0.maxX + 1) / 2, y: Double($0.minY + $0.maxY + 1) / 2) }
    }
}
