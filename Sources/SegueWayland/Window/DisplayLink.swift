import Segue

/// A timer the event loop wakes the process for (``TimerSource``; a fake in tests).
@MainActor
protocol WakeUpTimer: AnyObject {
    var isArmed: Bool { get }
    /// Fires after `delay` seconds, then every `interval` seconds.
    func arm(delay: Double, interval: Double)
    func disarm()
}

extension TimerSource: WakeUpTimer {}

/// What the display link moves: the window's content (``Segue/Window``), or a fake in tests.
@MainActor
protocol DisplayLinkContent: AnyObject {
    func tick(at time: Double)
    /// Something animates or a gesture is held: frames must keep coming.
    var wantsFrames: Bool { get }
    /// Something changed since the last frame was drawn.
    var needsDisplay: Bool { get }
}

extension Window: DisplayLinkContent {}

/// The window's animation clock. Frame callbacks pace it; when they stop coming (a hidden
/// window, a stalled compositor) or must not be asked for (the toplevel is `suspended`,
/// xdg-shell v6), a fallback timer ticks the content on CLOCK_MONOTONIC, in the compositor's
/// time base, so a transition in flight still completes. Once nothing animates the timer is
/// disarmed: an idle or suspended window never wakes up.
@MainActor
final class DisplayLink {
    /// How often the fallback clock ticks: a tenth of a second is enough for a model nobody sees.
    static let fallbackInterval = 0.1

    private let content: DisplayLinkContent
    private let timer: WakeUpTimer
    /// CLOCK_MONOTONIC in seconds.
    private let monotonicNow: () -> Double
    private var frameClock = EventClock()
    /// Compositor frame time minus our CLOCK_MONOTONIC reading: lets the fallback clock speak
    /// in the compositor's time base, so animation time never jumps between the two.
    private var clockOffset = 0.0
    private(set) var lastFrameTime = 0.0

    /// The toplevel is `suspended` (xdg-shell v6: fully hidden, its frames would be wasted):
    /// nothing is drawn and no frame callback is asked for; the fallback clock keeps time.
    var isSuspended = false {
        didSet { if isSuspended { keepTimeWhileAnimating() } }
    }

    init(content: DisplayLinkContent, timer: WakeUpTimer, monotonicNow: @escaping () -> Double) {
        self.content = content
        self.timer = timer
        self.monotonicNow = monotonicNow
    }

    /// Whether the window may draw now, after a dispatch. Not while suspended, nor while a frame
    /// callback is outstanding (its answer draws); meanwhile an animation keeps time on the
    /// fallback clock, should that answer never come (a transition started while suspended,
    /// or after the fallback clock finished the last one).
    func mayDrawAfterDispatch(frameCallbackPending: Bool) -> Bool {
        if !isSuspended && !frameCallbackPending { return true }
        keepTimeWhileAnimating()
        return false
    }

    /// A frame callback arrived at the compositor's `ms`: the content is ticked to it. Returns
    /// whether to draw the next frame: the window was dirty (`needsDraw`), the tick changed
    /// something, or something still animates.
    func frameDone(ms: UInt32, needsDraw: Bool) -> Bool {
        let time = frameClock.seconds(ms)
        clockOffset = time - monotonicNow()
        advance(to: time)
        if isSuspended {
            keepTimeWhileAnimating()
            return false
        }
        if needsDraw || content.needsDisplay || content.wantsFrames { return true }
        timer.disarm()
        return false
    }

    /// A frame callback was asked for: should it never come, the fallback clock takes over.
    func frameRequested() {
        if !timer.isArmed { timer.arm(delay: DisplayLink.fallbackInterval, interval: DisplayLink.fallbackInterval) }
    }

    /// The fallback timer fired: tick the content unless a frame did lately, and stop once
    /// nothing animates.
    func fallbackFired() {
        let now = monotonicNow() + clockOffset
        if now - lastFrameTime >= DisplayLink.fallbackInterval { advance(to: now) }
        if !content.wantsFrames { timer.disarm() }
    }

    private func keepTimeWhileAnimating() {
        if content.wantsFrames { frameRequested() }
    }

    private func advance(to time: Double) {
        lastFrameTime = max(lastFrameTime, time)
        content.tick(at: lastFrameTime)
    }
}
