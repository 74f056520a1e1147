import Geometry
import Canvas
import Demos
import Motion
import Segue
import SegueTesting
import Testing

/// Keyboard focus in the demo's root (tab bar of four) at 800×600: the reading order across
/// its tabs and the modal page, the ring on light and dark bars, and the controllers' own
/// chords (Ctrl+Tab, Alt+Left, Esc) beside Tab and Enter.
@MainActor
@Suite("Keyboard focus in the demo")
struct DemoKeyboardFocusTests {
    /// The window rectangles of the controls Tab visits.
    static func rects(_ host: OffscreenWindow) -> [Rect] {
        host.window.focusableControls.map { $0.convert($0.bounds, to: nil) }
    }

    static func focusedRect(_ host: OffscreenWindow) -> Rect? {
        host.window.focusedControl.map { $0.convert($0.bounds, to: nil) }
    }

    static func tab(_ host: OffscreenWindow, _ count: Int = 1, shift: Bool = false) {
        for _ in 0..<count { host.key(.tab, modifiers: shift ? [.shift] : []) }
    }

    /// The demo app (tab bar of four) at 800×600.
    static func demo() -> (host: OffscreenWindow, tabs: TabBarController) {
        let tabs = DemoApp.makeRoot() as! TabBarController
        return (OffscreenWindow(root: tabs, size: Size(width: 800, height: 600)), tabs)
    }

