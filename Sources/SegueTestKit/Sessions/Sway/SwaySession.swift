import Geometry
import Canvas
import Foundation
import Motion
import Segue

/// A private headless sway 1.7 (wlroots 0.15, pixman renderer) with the real `segue-demo` as a
/// client: screenshots with `grim`, commands and geometry through `swaymsg`, the pointer through
/// `segue-vpointer` (zwlr_virtual_pointer_v1), keys through `wtype`.
///
/// sway refuses to run as root: as root the session creates the system user ``user`` when it is
/// missing and runs sway as that user (`setpriv`, which execs, so the process we start *is* sway
/// and stopping it needs no middleman); its private 0700 `XDG_RUNTIME_DIR` belongs to that
/// user. Root can still reach the sockets, so the app and the tools run as root. Not root: sway
/// runs as the current user.
///
/// Everything is stopped on every path, failures included (``stop()`` and deinit). A missing sway,
/// tool or helper is an error: these tests fail, they never skip.
public final class SwaySession: FrameRecordingSession, @unchecked Sendable {
    /// The system user sway runs as when we are root.
    public static let user = "segue-sway"
    /// sway's border around a tiled window (its default, written into the config).
    public static let borderWidth = 2
    /// The app's `xdg_toplevel.set_app_id`.
    public static let appID = "org.segue.Demo"

    /// What to run: the output, the app's environment, the protocol log.
    public struct Options: Sendable {
        /// The output's mode in pixels, and its scale.
        public var outputWidth: Int
        public var outputHeight: Int
        public var scale: Int
        /// Run the app with `WAYLAND_DEBUG=1`, its stderr in ``appLog`` (see ``protocolLog``), and
        /// sway with `WAYLAND_DEBUG=server` (see ``compositorProtocolLog``): libwayland prints an
        /// event in the client only when the client listens to that object, so what the
        /// compositor sent is read on its side.
        public var waylandDebug: Bool
        /// Extra environment for `segue-demo` (e.g. `SEGUE_SUBSURFACES=0`).
        public var environment: [String: String]
        /// Lines appended to the sway config.
        public var extraConfig: String
        /// Extra arguments for `segue-demo` (e.g. `--stats FILE`).
        public var arguments: [String]
        /// Where sway runs: the host's sway 1.7, or a root's (``CompositorRoot/trixie``: sway
        /// 1.10). swaymsg, grim, wtype, the pointer driver and the app run on the host either way.
        public var root: CompositorRoot
        /// Start `segue-demo`; off when sway only hosts another compositor's window (KWin nested
        /// in it, ``KWinSession/Options/nestedInSway``).
        public var runsApp: Bool
        public init(outputWidth: Int = 804, outputHeight: Int = 629, scale: Int = 1, waylandDebug: Bool = false,
                    environment: [String: String] = [:], extraConfig: String = "", arguments: [String] = [],
                    root: CompositorRoot = .host, runsApp: Bool = true) {
            self.root = root
            self.runsApp = runsApp
            self.arguments = arguments
            self.outputWidth = outputWidth
            self.outputHeight = outputHeight
            self.scale = scale
            self.waylandDebug = waylandDebug
            self.environment = environment
            self.extraConfig = extraConfig
        }
    }

    /// sway's title bar and border colours for a focused window, as the config sets them
    /// (sway's defaults, written out so that the tests' expectations come from the config).
    public enum Colors {
        public static let focusedBorder = Color(hex: 0x4C7899)
        public static let focusedBackground = Color(hex: 0x285577)
        public static let focusedText = Color(hex: 0xFFFFFF)
        public static let focusedChildBorder = Color(hex: 0x285577)
        /// Where the next window would split (the right border here).
        public static let focusedIndicator = Color(hex: 0x2E9EF4)
    }

    public let options: Options
    public let runtimeDir: String
    public let tracePath: String
    public private(set) var socket = ""
    public private(set) var swaySocket = ""
    private var sway: Subprocess?
    public private(set) var app: Subprocess?
    /// `segue-vpointer`: sway's virtual pointer, stamped by the session's clock.
    public private(set) var inputDriver: LineDriver?
    /// `segue-screencopy-record`, started by the first ``frameRecorder()``.
    private var recorderDriver: LineDriver?
    public var inputDialect: InputDialect { .swayVirtualPointer }
    public var input = InputState(pointer: Point(x: 0, y: 0))
    /// Where `segue-demo` writes `--stats` (nil when the session runs no app).
    public private(set) var appStatsPath: String?
    var toolEnvironment: [String: String] = [:]
    let tools: (swaymsg: String, grim: String, wtype: String)

