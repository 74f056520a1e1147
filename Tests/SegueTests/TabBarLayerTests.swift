import Geometry
import Canvas
import Motion
@testable import Segue
import SegueTesting
import Testing

/// A page with something on it: a view with subviews composites as one layer when it moves,
/// so the platform may show it in a surface of its own.
@MainActor
private final class BlockPage: ViewController {
    private let color: Color

    init(_ name: String, color: Color) {
        self.color = color
        super.init(title: name)
        tabBarItem = TabBarItem(title: name, icon: .none)
    }

    override func loadView() {
        let view = View()
        view.backgroundColor = color
        let block = View()
        block.frame = Rect(x: 40, y: 40, width: 120, height: 80)
        block.backgroundColor = .white
        view.addSubview(block)
        setView(view)
    }
}

/// The tab bar in a layer of its own while the window promotes layers (issue 33, item 3): a
/// held tab swipe then repaints only the bar's own small surface, and the window's own frame
/// (the buffer a Wayland window would draw and attach) changes nothing at all.
@MainActor
@Suite("Tab bar layer")
struct TabBarLayerTests {
    static let size = Size(width: 400, height: 300)
    /// Where the bottom bar lies, in device pixels at scale 1: the window's full width, the
    /// bar's documented height at the bottom.
    static let barRect = Rect(x: 0, y: size.height - TabBarController.barHeight, width: size.width,
                              height: TabBarController.barHeight)

    /// One frame as the Wayland client renders it: measure, draw the damage, note the layers.
    struct Frame {
        var damage: Rect?
        var layers: [PromotedLayer]
    }

    private func tabs() -> OffscreenWindow {
        let pages = [BlockPage("A", color: Color(hex: 0xC03030)), BlockPage("B", color: Color(hex: 0x3060C0)),
                     BlockPage("C", color: Color(hex: 0x30A050))]
        return OffscreenWindow(root: TabBarController(viewControllers: pages), size: Self.size)
    }

    private func render(_ host: OffscreenWindow, into canvas: Canvas) -> Frame {
        let damage = host.window.prepareFrame(deviceScale: 1)
        if let damage { host.window.draw(into: canvas, region: damage) }
        return Frame(damage: damage, layers: host.window.promotedLayers)
    }

    /// Presses on the page and drags left by 8 px a frame for `steps` frames, rendering each.
    private func heldSwipe(_ host: OffscreenWindow, canvas: Canvas, steps: Int) -> [Frame] {
        var frames: [Frame] = []
        host.press(at: Point(x: 360, y: 120))
        frames.append(render(host, into: canvas))
        for step in 1...steps {
            host.clock.advance(by: OffscreenWindow.frameInterval)
            host.move(to: Point(x: 360 - Double(step) * 8, y: 120))
            host.window.tick(at: host.clock.now)
            host.layout()
            frames.append(render(host, into: canvas))
        }
        return frames
    }

    private static func canvas() -> Canvas {
        Canvas(surface: Surface(width: Int(size.width), height: Int(size.height)))
    }

    @Test func aHeldSwipeRepaintsOnlyTheBarsOwnLayer() {
        let host = tabs()
        host.window.promotesLayers = true
        let canvas = Self.canvas()
        _ = render(host, into: canvas)
        let frames = heldSwipe(host, canvas: canvas, steps: 30)
        // The first frames start the switch (the new page, the layers' first renders); then
        // every frame is a pure move of the pages and a new blend of the bar's colours.
        let steady = frames.suffix(20)
        for frame in steady {
            let bar = frame.layers.first { $0.rect == Self.barRect }
            #expect(bar != nil, "the bar is no promoted layer: \(frame.layers.map(\.rect))")
            #expect(bar?.visibleRect == Self.barRect)
            // Not declared opaque: with the pages it would cover the whole window, and mutter 48
            // (fullscreen) then sent the window's frame callbacks about once a second (measured
            // with segue-perf --compositor mutter48: 2 frames in a 2 s held drag).
            #expect(bar?.isOpaque == false, "the bar's layer is declared opaque")
            #expect(frame.layers.count == 3, "two pages and the bar: \(frame.layers.map(\.rect))")
            #expect(frame.damage == nil, "the window's own frame damaged \(String(describing: frame.damage))")
        }
        // The bar's pixels change in every frame (its colours follow the drag), the pages' never.
        let barGenerations = steady.compactMap { $0.layers.first { $0.rect == Self.barRect }?.generation }
        #expect(Set(barGenerations).count == barGenerations.count, "the bar's layer was not repainted each frame")
        let pageGenerations = Set(steady.flatMap { $0.layers.filter { $0.rect != Self.barRect }.map(\.generation) })
        #expect(pageGenerations.count == 2, "the pages were re-rendered: \(pageGenerations.count) generations")
    }

    @Test func theBarLayerShowsWhatTheWindowWouldHaveDrawn() throws {
        let promoting = tabs(), plain = tabs()
        promoting.window.promotesLayers = true
        let promotingCanvas = Self.canvas(), plainCanvas = Self.canvas()
        _ = render(promoting, into: promotingCanvas)
        _ = render(plain, into: plainCanvas)
        let frames = heldSwipe(promoting, canvas: promotingCanvas, steps: 12)
        _ = heldSwipe(plain, canvas: plainCanvas, steps: 12)
        let bar = try #require(frames.last?.layers.first { $0.rect == Self.barRect })
        var differing = 0
        for y in 0..<Int(Self.barRect.height) {
            for x in 0..<Int(Self.barRect.width)
            where bar.surface.pixel(x: x, y: y) != plainCanvas.surface.pixel(x: x, y: y + Int(Self.barRect.minY)) {
                differing += 1
            }
        }
        #expect(differing == 0, "\(differing) of the bar's pixels differ from the window's own drawing")
    }

    @Test func withoutPromotionTheWindowDrawsTheBarAsBefore() {
        let host = tabs()
        let canvas = Self.canvas()
        _ = render(host, into: canvas)
        let steady = heldSwipe(host, canvas: canvas, steps: 30).suffix(20)
        for frame in steady {
            #expect(frame.layers.isEmpty)
            #expect(frame.damage.map { $0.intersects(Self.barRect) } ?? false,
                    "the window did not repaint the bar: \(String(describing: frame.damage))")
        }
    }

    @Test func onceSettledTheWindowDrawsTheBarAgain() {
        let host = tabs()
        host.window.promotesLayers = true
        let canvas = Self.canvas()
        _ = render(host, into: canvas)
        _ = heldSwipe(host, canvas: canvas, steps: 30)
        host.release()
        var last = render(host, into: canvas)
        var damaged: [Rect] = []
        while host.window.wantsFrames {
            host.frame()
            last = render(host, into: canvas)
            if let damage = last.damage { damaged.append(damage) }
        }
        #expect(last.layers.isEmpty, "layers still promoted once settled: \(last.layers.map(\.rect))")
        #expect(damaged.contains { $0.containsRect(Self.barRect) }, "the window never drew the bar again: \(damaged)")
    }
}
