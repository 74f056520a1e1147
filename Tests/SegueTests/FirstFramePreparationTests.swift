import Geometry
import Canvas
@testable import Segue
import Testing

/// ``Window/prepareFirstFrame()``, what the platform does while its start-up waits for the
/// desktop's settings: the first frame's content caches drawn and the text of views that draw
/// into every frame shaped, so that the first frame at that size draws no content itself.
@MainActor
@Suite("The first frame prepared while the start-up waits")
struct FirstFramePreparationTests {
    private func tabs() -> (Window, [RowListPage]) {
        let pages = (0..<4).map { RowListPage(title: "L\($0)", items: RowItem.samples) }
        let window = Window(rootViewController: TabBarController(viewControllers: pages))
        window.resize(to: Size(width: 400, height: 300))
        return (window, pages)
    }

    private func contentDraws(_ view: View) -> Int {
        view.render.contentDraws + view.subviews.reduce(0) { $0 + contentDraws($1) }
    }

    @Test func theFirstFrameAfterThePreparationDrawsNoContent() {
        let (window, pages) = tabs()
        window.prepareFirstFrame()
        let prepared = contentDraws(window.rootView)
        #expect(contentDraws(pages[0].view) > 0, "the selected tab's rows are drawn")
        window.render(into: Canvas(surface: Surface(width: 400, height: 300)))
        #expect(contentDraws(window.rootView) == prepared, "the first frame only composites")
    }

    @Test func thePreparedFrameLooksLikeAnUnpreparedOne() {
        let (prepared, _) = tabs()
        prepared.prepareFirstFrame()
        let (plain, _) = tabs()
        let a = Surface(width: 400, height: 300), b = Surface(width: 400, height: 300)
        prepared.render(into: Canvas(surface: a))
        plain.render(into: Canvas(surface: b))
        var differing = 0
        for y in 0..<300 { for x in 0..<400 where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) { differing += 1 } }
        #expect(differing == 0)
    }
}
