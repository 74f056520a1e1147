import Geometry
import Canvas
import Foundation
import Motion

/// A ``MutterSession`` (headless mutter 43, or 48 in the Debian 13 lane; input through org.gnome.Mutter.RemoteDesktop,
/// screenshots through its screen cast) with a measured client of our choosing in it:
/// `segue-demo --stats FILE` or a peer speaking the same stats protocol.
///
/// MutterSession always starts its own `segue-demo --trace`, without `--stats`; here that one
/// is pointed at a display that does not exist (through ``MutterSession/Options/environment``),
/// so it exits at once without ever touching mutter, and the measured client is spawned in the
/// same environment mutter itself got (read back from `/proc/PID/environ`: the private bus, the
/// runtime directory, `GSETTINGS_BACKEND=memory`), with `SEGUE_LAUNCH_MONOTONIC_MS` as in weston.
///
/// Both clients open a normal window first (segue-demo's 1024×700, the peer with `--windowed`),
/// which is what launch → first frame measures, then get F11 and go fullscreen (1280×800 at the
/// origin), so the drag lands on the same full-window content as in weston's kiosk shell.
public final class MutterPerformanceSession: PerformanceSession, @unchecked Sendable {
    /// The mutter stack (bus, pipewire, wireplumber, mutter, the driver).
    public let mutter: MutterSession
    /// The virtual monitor's size.
    public let width: Int
    public let height: Int
    /// The measured client (nil once stopped).
    public private(set) var app: Subprocess?
    /// mutter's process (all its threads are read for ``compositorCPU()``).
    public let mutterPID: Int32
    /// The harness's own processes in this session (the bus, pipewire, wireplumber, the driver
    /// and its gst-launch reading the screen cast): read beside mutter, never added to it.
    public var harnessPIDs: [Int32] { Self.pids(withEnvironment: "XDG_RUNTIME_DIR=" + mutter.root.insidePath(mutter.runtimeDir))
        .filter { $0 != mutterPID && $0 != app?.process.processIdentifier } }

    /// Where the client writes its `--stats` snapshots, in mutter's runtime directory.
    public var statsPath: String { mutter.runtimeDir + "/stats.json" }
    /// No trace is written here (the peer writes none either); MutterSession's path.
    public var tracePath: String { mutter.tracePath }
    /// What the measured client printed.
    public var appLog: String { mutter.appLog }
    /// mutter's driver and its input state: this session's input is the mutter session's.
    public var inputDriver: LineDriver? { mutter.inputDriver }
    public var inputDialect: InputDialect { mutter.inputDialect }
    public var input: InputState {
        get { mutter.input }
        set { mutter.input = newValue }
    }
    /// The measured client is a benchmark's: the harness confirms no input with its figures.
    public var appStatsPath: String? { nil }
    /// "mutter".
    public var compositorName: String { "mutter" }
    /// The driver encodes screenshots from the screen cast, outside mutter.
    public var capturesInsideCompositor: Bool { false }

    /// evdev KEY_F11: both clients toggle fullscreen on it.
    static let f11 = 87
    /// evdev KEY_LEFTSHIFT: a key that changes nothing.
    static let leftShift = 42
    /// The screen before the client started (what ``waitForFullscreenClient(timeout:)`` compares with).
    public let emptyScreen: Surface

    /// Starts mutter and the driver, then `client` (nil: `segue-demo --stats`, with
    /// `environment` added) in a normal window. With `root` (mutter 48 in the Debian 13 lane)
    /// the mutter stack runs in that root and the client on the host, as in MutterSession.
    public init(width: Int = 1280, height: Int = 800, client: HeadlessSession.Client? = nil,
                environment: [String: String] = [:], root: CompositorRoot = .host, name: String = #function) throws {
        self.width = width
        self.height = height
        mutter = try MutterSession(width: width, height: height,
                                   options: .init(waylandDebug: false,
                                                  environment: ["WAYLAND_DISPLAY": "segue-perf-no-display"],
                                                  root: root),
                                   name: name)
        do {
            _ = mutter.app?.waitForExit(timeout: 10)
            guard let pid = mutter.compositorPID else { throw HarnessError("mutter is not running") }
            mutterPID = pid
            guard var env = Self.environment(of: pid) else { throw HarnessError("cannot read /proc/\(pid)/environ") }
            // mutter in a root names its runtime directory (bus, config) as the root sees it.
            let hostDir = mutter.runtimeDir, inside = root.insidePath(hostDir)
            if inside != hostDir { env = env.mapValues { $0.replacingOccurrences(of: inside, with: hostDir) } }
            env["WAYLAND_DISPLAY"] = mutter.socket
            env.removeValue(forKey: "WAYLAND_DEBUG")
            emptyScreen = try mutter.stableScreenshot()
            Self.startDesktopPortal(environment: env)
            // The placeholder's lines go; app.log is the measured client's (kept by MutterSession.stop()).
            let logPath = mutter.runtimeDir + "/app.log"
            FileManager.default.createFile(atPath: logPath, contents: nil)
            let log = FileHandle(forWritingAtPath: logPath)
            var launch = timespec()
            clock_gettime(CLOCK_MONOTONIC, &launch)
            env["SEGUE_LAUNCH_MONOTONIC_MS"] = String(Double(launch.tv_sec) * 1000 + Double(launch.tv_nsec) / 1e6)
            let stats = ["--stats", mutter.runtimeDir + "/stats.json"]
            if let client {
                env.merge(client.environment) { $1 }
                app = try Subprocess(client.path, client.arguments + stats, environment: env, stdout: log, stderr: log)
            } else {
                env.merge(environment) { $1 }
                app = try Subprocess(Paths.demo, stats, environment: env, stdout: log, stderr: log)
            }
        } catch {
            mutter.stop()
            throw error
        }
    }

