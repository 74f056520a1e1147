import Foundation

/// A helper process spoken to in lines: each command gets one answer line, `ok` (or `ok …`
/// carrying a result) or the reason it failed. Every driver the sessions start speaks it:
/// `segue-inject` (weston), `segue-vpointer` (sway), `segue-kwin-input` and `kwin-driver.py`
/// (KWin), `mutter-driver.py` (mutter).
public struct LineDriver {
    /// The helper's name, for messages.
    public let name: String
    /// The running helper.
    public let process: Subprocess
    /// Where the helper writes its own log, quoted when it dies (nil: nothing to quote).
    public let logPath: String?

    public init(_ name: String, _ process: Subprocess, logPath: String? = nil) {
        self.name = name
        self.process = process
        self.logPath = logPath
    }

    /// Sends one command; returns the answer, or throws unless it starts with `ok`.
    @discardableResult
    public func send(_ command: String) throws -> String {
        try process.write(line: command)
        guard let reply = process.readLine() else {
            let log = logPath.flatMap { try? String(contentsOfFile: $0, encoding: .utf8) }.map { ": \($0.suffix(600))" } ?? ""
            throw HarnessError("\(name) died on '\(command)'\(log)")
        }
        guard reply == "ok" || reply.hasPrefix("ok ") else { throw HarnessError("\(name): '\(command)' → \(reply)") }
        return reply
    }
}
