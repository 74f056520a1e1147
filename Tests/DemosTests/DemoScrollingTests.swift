import Geometry
import Canvas
import Demos
import Foundation
import Motion
import Segue
import SegueTesting
import SegueTestKit
import Testing

/// The scroll view in the demo's root (tab bar of four): touch drags beside the tab swipe and
/// the edge pop, and what the demo's list, sheet and gallery show at small and large sizes.
@MainActor
@Suite("Scroll view in the demo")
struct DemoScrollingTests {
    /// Where a deceleration from `velocity` (px/s) is `t` seconds after it began, from `start`,
    /// at UIScrollView's normal rate (0.998 of the speed kept per millisecond): the integral
    /// of v·r^(1000 t). The library's ScrollViewTests check the same closed form.
    static func decayed(from start: Double, velocity: Double, after t: Double) -> Double {
        let k = 1000 * Foundation.log(0.998)
        return start + velocity * (1 - Foundation.exp(k * t)) / -k
    }

    // MARK: touch and arbitration

    /// The demo's root (tab bar of four) at 800×600, with the list scrolled `offset` down.
    static func demo() -> (host: OffscreenWindow, tabs: TabBarController, navigation: NavigationController, list: ListPage) {
        let tabs = DemoApp.makeRoot() as! TabBarController
        let host = OffscreenWindow(root: tabs, size: Size(width: 800, height: 600))
        let navigation = tabs.viewControllers[0] as! NavigationController
        return (host, tabs, navigation, navigation.viewControllers[0] as! ListPage)
    }

    @Test func aVerticalTouchDragScrollsTheList() {
        let (host, _, navigation, list) = Self.demo()
        let scroll = list.scrollView
        var y = 300.0
        host.send(.touchDown(id: 7, Point(x: 400, y: y)))
        var offsets: [Double] = []
        for _ in 0..<15 {
            host.clock.advance(by: 0.016)
            y -= 10
            host.send(.touchMotion(id: 7, Point(x: 400, y: y)))
            host.window.tick(at: host.clock.now)
            offsets.append(scroll.contentOffset.y)
        }
        // Once it began, the content moves with the finger: 13 moves of 10 px after the second.
        #expect(offsets.last! - offsets[1] == 130, "offsets \(offsets)")
        #expect(scroll.isDragging)
        // Held still, then lifted: no fling, no click.
        host.frames(6)
        host.send(.touchUp(id: 7))
        host.runFrames()
        #expect(scroll.contentOffset.y == offsets.last!)
        #expect(navigation.viewControllers.count == 1 && navigation.activeTransition == nil)
    }

    @Test func aTouchFlingDecelerates() {
        let (host, _, _, list) = Self.demo()
        let scroll = list.scrollView
        host.send(.touchDown(id: 1, Point(x: 400, y: 400)))
        var y = 400.0
        for _ in 0..<10 {
            host.clock.advance(by: 0.01)
            y -= 6   // 600 px/s upwards: the content goes on down
            host.send(.touchMotion(id: 1, Point(x: 400, y: y)))
        }
        let released = scroll.contentOffset.y
        host.send(.touchUp(id: 1))
        host.frame()
        let t0 = host.clock.now
        host.frames(20)
        // The list's end: its rows (56 px each) less the 488 px the page shows of them.
        let end = Double(DemoItem.samples.count) * ListPage.rowHeight - 488
        let expected = min(Self.decayed(from: released, velocity: 600, after: host.clock.now - t0), end)
        #expect(abs(scroll.contentOffset.y - expected) < 1e-3, "\(scroll.contentOffset.y) vs \(expected)")
    }

    @Test func aHorizontalDragOnTheListStillSwitchesTabs() {
        let (host, tabs, _, list) = Self.demo()
        host.drag(from: Point(x: 600, y: 300), to: Point(x: 300, y: 310))
        #expect(tabs.activeTransition != nil && tabs.activeTransition?.isInteractive == true, "the tab swipe took the drag")
        #expect(list.scrollView.contentOffset == .zero && !list.scrollView.isDragging)
        host.release()
        host.runFrames()
        #expect(tabs.selectedIndex == 1)
        #expect(list.scrollView.contentOffset == .zero)
    }

