/// How one compositor's input helper spells the events of ``InjectedInput``, and whose clock
/// stamps them. The helpers share one line protocol (`motion X Y`, `button left down`,
/// `key CODE up`, `touch down ID X Y`, each with the event's time in ms where the helper takes
/// one); they differ in the wheel, in the time stamp and in what they cannot send.
public struct InputDialect: Sendable {
    /// Who stamps the events.
    public enum Clock: Sendable {
        /// The session: each command carries the session's clock, advanced by the interval
        /// (weston's test module, sway's virtual pointer); no real time passes.
        case explicit
        /// The compositor stamps events on arrival (mutter's remote desktop, KWin's fake input):
        /// the session waits the interval in real time before sending.
        case compositor
    }

    /// Who stamps the events.
    public var clock: Clock
    /// The command for `clicks` wheel clicks.
    public var wheel: @Sendable (_ clicks: Int, _ vertical: Bool) -> String
    /// Why the helper cannot send `event` (nil when it can).
    public var refusal: @Sendable (InjectedInput) -> String?

    /// The line for `event` stamped `time` (used with ``Clock/explicit`` only).
    public func command(for event: InjectedInput, at time: UInt32) throws -> String {
        if let refusal = refusal(event) { throw HarnessError(refusal) }
        let line: String
        switch event {
        case .motion(let point): line = "motion \(point.x) \(point.y)"
        case .button(let button, let down): line = "button \(button.rawValue) \(down ? "down" : "up")"
        case .key(let code, let down): line = "key \(code) \(down ? "down" : "up")"
        case .wheel(let clicks, let vertical): line = wheel(clicks, vertical)
        case .touch(let phase, let id, let point): line = "touch \(phase.rawValue) \(id)" + (point.map { " \($0.x) \($0.y)" } ?? "")
        }
        return clock == .explicit ? "\(line) \(time)" : line
    }

    /// A wheel click as 10 px of `axis` (source wheel), as libinput's click is in weston,
    /// sway and KWin.
    private static let axisInPixels: @Sendable (Int, Bool) -> String = { clicks, vertical in
        "axis \(vertical ? "vertical" : "horizontal") \(clicks * 10)"
    }

    /// weston's test module through `segue-inject`: every event, stamped by the session.
    public static let westonTestModule = InputDialect(clock: .explicit, wheel: axisInPixels) { _ in nil }

    /// sway's `zwlr_virtual_pointer_v1` through `segue-vpointer`: pointer only; keys go through
    /// wtype, whose virtual keyboard lives only while it runs, so a key cannot be held.
    public static let swayVirtualPointer = InputDialect(clock: .explicit, wheel: axisInPixels) { event in
        switch event {
        case .touch: "sway: '\(event)': wlroots has no virtual touch device"
        case .key: "sway: '\(event)' cannot be injected alone; type keys with wtype(_:) (e.g. [\"-M\", \"ctrl\", \"-k\", \"Tab\", \"-m\", \"ctrl\"])"
        default: nil
        }
    }

    /// KWin's `org_kde_kwin_fake_input` through `segue-kwin-input`, stamped by KWin.
    public static let kwinFakeInput = InputDialect(clock: .compositor, wheel: axisInPixels) { event in
        if case .touch = event { return "KWin: '\(event)': segue-kwin-input does not speak fake input's touch requests yet" }
        return nil
    }

    /// mutter's RemoteDesktop through `mutter-driver.py`, stamped by mutter; wheel clicks are
    /// discrete steps (mutter sends 10 px a click with `axis_discrete`).
    public static let mutterRemoteDesktop = InputDialect(clock: .compositor, wheel: { clicks, vertical in
        "axis-discrete \(vertical ? "vertical" : "horizontal") \(clicks)"
    }) { _ in nil }
}
