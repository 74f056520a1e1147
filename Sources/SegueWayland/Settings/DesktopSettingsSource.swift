import CWayland
import Glibc
import Segue
import SegueDBus
import SegueProcess

/// The desktop's settings, live: read from the settings portal on the session bus (`ReadAll`,
/// then every `SettingChanged`), with the environment's overrides on top. The bus is polled by
/// the app's event loop; nothing waits on it but the start-up, and that for at most
/// ``startupWait`` seconds; an answer that comes later is used when it comes. No bus, no portal
/// or an error: the defaults, one line when `SEGUE_DEBUG` is set, and the app runs as before. A
/// value of the wrong type, out of range or too long is refused or clamped as it arrives
/// (``PortalSettings/check(_:_:_:)``) with one warning line, rate-limited: a flood of them writes a
/// few lines and a count.
@MainActor
final class DesktopSettingsSource {
    /// How long the start-up waits for the portal's answer, so that the first frame is already in
    /// the right style (seconds).
    static let startupWait = 0.2
    /// How long `ReadAll` may take before it is given up and asked again (seconds): D-Bus's
    /// usual 25 s (GDBus's and sd-bus's default). Nothing waits on it (the start-up waits
    /// ``startupWait``): a slow portal's answer is taken whenever it comes, and a portal that
    /// misses even this is asked again, up to ``readAllAttempts`` times.
    static let callTimeout = 25.0
    /// How many times `ReadAll` is asked when it times out.
    static let readAllAttempts = 3

    /// The settings now: the portal's values (or the defaults) with the overrides applied.
    private(set) var settings: DesktopSettings
    /// Called after each change of ``settings``.
    var onChange: ((DesktopSettings) -> Void)?
    /// The desktop's cursor theme and size, as the portal last said.
    var cursor: (theme: String?, size: Int?) { portal.cursor }
    /// Called after the portal's values changed, for what the platform itself uses (the cursor).
    var onPlatformChange: (() -> Void)?
    /// Whether the portal answered (or failed): what the start-up waits for.
    private(set) var hasAnswered = false
    /// The session bus, while it is there.
    private(set) var connection: DBusConnection?
    private var portal = PortalSettings()
    /// The cursor theme and size last handed to ``onPlatformChange``: a flood of other
    /// settings does not reload the cursor.
    private var lastCursor: (theme: String?, size: Int?) = (nil, nil)
    /// When the portal was first asked (CLOCK_MONOTONIC seconds).
    private let startedAt = DesktopSettingsSource.monotonicSeconds()
    private let overrides: SettingsOverrides
    /// The direction of the user's language (the portal has no say in it).
    private let languageDirection: UserInterfaceLayoutDirection
    private let debug: Bool
    /// The lines about the portal's bad values, rate-limited per key ("NAMESPACE KEY"), so that
    /// a flood of one key's bad values does not hide another key's.
    private var warnings: [Substring: RateLimitedLog] = [:]

    /// Starts reading: connects to the session bus and asks the portal for every setting.
    init(environment: [String: String] = DesktopSettingsSource.processEnvironment()) {
        overrides = SettingsOverrides(environment: environment)
        debug = environment["SEGUE_DEBUG"].map { !$0.isEmpty } ?? false
        languageDirection = Localization.catalogueLayoutDirection
        settings = overrides.applied(to: DesktopSettings(traits: TraitCollection(layoutDirection: languageDirection)))
        for warning in overrides.warnings { OneLine.warn(warning) }
        do {
            let connection = try DBusConnection.session()
            self.connection = connection
            connection.subscribe(sender: nil, path: "/org/freedesktop/portal/desktop",
                                 interface: "org.freedesktop.portal.Settings", member: "SettingChanged") { [weak self] arguments in
                self?.settingChanged(arguments)
            }
            readAll(attempt: 1)
        } catch {
            log("\(error); using the default settings")
            hasAnswered = true
        }
    }