    @Test func inAPushedScrollingPageTheEdgeStillPopsAndVerticalDragsScroll() {
        let (host, _, navigation, _) = Self.demo()
        let pushed = ListPage(title: "More", items: DemoItem.samples)
        navigation.pushViewController(pushed, animated: false)
        host.layout()
        // A vertical drag scrolls the pushed page.
        host.drag(from: Point(x: 400, y: 400), to: Point(x: 400, y: 200))
        #expect(pushed.scrollView.contentOffset.y > 150)
        host.frames(6)
        host.release()
        host.runFrames()
        let offset = pushed.scrollView.contentOffset.y
        // From the left edge, sideways and a little down: the interactive pop, held at 40 %.
        host.drag(from: Point(x: 5, y: 300), to: Point(x: 320, y: 330))
        let pop = navigation.activeTransition
        #expect(pop?.kind == .pop && pop?.isInteractive == true)
        #expect(pushed.scrollView.contentOffset.y == offset && !pushed.scrollView.isDragging)
        host.release()
        host.runFrames()
        #expect(navigation.viewControllers.count == 1 || navigation.viewControllers.count == 2)
    }

    // MARK: narrow and large

    /// Dark text pixels: the rows' titles (#1C1C1E) and subtitles (#6E6E73).
    static func isText(_ c: Color) -> Bool { c.red < 0.6 && abs(c.red - c.blue) < 0.1 }

    @Test func atThreeHundredTwentyNoRowTextEntersTheChevronColumn() throws {
        let tabs = DemoApp.makeRoot() as! TabBarController
        let host = OffscreenWindow(root: tabs, size: Size(width: 320, height: 434))
        let shot = host.render()
        keep(shot, as: "scroll-list-320x434-rows")
        let chevron = Color(hex: 0xC7C7CC)
        var ellipsized = 0
        for row in 0..<5 {
            let top = Int(NavigationBar.height) + row * Int(ListPage.rowHeight)
            // The chevron: the rightmost mark of its colour in the row, found in the picture.
            let chevronColumns = (0..<320).filter { x in (top..<(top + 55)).contains { Surface.channelDistance(shot.pixel(x: x, y: $0), chevron) <= 12 } }
            var chevronLeft = try #require(chevronColumns.last, "no chevron in row \(row)")
            while chevronColumns.contains(chevronLeft - 1) { chevronLeft -= 1 }
            #expect(chevronLeft > 280)
            let textColumns = (52..<320).filter { x in (top..<(top + 50)).contains { Self.isText(shot.pixel(x: x, y: $0)) } }
            let last = try #require(textColumns.last)
            #expect(last < chevronLeft - 2, "row \(row): text reaches x \(last), chevron from \(chevronLeft)")
            // The subtitles of these rows are too long: they end in three dots.
            let subtitle = (52..<chevronLeft).filter { x in (top + 31..<(top + 48)).contains { Self.isText(shot.pixel(x: x, y: $0)) } }
            var marks: [ClosedRange<Int>] = []
            for x in subtitle {
                if let m = marks.last, m.upperBound + 1 == x { marks[marks.count - 1] = m.lowerBound...x } else { marks.append(x...x) }
            }
            if marks.count > 3, marks.suffix(3).allSatisfy({ $0.count <= 3 }), last > chevronLeft - 24 {
                ellipsized += 1
            }
        }
        #expect(ellipsized >= 3, "subtitles ending in '…': \(ellipsized)")
    }

