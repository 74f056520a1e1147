import Foundation

/// at-spi2-core on a private session bus, for the accessibility e2e tests: a dbus-daemon of our
/// own (no service activation), at-spi2-core's bus launcher (which starts the accessibility bus
/// and answers `org.a11y.Bus.GetAddress`) and its registry on it. The app under test gets
/// ``environment``; the tests read and drive it with `scripts/atspi-query.py` (python3-pyatspi),
/// as a screen reader would.
///
/// Missing at-spi2-core or python3-pyatspi is an error naming the package, never a skip.
public final class AccessibilityBus: @unchecked Sendable {
    public static let launcherPath = "/usr/libexec/at-spi-bus-launcher"
    public static let registryPath = "/usr/libexec/at-spi2-registryd"
    private let session: FakeSettingsPortal
    private var launcher: Subprocess?
    private var registry: Subprocess?
    /// Where the launcher puts the accessibility bus's socket.
    private let runtimeDir: String

    /// Starts the session bus, the launcher and the registry, and waits until the registry is on
    /// the accessibility bus (the desktop answers pyatspi).
    public init() throws {
        for path in [Self.launcherPath, Self.registryPath] where !FileManager.default.isExecutableFile(atPath: path) {
            throw HarnessError("\(path) is missing (apt-get install at-spi2-core)")
        }
        let check = try Subprocess("/usr/bin/python3", ["-c", "import pyatspi"], environment: ProcessInfo.processInfo.environment)
        guard check.waitForExit(timeout: 20) == 0 else { throw HarnessError("python3-pyatspi is missing (apt-get install python3-pyatspi)") }
        session = try FakeSettingsPortal(mode: nil)
        runtimeDir = NSTemporaryDirectory() + "segue-a11y-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: runtimeDir, withIntermediateDirectories: true)
        chmod(runtimeDir, 0o700)
        try startLauncher()
        try startRegistry()
    }

    /// Starts the bus launcher (and with it the accessibility bus) and waits until it answers
    /// `org.a11y.Bus.GetAddress`.
    private func startLauncher() throws {
        launcher = try Subprocess(Self.launcherPath, ["--launch-immediately", "--a11y=1"], environment: environment(forTools: false))
        try wait("the accessibility bus") {
            let call = try Subprocess("/usr/bin/dbus-send", ["--session", "--print-reply", "--dest=org.a11y.Bus", "/org/a11y/bus",
                                                            "org.a11y.Bus.GetAddress"], environment: self.environment(forTools: false))
            return call.waitForExit(timeout: 5) == 0
        }
    }

    /// Starts the registry and waits until its desktop answers pyatspi.
    private func startRegistry() throws {
        registry = try Subprocess(Self.registryPath, [], environment: environment(forTools: false))
        try wait("the accessibility registry") {
            let call = try Subprocess("/usr/bin/python3", ["-c", "import pyatspi; pyatspi.Registry.getDesktop(0).childCount"],
                                      environment: self.environment(forTools: true))
            return call.waitForExit(timeout: 10) == 0
        }
    }

    /// Kills the registry (SIGKILL: a crash, no goodbye on the bus) and, when `restart`, starts
    /// a new one on the same accessibility bus.
    public func killRegistry(restart: Bool) throws {
        if let registry { kill(registry.process.processIdentifier, SIGKILL); _ = registry.waitForExit(timeout: 5) }
        registry = nil
        if restart { try startRegistry() }
    }

    /// Kills the bus launcher, its accessibility bus and the registry, as a session whose
    /// at-spi crashed, then, when `restart`, starts them again: a new bus at a new address.
    public func killBus(restart: Bool) throws {
        try killRegistry(restart: false)
        if let launcher {
            // The accessibility bus is the launcher's child: killed first (SIGKILL, as a crash),
            // so that the bus is gone whatever the launcher does on its way out.
            let pid = launcher.process.processIdentifier
            for child in Self.children(of: pid) { kill(child, SIGKILL) }
            launcher.terminate()
        }
        launcher = nil
        if restart {
            try startLauncher()
            try startRegistry()
        }
    }