    /// Waits until the portal answered or `deadline` (CLOCK_MONOTONIC seconds) passed, polling
    /// only the bus: the start-up's bounded wait. When the answer is not there at once,
    /// `whileWaiting` runs first (work the first frame needs anyway), and the wait goes on
    /// for what is left of it.
    func waitForAnswer(until deadline: Double, whileWaiting: (() -> Void)? = nil) {
        var whileWaiting = whileWaiting
        while !hasAnswered, let connection, connection.isOpen {
            if let work = whileWaiting {
                whileWaiting = nil
                // A portal that is already running answers within a turn or two: take that first.
                var fds = [pollfd(fd: connection.fd, events: connection.events, revents: 0)]
                if poll(&fds, 1, 0) > 0 { connection.process() }
                if hasAnswered { break }
                work()
                continue
            }
            let remaining = deadline - DesktopSettingsSource.monotonicSeconds()
            guard remaining > 0 else {
                log("the settings portal did not answer within \(Int(Self.startupWait * 1000)) ms; starting with the defaults")
                return
            }
            // The bus's own deadline too: a reply's timeout, or the end of a rest after a full
            // batch (when it asks for no events at all).
            var wait = remaining
            if let due = connection.deadline { wait = min(wait, max(0, due - DesktopSettingsSource.monotonicSeconds())) }
            var fds = [pollfd(fd: connection.fd, events: connection.events, revents: 0)]
            _ = poll(&fds, 1, Int32(max(1, (wait * 1000).rounded(.up))))
            connection.process()
        }
    }

    private func readAll(attempt: Int) {
        connection?.call(destination: "org.freedesktop.portal.Desktop", path: "/org/freedesktop/portal/desktop",
                         interface: "org.freedesktop.portal.Settings", member: "ReadAll",
                         arguments: [.stringArray(PortalSettings.namespaces)], timeout: Self.callTimeout) { [weak self] reply in
            self?.answered(reply, attempt: attempt)
        }
    }

    private func answered(_ reply: Result<[DBusValue], DBusError>, attempt: Int) {
        hasAnswered = true
        switch reply {
        case .success(let values):
            if attempt > 1 || DesktopSettingsSource.monotonicSeconds() > startedAt + Self.startupWait {
                log("the settings portal answered late; using its settings now")
            }
            for problem in portal.merge(readAll: values) { warn(problem) }
            update()
        case .failure(.remote(let name, _)) where name == "org.freedesktop.DBus.Error.NoReply" && attempt < Self.readAllAttempts:
            log("the settings portal did not answer within \(Int(Self.callTimeout)) s; asking again")
            readAll(attempt: attempt + 1)
        case .failure(let error):
            log("the settings portal: \(error); using the default settings")
        }
    }

    private func settingChanged(_ arguments: [DBusValue]) {
        if let problem = portal.apply(settingChanged: arguments) { warn(problem) }
        update()
    }

    private func update() {
        let cursor = portal.cursor
        if cursor != lastCursor {
            lastCursor = cursor
            onPlatformChange?()
        }
        var fromPortal = portal.settings
        fromPortal.traits.layoutDirection = languageDirection
        let next = overrides.applied(to: fromPortal)
        guard next != settings else { return }
        settings = next
        onChange?(next)
    }

    private func log(_ message: String) {
        if debug { OneLine.write("settings: " + message) }
    }

    /// A bad value from the portal: always said (it is the portal's fault, and the user's
    /// desktop looks wrong because of it), but rate-limited.
    private func warn(_ problem: String) {
        let key = problem.split(separator: ":", maxSplits: 1).first ?? ""
        // Keys are the schema's few, plus a bounded number of shapes: the table stays small.
        if warnings[key] == nil && warnings.count >= 64 { warnings.removeAll() }
        for line in warnings[key, default: RateLimitedLog(burst: 5, interval: 10)].lines(for: problem, now: DesktopSettingsSource.monotonicSeconds()) {
            OneLine.warn("settings: " + line)
        }
    }

    /// The process's environment as a dictionary.
    nonisolated static func processEnvironment() -> [String: String] {
        var result: [String: String] = [:]
        var entry = Glibc.environ
        while let pointer = entry.pointee {
            let pair = String(cString: pointer)
            if let equals = pair.firstIndex(of: "=") {
                result[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
            }
            entry += 1
        }
        return result
    }

    /// CLOCK_MONOTONIC in seconds (the event loop's clock).
    nonisolated static func monotonicSeconds() -> Double { segue_monotonic_ms() / 1000 }
}

/// The session bus joins the Wayland event loop's poll.
extension DBusConnection: PollSource {}
