import PhotoDecoding
import Photos
import SegueKit
import SegueTesting
import Testing

/// The grid offscreen on a manual clock, decoding through a fake source the test completes.
@MainActor
@Suite struct PhotoGridTests {
    let source = FakeThumbnailSource()
    var lines: [String] = []

    /// A 400 × 600 window showing a grid of `count` pictures (2 columns of 199 pt).
    func makeGrid(count: Int, cache: ThumbnailCache = ThumbnailCache(), log: BrokenPictureLog = BrokenPictureLog(write: { _ in }))
        -> (OffscreenWindow, PhotoGridView) {
        let controller = PhotoGridController(folder: Fixtures.folder(count: count), source: source, cache: cache, log: log)
        let host = OffscreenWindow(root: NavigationController(rootViewController: controller), size: Size(width: 400, height: 600))
        return (host, controller.grid)
    }

    /// How many cells a grid of this height may hold: the rows meeting three screens (the
    /// visible one and one either side), plus a partial row at each end.
    func bound(_ grid: PhotoGridView) -> Int {
        let pitch = grid.grid.cellSide + GridLayout.gap
        return grid.grid.columns * (Int((3 * grid.bounds.height / pitch).rounded(.up)) + 2)
    }

    /// The queue runs the newest request first, so the grid asks for the margin's pictures
    /// first and the visible ones last, the top-left one last of all: the screen fills first,
    /// from its top left.
    @Test func visibleCellsAskLastSoTheyDecodeFirst() {
        let (_, grid) = makeGrid(count: 1000)
        let order = source.requests.map { Int($0.path.split(separator: "-").last!.split(separator: ".").first!)! }
        let top = grid.contentOffset.y
        let visible = Set(grid.grid.indices(from: top, to: top + grid.bounds.height))
        #expect(!visible.isEmpty && order.count > visible.count, "a margin beyond the screen: \(order.count) requests")
        let firstVisible = order.firstIndex { visible.contains($0) } ?? order.count
        #expect(order[firstVisible...].allSatisfy { visible.contains($0) }, "every margin cell asks before the visible ones: \(order)")
        #expect(order.last == 0, "the top-left picture asks last, to run first: \(order)")
    }

    @Test func cellsAreMadeOnlyForTheScreenAndItsMarginAndReused() {
        let (host, grid) = makeGrid(count: 1000)
        #expect(grid.cells.count > 0)
        var most = grid.cells.count
        // Down the whole folder a third of a screen at a time, then back up.
        let steps = Int(grid.maximumContentOffset.y / (grid.bounds.height / 3)) + 1
        for step in Array(0...steps) + Array((0...steps).reversed()) {
            grid.contentOffset = Point(x: 0, y: Double(step) * grid.bounds.height / 3)
            host.frame()
            most = max(most, grid.cells.count)
            // Every visible picture has its cell, in place.
            for index in grid.grid.indices(from: grid.contentOffset.y, to: grid.contentOffset.y + grid.bounds.height) {
                #expect(grid.cells[index]?.frame == grid.grid.frame(at: index))
            }
        }
        #expect(grid.contentOffset.y == 0)
        #expect(most <= bound(grid), "at most \(bound(grid)) cells for a 600 pt window, not \(most)")
        #expect(grid.cellsMade <= bound(grid), "the pool made \(grid.cellsMade) cells for 1,000 pictures")
        // Each live cell's request is live; every other request was cancelled.
        #expect(source.waiting.count == grid.cells.count)
    }

