import SegueProcess
import Glibc

/// A file named on the command line that an app writes to (`--trace`, `--stats`).
///
/// It is checked before anything else happens, so a path that cannot be written is a usage error
/// (exit 2) rather than a surprise at exit; and it is not truncated until the app has connected,
/// so a start that fails loses nothing (a file the check had to create is removed again).
public struct OutputFile {
    /// The file's path as given.
    public let path: String
    /// The option that named it, for messages.
    public let option: String
    private let fd: Int32
    private let created: Bool

    /// Opens `path` for writing without truncating it; the error is one line naming the file.
    public static func check(_ path: String, for option: String) -> Result<OutputFile, UsageError> {
        var info = stat()
        let existed = stat(path, &info) == 0
        if existed && (info.st_mode & S_IFMT) == S_IFDIR {
            return .failure(UsageError(message: "\(option) '\(path)' is a directory"))
        }
        let fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            return .failure(UsageError(message: "cannot write \(option) '\(path)': \(String(cString: strerror(errno)))"))
        }
        return .success(OutputFile(path: path, option: option, fd: fd, created: !existed))
    }

    /// The app is running: empties a regular file (a device or pipe is left alone) and hands out
    /// a stream on it.
    public func start() -> UnsafeMutablePointer<FILE>? {
        var info = stat()
        if fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG { _ = ftruncate(fd, 0) }
        return fdopen(fd, "w")
    }

    /// The app could not start: removes the file if the check created it.
    public func abandon() {
        close(fd)
        if created { unlink(path) }
    }

    /// Closes the check's descriptor (for a file someone else writes, as `FrameStats` does).
    public func release() {
        close(fd)
    }
}

/// Writes lines to a stream and says once, on standard error, when that stops working; the app
/// goes on without it.
public final class LineWriter {
    private let file: UnsafeMutablePointer<FILE>
    private let description: String
    public private(set) var failed = false

    /// Writes to `file`; `description` names it in the warning.
    public init(file: UnsafeMutablePointer<FILE>, description: String) {
        self.file = file
        self.description = description
    }

    /// Writes `line` and a newline, flushed so a reader sees it at once.
    public func write(_ line: String) {
        guard !failed else { return }
        if fputs(line + "\n", file) < 0 || fflush(file) != 0 {
            failed = true
            OneLine.warn("cannot write \(description): \(String(cString: strerror(errno))); continuing without it")
        }
    }
}

/// A bad command line or output file: one line, exit status 2.
public struct UsageError: Error {
    /// The line to print.
    public let message: String
    /// A usage error saying `message`.
    public init(message: String) { self.message = message }
}

extension OutputFile {
    /// The file `path` names for `option`, checked (see ``check(_:for:)``); nil for no path. A
    /// path that cannot be written ends the program with one line and status 2.
    public static func checkedOrExit(_ path: String?, for option: String) -> OutputFile? {
        guard let path else { return nil }
        switch check(path, for: option) {
        case .success(let file): return file
        case .failure(let error): OneLine.exit(error.message, status: 2)
        }
    }
}

/// CLOCK_MONOTONIC in milliseconds (the clock `FrameStats` measures launch and frames on).
public func segueMonotonicMilliseconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1e6
}
