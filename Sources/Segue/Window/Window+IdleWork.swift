/// Work that waits until the window is idle: preparing what the next gesture will need
/// (a neighbouring tab's views, its text laid out and drawn into content caches) so that the
/// gesture's first frame does not pay for it.
///
/// The host runs one piece per turn of its event loop, only when nothing else is waiting: no
/// input or frame callback pending, nothing to draw, no animation, no held gesture. A piece of
/// work that finds the window changed since it was queued (a transition started, the view it
/// prepares is on screen) should do nothing.
/// Work waiting for a turn in which the window has nothing else to do, oldest first.
struct IdleQueue {
    var work: [@MainActor () -> Void] = []
}

extension Window {
    /// Queues `work` to run when the window is idle, after anything queued before it.
    public func performWhenIdle(_ work: @escaping @MainActor () -> Void) {
        idleQueue.work.append(work)
    }

    /// Idle work is queued and may run now: nothing animates, no gesture is held and no
    /// frame waits to be drawn (it would be delayed by the work).
    public var hasIdleWorkReady: Bool {
        !idleQueue.work.isEmpty && !wantsFrames && !needsDisplay
    }

    /// Runs the oldest piece of idle work if ``hasIdleWorkReady``; the host calls this when it
    /// would otherwise sleep, once per turn, so input that arrives meanwhile goes first.
    public func runIdleWork() {
        guard hasIdleWorkReady else { return }
        let work = idleQueue.work.removeFirst()
        work()
    }
}
