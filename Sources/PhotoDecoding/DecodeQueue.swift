import Geometry
import Glibc

/// Decodes pictures off the main thread, newest request first.
///
/// A scrolling grid asks for far more thumbnails than it can show; what matters is what is on
/// screen now. So the newest waiting job runs first, at most `capacity` jobs wait (past it the
/// oldest waiting job is cancelled), and cancelled jobs cost nothing more.
///
/// ```swift
/// // `mainLoop.post` stands for the app's thread-safe way to run a closure on its main loop.
/// let queue = DecodeQueue { work in mainLoop.post(work) }
/// let ticket = queue.enqueue(path: file, fitting: Size(width: 256, height: 256)) { result in
///     if case .success(let picture) = result { cell.show(picture.surface) }
/// }
/// // The cell scrolled away:
/// ticket.cancel()
/// ```
///
/// Completions run only through `deliver`, which the app points at its main loop: never on a
/// worker. A job cancelled before it ran never completes; cancelling a running job drops its
/// result, even when the decode had finished and the delivery was on its way. Dropping the
/// queue cancels whatever it still holds and lets its threads end.
public final class DecodeQueue: @unchecked Sendable {
    private let jobs: DecodeJobs

    /// The workers a queue starts unless told: one fewer than the processors online, two at
    /// least and four at most. Running nicer than the main thread, they do not hold its frames
    /// up even when they fill every processor, and one worker alone halves how fast a grid fills
    /// (measured on two processors: the screen's thumbnails in 2.0 s instead of 1.1 s). Four
    /// decoding 1/8-scaled JPEGs already outrun a fast scroll.
    public static var defaultWorkerCount: Int {
        max(2, min(4, sysconf(Int32(_SC_NPROCESSORS_ONLN)) - 1))
    }

    /// Starts `workers` threads (at least one), each running at a lower priority than the
    /// thread that made the queue (nice +10). `capacity` (at least one) bounds the waiting jobs.
    /// `deliver` receives each completion wrapped in a closure and must run it, once, on the
    /// thread the app wants results on.
    public init(workers: Int = DecodeQueue.defaultWorkerCount, capacity: Int = 64,
                deliver: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void) {
        let jobs = DecodeJobs(capacity: max(1, capacity), deliver: deliver)
        self.jobs = jobs
        for _ in 0..<max(1, workers) {
            WorkerThread.start { jobs.work() }
        }
    }

    deinit {
        jobs.shutDown()
    }

    /// Queues a decode of `path` (see ``PictureDecoder/decode(path:fitting:fit:cancellation:)``). The
    /// completion runs through `deliver`, unless the returned ticket is cancelled first.
    @discardableResult
    public func enqueue(path: String, fitting: Size?, fit: PictureFit = .cover,
                        completion: @escaping @Sendable (Result<DecodedPicture, PictureDecodeError>) -> Void) -> DecodeTicket {
        let ticket = DecodeTicket { [weak jobs] ticket in jobs?.withdraw(ticket) }
        jobs.add(DecodeJobs.Job(path: path, fitting: fitting, fit: fit, completion: completion, ticket: ticket))
        return ticket
    }

    /// Cancels every job, waiting or running.
    public func cancelAll() {
        jobs.cancelAll()
    }

    /// The jobs waiting or being decoded now; a job leaves the count before its completion
    /// is handed to `deliver`.
    public var pendingCount: Int {
        jobs.pendingCount
    }

    /// Stops workers from taking new jobs (a running one finishes); jobs keep queueing, and the
    /// capacity still applies. For moments when the CPU is better spent elsewhere (a
    /// transition's frames).
    public func suspend() {
        jobs.setSuspended(true)
    }

    /// Lets workers take jobs again, newest first.
    public func resume() {
        jobs.setSuspended(false)
    }

    /// Called on the worker just before it decodes a job, with the job's path: lets tests hold
    /// a job in the running state.
    package var willDecode: (@Sendable (String) -> Void)? {
        get { jobs.willDecode }
        set { jobs.willDecode = newValue }
    }
}

/// The queue's state, shared with its worker threads (which must not keep the queue alive).
final class DecodeJobs: @unchecked Sendable {
    struct Job: Sendable {
        let path: String
        let fitting: Size?
        let fit: PictureFit
        let completion: @Sendable (Result<DecodedPicture, PictureDecodeError>) -> Void
        let ticket: DecodeTicket
    }

    private let lock = ConditionLock()
    private let capacity: Int
    private let deliver: @Sendable (@escaping @Sendable () -> Void) -> Void
    // Guarded by `lock`: waiting jobs oldest first, and the jobs the workers hold.
    private var waiting: [Job] = []
    private var running: [Job] = []
    private var suspended = false
    private var isShutDown = false
    private var hook: (@Sendable (String) -> Void)?

    init(capacity: Int, deliver: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void) {
        self.capacity = capacity
        self.deliver = deliver
    }

    var willDecode: (@Sendable (String) -> Void)? {
        get { lock.locked { hook } }
        set { lock.locked { hook = newValue } }
    }

    var pendingCount: Int {
        lock.locked { waiting.count + running.count }
    }

    func add(_ job: Job) {
        let evicted: [Job] = lock.locked {
            guard !isShutDown else { return [job] }
            waiting.append(job)
            let excess = waiting.count - capacity
            guard excess > 0 else { return [] }
            let oldest = Array(waiting.prefix(excess))
            waiting.removeFirst(excess)
            return oldest
        }
        lock.broadcast()
        // Raised outside the lock: cancel() comes back to withdraw, which takes it.
        for job in evicted { job.ticket.cancel() }
    }

    func withdraw(_ ticket: DecodeTicket) {
        lock.locked { waiting.removeAll { $0.ticket === ticket } }
    }

    func cancelAll() {
        let all = lock.locked {
            let all = waiting + running
            waiting.removeAll()
            return all
        }
        for job in all { job.ticket.cancel() }
    }

    func setSuspended(_ value: Bool) {
        lock.locked { suspended = value }
        lock.broadcast()
    }

    func shutDown() {
        lock.locked { isShutDown = true }
        cancelAll()
        lock.broadcast()
    }

    /// A worker's life: take the newest job, decode it, hand the result to `deliver`.
    func work() {
        while let (job, hook) = next() {
            hook?(job.path)
            let result: Result<DecodedPicture, PictureDecodeError>
            do {
                result = .success(try PictureDecoder.decode(path: job.path, fitting: job.fitting, fit: job.fit, cancellation: job.ticket))
            } catch {
                result = .failure(error)
            }
            lock.locked { running.removeAll { $0.ticket === job.ticket } }
            let ticket = job.ticket, completion = job.completion
            guard !ticket.isCancelled else { continue }
            deliver {
                // Cancelled on the app's thread after the decode finished: still dropped.
                guard !ticket.isCancelled else { return }
                completion(result)
            }
        }
    }

    /// The newest waiting job, once there is one and the queue is not suspended; nil when the
    /// queue is gone.
    private func next() -> (Job, (@Sendable (String) -> Void)?)? {
        lock.locked(when: { isShutDown || (!suspended && !waiting.isEmpty) }) {
            guard !isShutDown else { return nil }
            let job = waiting.removeLast()
            running.append(job)
            return (job, hook)
        }
    }
}
