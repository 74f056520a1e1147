import PhotoDecoding
import Photos
import SegueKit
import SegueTesting
import Testing

/// The picture page: decoded at the size shown, paged by keys and drags, Escape goes back.
@MainActor
@Suite struct PhotoPageTests {
    let source = FakeThumbnailSource()

    func open(at index: Int, count: Int = 5) -> (OffscreenWindow, NavigationController, PhotoGridController) {
        let grid = PhotoGridController(folder: Fixtures.folder(count: count), source: source)
        let navigation = NavigationController(rootViewController: grid)
        let host = OffscreenWindow(root: navigation, size: Size(width: 400, height: 600))
        grid.open(index)
        host.runFrames()
        return (host, navigation, grid)
    }

    @Test func thePictureIsDecodedAtTheSizeItIsShown() throws {
        let (_, navigation, _) = open(at: 2)
        let page = try #require(navigation.topViewController as? PhotoPageController)
        let view = page.pager.currentPage
        #expect(view.path == "/nowhere/picture-2.png")
        #expect(view.accessibilityLabel == "picture-2.png")
        let request = try #require(source.requests(for: "/nowhere/picture-2.png").last)
        let scale = view.window?.deviceScale ?? 1
        #expect(request.fitting == Size(width: (view.bounds.width * scale).rounded(.up), height: (view.bounds.height * scale).rounded(.up)))
        #expect(request.fit == .contain, "shown whole: exactly inside the page, not covering it")
        #expect(view.bounds.size == page.view.bounds.size)
        let picture = try Fixtures.picture(.white, width: 40, height: 30)
        request.completion(.success(picture))
        #expect(view.picture === picture.surface)
    }

    /// A picture decoded for the page (the largest 4 : 3 inside it) is copied onto the pixel
    /// grid, not resampled: its first row and column are wholly its own colour and the page's
    /// background begins on the very next pixel. Centred by arithmetic alone, its top would
    /// fall between two rows and both would be blends.
    @Test func aPictureDecodedForThePageLiesOnThePixelGrid() throws {
        let (host, navigation, _) = open(at: 2)
        let page = try #require(navigation.topViewController as? PhotoPageController)
        let view = page.pager.currentPage
        let request = try #require(source.requests(for: "/nowhere/picture-2.png").last)
        // About 4 : 3, a row shorter where needed so that centring alone puts its top between rows.
        let width = Int(view.bounds.width)
        var height = Int((view.bounds.width * 3 / 4).rounded())
        if (view.bounds.height - Double(height)) / 2 == ((view.bounds.height - Double(height)) / 2).rounded() { height -= 1 }
        request.completion(.success(try Fixtures.picture(.white, width: width, height: height)))
        host.runFrames()
        let shown = try #require(view.picture)
        let exact = try #require(view.pixelExactRect(for: shown))
        let placed = view.convert(exact, to: nil)
        #expect(placed.minY == placed.minY.rounded() && placed.minX == placed.minX.rounded())
        let shot = host.render()
        let top = Int(placed.minY), x = Int(placed.midX)
        #expect(shot.pixel(x: x, y: top) == .white, "the picture's first row")
        #expect(shot.pixel(x: x, y: top + height - 1) == .white, "its last row")
        let background = try #require(view.backgroundColor)
        func isBackground(_ c: Color) -> Bool {
            max(abs(c.red - background.red), abs(c.green - background.green), abs(c.blue - background.blue)) <= 1.0 / 255
        }
        #expect(isBackground(shot.pixel(x: x, y: top - 1)), "the page's own row above it")
        #expect(isBackground(shot.pixel(x: x, y: top + height)), "and below it")
    }

    @Test func arrowKeysPageAndStopAtTheEnds() throws {
        let (host, navigation, _) = open(at: 3)
        let page = try #require(navigation.topViewController as? PhotoPageController)
        host.key(.right)
        host.runFrames()
        #expect(page.index == 4)
        #expect(page.pager.currentPage.path == "/nowhere/picture-4.png")
        #expect(page.title == "picture-4.png")
        host.key(.right)
        host.runFrames()
        #expect(page.index == 4, "no page after the last")
        host.key(.left)
        host.runFrames()
        host.key(.left)
        host.runFrames()
        #expect(page.index == 2)
        #expect(page.pager.currentPage.frame.minX == 0)
    }

    @Test func aDragPastAThirdTurnsThePageAShortOneSnapsBack() throws {
        let (host, navigation, _) = open(at: 1)
        let page = try #require(navigation.topViewController as? PhotoPageController)
        let y = page.view.frame.midY + 60
        host.drag(from: Point(x: 300, y: y), to: Point(x: 260, y: y), steps: 10, duration: 0.5)
        host.release()
        host.runFrames()
        #expect(page.index == 1)
        #expect(page.pager.currentPage.frame.minX == 0)
        host.drag(from: Point(x: 350, y: y), to: Point(x: 100, y: y), steps: 10, duration: 0.3)
        host.release()
        host.runFrames()
        #expect(page.index == 2)
        #expect(page.pager.currentPage.frame.minX == 0)
    }

    @Test func aFileFailingInTheGridAndOnItsPageIsLoggedOnce() throws {
        final class Lines { var all: [String] = [] }
        let lines = Lines()
        let grid = PhotoGridController(folder: Fixtures.folder(count: 5), source: source,
                                       log: BrokenPictureLog(write: { lines.all.append($0) }))
        let navigation = NavigationController(rootViewController: grid)
        let host = OffscreenWindow(root: navigation, size: Size(width: 400, height: 600))
        // Opened before its thumbnail came: the cell and the page both wait for the same file.
        grid.open(1)
        host.runFrames()
        let requests = source.requests(for: "/nowhere/picture-1.png")
        #expect(requests.count == 2)
        for request in requests { request.completion(.failure(.truncated)) }
        #expect(lines.all == ["segue-photos: /nowhere/picture-1.png: the file ends before the picture does"])
        let page = try #require(navigation.topViewController as? PhotoPageController)
        #expect(page.pager.currentPage.isBroken)
    }

    @Test func escapeGoesBackToTheGrid() throws {
        let (host, navigation, grid) = open(at: 1)
        #expect(navigation.topViewController is PhotoPageController)
        host.key(.right)
        host.runFrames()
        host.key(.escape)
        host.runFrames()
        #expect(navigation.topViewController === grid)
        #expect(grid.grid.focusedIndex == 2, "the ring is on the picture last seen")
    }
}