    @Test func aCellScrolledAwayCancelsItsTicketAndIgnoresALateResult() throws {
        let (host, grid) = makeGrid(count: 1000)
        let first = try #require(source.requests(for: "/nowhere/picture-0.png").first)
        #expect(!first.isCancelled)
        grid.contentOffset = Point(x: 0, y: 20 * grid.bounds.height)
        host.frame()
        #expect(first.isCancelled)
        #expect(grid.cells[0] == nil)
        // The decode finished anyway: the cell that now shows another picture is untouched.
        first.completion(.success(try Fixtures.picture(.white)))
        for cell in grid.cells.values { #expect(cell.content == .placeholder(PhotoCell.neutralGrey)) }
    }

    @Test func cellsAskForTheirSizeInDevicePixels() throws {
        let (host, grid) = makeGrid(count: 1000)
        let side = grid.grid.cellSide.rounded(.up)
        #expect(try #require(source.requests.first).fitting == Size(width: side, height: side))
        // On a scale-2 output (the platform prepares its frames at that scale), cells that come
        // into the margin ask for twice the side.
        _ = host.window.prepareFrame(deviceScale: 2)
        grid.contentOffset = Point(x: 0, y: 20 * grid.bounds.height)
        host.frame()
        let sharp = (grid.grid.cellSide * 2).rounded(.up)
        #expect(try #require(source.requests.last).fitting == Size(width: sharp, height: sharp))
    }

    /// A thumbnail decoded to cover its cell in device pixels is copied into the cell, not
    /// shrunk: a picture of 1-pixel stripes shows every stripe, black then white.
    @Test func aThumbnailAtItsCellsSizeIsCopiedPixelForPixel() throws {
        let (host, grid) = makeGrid(count: 10)
        let request = try #require(source.requests(for: "/nowhere/picture-0.png").last)
        let side = try #require(request.fitting).height
        // Covering a square with a 4 : 3 picture: as tall as the cell, a third wider.
        request.completion(.success(try Fixtures.stripes(width: Int((side * 4 / 3).rounded(.up)), height: Int(side))))
        host.runFrames()
        let cell = try #require(grid.cells[0])
        let frame = cell.convert(cell.bounds, to: nil)
        let shot = host.render()
        let y = Int(frame.midY)
        let row = (Int(frame.minX) + 2..<Int(frame.maxX) - 2).map { shot.pixel(x: $0, y: y).red }
        #expect(row.allSatisfy { $0 <= 1.0 / 255 || $0 >= 254.0 / 255 }, "only black and white: \(row)")
        #expect(zip(row, row.dropFirst()).allSatisfy { abs($0 - $1) > 0.99 }, "alternating, pixel by pixel")
    }

    @Test func aWiderCellAsksAgainForASharperThumbnail() throws {
        let (host, grid) = makeGrid(count: 10)
        let side = grid.grid.cellSide.rounded(.up)
        let request = try #require(source.requests(for: "/nowhere/picture-0.png").first)
        // A large picture decoded for the cell as it was.
        let picture = try Fixtures.picture(.white, width: 600, height: 600, fitting: Size(width: side, height: side))
        request.completion(.success(picture))
        #expect(source.requests(for: "/nowhere/picture-0.png").count == 1, "sharp enough: no second decode")
        // One column instead of two: cells twice as wide.
        host.window.resize(to: Size(width: 240, height: 600))
        host.layout()
        #expect(grid.grid.columns == 1)
        let again = try #require(source.requests(for: "/nowhere/picture-0.png").last)
        #expect(source.requests(for: "/nowhere/picture-0.png").count == 2)
        #expect(again.fitting == Size(width: grid.grid.cellSide.rounded(.up), height: grid.grid.cellSide.rounded(.up)))
        #expect(grid.cells[0]?.content == .thumbnail(picture.surface), "the soft one shows meanwhile")
    }

    @Test func aPictureSmallerThanItsCellIsNotAskedForAgain() throws {
        let (host, grid) = makeGrid(count: 10)
        // 8 × 8 at full size: the decoder never upscales, so there is nothing sharper to get.
        try #require(source.requests(for: "/nowhere/picture-0.png").first).completion(.success(try Fixtures.picture(.white)))
        host.window.resize(to: Size(width: 240, height: 600))
        host.layout()
        grid.setNeedsLayout()
        host.layout()
        #expect(source.requests(for: "/nowhere/picture-0.png").count == 1)
    }

    @Test func placeholderThenAverageColourThenThumbnail() throws {
        // No room for thumbnails: one that scrolled away must decode again.
        let (host, grid) = makeGrid(count: 1000, cache: ThumbnailCache(budget: 0))
        let cell = try #require(grid.cells[0])
        #expect(cell.content == .placeholder(PhotoCell.neutralGrey))
        let picture = try Fixtures.picture(Color(red: 1, green: 0, blue: 0))
        try #require(source.requests(for: "/nowhere/picture-0.png").first).completion(.success(picture))
        #expect(cell.content == .thumbnail(picture.surface))
        #expect(host.render().pixel(x: 100, y: 200) != host.window.rootView.traitCollection.palette.background)

        grid.contentOffset = Point(x: 0, y: 20 * grid.bounds.height)
        host.frame()
        grid.contentOffset = .zero
        host.frame()
        let again = try #require(grid.cells[0])
        // The colour is known now: it stands in while the picture decodes again.
        #expect(again.content == .placeholder(picture.averageColor))
        #expect(picture.averageColor != PhotoCell.neutralGrey)
        let second = try #require(source.requests(for: "/nowhere/picture-0.png").last)
        #expect(!second.isCancelled)
        #expect(source.requests(for: "/nowhere/picture-0.png").count == 2)
        second.completion(.success(picture))
        #expect(again.content == .thumbnail(picture.surface))
    }

    @Test func thumbnailsWithinTheBudgetComeBackWithoutADecode() throws {
        let (host, grid) = makeGrid(count: 1000)
        let side = Int(grid.grid.cellSide.rounded(.up))
        let picture = try Fixtures.picture(.white, width: side, height: side)
        try #require(source.requests(for: "/nowhere/picture-0.png").first).completion(.success(picture))
        grid.contentOffset = Point(x: 0, y: 20 * grid.bounds.height)
        host.frame()
        grid.contentOffset = .zero
        host.frame()
        #expect(grid.cells[0]?.content == .thumbnail(picture.surface))
        #expect(source.requests(for: "/nowhere/picture-0.png").count == 1)
    }

    @Test func aFailingDecodeShowsABrokenCellAndLogsOneLine() throws {
        final class Lines { var all: [String] = [] }
        let lines = Lines()
        let (host, grid) = makeGrid(count: 1000, log: BrokenPictureLog(write: { lines.all.append($0) }))
        let before = host.render()
        try #require(source.requests(for: "/nowhere/picture-1.png").first).completion(.failure(.corrupt("bad huffman table")))
        #expect(grid.cells[1]?.content == .broken)
        #expect(lines.all == ["segue-photos: /nowhere/picture-1.png: corrupt picture: bad huffman table"])
        // The glyph is drawn: the cell no longer looks like the grey placeholder.
        let frame = grid.cells[1]!.frame
        let after = host.render()
        let middle = (x: Int(frame.midX), y: Int(frame.midY + (grid.frame.minY)))
        #expect(after.pixel(x: middle.x, y: middle.y) != before.pixel(x: middle.x, y: middle.y))

        // Back and forth: still broken, never asked again, never logged again.
        grid.contentOffset = Point(x: 0, y: 20 * grid.bounds.height)
        host.frame()
        grid.contentOffset = .zero
        host.frame()
        #expect(grid.cells[1]?.content == .broken)
        #expect(source.requests(for: "/nowhere/picture-1.png").count == 1)
        #expect(lines.all.count == 1)
    }

    @Test func cellsAreLabelledWithTheirFileNames() throws {
        let (_, grid) = makeGrid(count: 10)
        let cell = try #require(grid.cells[3])
        #expect(cell.accessibilityLabel == "picture-3.png")
        #expect(cell.isAccessibilityElement)
        #expect(cell.accessibilityTraits.contains(.image))
    }

    @Test func arrowKeysMoveTheFocusAndReturnOpensThePage() throws {
        let controller = PhotoGridController(folder: Fixtures.folder(count: 50), source: source)
        let navigation = NavigationController(rootViewController: controller)
        let host = OffscreenWindow(root: navigation, size: Size(width: 400, height: 600))
        let grid = controller.grid
        host.key(.down)
        #expect(grid.focusedIndex == 0)
        #expect(grid.cells[0]?.isFocused == true)
        host.key(.right)
        host.key(.down)
        #expect(grid.focusedIndex == 3)
        #expect(grid.cells[0]?.isFocused == false)
        #expect(grid.cells[3]?.isFocused == true)
        // Far down: the grid scrolls to keep the ring in view.
        for _ in 0..<10 { host.key(.down) }
        #expect(grid.focusedIndex == 23)
        let frame = grid.grid.frame(at: 23)
        #expect(frame.minY >= grid.contentOffset.y && frame.maxY <= grid.contentOffset.y + grid.bounds.height)
        host.key(.enter)
        host.runFrames()
        let page = try #require(navigation.topViewController as? PhotoPageController)
        #expect(page.index == 23)
        #expect(page.title == "picture-23.png")
    }
}
