import Geometry
@testable import Canvas
import Demos
import Motion
@testable import Segue
import SegueTesting
import Testing

/// Promoted layers (``Window/promotesLayers``), checked offscreen against the window that
/// draws everything itself: two copies of the demo get the same input on the same clock; one
/// renders as the Wayland client does without promotion, the other draws its frame with
/// damage only into a canvas that keeps the last frame, and then shows its promoted layers
/// on top as a compositor does (each cropped to its visible rectangle, in paint order). Every
/// frame of every step must be pixel-identical.
@MainActor
@Suite("Layer promotion")
struct LayerPromotionTests {
    static let size = Size(width: 480, height: 320)

    /// The two windows, driven in lockstep, and the promoting one's frame canvas.
    @MainActor
    final class Pair {
        let plain = OffscreenWindow(root: DemoApp.makeRoot(), size: LayerPromotionTests.size)
        let promoting = OffscreenWindow(root: DemoApp.makeRoot(), size: LayerPromotionTests.size)
        let scale: Double
        let frameCanvas: Canvas
        let plainCanvas: Canvas
        var frames = 0
        var framesWithPromotion = 0
        var mismatches: [String] = []
        /// Per frame: the promoted layers, the window's own damage and the layers re-rendered.
        var log: [(promoted: Int, damage: Rect?, layersRendered: Int)] = []

        init(scale: Double = 1) {
            self.scale = scale
            let width = Int((LayerPromotionTests.size.width * scale).rounded(.up))
            let height = Int((LayerPromotionTests.size.height * scale).rounded(.up))
            frameCanvas = Canvas(surface: Surface(width: width, height: height))
            plainCanvas = Canvas(surface: Surface(width: width, height: height))
            frameCanvas.transform = AffineTransform(scaleX: scale, y: scale)
            plainCanvas.transform = AffineTransform(scaleX: scale, y: scale)
            promoting.window.promotesLayers = true
            check("first frame")
        }

        func both(_ action: (OffscreenWindow) -> Void) {
            action(plain)
            action(promoting)
        }

        /// Renders both and compares the pixels a compositor would show.
        func check(_ step: String) {
            frames += 1
            if let damage = plain.window.prepareFrame(deviceScale: scale) {
                plain.window.draw(into: plainCanvas, region: damage)
            }
            let damage = promoting.window.prepareFrame(deviceScale: scale)
            var rendered = 0
            if let damage { rendered = promoting.window.draw(into: frameCanvas, region: damage).layersRendered }
            let layers = promoting.window.promotedLayers
            if !layers.isEmpty { framesWithPromotion += 1 }
            log.append((layers.count, damage, rendered))
            // The compositor: the window's frame, then each layer above it.
            let screen = Surface(width: frameCanvas.surface.width, height: frameCanvas.surface.height)
            screen.copy(from: frameCanvas.surface)
            let canvas = Canvas(surface: screen)
            var order = Int.min
            for layer in layers {
                #expect(layer.paintOrder > order, "layers out of paint order")
                order = layer.paintOrder
                #expect(layer.rect.width == Double(layer.surface.width) && layer.rect.height == Double(layer.surface.height))
                #expect(layer.rect.intersection(layer.visibleRect) == layer.visibleRect)
                // A subsurface goes to whole logical pixels: only there can it show the layer
                // on the device pixels the window would have drawn it on.
                let logical = [layer.visibleRect.minX, layer.visibleRect.minY, layer.visibleRect.maxX,
                               layer.visibleRect.maxY, layer.rect.minX, layer.rect.minY].map { $0 / scale }
                #expect(logical.allSatisfy { $0 == $0.rounded() }, "\(step): layer at \(layer.rect), showing \(layer.visibleRect)")
                canvas.save()
                canvas.clip(toDeviceRects: CollectionOfOne(layer.visibleRect))
                canvas.draw(layer.surface, at: layer.rect.origin)
                canvas.restore()
            }
            let differing = Self.differingPixels(screen, plainCanvas.surface)
            if differing > 0 {
                mismatches.append("\(step) (frame \(frames), \(layers.count) layers): \(differing) pixels differ")
                if mismatches.count == 1 {
                    try? screen.writePNG(to: "/tmp/segue-promotion-composited.png")
                    try? plainCanvas.surface.writePNG(to: "/tmp/segue-promotion-plain.png")
                }
            }
        }

        static func differingPixels(_ a: Surface, _ b: Surface) -> Int {
            var count = 0
            for y in 0..<a.height {
                let rowA = (a.data + y * a.stride).assumingMemoryBound(to: UInt32.self)
                let rowB = (b.data + y * b.stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<a.width where rowA[x] != rowB[x] { count += 1 }
            }
            return count
        }

        func frame(_ step: String) {
            both { $0.frame() }
            check(step)
        }

        func runFrames(_ step: String, limit: Int = 240) {
            var count = 0
            while plain.window.wantsFrames || promoting.window.wantsFrames, count < limit {
                frame(step)
                count += 1
            }
        }

        func click(_ point: Point, _ step: String) {
            both { $0.press(at: point) }
            frame(step)
            both { $0.release() }
            check(step)
            runFrames(step)
        }

        /// A held drag: one motion and one frame per step, checked at every frame.
        func drag(from: Point, to: Point, steps: Int, release: Bool = true, _ step: String) {
            both { $0.press(at: from) }
            check(step)
            for i in 1...steps {
                let f = Double(i) / Double(steps)
                both { host in
                    host.clock.advance(by: OffscreenWindow.frameInterval)
                    host.move(to: Point(x: from.x + (to.x - from.x) * f, y: from.y + (to.y - from.y) * f))
                    host.window.tick(at: host.clock.now)
                    host.layout()
                }
                check(step)
            }
            if release {
                both { $0.release() }
                check(step)
                runFrames(step)
            }
        }

        var tabs: TabbedContainerController { promoting.window.rootViewController as! TabbedContainerController }

        func tabButton(_ index: Int) -> Point {
            let button = tabs.buttons[index]
            return button.convert(button.bounds.center, to: nil)
        }
    }

