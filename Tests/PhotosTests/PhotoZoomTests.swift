import Foundation
import PhotoDecoding
import Photos
import SegueKit
import SegueTesting
import Testing

/// Segue Photos on the zoom transition (docs/MOTION.md target 11) and zooming into a picture:
/// a picture opens out of its cell showing the cell's thumbnail; a drag down or up closes it
/// into the cell of the picture shown then; a pinch zooms into the picture, resisting past
/// its limits as a rubber band, x / (1 + x / L) with L = 0.15 below whole; a double-click goes
/// to 2.5× and back; while zoomed, drags move the picture instead of closing the page.
@MainActor
@Suite struct PhotoZoomTests {
    let source = FakeThumbnailSource()

    /// A grid of 12 pictures 400 × 600, every thumbnail delivered (a 4 : 3 picture).
    func grid() throws -> (OffscreenWindow, NavigationController, PhotoGridController) {
        let grid = PhotoGridController(folder: Fixtures.folder(count: 12), source: source)
        let navigation = NavigationController(rootViewController: grid)
        let host = OffscreenWindow(root: navigation, size: Size(width: 400, height: 600))
        host.runFrames()
        for request in source.waiting {
            request.completion(.success(try Fixtures.picture(.white, width: 40, height: 30)))
        }
        host.runFrames()
        return (host, navigation, grid)
    }

    /// The picture page, on top or coming in.
    func openedPage(_ navigation: NavigationController) throws -> PhotoPageController {
        try #require((navigation.activeTransition?.toViewController ?? navigation.topViewController) as? PhotoPageController)
    }

    /// The grid with picture `index` opened and settled, its picture view, and the pointer over
    /// the page's middle (where the pinches below happen).
    func openPicture(_ index: Int) throws -> (OffscreenWindow, NavigationController, PhotoGridController, PictureView) {
        let (host, navigation, grid) = try grid()
        grid.open(index)
        host.runFrames()
        let picture = try openedPage(navigation).pager.currentPage
        host.move(to: Point(x: 200, y: 300))
        return (host, navigation, grid, picture)
    }

    @Test func aPictureZoomsOutOfItsCellShowingItsThumbnail() throws {
        let (host, navigation, grid) = try grid()
        let cell = try #require(grid.grid.cells[1])
        let cellRect = cell.convert(cell.bounds, to: nil)
        guard case .thumbnail(let thumbnail) = cell.content else { Issue.record("no thumbnail in the cell"); return }
        grid.open(1)
        let page = try openedPage(navigation)
        #expect(navigation.activeTransition?.animationController is ZoomAnimator)
        #expect(cell.isHidden, "the cell hides while its picture flies")
        #expect(page.pager.currentPage.preview === thumbnail)
        // The picture (4 : 3, fitted to the 400 px wide page) fills the square cell: its middle
        // is the cell's middle.
        let picture = page.pictureRect
        let middle = page.view.convert(Point(x: picture.midX, y: picture.midY), to: nil)
        #expect(abs(middle.x - cellRect.midX) < 0.5 && abs(middle.y - cellRect.midY) < 0.5, "\(middle) vs \(cellRect)")
        host.runFrames()
        #expect(!cell.isHidden && navigation.viewControllers.count == 2)
    }

    @Test func aDragDownOrUpClosesIntoTheCellOfThePictureShownThen() throws {
        let (host, navigation, grid) = try grid()
        grid.open(0)
        host.runFrames()
        host.key(.right)
        host.runFrames()
        #expect(try openedPage(navigation).index == 1)
        #expect(navigation.navigationBar.title == "picture-1.png", "the bar names the picture paged to")
        host.drag(from: Point(x: 200, y: 300), to: Point(x: 200, y: 480))
        host.release()
        #expect(grid.grid.cells[1]?.isHidden == true && grid.grid.cells[0]?.isHidden == false, "it flies into the second cell")
        host.runFrames()
        #expect(navigation.viewControllers.count == 1)
        grid.open(2)
        host.runFrames()
        host.drag(from: Point(x: 200, y: 400), to: Point(x: 200, y: 200))
        host.release()
        host.runFrames()
        #expect(navigation.viewControllers.count == 1, "up closes too")
    }

