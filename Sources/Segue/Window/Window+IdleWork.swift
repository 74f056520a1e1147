/// Work that waits until the window is idle: preparing what the next gesture will need
/// (a neighbouring tab's views, its text laid out and drawn into content caches) so that the
/// gesture's first frame does not pay for it, and, once the window has stayed quiet for a
/// while, giving back what a quiet window does not need (those same caches).
///
/// The host runs one piece per turn of its event loop, only when nothing else is waiting: no
/// input or frame callback pending, nothing to draw, no animation, no held gesture. A piece of
/// work that finds the window changed since it was queued (a transition started, the view it
/// prepares is on screen) should do nothing.
/// Work waiting for a turn in which the window has nothing else to do, oldest first, and work
/// waiting for the window to have had nothing to do for a number of seconds.
struct IdleQueue {
    var work: [@MainActor () -> Void] = []
    var afterQuiet: [(delay: Double, work: @MainActor () -> Void)] = []
}

extension Window {
    /// Queues `work` to run when the window is idle, after anything queued before it.
    public func performWhenIdle(_ work: @escaping @MainActor () -> Void) {
        idleQueue.work.append(work)
    }

    /// Queues `work` to run once the window has been quiet for `delay` seconds: no input, no
    /// frame and no other idle work in that time (the host starts timing again after any of
    /// them). A negative or non-finite delay counts as 0.
    public func performWhenIdle(for delay: Double, _ work: @escaping @MainActor () -> Void) {
        idleQueue.afterQuiet.append((delay.isFinite ? max(0, delay) : 0, work))
    }

    /// Idle work is queued and may run now: nothing animates, no gesture is held and no
    /// frame waits to be drawn (it would be delayed by the work).
    public var hasIdleWorkReady: Bool {
        !idleQueue.work.isEmpty && !wantsFrames && !needsDisplay
    }

    /// How long the window must stay quiet before the first piece of
    /// ``performWhenIdle(for:_:)`` work is due, in seconds; nil when none waits.
    public var idleDelay: Double? {
        idleQueue.afterQuiet.lazy.map(\.delay).min()
    }

    /// Runs the oldest piece of idle work if ``hasIdleWorkReady``; the host calls this when it
    /// would otherwise sleep, once per turn, so input that arrives meanwhile goes first.
    public func runIdleWork() {
        guard hasIdleWorkReady else { return }
        let work = idleQueue.work.removeFirst()
        work()
    }

    /// Runs, oldest first, the ``performWhenIdle(for:_:)`` work that `seconds` of quiet make
    /// due; the host calls this when the window has been quiet that long (at least
    /// ``idleDelay``). Returns how many pieces ran: none while something animates, a gesture
    /// is held or a frame waits.
    @discardableResult
    public func runIdleWork(afterQuiet seconds: Double) -> Int {
        guard !wantsFrames, !needsDisplay else { return 0 }
        let isDue = { (piece: (delay: Double, work: @MainActor () -> Void)) in piece.delay <= seconds }
        let due = idleQueue.afterQuiet.filter(isDue)
        idleQueue.afterQuiet.removeAll(where: isDue)
        for piece in due { piece.work() }
        return due.count
    }

    /// Bumped by every input event and frame tick: a host timing the window's quiet
    /// (``idleDelay``) starts again when it changed.
    package var activityCount: Int { activity }
}