    /// The processes whose parent is `pid` (from /proc/PID/stat's fourth field).
    private static func children(of pid: Int32) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> Int32? in
            guard let child = Int32(entry),
                  let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return nil }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 1 && Int32(fields[1]) == pid ? child : nil
        }
    }

    /// What the app needs to find the session bus (and through it the accessibility bus).
    public var environment: [String: String] { session.environment }

    /// What a tool reading the bus needs (pyatspi, Orca): the session bus, the launcher's
    /// runtime directory, no X display.
    public var toolEnvironment: [String: String] { environment(forTools: true) }

    private func environment(forTools: Bool) -> [String: String] {
        var env = ProcessInfo.processInfo.environment
        env.merge(session.environment) { $1 }
        env["XDG_RUNTIME_DIR"] = runtimeDir
        // No X11 fallback for libatspi's search of the bus: the session bus names it.
        env.removeValue(forKey: "DISPLAY")
        env.removeValue(forKey: "AT_SPI_BUS_ADDRESS")
        if forTools { env["NO_AT_BRIDGE"] = "1" }
        return env
    }

    private func wait(_ what: String, timeout: Double = 20, _ condition: () throws -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if try condition() { return }
            usleep(100_000)
        }
        throw HarnessError("\(what) did not start within \(Int(timeout)) s")
    }

    /// Runs `scripts/atspi-query.py` with `arguments`; returns what it printed.
    public func query(_ arguments: [String], timeout: Double = 30) throws -> String {
        let output = runtimeDir + "/query-\(UUID().uuidString).out"
        _ = FileManager.default.createFile(atPath: output, contents: nil)
        let handle = FileHandle(forWritingAtPath: output)
        let script = try Subprocess("/usr/bin/python3", [Paths.root + "/scripts/atspi-query.py"] + arguments,
                                    environment: environment(forTools: true), stdout: handle, stderr: handle)
        let status = script.waitForExit(timeout: timeout)
        try? handle?.close()
        let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        guard status == 0 else { throw HarnessError("atspi-query.py \(arguments.joined(separator: " ")) failed: \(text.suffix(1500))") }
        return text
    }

    /// The events assistive technologies have asked the registry for, as (bus name, event)
    /// pairs: a screen reader is listening once its own are there.
    public func registeredEvents() throws -> [[String]] {
        let text = try query(["listeners"])
        return (try? JSONDecoder().decode([[String]].self, from: Data(text.utf8))) ?? []
    }

    /// The app named `app`'s accessible tree, as pyatspi reads it.
    public func tree(of app: String) throws -> AccessibleElement {
        let text = try query(["tree", app])
        guard let line = text.split(separator: "\n").last(where: { $0.hasPrefix("{") }) else {
            throw HarnessError("atspi-query.py printed no tree: \(text.suffix(500))")
        }
        return try JSONDecoder().decode(AccessibleElement.self, from: Data(line.utf8))
    }

    /// Performs the first action of the first element named `name` (with `role`, if given).
    public func doAction(app: String, name: String, role: String? = nil) throws {
        _ = try query(["action", app, name] + (role.map { [$0] } ?? []))
    }

    /// The names of the applications on the desktop.
    public func applications() throws -> [String] {
        let text = try query(["apps"])
        guard let line = text.split(separator: "\n").last(where: { $0.hasPrefix("[") }) else { return [] }
        return try JSONDecoder().decode([String].self, from: Data(line.utf8))
    }

    /// Starts listening to the events a screen reader listens to (focus, selection, children,
    /// names, window activation); ``AccessibilityEvents/events`` holds them as they come.
    public func listen() throws -> AccessibilityEvents {
        try AccessibilityEvents(environment: environment(forTools: true))
    }

    deinit {
        registry?.terminate()
        launcher?.terminate()
        try? FileManager.default.removeItem(atPath: runtimeDir)
    }
}

