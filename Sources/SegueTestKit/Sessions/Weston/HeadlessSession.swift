import Geometry
import Canvas
import Foundation
import Motion
import Segue

/// A private headless weston (pixman, fixed output size; kiosk shell, or the desktop shell
/// with its panel and free windows) with the test plugin, a `segue-inject` driver, and the
/// real `segue-demo` as a separate client process.
///
/// Everything is stopped on every path, failures included (``stop()`` and deinit).
/// A missing weston or helper is an error: these tests fail, they never skip.
public final class HeadlessSession: FrameRecordingSession, @unchecked Sendable {
    public let width: Int
    public let height: Int
    /// The output's integer scale (``Options/scale``).
    public let scale: Int
    public let runtimeDir: String
    public let socket: String
    public let tracePath: String
    public let shell: Shell
    /// Where weston runs (``Options/root``).
    public let root: CompositorRoot
    private var weston: Subprocess?
    public private(set) var app: Subprocess?
    /// `segue-inject`: weston's test module's input and captures, stamped by the session's clock.
    public private(set) var inputDriver: LineDriver?
    public var inputDialect: InputDialect { .westonTestModule }
    public var input = InputState(pointer: Point(x: 100, y: 100))

    /// Where the client writes `--stats`: `segue-demo` always (the harness confirms input with
    /// it), a peer client when ``Options/stats`` is on.
    public private(set) var statsPath: String
    /// Where `segue-demo` writes `--stats` (nil for a peer client, whose figures the harness
    /// does not read for input).
    public private(set) var appStatsPath: String?

    /// What to run beyond the defaults.
    public struct Options: Sendable {
        /// Run a peer ``client`` with `--stats` (see ``statsPath``); `segue-demo` always runs
        /// with it (at ``statsPath`` unless ``arguments`` name another file).
        public var stats = false
        /// `weston.ini` contents; nil runs weston with `--no-config`.
        /// `[core]\nrepaint-window=16` gives about 60 Hz frame callbacks instead of 39.
        public var westonConfig: String?
        /// Another client to run instead of `segue-demo` (a benchmark peer); it gets
        /// `--stats FILE` when ``stats`` is on, and no `--trace`.
        public var client: Client?
        /// Run `segue-demo` with `--trace` (see ``trace``); off for benchmarks against a peer
        /// that writes no such file.
        public var trace = true
        /// Extra environment for `segue-demo` (e.g. `SEGUE_SUBSURFACES=0`).
        public var environment: [String: String] = [:]
        /// Extra arguments for `segue-demo` (e.g. `--slow 5`).
        public var arguments: [String] = []
        /// Which weston shell: the kiosk (one fullscreen window) or the desktop.
        public var shell = Shell.kiosk
        /// The output's integer scale; the session's width and height stay logical, screenshots
        /// are in device pixels.
        public var scale = 1
        /// Run the app with `WAYLAND_DEBUG=1`: its requests and events land in ``appLog``
        /// (read them with ``protocolLines(_:)``).
        public var protocolLog = false
        /// The Segue app to run instead of `segue-demo` (``Paths/photos``): it takes the demo's
        /// `--trace` and `--stats`, and ``arguments`` after them.
        public var program: String?
        /// Where weston runs: the host's weston 10, or a root's (``CompositorRoot/trixie``: weston
        /// 14 with the module scripts/trixie-root.sh builds there). The app always runs here.
        public var root = CompositorRoot.host
        public init(stats: Bool = false, westonConfig: String? = nil, client: Client? = nil, trace: Bool = true,
                    environment: [String: String] = [:], shell: Shell = .kiosk, protocolLog: Bool = false,
                    scale: Int = 1, root: CompositorRoot = .host) {
            self.root = root
            self.scale = scale
            self.stats = stats
            self.westonConfig = westonConfig
            self.client = client
            self.trace = trace
            self.environment = environment
            self.shell = shell
            self.protocolLog = protocolLog
        }
    }

