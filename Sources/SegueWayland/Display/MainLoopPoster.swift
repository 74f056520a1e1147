import CWayland
import Glibc
import Synchronization

/// A way for other threads to hand work to the main loop: closures queue under a lock, and a
/// nonblocking pipe the loop polls wakes it to run them, in the order they were posted. (A pipe
/// rather than an `eventfd`: Glibc's Swift module does not export `sys/eventfd.h`, and a pipe
/// is what the signal handling already uses; a full pipe only drops bytes, never a wake-up,
/// since it stays readable.) `pipe2` comes from CWayland's shim, which defines _GNU_SOURCE.
///
/// ```swift
/// let post = MainLoopPoster.shared.post
/// Thread { let picture = decode(); post { imageView.image = picture } }
/// ```
///
/// Work posted before the loop runs waits for its first turn (the pipe stays readable);
/// work posted after it ended never runs. A closure that changes views marks the window dirty
/// as any event handler does, and the loop draws it in the same turn's idle pass.
public final class MainLoopPoster: Sendable {
    /// The poster the running app's loop polls (``WaylandApplication`` adds it).
    public static let shared = MainLoopPoster()

    /// The pipe's read end: readable while work waits; nonblocking, so draining it never
    /// stalls the loop.
    let fd: Int32
    private let writeEnd: Int32
    private let queue = Mutex<[@Sendable () -> Void]>([])

    /// A poster of its own (tests); apps use ``shared``.
    public init() {
        var ends: [Int32] = [-1, -1]
        let made = pipe2(&ends, O_CLOEXEC | O_NONBLOCK)
        precondition(made == 0, "pipe2 failed: \(String(cString: strerror(errno)))")
        fd = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        close(fd)
        close(writeEnd)
    }

    /// Queues `work` to run on the main loop's thread; callable from any thread.
    public func post(_ work: @escaping @Sendable () -> Void) {
        queue.withLock { $0.append(work) }
        var byte: UInt8 = 1
        // EAGAIN (a full pipe) is fine: the pipe is readable anyway, and the queue, not the
        // bytes, says what runs.
        _ = write(writeEnd, &byte, 1)
    }

    /// How many closures wait.
    public var pendingCount: Int { queue.withLock { $0.count } }

    /// Runs everything posted so far, on the calling (main) thread; returns how many ran.
    ///
    /// The pipe is emptied before the queue is taken: a post landing in between then leaves a
    /// byte behind and the loop merely wakes once more to an empty queue. The other order could
    /// swallow a post's byte after its closure was missed, stranding it until some unrelated
    /// wake-up.
    @discardableResult
    public func runPending() -> Int {
        var bytes = (UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0))
        while withUnsafeMutableBytes(of: &bytes, { read(fd, $0.baseAddress, $0.count) }) > 0 {}
        let work = queue.withLock { queued in
            let taken = queued
            queued.removeAll()
            return taken
        }
        for closure in work { closure() }
        return work.count
    }
}

/// The poster as one of the loop's sources: polled for reading, drained when readable.
@MainActor
final class PostedWorkSource: PollSource {
    private let poster: MainLoopPoster

    init(_ poster: MainLoopPoster) { self.poster = poster }

    var fd: Int32 { poster.fd }
    var events: Int16 { Int16(POLLIN) }
    var deadline: Double? { nil }
    func process() { poster.runPending() }
}