/// One element as pyatspi reads it: name, role name, description, state names, extents in
/// window coordinates, action names and children.
public struct AccessibleElement: Decodable, Sendable {
    public let name: String
    public let role: String
    public let description: String
    public let states: [String]
    public let extents: [Int]?
    public let actions: [String]
    public let children: [AccessibleElement]

    /// This element and every one below it, depth first.
    public var all: [AccessibleElement] { [self] + children.flatMap(\.all) }

    /// The first element (this one or below) with `role`, and `name` if given.
    public func first(role: String, name: String? = nil) -> AccessibleElement? {
        all.first { $0.role == role && (name == nil || $0.name == name) }
    }

    /// Whether the element has the state named `state` ("focused", "selected", "active" …).
    public func has(_ state: String) -> Bool { states.contains(state) }
}

/// Events from `atspi-query.py events`, one per line, collected as they arrive.
public final class AccessibilityEvents: @unchecked Sendable {
    /// One event: its AT-SPI type ("object:state-changed:focused"), its source's name and role,
    /// detail1 and the name of what it carries (a child, a window title).
    public struct Event: Decodable, Sendable {
        public let type: String
        public let name: String?
        public let role: String?
        public let detail1: Int
        public let data: String?
    }

    private let process: Subprocess
    private let lock = NSLock()
    private var received: [Event] = []

    init(environment: [String: String]) throws {
        process = try Subprocess("/usr/bin/python3", [Paths.root + "/scripts/atspi-query.py", "events"],
                                 environment: environment, captureOutput: true)
        guard process.readLine() == "ready" else { throw HarnessError("atspi-query.py events did not start") }
        let process = self.process
        Thread.detachNewThread { [weak self] in
            while let line = process.readLine() {
                guard let event = try? JSONDecoder().decode(Event.self, from: Data(line.utf8)) else { continue }
                guard let self else { return }
                self.lock.lock()
                self.received.append(event)
                self.lock.unlock()
            }
        }
    }

    /// The events so far, in order.
    public var events: [Event] {
        lock.lock()
        defer { lock.unlock() }
        return received
    }

    /// Waits up to `timeout` seconds for an event matching `matches`; returns it.
    @discardableResult
    public func wait(for what: String, timeout: Double = 10, _ matches: (Event) -> Bool) throws -> Event {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let event = events.first(where: matches) { return event }
            usleep(20_000)
        }
        let seen = events.map { "\($0.type) \($0.name ?? "?") \($0.detail1)" }.joined(separator: "; ")
        throw HarnessError("no \(what) within \(Int(timeout)) s; events: \(seen)")
    }

    deinit { process.terminate() }
}

/// Orca, Debian's screen reader, started headless against the session's apps: an Xwayland of
/// its own in the session's compositor (Orca 43 reads the X keymap with `xkbcomp $DISPLAY` at
/// start and exits without a display), speech and braille devices off (there is no sound card
/// and no braille display: speech-dispatcher refuses the connection), its debug output in
/// ``logPath``: each utterance is a `SPEECH OUTPUT: '…'` line there, written before Orca hands
/// it to a voice, so it is what Orca would have said.
public final class OrcaScreenReader: @unchecked Sendable {
    private let xwayland: Subprocess
    private let orca: Subprocess
    /// Orca's debug output.
    public let logPath: String
    /// Orca's standard output and error.
    public let errorPath: String

