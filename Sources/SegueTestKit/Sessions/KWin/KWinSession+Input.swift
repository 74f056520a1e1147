import Geometry
import Foundation
import Motion

// Where the app's surface is on KWin's screen (input goes through org_kde_kwin_fake_input,
// ``InputDialect/kwinFakeInput``, in global logical coordinates).
extension KWinSession {
    /// A point of the app's surface (surface-local logical coordinates) on the screen.
    public func screenPoint(_ local: Point) throws -> Point {
        guard let origin = clientOrigin else { throw HarnessError("the app's window was not located (call locateClient)") }
        return Point(x: origin.x + local.x, y: origin.y + local.y)
    }

    /// Finds where KWin put the app's surface, from the app's own `wl_pointer` events: moves the
    /// pointer 7 px right of `probe`, then onto `probe` (global), and reads the surface-local
    /// positions the app was sent. The pair of events 7 px apart identifies the one for `probe`.
    @discardableResult
    public func locateClient(probe: Point? = nil) throws -> Point {
        let target = probe ?? Point(x: Double(width / 2), y: Double(height / 2))
        for _ in 0..<3 {
            let before = appProtocol.messages.count
            try move(to: Point(x: target.x + 7, y: target.y), afterMs: 30)
            try move(to: target, afterMs: 30)
            var local: Point?
            try? waitFor("the app's pointer events near \(target)", timeout: 2) {
                let positions: [Point] = self.appProtocol.messages.dropFirst(before).compactMap {
                    guard $0.interface == "wl_pointer", !$0.sent else { return nil }
                    let first = $0.name == "enter" ? 2 : $0.name == "motion" ? 1 : -1
                    guard first >= 0, let x = $0.double(first), let y = $0.double(first + 1) else { return nil }
                    return Point(x: x, y: y)
                }
                guard positions.count >= 2 else { return false }
                let last = positions[positions.count - 1], previous = positions[positions.count - 2]
                guard abs(previous.x - last.x - 7) < 0.01, abs(previous.y - last.y) < 0.01 else { return false }
                local = last
                return true
            }
            if let local {
                let origin = Point(x: target.x - local.x, y: target.y - local.y)
                clientOrigin = origin
                return origin
            }
        }
        throw HarnessError("the app got no pointer events at \(target): is its window under it?\n\(appLog.suffix(800))")
    }
}
