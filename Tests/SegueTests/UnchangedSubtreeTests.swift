import Geometry
import Canvas
import Motion
@testable import Segue
import SegueTesting
import Testing

/// A frame measures what changed, not the whole tree (issue 30, item 2): while a tab swipe
/// moves two pages, nothing inside them changes, so their rows are neither laid out nor
/// walked for damage and occlusion; each page is drawn from its layer. A page of 500 rows
/// then costs a frame what a page of 20 does.
@MainActor
@Suite("Unchanged subtrees are not measured again")
struct UnchangedSubtreeTests {
    struct Swipe {
        /// Views measured by each frame of the held swipe, in order.
        var measured: [Int]
        /// Whether both tabs' pages were on screen by the end.
        var bothPagesShown: Bool
        /// The last frame, each frame having repaired its damage on the one before.
        var lastFrame: Surface
        /// The same state drawn whole by a window that measured every view once.
        var fresh: Surface
    }

    /// A window with two list tabs of `rows` rows each.
    static func tabs(rows: Int) -> (OffscreenWindow, [RowListPage]) {
        let items = (0..<rows).map { RowItem.samples[$0 % RowItem.samples.count] }
        let pages = [RowListPage(title: "A", items: items), RowListPage(title: "B", items: items)]
        let host = OffscreenWindow(root: TabBarController(viewControllers: pages), size: Size(width: 400, height: 300))
        _ = host.render()
        host.runIdleWork()
        return (host, pages)
    }

    /// A drag from x = 300 to the left, a frame after each 10 px; then, held still, the second
    /// row of the second page narrows to its part past the window's edge (`moveRow`) and one
    /// more frame is drawn.
    static func swipe(rows: Int, moveRow: Bool = false, scale: Double = 1) throws -> Swipe {
        let (host, pages) = tabs(rows: rows)
        // One buffer that keeps every frame: each frame repairs only its own damage, so a
        // missed rectangle stays wrong on it (two buffers in turn would repaint it by chance).
        let screen = Self.canvas(host, scale: scale)
        host.window.render(into: screen)
        let (twin, twinPages) = tabs(rows: rows)
        var measured: [Int] = []
        for window in [host, twin] { window.press(at: Point(x: 300, y: 100)) }
        for step in 1...20 {
            for window in [host, twin] {
                window.clock.advance(by: OffscreenWindow.frameInterval)
                window.move(to: Point(x: 300 - 10 * Double(step), y: 100))
                window.window.tick(at: window.clock.now)
                window.layout()
            }
            host.window.render(into: screen, fullRedraw: false)
            measured.append(host.window.viewsMeasuredInLastFrame)
        }
        if moveRow {
            for page in [pages[1], twinPages[1]] {
                let row = try #require(Self.rows(in: page.view).dropFirst().first)
                // Narrowed to its last 100 px, which lie past the window's right edge.
                row.frame = Rect(x: row.frame.maxX - 100, y: row.frame.minY, width: 100, height: row.frame.height)
            }
            for window in [host, twin] {
                window.clock.advance(by: OffscreenWindow.frameInterval)
                window.window.tick(at: window.clock.now)
                window.layout()
            }
            host.window.render(into: screen, fullRedraw: false)
        }
        let shown = pages.allSatisfy { $0.view.superview != nil }
        let fresh = Self.canvas(twin, scale: scale)
        twin.window.render(into: fresh)
        return Swipe(measured: measured, bothPagesShown: shown, lastFrame: screen.surface, fresh: fresh.surface)
    }

    /// A canvas the size of `host`'s window at `scale`, mapping its points.
    static func canvas(_ host: OffscreenWindow, scale: Double) -> Canvas {
        let canvas = Canvas(surface: Surface(width: Int(host.size.width * scale), height: Int(host.size.height * scale)))
        canvas.transform = AffineTransform(scaleX: scale, y: scale)
        return canvas
    }

    /// The views that draw content of their own, in paint order.
    static func rows(in view: View) -> [View] {
        (view.drawsContent ? [view] : []) + view.subviews.flatMap(rows)
    }

    @Test(arguments: [1.0, 2.0])
    func aPageOf500RowsIsMeasuredLikeOneOf20DuringASwipe(scale: Double) throws {
        let small = try Self.swipe(rows: 20, scale: scale)
        let large = try Self.swipe(rows: 500, scale: scale)
        #expect(small.bothPagesShown && large.bothPagesShown, "the swipe shows the second tab beside the first")
        // The swipe's first frames enter the pages (the second one is new to the window); from
        // then on a frame measures the window's own views and the tab bar, not the rows.
        let settledSmall = try #require(small.measured.dropFirst(4).max())
        let settledLarge = try #require(large.measured.dropFirst(4).max())
        #expect(settledLarge <= settledSmall, "500 rows: \(large.measured); 20 rows: \(small.measured)")
        #expect(settledSmall < 20, "fewer views than one page's 20 rows: \(small.measured)")
    }

    /// Skipping changes no pixel: frames drawn with the pages skipped, each repairing its damage, end on the picture a fresh window draws of the same state in one go
    /// (exactly: the same drawing code), also after a row changed inside a page that frames had
    /// skipped (its old place must be repaired although the place last measured is stale).
    @Test(arguments: [false, true], [1.0, 2.0])
    func skippingChangesNoPixel(moveRow: Bool, scale: Double) throws {
        let swipe = try Self.swipe(rows: 60, moveRow: moveRow, scale: scale)
        #expect(swipe.bothPagesShown)
        #expect(swipe.lastFrame.isPixelEqual(to: swipe.fresh), "differing: \(swipe.lastFrame.fractionDiffering(from: swipe.fresh, tolerance: 0))")
    }
}