    /// Starts Xwayland on `socket` (a Wayland display in `runtimeDir`) and Orca on `bus`.
    public init(bus: AccessibilityBus, waylandSocket socket: String, runtimeDir: String) throws {
        guard Paths.which("orca") != nil else { throw HarnessError("orca is missing (apt-get install orca)") }
        guard let xwaylandPath = Paths.which("Xwayland") else { throw HarnessError("Xwayland is missing (apt-get install xwayland)") }
        for (tool, package) in [("xkbcomp", "x11-xkb-utils"), ("xmodmap", "x11-xserver-utils")] where Paths.which(tool) == nil {
            throw HarnessError("\(tool), which Orca runs at start, is missing (apt-get install \(package))")
        }
        var number = 100 + Int(getpid() % 400)
        while FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") { number += 1 }
        var env = ProcessInfo.processInfo.environment
        env["XDG_RUNTIME_DIR"] = runtimeDir
        env["WAYLAND_DISPLAY"] = socket
        xwayland = try Subprocess(xwaylandPath, [":\(number)", "-rootless", "-noreset"], environment: env)
        // Ready once its keymap can be read, as Orca reads it.
        let deadline = Date().addingTimeInterval(15)
        while true {
            if FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") {
                let keymap = try Subprocess("/usr/bin/xkbcomp", [":\(number)", "/dev/null"], environment: env)
                if keymap.waitForExit(timeout: 5) == 0 { break }
            }
            guard Date() < deadline else { throw HarnessError("Xwayland :\(number) did not start (or has no keymap)") }
            usleep(100_000)
        }
        logPath = runtimeDir + "/orca-debug.out"
        let prefs = runtimeDir + "/orca-prefs"
        try FileManager.default.createDirectory(atPath: prefs, withIntermediateDirectories: true)
        var orcaEnv = bus.toolEnvironment
        orcaEnv["DISPLAY"] = ":\(number)"
        // Its own windows (none shown) on the Wayland display; the X display only for xkbcomp.
        orcaEnv["WAYLAND_DISPLAY"] = socket
        orcaEnv["XDG_RUNTIME_DIR"] = runtimeDir
        orcaEnv.removeValue(forKey: "NO_AT_BRIDGE")
        _ = FileManager.default.createFile(atPath: runtimeDir + "/orca.err", contents: nil)
        let errors = FileHandle(forWritingAtPath: runtimeDir + "/orca.err")
        // scripts/orca-headless.py runs /usr/bin/orca with its debug output line-buffered. No
        // --replace: that SIGKILLs every other process of this user named orca. Another Orca
        // running makes this one refuse to start, which fails the test with Orca's own line.
        orca = try Subprocess("/usr/bin/python3", [Paths.root + "/scripts/orca-headless.py", "--disable", "speech", "--disable", "braille", "--user-prefs", prefs, "--debug-file", logPath],
                              environment: orcaEnv, stdout: errors, stderr: errors)
        errorPath = runtimeDir + "/orca.err"
    }

    /// Makes Orca write every thread's Python stack into its debug output (its faulthandler
    /// listens to SIGABRT), which ends it: what a hung Orca was waiting for.
    public func dumpStacks() {
        kill(orca.process.processIdentifier, SIGABRT)
        usleep(500_000)
    }

    /// Stops Orca (SIGTERM: it shuts down and its debug output is written out whole).
    public func stop() {
        guard orca.isRunning else { return }
        kill(orca.process.processIdentifier, SIGTERM)
        // Its shutdown (speech, braille, the registry) takes a few seconds.
        if orca.waitForExit(timeout: 15) == nil { orca.terminate() }
    }

    /// Orca's debug output so far, then what it wrote on standard error.
    public var log: String {
        ((try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "") + "\n--- stderr:\n"
            + ((try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "")
    }

    /// What Orca said so far: the text of each `SPEECH OUTPUT` line, in order.
    public var utterances: [String] {
        log.split(separator: "\n").compactMap { line in
            guard let range = line.range(of: "SPEECH OUTPUT: '") else { return nil }
            // The line goes on with the voice ("'{'established': False}").
            let rest = line[range.upperBound...]
            let end = rest.range(of: "'{") ?? rest.range(of: "'", options: .backwards)
            return end.map { String(rest[..<$0.lowerBound]) } ?? String(rest)
        }
    }

    deinit {
        orca.terminate()
        xwayland.terminate()
    }
}