    @Test func readingOrderOnTheDemoRootAndTheModalPage() {
        let (host, tabs) = Self.demo()
        let rects = Self.rects(host)
        // The rows the list shows (nine of its twelve: 52 + 9 × 56 reaches past the bar at
        // 540, the ninth half shown), then the four tab buttons left to right.
        #expect(rects.count == 13)
        #expect(rects.prefix(9).map(\.minY) == [52, 108, 164, 220, 276, 332, 388, 444, 500])
        #expect(rects.suffix(4).map(\.minX) == [0, 200, 400, 600])
        #expect(rects.suffix(4).allSatisfy { $0.minY == 540 })

        tabs.select(1, animated: false)
        host.layout()
        // Sheet, Overlay, then card and icon on one line (left first), then the tab bar.
        let modal = Self.rects(host)
        #expect(Array(modal.prefix(4)) == [Rect(x: 24, y: 64, width: 420, height: 48), Rect(x: 24, y: 128, width: 420, height: 48),
                                          ModalPage.cardFrame, ModalPage.iconFrame])
        #expect(modal.count == 8)

        // The bar's layout button, then the gallery's cells, row by row.
        tabs.select(2, animated: false)
        host.layout()
        let cells = Self.rects(host).dropLast(4).dropFirst()
        let galleryControls = host.window.focusableControls.dropLast(4)
        #expect(galleryControls.first === (tabs.viewControllers[2] as? GalleryNavigationController)?.gallery.layoutButton)
        #expect(galleryControls.dropFirst().allSatisfy { $0 is ImageCell })
        let expectedCells = (0..<4).map { GalleryPage.cellFrame($0, width: 800).offsetBy(dx: 0, dy: NavigationBar.height) }
        // The cells sit in the grid's scroll view: converting through it may round in the last bit.
        #expect(zip(cells.prefix(4), expectedCells).allSatisfy { a, b in
            max(abs(a.minX - b.minX), abs(a.minY - b.minY), abs(a.width - b.width), abs(a.height - b.height)) < 1e-9
        }, "\(Array(cells.prefix(4))) vs \(expectedCells)")

        // The container's top tabs come before the bottom bar's.
        tabs.select(3, animated: false)
        host.layout()
        let container = Self.rects(host)
        #expect(container.count == 7)
        #expect(container.prefix(3).allSatisfy { $0.minY == 0 && $0.height == TopTabBarController.barHeight })
    }

    @Test func theRingOutlinesTheFocusedControlWithCorrectDamage() throws {
        let (host, tabs) = Self.demo()
        tabs.select(1, animated: false)
        host.layout()
        let surface = Surface(width: 800, height: 600)
        let canvas = Canvas(surface: surface)
        host.window.render(into: canvas)

        Self.tab(host)
        let button = Rect(x: 24, y: 64, width: 420, height: 48)
        #expect(Self.focusedRect(host) == button)
        let ring = host.window.focusRing
        let damage = try #require(host.window.render(into: canvas, fullRedraw: false))
        #expect(!ring.isHidden)
        #expect(ring.frame == button.insetBy(dx: -3, dy: -3), "3 px outside the control")
        #expect(ring.frame == FocusRingView.frame(around: button, in: Rect(x: 0, y: 0, width: 800, height: 600)))
        #expect(ring.cornerRadius == 12 + 3, "concentric with the button's corners")
        #expect(ring.color == FocusRingView.accent)
        #expect(damage.minX <= ring.frame.minX && damage.maxX >= ring.frame.maxX
                && damage.minY <= ring.frame.minY && damage.maxY >= ring.frame.maxY)
        #expect(damage.width * damage.height < 800 * 600 / 4, "only the ring's rectangle is repainted")
        // The 2 px line at the ring's left edge, a 1 px gap of page between it and the button.
        #expect(Surface.channelDistance(surface.pixel(x: 21, y: 88), FocusRingView.accent) <= 3)
        #expect(Surface.channelDistance(surface.pixel(x: 22, y: 88), FocusRingView.accent) <= 3)
        #expect(Surface.channelDistance(surface.pixel(x: 23, y: 88), ModalPage.background) <= 3)
        #expect(Surface.channelDistance(surface.pixel(x: 300, y: 62), FocusRingView.accent) <= 3)

        // Move on: the incremental frame equals a full render (old ring erased, new one drawn).
        Self.tab(host)
        host.window.render(into: canvas, fullRedraw: false)
        let full = host.render()
        #expect(ModalScenesTests.differingPixels(surface, full) == 0)
        #expect(Surface.channelDistance(surface.pixel(x: 22, y: 88), ModalPage.background) <= 3, "the old ring is gone")

        // Idle: no damage, no frames wanted.
        #expect(host.window.render(into: canvas, fullRedraw: false) == nil)
        #expect(!host.window.wantsFrames)
    }

    @Test func theRingIsWhiteOnTheContainersDarkBarAndKeptInsideTheWindow() {
        let (host, tabs) = Self.demo()
        tabs.select(3, animated: false)
        host.layout()
        Self.tab(host)
        _ = host.render()
        let ring = host.window.focusRing
        let tab = Self.focusedRect(host)!
        #expect(tab.minX == 0 && tab.minY == 0)
        #expect(ring.color == FocusRingView.onDark)
        #expect(ring.frame == Rect(x: 0, y: 0, width: tab.width + 3, height: tab.height + 3), "clipped to the window")
        // The bottom bar is light: the accent again.
        Self.tab(host, 3)
        _ = host.render()
        #expect(ring.color == FocusRingView.accent)
        #expect(ring.frame.maxY == 600)
    }

    @Test func controlTabStillSwitchesTabsAndAltLeftAndEscStillWork() {
        let (host, tabs) = Self.demo()
        Self.tab(host)
        host.key(.tab, modifiers: [.control])
        host.runFrames()
        #expect(tabs.selectedIndex == 1, "Ctrl+Tab switches tabs, not focus")
        #expect(host.window.focusedControl == nil, "the focused row left with its tab")
        host.key(.tab, modifiers: [.control, .shift])
        host.runFrames()
        #expect(tabs.selectedIndex == 0)

        let navigation = tabs.viewControllers[0] as! NavigationController
        Self.tab(host)
        host.key(.enter)
        host.runFrames()
        #expect(navigation.viewControllers.count == 2)
        host.key(.left, modifiers: [.alt])
        host.runFrames()
        #expect(navigation.viewControllers.count == 1)

        tabs.select(1, animated: false)
        host.layout()
        Self.tab(host)
        host.key(.enter)
        host.runFrames()
        #expect(tabs.presentedViewController != nil)
        host.key(.escape)
        host.runFrames()
        #expect(tabs.presentedViewController == nil)
    }

    @Test func aModalOpenedAndClosedByKeyboardGivesFocusBack() throws {
        let (host, tabs) = Self.demo()
        tabs.select(1, animated: false)
        host.layout()
        Self.tab(host)
        let sheetButton = try #require(host.window.focusedControl)
        host.key(.enter)
        host.runFrames()
        let sheet = try #require(tabs.presentedViewController)
        #expect(host.window.focusedControl == nil, "the covered button loses focus")
        // Only the sheet's controls: its Close button.
        #expect(host.window.focusableControls.count == 1)
        Self.tab(host)
        let close = try #require(host.window.focusedControl)
        #expect(close.isDescendant(of: sheet.view))
        _ = host.render()
        #expect(host.window.focusRing.color == FocusRingView.onDark, "white on the sheet's dark colour")
        host.key(.space)
        host.runFrames()
        #expect(tabs.presentedViewController == nil)
        _ = host.render()
        #expect(host.window.focusedControl === sheetButton, "focus returns to the button that opened the sheet")
        #expect(!host.window.focusRing.isHidden)

        // The overlay: Tab reaches its Close button only, Enter closes it.
        Self.tab(host)
        host.key(.enter)
        host.runFrames()
        #expect(tabs.presentedViewController is OverlayPanelPage)
        Self.tab(host)
        #expect(host.window.focusableControls.count == 1)
        host.key(.enter)
        host.runFrames()
        #expect(tabs.presentedViewController == nil)
        #expect(host.completions.map(\.kind) == [.present, .dismiss, .present, .dismiss])
    }
}
