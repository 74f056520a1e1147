import CWayland
import Glibc
import Segue
import SegueDBus
import SegueProcess

/// The desktop's settings, live: read from the settings portal on the session bus (`ReadAll`,
/// then every `SettingChanged`), with the environment's overrides on top. The bus is polled by
/// the app's event loop; nothing waits on it but the start-up, and that for at most
/// ``startupWait`` seconds. No bus, no portal, an error or a value of the wrong type: the
/// defaults, one line when `SEGUE_DEBUG` is set, and the app runs as before.
@MainActor
final class DesktopSettingsSource {
    /// How long the start-up waits for the portal's answer, so that the first frame is already in
    /// the right style (seconds).
    static let startupWait = 0.2
    /// How long a call may wait for the portal before it is given up (seconds).
    static let callTimeout = 5.0

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
    private let overrides: SettingsOverrides
    /// The direction of the user's language (the portal has no say in it).
    private let languageDirection: UserInterfaceLayoutDirection
    private let debug: Bool

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
            connection.call(destination: "org.freedesktop.portal.Desktop", path: "/org/freedesktop/portal/desktop",
                            interface: "org.freedesktop.portal.Settings", member: "ReadAll",
                            arguments: [.stringArray(PortalSettings.namespaces)], timeout: Self.callTimeout) { [weak self] reply in
                self?.answered(reply)
            }
        } catch {
            log("\(error); using the default settings")
            hasAnswered = true
        }
    }

    /// Waits until the portal answered or `deadline` (CLOCK_MONOTONIC seconds) passed, polling
    /// only the bus: the start-up's bounded wait.
    func waitForAnswer(until deadline: Double) {
        while !hasAnswered, let connection, connection.isOpen {
            let remaining = deadline - DesktopSettingsSource.monotonicSeconds()
            guard remaining > 0 else {
                log("the settings portal did not answer within \(Int(Self.startupWait * 1000)) ms; starting with the defaults")
                return
            }
            var fds = [pollfd(fd: connection.fd, events: connection.events, revents: 0)]
            _ = poll(&fds, 1, Int32(max(1, (remaining * 1000).rounded(.up))))
            connection.process()
        }
    }

    private func answered(_ reply: Result<[DBusValue], DBusError>) {
        hasAnswered = true
        switch reply {
        case .success(let values):
            portal.merge(readAll: values)
            update()
        case .failure(let error):
            log("the settings portal: \(error); using the default settings")
        }
    }

    private func settingChanged(_ arguments: [DBusValue]) {
        guard portal.apply(settingChanged: arguments) else {
            log("ignoring a SettingChanged signal of another shape")
            return
        }
        update()
    }

    private func update() {
        onPlatformChange?()
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