    @Test func everyFrameOfTabSwipesAndSlidesLooksTheSame() {
        let pair = Pair()
        pair.drag(from: Point(x: 400, y: 150), to: Point(x: 80, y: 150), steps: 30, "held tab swipe, committed")
        pair.drag(from: Point(x: 100, y: 150), to: Point(x: 200, y: 150), steps: 6, "short swipe back, cancelled")
        pair.click(pair.tabButton(2), "tab slide to Gallery")
        pair.click(pair.tabButton(0), "tab slide back to Navigation")
        pair.click(pair.tabButton(3), "tab slide to Container")
        #expect(pair.mismatches.isEmpty, "\(pair.mismatches.prefix(5))")
        #expect(pair.framesWithPromotion > 40, "only \(pair.framesWithPromotion) of \(pair.frames) frames promoted a layer")
    }

    /// At scale 2 a layer is promoted only at whole logical pixels (Wayland positions
    /// subsurfaces in logical pixels): a drag by odd device pixels keeps switching between
    /// promoted and drawn, and every frame must still be right.
    @Test func atScaleTwoTooEvenWhenPromotionComesAndGoes() {
        let pair = Pair(scale: 2)
        pair.drag(from: Point(x: 400, y: 150), to: Point(x: 80.5, y: 150), steps: 30, "held tab swipe at scale 2")
        pair.click(pair.tabButton(2), "tab slide at scale 2")
        #expect(pair.mismatches.isEmpty, "\(pair.mismatches.prefix(5))")
        #expect(pair.framesWithPromotion > 10, "only \(pair.framesWithPromotion) of \(pair.frames) frames promoted a layer")
        #expect(pair.framesWithPromotion < pair.frames)
    }

    /// At 1.5 a whole logical pixel is a whole device pixel only every 2 logical pixels, and a
    /// subsurface can be only there: a swipe held by odd logical steps moves the pages in steps
    /// of 2, so they stay promoted in every frame of the move (never handed back to the window
    /// and copied again), and every frame looks as the window drawing everything would.
    @Test func atScaleOneAndAHalfAHeldSwipeByOddStepsStaysPromoted() {
        let pair = Pair(scale: 1.5)
        pair.drag(from: Point(x: 400, y: 150), to: Point(x: 280, y: 150), steps: 40, release: false, "held at 1.5, 3 px steps")
        let steady = pair.log.suffix(30)
        #expect(steady.allSatisfy { $0.promoted == 3 }, "two pages and the tab bar: \(steady.map(\.promoted))")
        #expect(steady.allSatisfy { $0.layersRendered == 0 }, "\(steady.map(\.layersRendered))")
        pair.both { $0.release() }
        pair.runFrames("settle at 1.5")
        pair.click(pair.tabButton(2), "tab slide at 1.5")
        #expect(pair.mismatches.isEmpty, "\(pair.mismatches.prefix(5))")
    }

    @Test func pushesPresentationsAndFlipsLookTheSame() {
        let pair = Pair()
        // Navigation: push a row, pop with Alt+Left, and an interactive pop from the edge.
        pair.click(Point(x: 200, y: 52 + 28), "push")
        pair.both { $0.key(.left, modifiers: .alt) }
        pair.runFrames("pop")
        pair.click(Point(x: 200, y: 52 + 28 + 56), "push again")
        pair.drag(from: Point(x: 4, y: 160), to: Point(x: 300, y: 160), steps: 12, "interactive pop")
        // Modal tab: every presentation on its page, then Esc.
        pair.click(pair.tabButton(1), "to Modal")
        for row in 0..<4 {
            pair.click(Point(x: 240, y: 80 + Double(row) * 48), "present \(row)")
            pair.both { $0.key(.escape) }
            pair.runFrames("dismiss \(row)")
        }
        #expect(pair.mismatches.isEmpty, "\(pair.mismatches.prefix(5))")
    }

    @Test func aHeldSwipeMovesLayersWithoutDamageOrRerenders() {
        let pair = Pair()
        pair.drag(from: Point(x: 400, y: 150), to: Point(x: 100, y: 150), steps: 40, release: false, "held")
        // After the first few frames (the press highlight, the new page, the layers' first
        // render), a pure move only moves the pages' layers and repaints the tab bar's own: the
        // window's frame damages nothing, so it draws nothing and re-renders no layer.
        let steady = pair.log.suffix(30)
        #expect(steady.allSatisfy { $0.promoted == 3 }, "two pages and the tab bar: \(steady.map(\.promoted))")
        #expect(steady.allSatisfy { $0.layersRendered == 0 })
        for entry in steady {
            #expect(entry.damage == nil, "the window's frame damaged \(String(describing: entry.damage))")
        }
        #expect(pair.mismatches.isEmpty, "\(pair.mismatches.prefix(5))")
        pair.both { $0.release() }
        pair.runFrames("settle")
        // Settled: nothing is promoted any more, and the window drew the page again.
        #expect(pair.log.last?.promoted == 0)
        #expect(pair.mismatches.isEmpty, "\(pair.mismatches.prefix(5))")
    }
}
