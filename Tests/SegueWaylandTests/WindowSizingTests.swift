import Geometry
import Segue
@testable import SegueWayland
import Testing

/// The platform's configure rules (xdg-shell's, and GTK 4's behaviour where it is silent) and
/// the invisible resize border, offscreen: pure logic the Wayland window feeds.
@MainActor
@Suite struct WindowSizingTests {
    // MARK: configure rules

    /// Applies a configure outside `#expect`, which cannot take a mutating call.
    private func configure(_ sizing: inout WindowSizing, width: Int, height: Int, states: WindowState) -> Bool {
        sizing.configure(width: width, height: height, states: states)
    }

    private let minimum = Size(width: 320, height: 480)
    private let preferred = Size(width: 1024, height: 700)

    @Test func zeroSizesMeanTheLastFloatingSize() {
        var sizing = WindowSizing(minimumSize: minimum, preferredSize: preferred)
        #expect(configure(&sizing, width: 0, height: 0, states: []))
        #expect(sizing.size == preferred)
        #expect(configure(&sizing, width: 900, height: 650, states: [.resizing, .activated]))
        #expect(configure(&sizing, width: 1280, height: 768, states: [.maximized, .activated]))
        #expect(sizing.size == Size(width: 1280, height: 768))
        #expect(configure(&sizing, width: 0, height: 0, states: [.activated]))
        #expect(sizing.size == Size(width: 900, height: 650), "unmaximize returns to the last floating size")
    }

    @Test func openingSizeFitsTheConfigureBounds() {
        var sizing = WindowSizing(minimumSize: minimum, preferredSize: preferred)
        sizing.bounds = Size(width: 800, height: 560)
        #expect(configure(&sizing, width: 0, height: 0, states: []))
        #expect(sizing.size == Size(width: 800, height: 560))
        var tiny = WindowSizing(minimumSize: minimum, preferredSize: preferred)
        tiny.bounds = Size(width: 200, height: 200)
        #expect(configure(&tiny, width: 0, height: 0, states: []))
        #expect(tiny.size == minimum, "never below the minimum")
    }

    @Test func sizesBelowTheMinimumAreClampedUnlessMaximizedFullscreenOrTiled() {
        var sizing = WindowSizing(minimumSize: minimum, preferredSize: preferred)
        #expect(configure(&sizing, width: 1, height: 1, states: [.resizing]))
        #expect(sizing.size == minimum)
        #expect(configure(&sizing, width: 200, height: 900, states: [.resizing, .activated]))
        #expect(sizing.size == Size(width: 320, height: 900), "a floating resize never goes below the minimum")
        // A tile is the tile's size (sway 1.10 at scale 2 tiles 636 × 372 logical): used as sent.
        #expect(configure(&sizing, width: 636, height: 372, states: [.tiledLeft, .tiledRight, .tiledTop, .tiledBottom]))
        #expect(sizing.size == Size(width: 636, height: 372))
        // Maximized and fullscreen sizes are maxima (xdg-shell): used as sent.
        #expect(configure(&sizing, width: 300, height: 400, states: [.maximized]))
        #expect(sizing.size == Size(width: 300, height: 400))
        #expect(configure(&sizing, width: 300, height: 400, states: [.fullscreen]))
        #expect(sizing.size == Size(width: 300, height: 400))
    }

    @Test func aSizelessFullscreenConfigureIsNotAcknowledged() {
        var sizing = WindowSizing(minimumSize: minimum, preferredSize: preferred)
        #expect(configure(&sizing, width: 0, height: 0, states: []))
        #expect(configure(&sizing, width: 1280, height: 800, states: [.fullscreen, .maximized]))
        // weston 10 after maximize → fullscreen → unmaximize:
        #expect(!configure(&sizing, width: 0, height: 0, states: [.fullscreen]))
        #expect(sizing.size == Size(width: 1280, height: 800))
        #expect(sizing.state == [.fullscreen, .maximized])
        #expect(configure(&sizing, width: 0, height: 0, states: []))
        #expect(sizing.size == preferred, "leaving fullscreen returns to the floating size")
    }

    @Test func theBorderResizesTheEdgesAndCornersItTouches() {
        let window = Rect(x: 24, y: 24, width: 400, height: 300)
        func at(_ x: Double, _ y: Double) -> ResizeEdges { ResizeEdges.at(Point(x: x, y: y), window: window, border: 24) }
        #expect(at(10, 200) == .left)
        #expect(at(430, 200) == .right)
        #expect(at(200, 10) == .top)
        #expect(at(200, 330) == .bottom)
        #expect(at(10, 10) == [.top, .left])
        #expect(at(430, 330) == [.bottom, .right])
        // A corner's grip reaches 24 px along each side.
        #expect(at(10, 40) == [.top, .left])
        #expect(at(40, 330) == [.bottom, .left])
        #expect(at(200, 200) == [], "inside the window")
        #expect(at(0, 200) == .left)
        #expect(at(-1, 200) == [], "beyond the border")
        #expect(ResizeEdges([.bottom, .right]).cursor == .resizeBottomRight)
    }
}
