import Glibc

/// Starts detached POSIX threads: the decode workers, which block in C for milliseconds at a
/// time and so stay off Swift concurrency's cooperative pool.
enum WorkerThread {
    /// How much nicer than the process the workers run. On Linux the nice value belongs to the
    /// thread, so this lowers only the workers: at +10 the scheduler gives a busy main thread
    /// (and the compositor, at the usual 0) about nine times a worker's share, so a frame is
    /// not held up by thumbnails decoding beside it, while an idle machine still gives the
    /// workers every spare cycle.
    static let niceness: Int32 = 10
    private final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }

    /// Runs `body` on a new thread that ends when it returns.
    static func start(_ body: @escaping @Sendable () -> Void) {
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        var thread = pthread_t()
        let result = pthread_create(&thread, nil, { context in
            let body = Unmanaged<Body>.fromOpaque(context!).takeRetainedValue()
            WorkerThread.lowerPriority()
            body.run()
            return nil
        }, context)
        precondition(result == 0, "cannot start a decode worker: \(String(cString: strerror(result)))")
        pthread_detach(thread)
    }

    /// Makes the calling thread `niceness` nicer than it is (19 at most). A failure leaves it
    /// as it was: decoding at the process's priority is slower for the frames, not wrong.
    static func lowerPriority() {
        let which = __priority_which_t(PRIO_PROCESS.rawValue)
        errno = 0
        let current = getpriority(which, 0)
        guard errno == 0 else { return }
        // `who` 0 with PRIO_PROCESS is the calling thread on Linux, not the whole process.
        _ = setpriority(which, 0, min(19, current + niceness))
    }
}
