import Geometry
import Canvas
import Motion
@testable import Segue
import SegueTesting
import Testing

/// Records the window-management requests a window makes of its platform.
@MainActor
private final class RecordingHost: WindowHost {
    enum Request: Equatable {
        case move, menu(Point), maximized(Bool), fullscreen(Bool), minimize, close
    }
    var requests: [Request] = []
    func setNeedsFrame() {}
    func setCursor(_ cursor: Cursor) {}
    func beginInteractiveMove() { requests.append(.move) }
    func showWindowMenu(at point: Point) { requests.append(.menu(point)) }
    func setMaximized(_ maximized: Bool) { requests.append(.maximized(maximized)) }
    func setFullscreen(_ fullscreen: Bool) { requests.append(.fullscreen(fullscreen)) }
    func minimize() { requests.append(.minimize) }
    func requestClose() { requests.append(.close) }
}

/// The header bar and window states offscreen: what the platform is asked for, where the
/// content goes, and the configure rules (xdg-shell's, and GTK 4's behaviour where it is silent).
@MainActor
@Suite struct WindowChromeTests {
    /// libadwaita 1.2's header bar height, 46 px: written out, not read from WindowFrameMetrics.
    private static let header = 46.0

    private func decorated(size: Size = Size(width: 800, height: 600)) -> (OffscreenWindow, RecordingHost) {
        let root = ViewController(title: "Root")
        let offscreen = OffscreenWindow(root: root, size: size)
        let host = RecordingHost()
        offscreen.window.host = host
        offscreen.window.title = "Segue"
        offscreen.window.decorations = .clientSide
        offscreen.window.state = [.activated]
        offscreen.layout()
        return (offscreen, host)
    }

    @Test func contentGoesBelowTheHeaderBarUnlessFullscreen() {
        let (w, _) = decorated()
        #expect(w.window.headerBar.frame == Rect(x: 0, y: 0, width: 800, height: 46))
        #expect(w.window.rootView.frame == Rect(x: 0, y: 46, width: 800, height: 554))
        #expect(w.window.rootViewController.view.frame.size == Size(width: 800, height: 554))
        w.window.state = [.activated, .fullscreen]
        #expect(w.window.headerBar.isHidden)
        #expect(w.window.rootView.frame == Rect(x: 0, y: 0, width: 800, height: 600))
        w.window.decorations = .none
        w.window.state = [.activated]
        #expect(w.window.rootView.frame == Rect(x: 0, y: 0, width: 800, height: 600), "server-side: no header bar")
    }

    @Test func aPressThatMovesPastTheThresholdMovesTheWindowOnce() {
        let (w, host) = decorated()
        w.press(at: Point(x: 100, y: 20))
        w.move(to: Point(x: 105, y: 22))
        #expect(host.requests.isEmpty, "5 px is under the 8 px drag threshold")
        w.move(to: Point(x: 112, y: 20))
        w.move(to: Point(x: 140, y: 30))
        #expect(host.requests == [.move])
        w.release()
        #expect(host.requests == [.move])
        #expect(w.trace.isEmpty, "no transition starts from the header bar")
    }

    @Test func buttonsCloseMaximizeAndMinimize() throws {
        let (w, host) = decorated()
        let bar = w.window.headerBar
        for (action, request) in [(HeaderBar.Action.close, RecordingHost.Request.close),
                                  (.maximize, .maximized(true)), (.minimize, .minimize)] {
            let frame = try #require(bar.buttonFrame(action))
            w.click(at: Point(x: frame.midX, y: frame.midY))
            #expect(host.requests.last == request)
        }
        // Close is rightmost: 10 px from the edge, 24 px wide, centred in the bar.
        #expect(bar.buttonFrame(.close) == Rect(x: 800 - 10 - 24, y: 11, width: 24, height: 24))
        // A press on a button that is released elsewhere does nothing.
        host.requests.removeAll()
        let close = try #require(bar.buttonFrame(.close))
        w.press(at: Point(x: close.midX, y: close.midY))
        w.move(to: Point(x: close.midX - 60, y: close.midY))
        w.release()
        #expect(host.requests.isEmpty)
    }

    @Test func doubleClickTogglesMaximizeAndRightClickOpensTheMenu() {
        let (w, host) = decorated()
        let point = Point(x: 200, y: 23)
        w.click(at: point)
        w.frame(after: 0.1)
        w.click(at: point)
        #expect(host.requests == [.maximized(true)])
        w.window.state = [.activated, .maximized]
        w.frame(after: 1)
        w.click(at: point)
        w.frame(after: 0.1)
        w.click(at: point)
        #expect(host.requests == [.maximized(true), .maximized(false)])
        // Two clicks further apart than 400 ms are two clicks.
        w.frame(after: 1)
        w.click(at: point)
        w.frame(after: 0.5)
        w.click(at: point)
        #expect(host.requests.count == 2)
        w.press(at: point, button: .right)
        w.release(button: .right)
        #expect(host.requests.last == .menu(point))
    }

    @Test func capabilitiesHideWhatTheCompositorCannotDo() {
        let (w, host) = decorated()
        w.window.capabilities = [.windowMenu, .fullscreen]
        #expect(w.window.headerBar.actions == [.close])
        let point = Point(x: 200, y: 23)
        w.click(at: point)
        w.frame(after: 0.1)
        w.click(at: point)
        w.key(.other(0xFFC8))
        #expect(host.requests == [.fullscreen(true)], "no maximize without the capability; F11 still works")
    }

    @Test func f11TogglesFullscreenAndControlQCloses() {
        let (w, host) = decorated()
        w.key(.other(0xFFC8))
        w.window.state = [.activated, .fullscreen]
        w.key(.other(0xFFC8))
        w.key(.other(0x71), modifiers: .control)
        w.key(.other(0x71))
        #expect(host.requests == [.fullscreen(true), .fullscreen(false), .close])
    }

    @Test func theHeaderBarWorksWhileATransitionRuns() {
        let nav = NavigationController(rootViewController: ViewController(title: "One"))
        let w = OffscreenWindow(root: nav, size: Size(width: 800, height: 600))
        let host = RecordingHost()
        w.window.host = host
        w.window.decorations = .clientSide
        nav.pushViewController(ViewController(title: "Two"), animated: true)
        w.frame()
        #expect(!w.window.activeTransitions.isEmpty)
        w.press(at: Point(x: 100, y: 20))
        w.move(to: Point(x: 130, y: 20))
        #expect(host.requests == [.move])
    }

    @Test func backdropDimsTheHeaderBar() {
        let (w, _) = decorated()
        let active = w.render().pixel(x: 300, y: 5)
        w.window.state = []
        let backdrop = w.render().pixel(x: 300, y: 5)
        // libadwaita 1.2's header bar: #EBEBEB active, #FAFAFA in backdrop.
        #expect(Surface.channelDistance(active, Color(hex: 0xEBEBEB)) <= 1, "\(active)")
        #expect(Surface.channelDistance(backdrop, Color(hex: 0xFAFAFA)) <= 1, "\(backdrop)")
    }

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

    @Test func sizesBelowTheMinimumAreClampedUnlessMaximizedOrFullscreen() {
        var sizing = WindowSizing(minimumSize: minimum, preferredSize: preferred)
        #expect(configure(&sizing, width: 1, height: 1, states: [.resizing]))
        #expect(sizing.size == minimum)
        #expect(configure(&sizing, width: 200, height: 900, states: [.tiledLeft, .tiledRight]))
        #expect(sizing.size == Size(width: 320, height: 900))
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
