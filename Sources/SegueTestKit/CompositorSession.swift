import Canvas
import Foundation

/// What every compositor session (weston, sway, mutter, KWin) shares: the app under test, the
/// trace it writes, the screenshots kept for people to look at, and waiting for a condition.
public protocol CompositorSession: AnyObject {
    /// Where `segue-demo --trace` writes.
    var tracePath: String { get }
    /// The app under test (nil once stopped).
    var app: Subprocess? { get }
    /// What the app printed (and its protocol log where one is on).
    var appLog: String { get }
}

extension CompositorSession {
    /// The trace the app wrote so far, one record per line.
    public var trace: [[String: Any]] {
        let text = (try? String(contentsOfFile: tracePath, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    /// How many trace records of `event` the app has written.
    public func traceCount(_ event: String) -> Int {
        trace.filter { $0["event"] as? String == event }.count
    }

    /// Keeps a screenshot in artifacts/ for people to look at.
    public func keep(_ surface: Surface, as name: String) {
        try? FileManager.default.createDirectory(atPath: Paths.artifacts, withIntermediateDirectories: true)
        try? surface.writePNG(to: Paths.artifacts + "/\(name).png")
    }

    /// Polls `condition` every 20 ms; throws naming `what` after `timeout` seconds.
    public func waitFor(_ what: String, timeout: Double, _ condition: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            if Date() > deadline { throw HarnessError("timed out waiting for \(what)") }
            usleep(20_000)
        }
    }
}
