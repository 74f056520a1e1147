import Foundation

/// A child process with its stdin/stdout as pipes; killed (and reaped) on every path.
public final class Subprocess: @unchecked Sendable {
    public let process = Process()
    private let stdinPipe = Pipe()
    private let stdoutPipe = Pipe()
    private var buffer = Data()

    public init(_ executable: String, _ arguments: [String], environment: [String: String],
         stdout: FileHandle? = nil, stderr: FileHandle? = nil, captureOutput: Bool = false) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        process.standardInput = stdinPipe
        process.standardOutput = captureOutput ? stdoutPipe : (stdout ?? FileHandle.nullDevice)
        process.standardError = stderr ?? FileHandle.nullDevice
        // A child inherits the spawning thread's signal mask, and test code runs on dispatch
        // worker threads that block nearly every signal: the child would never see SIGTERM
        // (terminate() then waited its full timeout and fell back to SIGKILL). Spawn with
        // nothing blocked.
        var unblocked = sigset_t()
        var previous = sigset_t()
        sigemptyset(&unblocked)
        pthread_sigmask(SIG_SETMASK, &unblocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        try process.run()
    }

    public var isRunning: Bool { process.isRunning }

    /// Sends one line on stdin.
    public func write(line: String) throws {
        try stdinPipe.fileHandleForWriting.write(contentsOf: Data((line + "\n").utf8))
    }

    /// Reads one line from stdout (blocking; the other side answers every line).
    public func readLine() -> String? {
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
                buffer.removeSubrange(buffer.startIndex...newline)
                return line
            }
            let chunk = stdoutPipe.fileHandleForReading.availableData
            if chunk.isEmpty { return nil }
            buffer.append(chunk)
        }
    }

    /// Waits up to `timeout` seconds for the process to exit; returns its status or nil.
    public func waitForExit(timeout: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        return process.isRunning ? nil : process.terminationStatus
    }

    public func terminate() {
        guard process.isRunning else { return }
        // Line-driven helpers (segue-inject and friends) end on EOF; everything else on
        // SIGTERM, which children receive since init spawns them with no signal blocked.
        try? stdinPipe.fileHandleForWriting.close()
        process.terminate()
        if waitForExit(timeout: 2) == nil {
            kill(process.processIdentifier, SIGKILL)
            _ = waitForExit(timeout: 2)
        }
    }

    deinit { terminate() }
}
