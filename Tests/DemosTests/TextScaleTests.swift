import Geometry
import Canvas
import Demos
import Motion
import Segue
import SegueTesting
import Testing

/// The desktop's text scaling (`text-scaling-factor`) on the demo's list at its narrowest,
/// 320 px: text ink grows by the factor, rows grow with it, and the title and subtitle of a
/// row never overlap each other or the next row.
@MainActor
@Suite("Text scaling")
struct TextScaleTests {
    /// The ink bands (runs of rows holding text pixels) in the text column of row `index`, in
    /// window coordinates, with the row's frame.
    private func inkBands(scale: Double, row index: Int = 0) -> (bands: [ClosedRange<Int>], row: Rect) {
        let host = OffscreenWindow(root: DemoApp.makeRoot(), size: Size(width: 320, height: 480))
        host.window.settings.traits.textScale = scale
        // The text scale is the process's (as GTK's is): back to 1 for the tests that follow.
        defer { host.window.settings.traits.textScale = 1 }
        host.layout()
        let shot = host.render()
        let row = ListPage.rowFrame(index, width: 320, textScale: scale).offsetBy(dx: 0, dy: NavigationBar.height)
        let background = shot.pixel(x: Int(row.maxX) - 60, y: Int(row.minY) + 3)
        var bands: [ClosedRange<Int>] = []
        var start: Int?
        for y in Int(row.minY)..<Int(row.maxY) - 2 {
            var ink = false
            for x in 52..<(Int(row.maxX) - 40) where Surface.channelDistance(shot.pixel(x: x, y: y), background) > 40 { ink = true; break }
            if ink, start == nil { start = y }
            if !ink, let first = start { bands.append(first...(y - 1)); start = nil }
        }
        if let first = start { bands.append(first...(Int(row.maxY) - 3)) }
        return (bands, row)
    }

    @Test func textInkGrowsByTheFactorAndRowsKeepTitleAndSubtitleApart() throws {
        let plain = inkBands(scale: 1)
        let large = inkBands(scale: 1.5)
        try #require(plain.bands.count == 2, "title and subtitle at 1×: \(plain.bands)")
        try #require(large.bands.count == 2, "title and subtitle apart at 1.5×: \(large.bands)")
        let ratio = Double(large.bands[0].count) / Double(plain.bands[0].count)
        #expect(abs(ratio - 1.5) <= 0.15, "the title's ink is 1.5× taller (±10 %): \(ratio)")
        #expect(large.row.height == (ListPage.rowHeight * 1.5).rounded(), "the row grew with its text")
        #expect(large.bands[1].upperBound < Int(large.row.maxY) - 1, "the subtitle stays inside its row")
        #expect(large.bands[0].lowerBound > Int(large.row.minY), "the title stays inside its row")
    }
}

/// A tile smaller than the window's minimum (sway 1.10 tiles 636 × 372 logical at scale 2):
/// the navigation bar and the tab bar stay whole, and the list between them scrolls.
@MainActor
@Suite("Small tiles")
struct SmallTileTests {
    @Test func aTileBelowTheMinimumKeepsBothBarsWholeAndTheListScrolls() throws {
        let host = OffscreenWindow(root: DemoApp.makeRoot(), size: Size(width: 636, height: 372))
        let tabs = try #require(host.window.rootViewController as? TabbedContainerController)
        let bar = tabs.barView.convert(tabs.barView.bounds, to: nil)
        #expect(bar.maxY == 372 && bar.height == TabBarController.barHeight, "the tab bar whole at the bottom: \(bar)")
        let navigation = try #require(tabs.selectedViewController as? NavigationController)
        let navBar = navigation.navigationBar.convert(navigation.navigationBar.bounds, to: nil)
        #expect(navBar.minY == 0 && navBar.height == NavigationBar.height, "the navigation bar whole at the top: \(navBar)")
        let list = try #require(navigation.topViewController as? ListPage)
        let visible = list.scrollView.convert(list.scrollView.bounds, to: nil)
        #expect(visible.minY >= navBar.maxY && visible.maxY <= bar.minY, "the list between the bars: \(visible)")
        #expect(list.scrollView.contentSize.height > visible.height, "and it scrolls")
    }
}