    @Test func aPinchZoomsIntoThePictureAndResistsPastItsLimits() throws {
        let (host, navigation, _, picture) = try openPicture(0)
        host.send(.pinchBegin(fingers: 2))
        host.send(.pinchUpdate(scale: 2))
        #expect(abs(picture.zoomScale - 2) < 1e-9)
        host.send(.pinchEnd(cancelled: false))
        host.runFrames()
        #expect(abs(picture.zoomScale - 2) < 1e-9, "within the limits it stays")
        #expect(navigation.viewControllers.count == 2)
        // Zoomed: a drag down moves the picture and does not close the page.
        let before = picture.transform.ty
        host.drag(from: Point(x: 200, y: 300), to: Point(x: 200, y: 360))
        #expect(picture.transform.ty > before && navigation.activeTransition == nil)
        host.release()
        host.runFrames()
        // Pinched in to 0.5 of whole: shown at 1 − 0.5 / (1 + 0.5 / 0.15); let go, whole again.
        host.send(.pinchBegin(fingers: 2))
        host.send(.pinchUpdate(scale: 0.25))
        #expect(abs(picture.zoomScale - (1 - 0.5 / (1 + 0.5 / 0.15))) < 1e-9, "\(picture.zoomScale)")
        #expect(navigation.activeTransition == nil, "the picture's own pinch, not the page's close")
        host.send(.pinchEnd(cancelled: false))
        host.runFrames()
        #expect(picture.zoomScale == 1 && picture.transform == .identity)
        // Past the most, 4×: 8× asked shows 4 + 4 / (1 + 4 / 0.6).
        host.send(.pinchBegin(fingers: 2))
        host.send(.pinchUpdate(scale: 8))
        #expect(abs(picture.zoomScale - (4 + 4 / (1 + 4 / 0.6))) < 1e-9, "\(picture.zoomScale)")
        host.send(.pinchEnd(cancelled: false))
        host.runFrames()
        #expect(abs(picture.zoomScale - 4) < 1e-9)
    }

    /// Whole, a pinch in is the page's: it holds the zoom close (docs/MOTION.md target 11),
    /// which a release below 0.8 of the size finishes into the cell and one above puts back.
    @Test func aPinchInOnAWholePictureClosesThePage() throws {
        let (host, navigation, grid, picture) = try openPicture(3)
        host.send(.pinchBegin(fingers: 2))
        host.send(.pinchUpdate(scale: 0.9))
        host.hold(for: 0.2)
        #expect(navigation.activeTransition?.isInteractive == true, "the page's close, held")
        #expect(picture.zoomScale == 1, "not the picture's own rubber band")
        host.send(.pinchEnd(cancelled: false))
        host.runFrames()
        #expect(navigation.viewControllers.count == 2, "let go at 0.9: back to full size")
        host.send(.pinchBegin(fingers: 2))
        for step in 1...6 { host.send(.pinchUpdate(scale: 1 - 0.06 * Double(step))) }
        host.hold(for: 0.2)
        #expect(grid.grid.cells[3]?.isHidden == true, "it flies into its cell")
        host.send(.pinchEnd(cancelled: false))
        host.runFrames()
        #expect(navigation.viewControllers.count == 1, "let go at 0.64: closed")
        #expect(grid.grid.cells[3]?.isHidden == false)
    }

    /// Zoomed to 2×, the page asks for the picture at twice its size and shows those pixels one
    /// to one: a picture of 1-pixel stripes shows every stripe, black then white, where an image
    /// of the page at its own size, enlarged, would show grey.
    @Test func zoomedThePictureShowsThePixelsDecodedForTheZoom() throws {
        let (host, _, _, picture) = try openPicture(0)
        host.send(.pinchBegin(fingers: 2))
        host.send(.pinchUpdate(scale: 2))
        host.send(.pinchEnd(cancelled: false))
        host.runFrames()
        let request = try #require(source.requests(for: picture.path ?? "").last)
        let wanted = try #require(request.fitting)
        #expect(request.fit == .contain)
        #expect(wanted.width == (picture.bounds.width * 2).rounded(.up), "asked for twice the page's pixels")
        // The largest 4 : 3 inside what was asked for, as the decoder would make it.
        let scale = min(wanted.width / 4, wanted.height / 3)
        let width = Int((4 * scale).rounded()), height = Int((3 * scale).rounded())
        request.completion(.success(try Fixtures.stripes(width: width, height: height)))
        host.runFrames()
        let shot = host.render()
        let middle = picture.convert(Point(x: picture.bounds.midX, y: picture.bounds.midY), to: nil)
        let y = Int(middle.y)
        let row = (Int(middle.x) - 20..<Int(middle.x) + 20).map { shot.pixel(x: $0, y: y).red }
        #expect(row.allSatisfy { $0 <= 1.0 / 255 || $0 >= 254.0 / 255 }, "only black and white: \(row)")
        #expect(zip(row, row.dropFirst()).allSatisfy { abs($0 - $1) > 0.99 }, "alternating, pixel by pixel")
    }

    @Test func aDoubleClickZoomsInAndOut() throws {
        let (host, navigation, grid) = try grid()
        grid.open(0)
        host.runFrames()
        let picture = try openedPage(navigation).pager.currentPage
        host.click(at: Point(x: 200, y: 300))
        host.frame(after: 0.1)
        host.click(at: Point(x: 200, y: 300))
        host.runFrames()
        #expect(abs(picture.zoomScale - 2.5) < 1e-9 && abs(picture.transform.a - 2.5) < 1e-9)
        host.frame(after: 0.5)
        host.click(at: Point(x: 200, y: 300))
        host.frame(after: 0.1)
        host.click(at: Point(x: 200, y: 300))
        host.runFrames()
        #expect(picture.zoomScale == 1 && picture.transform.a == 1)
        // Two clicks too far apart in time are not a double-click.
        host.click(at: Point(x: 200, y: 300))
        host.frame(after: 0.6)
        host.click(at: Point(x: 200, y: 300))
        host.runFrames()
        #expect(picture.zoomScale == 1)
    }
}
