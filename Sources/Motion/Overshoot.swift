/// What an animation shows while a bouncing settle carries the timeline past an end.
///
/// The timeline's fraction stays in 0…1; the overshoot (how far the spring went past 1, or
/// below 0) is passed on to the animations whose phase touches that end, continuing their
/// easing along its slope there. A linearly eased animation (every animation a gesture
/// scrubs) thus follows the spring exactly: a flying picture bounces past its cell and back.
extension Easing {
    /// The eased value of `phase` at timeline fraction 1 + `overshoot` (overshoot > 0) or
    /// `overshoot` (< 0): the value at the end plus the overshoot continued along the
    /// easing's end slope. Phases that end before 1 (or start after 0) do not move.
    func value(in phase: Phase, overshooting overshoot: Double) -> Double {
        let atEnd = value(at: overshoot > 0 ? 1 : 0)
        guard phase.relativeDuration > 0 else { return atEnd }
        let touchesEnd = overshoot > 0 ? phase.relativeEnd >= 1 : phase.relativeStart <= 0
        guard touchesEnd else { return value(at: phase.localProgress(overshoot > 0 ? 1 : 0)) }
        let h = 1e-4
        let slope = overshoot > 0 ? (atEnd - value(at: 1 - h)) / h : (value(at: h) - atEnd) / h
        return atEnd + slope * overshoot / phase.relativeDuration
    }
}