    /// weston's shells.
    public enum Shell: String, Sendable {
        /// kiosk-shell: every toplevel fullscreen, no decorations.
        case kiosk = "kiosk-shell.so"
        /// desktop-shell: a panel, a wallpaper, free windows the client decorates itself.
        case desktop = "desktop-shell.so"
    }

    /// A Wayland client to run in the session: its executable, arguments and extra environment.
    public struct Client: Sendable {
        public var path: String
        public var arguments: [String]
        public var environment: [String: String]
        public init(path: String, arguments: [String] = [], environment: [String: String] = [:]) {
            self.path = path
            self.arguments = arguments
            self.environment = environment
        }
    }

    public init(width: Int = 800, height: Int = 600, options: Options = Options(), name: String = #function) throws {
        self.width = width
        self.height = height
        scale = options.scale
        shell = options.shell
        root = options.root
        try root.prepare()
        let westonPath = try root.require("weston", package: "weston")
        let appPath = options.client?.path ?? options.program ?? Paths.demo
        let plugin = root == .host ? Paths.plugin : root.hostPath(Paths.rootPlugin)
        try Paths.requireBuilt(root == .host ? [Paths.plugin, Paths.inject] : [Paths.inject])
        if !FileManager.default.fileExists(atPath: plugin) {
            throw HarnessError("the weston test module is not built in \(root) (\(plugin)): run `make trixie-root`")
        }
        if !FileManager.default.fileExists(atPath: appPath) {
            throw HarnessError("the client is not built at \(appPath)")
        }
        runtimeDir = try root.makeRuntimeDirectory(prefix: "segue-e2e")
        socket = "segue-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        tracePath = runtimeDir + "/trace.jsonl"
        statsPath = Self.statsArgument(in: options.arguments) ?? runtimeDir + "/stats.json"

        // The app speaks English, left to right, whatever the machine's language, unless a test
        // asks for another in its environment (I18nE2ETests).
        var env = Paths.inEnglish(ProcessInfo.processInfo.environment)
        env["XDG_RUNTIME_DIR"] = runtimeDir
        env.removeValue(forKey: "WAYLAND_DISPLAY")
        env.removeValue(forKey: "DISPLAY")
        let log = FileManager.default.createFile(atPath: runtimeDir + "/weston.log", contents: nil)
        _ = log
        weston = try root.spawn(westonPath, [
            "--backend=headless-backend.so", "--use-pixman", "--shell=\(options.shell.rawValue)",
            "--socket=\(socket)", "--width=\(width)", "--height=\(height)",
            "--scale=\(options.scale)",
            "--idle-time=0", "--log=\(runtimeDir)/weston.log", "--modules=\(plugin)",
        ] + westonConfigArguments(options.westonConfig), environment: env)
        try waitFor("weston's socket", timeout: 10) { FileManager.default.fileExists(atPath: self.runtimeDir + "/" + self.socket) }
        try waitFor("the test plugin", timeout: 10) { self.westonLog.contains("global segue_test v") }

        env["WAYLAND_DISPLAY"] = socket
        inputDriver = LineDriver("segue-inject", try Subprocess(Paths.inject, [], environment: env, captureOutput: true))
        let appLog = FileHandle(forWritingAtPath: createFile(runtimeDir + "/app.log"))
        // When we spawned it, for the app's launch-to-first-frame figure (same clock).
        var launch = timespec()
        clock_gettime(CLOCK_MONOTONIC, &launch)
        env["SEGUE_LAUNCH_MONOTONIC_MS"] = String(Double(launch.tv_sec) * 1000 + Double(launch.tv_nsec) / 1e6)
        if let client = options.client {
            env.merge(client.environment) { $1 }
            let stats = options.stats ? ["--stats", statsPath] : []
            app = try Subprocess(client.path, client.arguments + stats, environment: env, stdout: appLog, stderr: appLog)
        } else {
            appStatsPath = statsPath
            let stats = Self.statsArgument(in: options.arguments) == nil ? ["--stats", statsPath] : []
            let trace = options.trace ? ["--trace", tracePath] : []
            env.merge(options.environment) { $1 }
            // The desktop's waits read the window geometry from the protocol log.
            if options.protocolLog || options.shell == .desktop { env["WAYLAND_DEBUG"] = "1" }
            app = try Subprocess(appPath, trace + stats + options.arguments, environment: env, stdout: appLog, stderr: appLog)
        }
    }

