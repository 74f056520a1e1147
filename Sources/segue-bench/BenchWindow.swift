import Geometry
import Canvas
import Glibc
import Motion
import Segue
import SegueTesting

/// The demo's window offscreen on a manual 60 Hz clock (SegueTesting's ``OffscreenWindow``),
/// drawn as the Wayland client draws (its ``BufferedRenderer``), every frame timed.
@MainActor
final class BenchWindow {
    static let frameInterval = OffscreenWindow.frameInterval
    private let host: OffscreenWindow
    private let renderer: BufferedRenderer

    var window: Window { host.window }
    private var now: Double { host.clock.now }

    /// The motion preferences every bench window has (`--reduced-motion`).
    static var motion = MotionPreferences()

    /// Views each rendered frame measured (``Window/viewsMeasuredInLastFrame``), in order.
    private(set) var measuredPerFrame: [Int] = []

    init(root: ViewController = DemoRootFactory.make(), size: Size, scale: Double, features: RenderFeatures = .all) {
        host = OffscreenWindow(root: root, size: size) {
            $0.renderFeatures = features
            $0.settings.motion = BenchWindow.motion
        }
        renderer = BufferedRenderer(size: size, scale: scale)
        _ = frame()
    }

    /// Ticks one frame and renders it; returns the milliseconds that took (tick, layout,
    /// damage, drawing).
    func frame(after dt: Double = BenchWindow.frameInterval) -> Double {
        let start = monotonicMilliseconds()
        host.frame(after: dt)
        renderer.render(host.window)
        let elapsed = monotonicMilliseconds() - start
        measuredPerFrame.append(host.window.viewsMeasuredInLastFrame)
        return elapsed
    }

    /// Frames until nothing animates (at most `limit` seconds); their times are appended.
    func runFrames(into times: inout [Double], limit: Double = 3, step: Double = BenchWindow.frameInterval) {
        let start = now
        while window.wantsFrames, now - start < limit {
            times.append(frame(after: step))
        }
    }

    func send(_ kind: InputEvent.Kind) {
        host.send(kind)
    }

    func click(at point: Point) {
        host.press(at: point)
        _ = frame(after: 0.05)
        host.release()
    }

    func key(_ key: Key, _ modifiers: Modifiers = []) {
        host.key(key, modifiers: modifiers)
    }

    /// Kinds of the transitions that began since the last call.
    func takeBegunKinds() -> [TransitionKind] {
        defer {
            // The bench runs for minutes: keep the host's trace from growing all the while.
            host.clearTrace()
        }
        return host.trace.filter { $0.event == .begin }.map(\.kind)
    }

    /// The last rendered buffer (for a look at what the bench drew).
    var lastSurface: Surface { renderer.lastSurface }
}

func monotonicMilliseconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1e6
}
