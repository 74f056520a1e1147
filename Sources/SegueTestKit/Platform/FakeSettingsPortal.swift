import Foundation

/// A private D-Bus session bus with a fake settings portal on it (scripts/fake-settings-portal.py),
/// for the e2e tests of the desktop's settings: the app under test gets ``environment`` and
/// reads the portal as it would GNOME's or KDE's. The bus activates nothing (no service
/// directories), so the machine's own xdg-desktop-portal never answers in the fake's place.
/// Missing `dbus-daemon` or python3-dbus is an error naming the package, never a skip.
public final class FakeSettingsPortal {
    /// How the fake answers.
    public enum Mode: String, Sendable {
        /// As the portal does.
        case normal
        /// Owns the portal's name and never answers (a hung portal).
        case silent
        /// Answers every key with a value of the wrong type.
        case wrongTypes = "wrong-types"
    }

    /// The bus's address (`DBUS_SESSION_BUS_ADDRESS`).
    public let address: String
    private let bus: Subprocess
    private var portal: Subprocess?
    private let directory: String

    /// Starts a private bus and, unless `mode` is nil (a bus without a portal), the fake portal
    /// with `settings` (namespace, key, GVariant text such as "uint32 1" or "(0.2, 0.6, 0.3)");
    /// `readAllDelay` seconds late to answer `ReadAll` (a slow portal).
    public init(mode: Mode? = .normal, settings: [(String, String, String)] = [], readAllDelay: Double = 0) throws {
        guard let daemon = Paths.which("dbus-daemon") else { throw HarnessError("dbus-daemon is missing (apt-get install dbus-daemon)") }
        directory = NSTemporaryDirectory() + "segue-bus-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let config = directory + "/bus.conf"
        try """
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig>
              <type>session</type>
              <listen>unix:dir=\(directory)</listen>
              <auth>EXTERNAL</auth>
              <policy context="default">
                <allow send_destination="*" eavesdrop="true"/>
                <allow eavesdrop="true"/>
                <allow own="*"/>
              </policy>
            </busconfig>
            """.write(toFile: config, atomically: true, encoding: .utf8)
        let environment = ProcessInfo.processInfo.environment
        bus = try Subprocess(daemon, ["--config-file=" + config, "--print-address=1", "--nofork"],
                             environment: environment, captureOutput: true)
        guard let line = bus.readLine(), line.hasPrefix("unix:") else { throw HarnessError("dbus-daemon printed no address") }
        address = line
        guard let mode else { return }
        var arguments = [Paths.root + "/scripts/fake-settings-portal.py", "--mode", mode.rawValue,
                         "--read-all-delay", String(readAllDelay)]
        for (namespace, key, value) in settings { arguments += ["--set", namespace, key, value] }
        var env = environment
        env["DBUS_SESSION_BUS_ADDRESS"] = address
        let portal = try Subprocess("/usr/bin/python3", arguments, environment: env, captureOutput: true)
        self.portal = portal
        guard portal.readLine() == "ready" else {
            throw HarnessError("the fake settings portal did not start (python3-dbus and python3-gi are needed)")
        }
    }

    /// What the app needs to find this bus.
    public var environment: [String: String] { ["DBUS_SESSION_BUS_ADDRESS": address] }

    /// Changes a setting: the fake stores it and emits `SettingChanged`, as the portal does when
    /// the user changes it. `value` is GVariant text ("uint32 1").
    public func set(_ namespace: String, _ key: String, _ value: String) throws {
        guard let send = Paths.which("dbus-send") else { throw HarnessError("dbus-send is missing (apt-get install dbus-bin)") }
        var env = ProcessInfo.processInfo.environment
        env["DBUS_SESSION_BUS_ADDRESS"] = address
        let call = try Subprocess(send, ["--session", "--print-reply", "--dest=org.freedesktop.portal.Desktop",
                                         "/org/freedesktop/portal/desktop", "org.segue.Test.FakePortal.Set",
                                         "string:" + namespace, "string:" + key, "string:" + value],
                                  environment: env)
        guard call.waitForExit(timeout: 5) == 0 else { throw HarnessError("the fake portal did not take \(namespace) \(key)") }
    }

    /// Sets a value GVariant text cannot write (NaN, a 1,000,000-character string): `expression`
    /// is Python over `dbus` and `math` ("dbus.Double(float('nan'))"). The fake emits
    /// `SettingChanged` with it, and answers once it went out.
    public func set(_ namespace: String, _ key: String, python expression: String) throws {
        try control(["SetPython", "string:" + namespace, "string:" + key, "string:" + expression], timeout: 10)
    }

    /// Emits `count` `SettingChanged` for `namespace` `key` over `seconds`, alternating the
    /// values of two Python expressions; returns once the last one went out.
    public func flood(_ namespace: String, _ key: String, _ first: String, _ second: String, count: Int,
                      seconds: Double) throws {
        try control(["Flood", "string:" + namespace, "string:" + key, "string:" + first, "string:" + second,
                     "uint32:\(count)", "double:\(seconds)"], timeout: seconds * 5 + 10)
    }

    private func control(_ call: [String], timeout: Double) throws {
        guard let send = Paths.which("dbus-send") else { throw HarnessError("dbus-send is missing (apt-get install dbus-bin)") }
        var env = ProcessInfo.processInfo.environment
        env["DBUS_SESSION_BUS_ADDRESS"] = address
        let method = "org.segue.Test.FakePortal." + call[0]
        let process = try Subprocess(send, ["--session", "--print-reply", "--reply-timeout=\(Int(timeout * 1000))",
                                            "--dest=org.freedesktop.portal.Desktop", "/org/freedesktop/portal/desktop", method]
                                         + call.dropFirst(), environment: env)
        guard process.waitForExit(timeout: timeout + 5) == 0 else { throw HarnessError("the fake portal did not take \(call)") }
    }

    deinit {
        portal?.terminate()
        bus.terminate()
        try? FileManager.default.removeItem(atPath: directory)
    }
}
