import SegueProcess
import Glibc

/// A file named on the command line that the app writes to (`--trace`, `--stats`).
///
/// It is checked before anything else happens, so a path that cannot be written is a usage error
/// (exit 2) rather than a surprise at exit; and it is not truncated until the app has connected,
/// so a start that fails loses nothing (a file the check had to create is removed again).
struct OutputFile {
    let path: String
    /// The option that named it, for messages.
    let option: String
    private let fd: Int32
    private let created: Bool

    /// Opens `path` for writing without truncating it; the error is one line naming the file.
    static func check(_ path: String, for option: String) -> Result<OutputFile, UsageError> {
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
    func start() -> UnsafeMutablePointer<FILE>? {
        var info = stat()
        if fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG { _ = ftruncate(fd, 0) }
        return fdopen(fd, "w")
    }

    /// The app could not start: removes the file if the check created it.
    func abandon() {
        close(fd)
        if created { unlink(path) }
    }

    /// Closes the check's descriptor (for a file someone else writes, as `FrameStats` does).
    func release() {
        close(fd)
    }
}

/// Writes lines to a stream and says once, on standard error, when that stops working; the app
/// goes on without it.
final class LineWriter {
    private let file: UnsafeMutablePointer<FILE>
    private let description: String
    private(set) var failed = false

    init(file: UnsafeMutablePointer<FILE>, description: String) {
        self.file = file
        self.description = description
    }

    /// Writes `line` and a newline, flushed so a reader sees it at once.
    func write(_ line: String) {
        guard !failed else { return }
        if fputs(line + "\n", file) < 0 || fflush(file) != 0 {
            failed = true
            OneLine.warn("cannot write \(description): \(String(cString: strerror(errno))); continuing without it")
        }
    }
}