    public init(options: Options = Options()) throws {
        self.options = options
        try options.root.prepare()
        let swayPath = try options.root.require("sway", package: "sway")
        var found: [String] = []
        for tool in ["swaymsg", "grim", "wtype"] {
            guard let path = Paths.which(tool) else {
                throw HarnessError("\(tool) is not installed (apt-get install sway grim wtype)")
            }
            found.append(path)
        }
        tools = (found[0], found[1], found[2])
        try Paths.requireBuilt([Paths.vpointer])

        runtimeDir = try options.root.makeRuntimeDirectory(prefix: "segue-sway")
        tracePath = runtimeDir + "/trace.jsonl"

        // sway as an unprivileged user (by number: inside a root the host's user has no name);
        // the runtime dir is that user's.
        var user: (uid: uid_t, gid: gid_t)?
        if geteuid() == 0 {
            let (uid, gid) = try SwaySession.ensureUser()
            guard chown(runtimeDir, uid, gid) == 0 else {
                try? FileManager.default.removeItem(atPath: runtimeDir)
                throw HarnessError("chown \(runtimeDir) to \(SwaySession.user) failed: \(String(cString: strerror(errno)))")
            }
            user = (uid, gid)
        }
        let configPath = runtimeDir + "/sway.config"
        FileManager.default.createFile(atPath: configPath, contents: Data(SwaySession.config(options).utf8),
                                       attributes: [.posixPermissions: 0o644])
        var swayEnvironment = [
            "HOME": runtimeDir, "PATH": "/usr/local/bin:/usr/bin:/bin", "XDG_RUNTIME_DIR": runtimeDir,
            "WLR_BACKENDS": "headless", "WLR_RENDERER": "pixman", "WLR_LIBINPUT_NO_DEVICES": "1",
        ]
        if options.waylandDebug { swayEnvironment["WAYLAND_DEBUG"] = "server" }
        let swayLog = FileHandle(forWritingAtPath: SwaySession.createFile(runtimeDir + "/sway.log"))
        // `env --default-signal` (in spawn) also clears the signal mask inherited from the test
        // runner's thread, which blocks SIGTERM: sway exits on SIGTERM through a plain handler.
        do {
            if let user {
                sway = try options.root.spawn(swayPath, ["-c", configPath], environment: swayEnvironment, user: user,
                                              stdout: swayLog, stderr: swayLog)
            } else {
                let variables = swayEnvironment.map { "\($0.key)=\($0.value)" }.sorted()
                sway = try options.root.spawn("/usr/bin/env", ["--default-signal", "-i"] + variables + [swayPath, "-c", configPath],
                                              environment: [:], stdout: swayLog, stderr: swayLog)
            }
        } catch {
            try? FileManager.default.removeItem(atPath: runtimeDir)
            throw HarnessError("could not start sway: \(error)")
        }

        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "DISPLAY")
        env["XDG_RUNTIME_DIR"] = runtimeDir
        do {
            try waitFor("sway's sockets", timeout: 10) {
                guard self.sway?.isRunning == true else { return true }
                let names = (try? FileManager.default.contentsOfDirectory(atPath: self.runtimeDir)) ?? []
                if let wayland = names.first(where: { $0.hasPrefix("wayland-") && !$0.hasSuffix(".lock") }),
                   let ipc = names.first(where: { $0.hasPrefix("sway-ipc.") && $0.hasSuffix(".sock") }) {
                    self.socket = wayland
                    self.swaySocket = self.runtimeDir + "/" + ipc
                    return true
                }
                return false
            }
            guard sway?.isRunning == true else { throw HarnessError("sway exited: \(swayLog_)") }
        } catch {
            stop()
            throw error
        }
        env["WAYLAND_DISPLAY"] = socket
        env["SWAYSOCK"] = swaySocket
        toolEnvironment = env

