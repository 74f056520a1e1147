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

    @Test func theDesktopsDoubleClickTimeAndDragThresholdDriveTheHeaderBar() {
        let (w, host) = decorated()
        let point = Point(x: 200, y: 23)
        // The user's 200 ms double click: two clicks 300 ms apart are two clicks…
        w.window.settings.input.doubleClickTime = 0.2
        w.click(at: point)
        w.frame(after: 0.25)
        w.click(at: point)
        #expect(host.requests.isEmpty, "300 ms apart: two clicks")
        // …and 150 ms apart (release to release: a click holds the button 50 ms) a double click.
        w.frame(after: 1)
        w.click(at: point)
        w.frame(after: 0.1)
        w.click(at: point)
        #expect(host.requests == [.maximized(true)])
        // A 30 px drag threshold: 20 px of drag is no move yet, 31 px is.
        w.window.settings.input.dragThreshold = 30
        w.frame(after: 1)
        w.press(at: point)
        w.move(to: Point(x: 220, y: 23))
        #expect(host.requests == [.maximized(true)])
        w.move(to: Point(x: 231, y: 23))
        #expect(host.requests == [.maximized(true), .move])
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
        w.key(.function(11))
        #expect(host.requests == [.fullscreen(true)], "no maximize without the capability; F11 still works")
    }

    @Test func f11TogglesFullscreenAndControlQCloses() {
        let (w, host) = decorated()
        w.key(.function(11))
        w.window.state = [.activated, .fullscreen]
        w.key(.function(11))
        w.key(.character("q"), modifiers: .control)
        w.key(.character("q"))
        #expect(host.requests == [.fullscreen(true), .fullscreen(false), .close])
    }

    /// A controller that takes Ctrl+T for itself ("new tab" in most apps) and Ctrl+Q.
    private final class TabbingController: ViewController {
        var newTabs = 0
        override func handleKey(_ event: KeyEvent) -> Bool {
            guard KeyShortcut(.character("t"), modifiers: .control).matches(event) else { return super.handleKey(event) }
            newTabs += 1
            return true
        }
    }

    @Test func controllersSeeShortcutsBeforeTheWindowAndAppsChangeTheWindowsBindings() {
        let root = TabbingController(title: "Root")
        let w = OffscreenWindow(root: root, size: Size(width: 800, height: 600))
        let host = RecordingHost()
        w.window.host = host
        // The controller gets Ctrl+T; the window's Ctrl+Q still closes.
        w.key(.character("t"), modifiers: .control)
        #expect(root.newTabs == 1)
        // An app drops Ctrl+Q and binds Ctrl+W to close instead; F11 stays.
        w.window.keyBindings.removeAll { $0.shortcut == KeyShortcut(.character("q"), modifiers: .control) }
        w.window.keyBindings.append(KeyBinding(KeyShortcut(.character("w"), modifiers: .control), title: "Close") {
            $0.host?.requestClose()
        })
        w.key(.character("q"), modifiers: .control)
        #expect(host.requests.isEmpty, "Ctrl+Q no longer bound")
        w.key(.character("w"), modifiers: [.control, .shift])
        #expect(host.requests.isEmpty, "Ctrl+Shift+W is another shortcut")
        w.key(.character("w"), modifiers: .control)
        #expect(host.requests == [.close])
        #expect(KeyShortcut(.character("m"), modifiers: [.control, .shift]).description == "Ctrl+Shift+M")
        #expect(KeyShortcut(.function(11)).description == "F11")
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
}
