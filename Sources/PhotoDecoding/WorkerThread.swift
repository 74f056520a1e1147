import Glibc

/// Starts detached POSIX threads: the decode workers, which block in C for milliseconds at a
/// time and so stay off Swift concurrency's cooperative pool.
enum WorkerThread {
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
            body.run()
            return nil
        }, context)
        precondition(result == 0, "cannot start a decode worker: \(String(cString: strerror(result)))")
        pthread_detach(thread)
    }
}
