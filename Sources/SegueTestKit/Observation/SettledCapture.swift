import Canvas
import Foundation

extension CompositorSession {
    /// The screen once the app and the compositor are done: first the app's own word that it
    /// has drawn and committed everything asked of it (``waitForAppToSettle(timeout:)``, where
    /// the app runs with `--stats` and is alive), then `capture` repeated `intervalMs` apart
    /// until two shots are equal — what is left to settle then is the compositor's own (a map
    /// animation, a repaint not yet done), which the app cannot report.
    public func settledCapture(timeout: Double, intervalMs: UInt32, _ capture: () throws -> Surface) throws -> Surface {
        // The app's own word may take long on a loaded machine (its first frames' idle work in a
        // debug build): a wait on a fact can be generous, it ends as soon as the fact holds.
        if appStatsPath != nil, app?.isRunning == true {
            try waitForAppToSettle(timeout: max(timeout, 30))
        }
        let deadline = Date().addingTimeInterval(timeout)
        var previous = try capture()
        while Date() < deadline {
            usleep(intervalMs * 1000)
            let next = try capture()
            if next.isPixelEqual(to: previous) { return next }
            previous = next
        }
        throw HarnessError("the screen did not settle within \(timeout) s (the app reported itself settled)")
    }
}
