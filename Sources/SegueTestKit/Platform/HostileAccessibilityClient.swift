import Foundation

/// A hostile AT-SPI client (scripts/atspi-hostile.py) on an ``AccessibilityBus``: it calls the
/// app's objects directly over the accessibility bus, with arguments of the wrong shape, or in a
/// flood (about 1,000 requests a second, `Cache.GetItems` kept 8 in flight) switched on and off
/// by the test, so that phases with and without it alternate within one run.
public final class HostileAccessibilityClient: @unchecked Sendable {
    /// What the flood did so far.
    public struct Counts: Decodable, Sendable {
        /// Requests sent, answered with a reply, answered with an error.
        public let sent: Int, answered: Int, errors: Int
        /// `Cache.GetItems` calls sent (counted in ``sent`` too).
        public let itemsSent: Int

        enum CodingKeys: String, CodingKey {
            case sent, answered, errors
            case itemsSent = "items_sent"
        }
    }

    private let process: Subprocess

    /// Starts the flooding client against the app named `app` (paused until ``flood(_:)``);
    /// returns once it found the app on the registry's desktop.
    public init(bus: AccessibilityBus, app: String) throws {
        process = try Subprocess("/usr/bin/python3", [Paths.root + "/scripts/atspi-hostile.py", "flood", app],
                                 environment: bus.toolEnvironment, captureOutput: true)
        guard process.readLine() == "ready" else { throw HarnessError("atspi-hostile.py flood did not find \(app)") }
    }

    /// Turns the flood on or off; returns the counts at that moment.
    @discardableResult
    public func flood(_ on: Bool) throws -> Counts {
        kill(process.process.processIdentifier, on ? SIGUSR1 : SIGUSR2)
        return try counts()
    }

    private func counts() throws -> Counts {
        guard let line = process.readLine(), let counts = try? JSONDecoder().decode(Counts.self, from: Data(line.utf8)) else {
            throw HarnessError("atspi-hostile.py flood printed no counts")
        }
        return counts
    }

    /// The calls of the wrong shape (and `Properties.Set` of read-only properties) made to the
    /// app named `app`: each call's description → the D-Bus error name it got, or "ok: …".
    public static func wrongArguments(bus: AccessibilityBus, app: String) throws -> [String: String] {
        let script = try Subprocess("/usr/bin/python3", [Paths.root + "/scripts/atspi-hostile.py", "wrong-args", app],
                                    environment: bus.toolEnvironment, captureOutput: true)
        let line = script.readLine() ?? ""
        guard script.waitForExit(timeout: 30) == 0, let answers = try? JSONDecoder().decode([String: String].self, from: Data(line.utf8)) else {
            throw HarnessError("atspi-hostile.py wrong-args failed: \(line)")
        }
        return answers
    }

    deinit { process.terminate() }
}
