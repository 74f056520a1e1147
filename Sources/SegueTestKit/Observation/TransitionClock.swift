import Foundation
import Segue

extension CompositorSession {
    /// Returns once `seconds` have passed on the app's clock since the latest transition the
    /// trace shows begun (trace times are CLOCK_MONOTONIC, read here too): how a test catches a
    /// slowed transition at a chosen point of its run, counted from the app's own begin rather
    /// than from when the input was sent. Throws when no begin is traced within `timeout`.
    public func waitUntil(_ seconds: Double, afterLatestBegin timeout: Double = 10) throws {
        try waitFor("a transition's begin in the trace", timeout: timeout) { self.trace.contains { $0.event == .begin } }
        guard let begin = trace.last(where: { $0.event == .begin })?.time else { return }
        while true {
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            let left = begin + seconds - (Double(now.tv_sec) + Double(now.tv_nsec) / 1e9)
            if left <= 0 { return }
            usleep(UInt32(min(left, 0.05) * 1e6))
        }
    }
}
