import Motion

/// Ticks the running timelines from the window's frame clock.
///
/// Whatever input asks of a timeline between frames (start, finish, settle) is applied at the
/// next tick, with that tick's time: input timestamps and frame times need not share a clock,
/// and no time passes before the first frame could show it (as Core Animation assigns begin
/// times at commit).
@MainActor
final class AnimationDriver {
    private var timelines: [Timeline] = []
    private var pendingActions: [(Double) -> Void] = []

    /// The window is gone, so the timelines still running here never end: their closures
    /// (which hold the transition contexts that hold the timelines) are dropped uncalled.
    isolated deinit {
        for timeline in timelines { timeline.invalidate() }
    }

    var isActive: Bool { !pendingActions.isEmpty || timelines.contains { $0.needsFrames } }

    /// Drives `timeline` from now on; an `.idle` one starts at the next tick.
    func add(_ timeline: Timeline) {
        guard !timelines.contains(where: { $0 === timeline }) else { return }
        timelines.append(timeline)
        if timeline.state == .idle {
            atNextTick { [weak timeline] time in
                if timeline?.state == .idle { timeline?.start(at: time) }
            }
        }
    }

    /// Runs `action` with the next frame's time, before the timelines advance.
    func atNextTick(_ action: @escaping (Double) -> Void) {
        pendingActions.append(action)
    }

    /// Advances every timeline; returns true when anything may have changed.
    func tick(at time: Double) -> Bool {
        guard !timelines.isEmpty || !pendingActions.isEmpty else { return false }
        let actions = pendingActions
        pendingActions.removeAll()
        for action in actions { action(time) }
        for timeline in timelines { timeline.tick(at: time) }
        timelines.removeAll { $0.state == .ended }
        return true
    }
}