    deinit { stop() }

    /// Stops the client, then the whole mutter stack.
    public func stop() {
        app?.terminate()
        app = nil
        mutter.stop()
    }

    /// Waits for the client's window, presses F11, and waits until it covers the whole output
    /// (the four corners no longer show what the empty screen showed) and the screen settled.
    public func waitForFullscreenClient(timeout: Double = 20) throws {
        func running() throws {
            if app?.isRunning != true { throw HarnessError("the client exited: \(appLog.suffix(1500))") }
        }
        let centre = (x: emptyScreen.width / 2, y: emptyScreen.height / 2)
        try waitFor("the client's window", timeout: timeout) {
            guard app?.isRunning == true, let shot = try? mutter.screenshot() else { return app?.isRunning != true }
            return shot.pixel(x: centre.x, y: centre.y) != emptyScreen.pixel(x: centre.x, y: centre.y)
        }
        try running()
        _ = try mutter.stableScreenshot()
        // mutter creates the remote desktop's keyboard on its first key, and that key reaches the
        // client only inside wl_keyboard.enter's pressed-keys array, never as a press: spend it on
        // a Shift.
        try mutter.key(Self.leftShift, down: true)
        try mutter.key(Self.leftShift, down: false)
        usleep(300_000)
        try mutter.key(Self.f11, down: true)
        try mutter.key(Self.f11, down: false)
        let corners = [(2, 2), (emptyScreen.width - 3, 2), (2, emptyScreen.height - 3),
                       (emptyScreen.width - 3, emptyScreen.height - 3)]
        var last: Surface?
        do {
            try waitFor("the client's window to go fullscreen", timeout: timeout) {
                guard app?.isRunning == true, let shot = try? mutter.screenshot() else { return app?.isRunning != true }
                last = shot
                return corners.allSatisfy { shot.pixel(x: $0.0, y: $0.1) != emptyScreen.pixel(x: $0.0, y: $0.1) }
            }
        } catch {
            // Show what the screen showed instead.
            guard let last else { throw error }
            keep(last, as: "mutter-perf-not-fullscreen")
            throw HarnessError("\(error); the last screenshot: artifacts/mutter-perf-not-fullscreen.png")
        }
        try running()
        _ = try mutter.stableScreenshot()
    }

    // MARK: PerformanceSession

    /// Moves the held pointer at once.
    public func dragMotion(to point: Point, intervalMs: UInt32) throws {
        // mutter stamps injected events with its own clock: the caller's schedule is the cadence.
        try mutter.move(to: point, afterMs: 0)
    }
    /// Presses at once (mutter stamps the event: `ms` has nothing to stamp).
    public func dragPress(afterMs ms: UInt32) throws { try mutter.press(afterMs: 0) }
    /// The next screen-cast frame as a PNG.
    public func capture(to path: String) throws { try mutter.capture(to: path) }
    /// Screen-cast frames until two in a row are equal.
    public func stableScreenshot(timeout: Double) throws -> Surface { try mutter.stableScreenshot(timeout: timeout) }
    /// Moves the pointer to the bottom-right corner.
    public func parkPointer() throws {
        try mutter.move(to: Point(x: Double(width - 1), y: Double(height - 1)), afterMs: 50)
    }
    /// mutter's CPU time, all its threads (its llvmpipe rendering threads too).
    public func compositorCPU() -> WestonCPU? { WestonCPU(pid: mutterPID) }

    /// The harness processes' CPU time together (see ``harnessPIDs``), in ms (schedstat).
    public func harnessCPUms() -> Double {
        harnessPIDs.compactMap { WestonCPU(pid: $0)?.schedMs }.reduce(0, +)
    }

    /// Has the session bus start xdg-desktop-portal (where Debian installed it) and waits for it.
    /// GTK reads its settings from the portal at start-up: on a fresh bus that call waits for the
    /// portal to be activated (about 0.5 s here), which a GNOME session, where it already runs,
    /// never pays. segue-demo does not use D-Bus. The portal exits with the bus.
    static func startDesktopPortal(environment: [String: String]) {
        guard FileManager.default.fileExists(atPath: "/usr/share/dbus-1/services/org.freedesktop.portal.Desktop.service"),
              let send = Paths.which("dbus-send") else { return }
        let ping = try? Subprocess(send, ["--session", "--print-reply", "--reply-timeout=10000",
                                          "--dest=org.freedesktop.portal.Desktop", "/org/freedesktop/portal/desktop",
                                          "org.freedesktop.DBus.Peer.Ping"], environment: environment)
        _ = ping?.waitForExit(timeout: 12)
    }

    // MARK: /proc

    static func processIDs() -> [Int32] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { Int32($0) }
    }

    /// NUL-separated /proc/PID/FILE as strings.
    static func fields(_ pid: Int32, _ file: String) -> [String]? {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/\(file)") else { return nil }
        return data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }

    static func pids(withEnvironment entry: String) -> [Int32] {
        processIDs().filter { fields($0, "environ")?.contains(entry) == true }
    }

    static func environment(of pid: Int32) -> [String: String]? {
        guard let entries = fields(pid, "environ") else { return nil }
        var result: [String: String] = [:]
        for entry in entries {
            guard let equals = entry.firstIndex(of: "=") else { continue }
            result[String(entry[..<equals])] = String(entry[entry.index(after: equals)...])
        }
        return result
    }
}