    private func westonConfigArguments(_ config: String?) -> [String] {
        guard let config else { return ["--no-config"] }
        let path = runtimeDir + "/weston.ini"
        FileManager.default.createFile(atPath: path, contents: Data(config.utf8))
        return ["--config=\(path)"]
    }

    deinit { stop() }

    /// The recorder of every frame weston repaints: the test module reads the output back
    /// after each repaint (`segue_test.start_recording`, through `segue-inject`).
    public func frameRecorder() throws -> FrameRecorder {
        guard let driver = inputDriver else { throw HarnessError("the session has stopped") }
        let path = runtimeDir + "/recording.rgb"
        return FrameRecorder(name: "segue-inject", rowWidth: width * scale, path: path,
                             pathForRecorder: root.insidePath(path)) { try driver.send($0) }
    }

    /// Stops the app, the driver and weston, and removes the runtime directory.
    public func stop() {
        app?.terminate()
        inputDriver?.process.terminate()
        weston?.terminate()
        app = nil
        inputDriver = nil
        weston = nil
        try? FileManager.default.removeItem(atPath: runtimeDir)
    }

    /// Freezes (SIGSTOP) or thaws (SIGCONT) weston: no frame callbacks, as for a hidden window.
    public func freezeCompositor(_ frozen: Bool) {
        if let pid = weston?.process.processIdentifier { kill(pid, frozen ? SIGSTOP : SIGCONT) }
    }

    /// weston's CPU time so far (user + system, all its threads), in ms: for figures of what
    /// the compositor spends, since work can move between client and compositor.
    public func westonCPU() -> WestonCPU? {
        guard let pid = weston?.process.processIdentifier else { return nil }
        return WestonCPU(pid: pid)
    }

    /// Kills weston outright (SIGKILL), as a crash would.
    public func killCompositor() {
        if let pid = weston?.process.processIdentifier { kill(pid, SIGKILL) }
        _ = weston?.waitForExit(timeout: 2)
    }

    public var westonLog: String { (try? String(contentsOfFile: runtimeDir + "/weston.log", encoding: .utf8)) ?? "" }
    public var appLog: String { (try? String(contentsOfFile: runtimeDir + "/app.log", encoding: .utf8)) ?? "" }

    /// The app's protocol log lines (``Options/protocolLog``) that contain `needle`, e.g.
    /// `"set_window_geometry("`.
    public func protocolLines(_ needle: String) -> [String] {
        appLog.split(separator: "\n").filter { $0.contains(needle) }.map(String.init)
    }

    /// Waits until the app has sent `request` (an `xdg_toplevel.move` or `.resize`, its line
    /// ending in `suffix`) and weston has begun the grab it asks for. The request sent is not yet
    /// the request weston acted on: the injector is another client, so motions injected at once
    /// can reach weston before the grab does. desktop-shell's grabs take the pointer's focus to
    /// its own grab surface, so a `wl_pointer.leave` after the request says the grab has begun.
    public func waitForShellGrab(_ request: String, endingWith suffix: String = "", timeout: Double = 5) throws {
        try waitFor("the app's \(request)…\(suffix) and weston's grab (the app's pointer leaving)", timeout: timeout) {
            let lines = appLog.split(separator: "\n")
            guard let sent = lines.lastIndex(where: { $0.contains(request) && $0.hasSuffix(suffix) }) else { return false }
            return lines[sent...].contains { $0.contains("wl_pointer") && $0.contains(".leave(") }
        }
    }