    /// Renders the demo at a logical size and scale into artifacts/, on each of its first
    /// three tabs; checks what each must show at that size.
    @Test(arguments: [(320.0, 434.0, 1.0), (640, 800, 1), (2560, 1600, 1), (1280, 800, 2)])
    func layoutsAtSmallAndLargeSizes(width: Double, height: Double, scale: Double) throws {
        let tabs = DemoApp.makeRoot() as! TabBarController
        let host = OffscreenWindow(root: tabs, size: Size(width: width, height: height))
        let name = "layout-\(Int(width * scale))x\(Int(height * scale))@\(Int(scale))"
        func shoot(_ tab: String) {
            let surface = Surface(width: Int(width * scale), height: Int(height * scale))
            let canvas = Canvas(surface: surface)
            canvas.scale(x: scale, y: scale)
            host.window.render(into: canvas)
            keep(surface, as: "\(name)-\(tab)")
        }
        // The list: rows at most ListPage.maximumRowWidth wide, centred.
        let navigation = tabs.viewControllers[0] as! NavigationController
        let list = navigation.viewControllers[0] as! ListPage
        let rows = host.window.focusableControls.filter { !($0 is TabButton) }
        #expect(rows.allSatisfy { $0.bounds.width <= ListPage.maximumRowWidth })
        #expect(rows.allSatisfy { abs($0.convert($0.bounds, to: nil).midX - width / 2) <= 1 })
        #expect(list.scrollView.contentSize.height == Double(DemoItem.samples.count) * ListPage.rowHeight)
        shoot("list")

        // A pushed page with a title far too long: it ends with "…" between Back and the
        // right margin, never under the Back button.
        let long = try #require(DemoItem.samples.first { $0.title.count > 60 })
        navigation.pushViewController(DetailPage(item: long), animated: false)
        host.layout()
        let bar = Surface(width: Int(width), height: Int(NavigationBar.height))
        host.window.render(into: Canvas(surface: bar))
        let titleInk = (0..<Int(width)).filter { x in (8..<44).contains { y in
            let c = bar.pixel(x: x, y: y)
            return c.red < 0.4 && c.blue < 0.4   // the title's near-black, not Back's blue
        } }
        #expect(titleInk.first.map { $0 >= 100 } == true && titleInk.last.map { $0 < Int(width) - 100 } == true,
                "title ink \(String(describing: titleInk.first))…\(String(describing: titleInk.last))")
        shoot("detail-long-title")
        navigation.popViewController(animated: false)
        host.layout()

        // The modal page: card and icon apart, inside the window, and it scrolls when taller.
        tabs.select(1, animated: false)
        host.layout()
        let modal = tabs.viewControllers[1] as! ModalPage
        let card = modal.card.convert(modal.card.bounds, to: nil), icon = modal.icon.convert(modal.icon.bounds, to: nil)
        #expect(card.intersection(icon).isEmpty)
        #expect(card.minX >= 0 && card.maxX <= width && icon.minX >= 0 && icon.maxX <= width, "card \(card), icon \(icon)")
        let pageHeight = height - TabBarController.barHeight
        #expect(modal.scrollView.canScroll(horizontally: false) == (modal.scrollView.contentSize.height > pageHeight))
        shoot("modal")
        if modal.scrollView.canScroll(horizontally: false) {
            host.move(to: Point(x: width / 2, y: pageHeight / 2))
            host.send(.scroll(dx: 0, dy: 1000, source: .wheel))
            #expect(modal.scrollView.contentOffset.y == modal.scrollView.contentSize.height - pageHeight)
            let iconBottom = modal.icon.convert(modal.icon.bounds, to: nil).maxY
            #expect(iconBottom <= pageHeight, "the icon can be scrolled into view")
            shoot("modal-scrolled")
        }

        // The overlay panel (2/3 of the window): its text wraps inside it.
        modal.presentOverlay()
        host.runFrames()
        shoot("overlay")
        host.key(.escape)
        host.runFrames()
        #expect(modal.presentedViewController == nil)

        // The gallery: fewer columns on a narrow window, more on a wide one, none cut.
        tabs.select(2, animated: false)
        host.layout()
        let columns = GalleryPage.columns(width: width)
        if width < 400 { #expect(columns < 4) }
        if width >= 2000 { #expect(columns > 4) }
        let gallery = (tabs.viewControllers[2] as! GalleryNavigationController).gallery
        for cell in gallery.cells {
            let rect = cell.convert(cell.bounds, to: nil)
            #expect(rect.minX >= 0 && rect.maxX <= width)
            #expect(rect.width <= GalleryPage.maximumCellWidth * 1.5 && rect.width >= GalleryPage.minimumCellWidth)
        }
        shoot("gallery")

        // A picture's page: the caption fits or ends with "…".
        let galleryNavigation = tabs.viewControllers[2] as! GalleryNavigationController
        galleryNavigation.pushViewController(PhotoPage(index: 8), animated: false)
        host.layout()
        shoot("photo")

        // The container tab.
        tabs.select(3, animated: false)
        host.layout()
        shoot("container")
    }

    func keep(_ surface: Surface, as name: String) {
        try? FileManager.default.createDirectory(atPath: Paths.artifacts, withIntermediateDirectories: true)
        try? surface.writePNG(to: Paths.artifacts + "/\(name).png")
    }
}