        do {
            // IPC answers once the config is applied.
            try waitFor("sway's IPC", timeout: 10) { (try? self.swaymsg(type: "get_version")) != nil }
            inputDriver = LineDriver("segue-vpointer", try Subprocess("/usr/bin/env", ["--default-signal", Paths.vpointer],
                                                                      environment: env, captureOutput: true))
            try send("sync")
            guard options.runsApp else { return }
            var appEnv = Paths.inEnglish(env)
            appEnv.merge(options.environment) { $1 }
            if options.waylandDebug { appEnv["WAYLAND_DEBUG"] = "1" }
            let appLog = FileHandle(forWritingAtPath: SwaySession.createFile(runtimeDir + "/app.log"))
            let statsPath = Self.statsArgument(in: options.arguments) ?? runtimeDir + "/stats.json"
            let stats = Self.statsArgument(in: options.arguments) == nil ? ["--stats", statsPath] : []
            appStatsPath = statsPath
            app = try Subprocess("/usr/bin/env", ["--default-signal", Paths.demo, "--trace", tracePath] + stats + options.arguments,
                                 environment: appEnv, stdout: appLog, stderr: appLog)
        } catch {
            stop()
            throw error
        }
    }

    deinit { stop() }

    /// Stops the app, the pointer driver and sway, and removes the runtime directory.
    public func stop() {
        app?.terminate()
        inputDriver?.process.terminate()
        recorderDriver?.process.terminate()
        sway?.terminate()
        app = nil
        inputDriver = nil
        recorderDriver = nil
        sway = nil
        try? FileManager.default.removeItem(atPath: runtimeDir)
    }

    /// The recorder of every frame sway shows: `segue-screencopy-record` (on the host, as the
    /// other tools) copies the output with wlroots' screencopy, each copy asked for as soon
    /// as the last one is ready and answered at the next output commit with new damage.
    public func frameRecorder() throws -> FrameRecorder {
        if recorderDriver == nil {
            try Paths.requireBuilt([Paths.screencopyRecord])
            recorderDriver = LineDriver("segue-screencopy-record",
                                        try Subprocess("/usr/bin/env", ["--default-signal", Paths.screencopyRecord],
                                                       environment: toolEnvironment, captureOutput: true))
        }
        guard let driver = recorderDriver else { throw HarnessError("the session has stopped") }
        return FrameRecorder(name: driver.name, rowWidth: options.outputWidth, path: runtimeDir + "/recording.rgb") {
            try driver.send($0)
        }
    }

    /// The config: one output of the given mode and scale, no Xwayland, no bar, no background
    /// client, no focus or cursor moves of sway's own; sway's default title bars and borders,
    /// written out.
    static func config(_ options: Options) -> String {
        """
        output HEADLESS-1 mode \(options.outputWidth)x\(options.outputHeight) position 0 0 scale \(options.scale)
        xwayland disable
        font pango:monospace 10
        default_border normal \(borderWidth)
        default_floating_border normal \(borderWidth)
        focus_follows_mouse no
        mouse_warping none
        focus_on_window_activation none
        workspace_layout default
        client.focused #4c7899 #285577 #ffffff #2e9ef4 #285577
        client.focused_inactive #333333 #5f676a #ffffff #484e50 #5f676a
        client.unfocused #333333 #222222 #888888 #292d2e #222222
        \(options.extraConfig)

        """
    }

    /// Finds or creates the system user sway runs as; returns its uid and gid.
    static func ensureUser() throws -> (uid_t, gid_t) {
        if let entry = getpwnam(user) { return (entry.pointee.pw_uid, entry.pointee.pw_gid) }
        guard let useradd = Paths.which("useradd") ?? ["/usr/sbin/useradd", "/sbin/useradd"].first(where: {
            FileManager.default.isExecutableFile(atPath: $0)
        }) else { throw HarnessError("useradd is missing: cannot create the user \(user) that sway must run as") }
        let status = run(useradd, ["-M", "-r", "-s", "/usr/sbin/nologin", user])
        // Another process may have created it meanwhile (status 9: already exists).
        guard let entry = getpwnam(user) else {
            throw HarnessError("useradd \(user) failed (status \(status.status)): \(status.output)")
        }
        return (entry.pointee.pw_uid, entry.pointee.pw_gid)
    }

    private var swayLog_: String { (try? String(contentsOfFile: runtimeDir + "/sway.log", encoding: .utf8)) ?? "" }
    public var swayLog: String { swayLog_ }
    public var appLog: String { (try? String(contentsOfFile: runtimeDir + "/app.log", encoding: .utf8)) ?? "" }

    // MARK: trace

    /// Waits until the trace has as many `complete` records as `begin` records.
    public func waitForTransitionsToSettle(timeout: Double = 10) throws {
        try waitFor("the transitions to complete", timeout: timeout) {
            let events = self.trace.map(\.event)
            return events.filter { $0 == .begin }.count == events.filter { $0 == .complete }.count
        }
        if app?.isRunning != true { throw HarnessError("segue-demo exited: \(appLog.suffix(2000))") }
    }

    // MARK: looking

    /// Captures the output with `grim` (no cursor), at the output's pixel size.
    public func screenshot() throws -> Surface {
        let path = runtimeDir + "/grim-\(UInt32.random(in: 0...UInt32.max)).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = SwaySession.run(tools.grim, ["-l", "1", path], environment: toolEnvironment)
        guard result.status == 0 else { throw HarnessError("grim failed (\(result.status)): \(result.output)") }
        return try Surface.loadPNG(from: path)
    }

    /// Captures until two shots 80 ms apart are identical: the app and sway have drawn what they had to.
    /// The timeout is a wait, not a figure: with every suite running at once (`make test`), a
    /// 3216×2516 capture and its comparison took seconds each, and 6 s once gave up in CI.
    public func stableScreenshot(timeout: Double = 15) throws -> Surface {
        try settledCapture(timeout: timeout, intervalMs: 80) { try screenshot() }
    }

    /// Waits for every transition the trace shows begun to complete, then a stable screenshot.
    public func settledScreenshot() throws -> Surface {
        try waitForTransitionsToSettle()
        return try stableScreenshot()
    }

    /// Waits for the app's window and its first drawn frame, with the pointer parked; returns
    /// the window as sway then places it (read again: the first reading can predate the
    /// window's first configure).
    @discardableResult
    public func waitForApp() throws -> WindowGeometry {
        _ = try waitForWindow(timeout: 15)
        try parkPointer()
        _ = try stableScreenshot()
        if app?.isRunning != true { throw HarnessError("segue-demo exited: \(appLog.suffix(2000))") }
        return try settledWindow()
    }

    /// The window once two readings of `get_tree` agree and its content lies on the output
    /// (pixel reads at its coordinates are then inside a screenshot).
    public func settledWindow(timeout: Double = 5) throws -> WindowGeometry {
        var last: WindowGeometry?
        var settled: WindowGeometry?
        try waitFor("the window's geometry to settle on the output", timeout: timeout) {
            let extent = self.outputExtent
            guard let now = try? self.window() else { return false }
            defer { last = now }
            let c = now.content
            guard c.minX >= 0, c.minY >= 0, c.maxX <= extent.width, c.maxY <= extent.height, c.width > 0, c.height > 0,
                  let last, "\(last)" == "\(now)" else { return false }
            settled = now
            return true
        }
        guard let settled else { throw HarnessError("the app's window left sway's tree") }
        return settled
    }

    /// The output's size in layout (logical) pixels, from `get_outputs` (it changes with a live
    /// `output … scale` or `mode`).
    public var outputExtent: Size {
        let fallback = Size(width: Double(options.outputWidth / options.scale), height: Double(options.outputHeight / options.scale))
        guard let json = try? swaymsg(type: "get_outputs"),
              let outputs = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]],
              let rect = outputs.first?["rect"] as? [String: Any],
              let width = (rect["width"] as? NSNumber)?.doubleValue, let height = (rect["height"] as? NSNumber)?.doubleValue
        else { return fallback }
        return Size(width: width, height: height)
    }

    /// Moves the pointer to the output's bottom-right corner: on the window's border, off the
    /// app. wlroots 0.15's headless output has no cursor plane: the cursor is composited into
    /// the frame grim captures, so it must be parked where no check looks (see
    /// ``cursorParkingBox``).
    public func parkPointer() throws {
        let extent = outputExtent
        try move(to: Point(x: extent.width - 1, y: extent.height - 1), afterMs: 50)
    }

    /// Where a parked cursor can show, in layout pixels: the corner pixels around its hotspot.
    public var cursorParkingBox: Rect {
        let extent = outputExtent
        return Rect(x: extent.width - 6, y: extent.height - 6, width: 6, height: 6)
    }

    /// Parks the pointer, waits for the transitions the trace shows begun, then a stable screenshot.
    public func parkedScreenshot() throws -> Surface {
        try waitForTransitionsToSettle()
        try parkPointer()
        return try stableScreenshot()
    }

    private static func createFile(_ path: String) -> String {
        FileManager.default.createFile(atPath: path, contents: nil)
        return path
    }
}