    /// The numbers in the argument list of the last protocol message containing `request`
    /// (e.g. `"xdg_surface@16.set_window_geometry("` → [24, 24, 1024, 700]).
    public func lastProtocolArguments(_ request: String) -> [Double]? {
        guard let line = protocolLines(request).last, let open = line.range(of: request) else { return nil }
        let rest = line[open.upperBound...].prefix { $0 != ")" }
        return rest.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
    }

    // MARK: looking

    /// Captures the output now (whatever the app committed by the next repaint).
    public func screenshot() throws -> Surface {
        let path = runtimeDir + "/capture-\(UInt32.random(in: 0...UInt32.max)).png"
        try send("capture \(root.insidePath(path))")
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try Surface.loadPNG(from: path)
    }

    /// Once the app reports itself settled, captures until two shots 60 ms apart are identical
    /// (``settledCapture(timeout:intervalMs:_:)``).
    public func stableScreenshot(timeout: Double = 5) throws -> Surface {
        try settledCapture(timeout: timeout, intervalMs: 60) { try screenshot() }
    }

    /// Moves the pointer to the bottom-right corner, so its cursor image cannot differ
    /// between shots meant to be compared.
    public func parkPointer() throws {
        try move(to: Point(x: Double(width - 1), y: Double(height - 1)), afterMs: 50)
    }

    /// ``stableScreenshot(timeout:)`` with the pointer parked first.
    /// Waits for every transition the trace shows begun to complete, parks the pointer, then
    /// takes a ``stableScreenshot(timeout:)``: a settled state even on a loaded machine, where
    /// a starved app could show two equal frames mid-transition.
    public func parkedScreenshot() throws -> Surface {
        try waitForTransitionsToSettle()
        try parkPointer()
        return try stableScreenshot()
    }

    /// Waits until the trace holds at least `count` records whose event is one of `events`: on a
    /// busy machine the app may not have read the input that starts (or ends) a transition yet,
    /// and ``parkedScreenshot()`` would then settle on the state before it.
    public func waitForTrace(_ events: Set<TraceRecord.Event>, count: Int, timeout: Double = 10) throws {
        try waitFor("\(count) × \(events.map(\.rawValue).sorted()) in the trace", timeout: timeout) {
            self.trace.filter { events.contains($0.event) }.count >= count
        }
    }

    /// Waits for the app's first frame: `segue-demo` says it drew it (`--stats`); for a peer
    /// client, the kiosk background is gone; on the desktop, the window geometry was set and a
    /// buffer attached (the protocol log). Then a settled screenshot.
    public func waitForApp() throws {
        if shell == .desktop {
            try waitFor("the app's first frame", timeout: 15) {
                guard self.app?.isRunning == true else { return true }
                let log = self.appLog
                return log.contains("set_window_geometry(") && log.contains(".attach(")
            }
            if app?.isRunning != true { throw HarnessError("segue-demo exited: \(appLog.suffix(2000))") }
            _ = try stableScreenshot()
            return
        }
        if appStatsPath != nil {
            // The app's own count of frames drawn (it catches SIGUSR1 before its first frame).
            do {
                try confirm("its first frame", timeout: 15) { $0["frames_drawn"] >= 1 }
            } catch {
                if app?.isRunning != true { throw HarnessError("segue-demo exited: \(appLog)") }
                throw error
            }
            _ = try stableScreenshot()
            return
        }
        try waitFor("the client's first frame", timeout: 15) {
            guard self.app?.isRunning == true else { return true }
            guard let shot = try? self.screenshot() else { return false }
            return shot.pixel(x: self.width / 2, y: self.height / 2) != shot.pixel(x: 0, y: 0)
                || shot.pixel(x: 2, y: 2).red > 0.5
        }
        if app?.isRunning != true { throw HarnessError("segue-demo exited: \(appLog)") }
        _ = try stableScreenshot()
    }

    private func createFile(_ path: String) -> String {
        FileManager.default.createFile(atPath: path, contents: nil)
        return path
    }
}
