import Canvas
import Glibc
import Motion
import Segue

/// The demo's window offscreen on a manual 60 Hz clock, drawn as the Wayland client draws:
/// two buffers in rotation, each repaired by what changed since it was last shown.
@MainActor
final class BenchWindow {
    static let frameInterval = 1.0 / 60
    let window: Window
    let scale: Double
    private(set) var now = 10.0
    private var buffers: [(canvas: Canvas, stale: Rect?)]
    private var next = 0
    /// Kinds of the transitions that began since the last ``takeBegunKinds()``.
    private var begun: [TransitionKind] = []
    private var pointer = Point(x: -1, y: -1)

    init(size: Size, scale: Double, features: RenderFeatures = .all) {
        self.scale = scale
        window = Window(rootViewController: DemoRootFactory.make())
        window.renderFeatures = features
        let width = Int(size.width * scale), height = Int(size.height * scale)
        buffers = (0..<2).map { _ in (Canvas(surface: Surface(width: width, height: height)), nil) }
        window.resize(to: size)
        window.traceSink = { [weak self] record in
            if record.event == .begin { self?.begun.append(record.kind) }
        }
        _ = frame()
    }

    /// Ticks one frame and renders it; returns the milliseconds that took (tick, layout,
    /// damage, drawing).
    func frame(after dt: Double = BenchWindow.frameInterval) -> Double {
        now += dt
        let start = monotonicMilliseconds()
        window.tick(at: now)
        if let damage = window.prepareFrame(deviceScale: scale) {
            let index = next
            next = 1 - next
            let canvas = buffers[index].canvas
            canvas.transform = AffineTransform(scaleX: scale, y: scale)
            window.draw(into: canvas, region: buffers[index].stale.map { $0.union(damage) } ?? Rect(
                x: 0, y: 0, width: Double(canvas.surface.width), height: Double(canvas.surface.height)))
            buffers[index].stale = nil
            buffers[1 - index].stale = buffers[1 - index].stale.map { $0.union(damage) } ?? damage
        }
        return monotonicMilliseconds() - start
    }

    /// Frames until nothing animates (at most `limit` seconds); their times are appended.
    func runFrames(into times: inout [Double], limit: Double = 3, step: Double = BenchWindow.frameInterval) {
        let start = now
        while window.wantsFrames, now - start < limit {
            times.append(frame(after: step))
        }
    }

    func send(_ kind: InputEvent.Kind) {
        window.handle(InputEvent(time: now, kind: kind))
    }

    func click(at point: Point) {
        if pointer != point {
            send(.pointerMotion(point))
            pointer = point
        }
        send(.pointerButton(.left, pressed: true))
        _ = frame(after: 0.05)
        send(.pointerButton(.left, pressed: false))
    }

    func key(_ key: Key, _ modifiers: Modifiers = []) {
        send(.key(KeyEvent(key: key, modifiers: modifiers, pressed: true)))
        send(.key(KeyEvent(key: key, modifiers: modifiers, pressed: false)))
    }

    func takeBegunKinds() -> [TransitionKind] {
        defer { begun.removeAll() }
        return begun
    }

    /// The last rendered buffer (for a look at what the bench drew).
    var lastSurface: Surface { buffers[1 - next].canvas.surface }
}

func monotonicMilliseconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1e6
}
