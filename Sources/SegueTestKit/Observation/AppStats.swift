import Foundation

/// A snapshot of the app's own figures (`segue-demo --stats FILE`): what input it has
/// received, by kind, how many frames it committed, and whether it has drawn everything it
/// was asked to (`settled`). SIGUSR1 makes the app rewrite the file from its event loop, so a
/// fresh snapshot is also proof that the loop turns.
public struct AppStats: Sendable {
    /// The file's fields (every value in it is a number).
    public let values: [String: Double]

    /// A field's value (0 when the file has no such field).
    public subscript(_ key: String) -> Double { values[key] ?? 0 }

    /// `wl_pointer` buttons received, presses and releases.
    public var pointerButtons: Int { Int(self["pointer_buttons"]) }
    /// `wl_pointer` enters and motions received.
    public var pointerEvents: Int { Int(self["pointer_enters"] + self["pointer_motions"]) }
    /// Keys received, presses and releases (repeats aside).
    public var keyEvents: Int { Int(self["key_events"]) }
    /// Scroll events received (wheel and touchpad).
    public var scrollEvents: Int { Int(self["scroll_events"]) }
    /// Touch downs, motions and ups received.
    public var touchEvents: Int { Int(self["touch_events"]) }
    /// Commits so far.
    public var commits: Int { Int(self["commits"]) }
    /// Everything asked of the window is drawn and committed, and no animation runs.
    public var isSettled: Bool { self["settled"] == 1 }

    /// Reads the file once (nil when it is missing or not yet whole).
    public static func read(_ path: String) -> AppStats? {
        guard let data = FileManager.default.contents(atPath: path),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        return AppStats(values: object.compactMapValues { ($0 as? NSNumber)?.doubleValue })
    }

    /// Asks the process `pid` for a fresh snapshot (SIGUSR1) and waits until the file at `path`
    /// holds one written after the request: the app's `time_ms` is CLOCK_MONOTONIC in ms, the
    /// clock read here. Throws when the app is gone or does not answer within `timeout`.
    public static func request(from pid: pid_t, path: String, timeout: Double = 10) throws -> AppStats {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let asked = Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1e6
        let deadline = Date().addingTimeInterval(timeout)
        // SIGUSR1's default action ends a process: signal only once the app catches it, which
        // it does before its first frame.
        while !catchesUSR1(pid) {
            if Date() > deadline { throw HarnessError("the app (pid \(pid)) never caught SIGUSR1: is it running with --stats?") }
            usleep(5_000)
        }
        guard kill(pid, SIGUSR1) == 0 else { throw HarnessError("the app (pid \(pid)) is gone: no stats snapshot") }
        while true {
            if let stats = read(path), stats["time_ms"] >= asked { return stats }
            if Date() > deadline {
                throw HarnessError("the app (pid \(pid)) wrote no stats snapshot within \(timeout) s of SIGUSR1 (its event loop is stuck?)")
            }
            usleep(5_000)
        }
    }

    /// Whether `pid` catches SIGUSR1 (`SigCgt` in /proc/PID/status).
    private static func catchesUSR1(_ pid: pid_t) -> Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return false }
        let bit = UInt64(1) << UInt64(SIGUSR1 - 1)
        return status.split(separator: "\n").contains { line in
            guard line.hasPrefix("SigCgt:"),
                  let mask = UInt64(line.split(separator: ":")[1].trimmingCharacters(in: .whitespaces), radix: 16) else { return false }
            return mask & bit != 0
        }
    }
}
