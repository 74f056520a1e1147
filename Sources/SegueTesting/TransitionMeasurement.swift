import Segue

extension OffscreenWindow {
    /// Why ``measureTransition(within:start:)`` has no duration to give.
    public enum MeasurementError: Error, CustomStringConvertible {
        /// A transition completed without its timeline ever running.
        case neverRanOnItsTimeline
        /// No transition completed within the limit (seconds).
        case noCompletion(within: Double)

        /// Why, in words.
        public var description: String {
            switch self {
            case .neverRanOnItsTimeline: "the transition never ran on its timeline"
            case .noCompletion(let seconds): "no completion within \(seconds) s"
            }
        }
    }

    /// A transition's duration measured from frame timestamps, not read from its animator.
    ///
    /// Runs `start`, then ticks 60 Hz frames until the transition it started completes, and
    /// returns the time from the frame its timeline started running at to the completing frame.
    /// A transition of D seconds completes on the first frame at or after D, so the result lies
    /// in [D, D + one frame). Clears the trace first.
    public func measureTransition(within limit: Double = 50, start: () -> Void) throws -> Double {
        clearTrace()
        start()
        var begin: Double?
        for _ in 0..<Int((limit / OffscreenWindow.frameInterval).rounded()) {
            frame()
            if begin == nil, let context = window.activeTransitions.last, context.timeline.state == .running {
                begin = window.now
            }
            if trace.contains(where: { $0.event == .complete }) {
                guard let begin else { throw MeasurementError.neverRanOnItsTimeline }
                return window.now - begin
            }
        }
        throw MeasurementError.noCompletion(within: limit)
    }
}
