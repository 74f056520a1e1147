import Geometry
import Canvas
import Motion
import Segue
import SegueTesting
import Testing

/// Keyboard focus offscreen in a list of rows: Tab order, wrap, Shift+Tab, Enter and Space as
/// clicks, focus dropped when its control leaves and on a press, keys mid-transition. (The ring
/// and the controllers' chords in the demo's root: DemosTests' DemoKeyboardFocusTests.)
@MainActor
@Suite("Keyboard focus")
struct KeyboardFocusTests {
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

    // MARK: order

    @Test func tabVisitsTheListRowsInReadingOrderFromNowhere() {
        let fixture = NavigationFixture()
        let host = fixture.host
        #expect(host.window.focusedControl == nil, "focus starts nowhere")
        #expect(host.window.focusRing.isHidden)
        // Back is hidden on the root page: the five rows, top to bottom (the last one half shown).
        let expected = (0..<5).map { Rect(x: 0, y: NavigationBar.height + RowListPage.rowHeight * Double($0), width: 400, height: 56) }
        #expect(Self.rects(host) == expected)
        for index in 0..<5 {
            Self.tab(host)
            #expect(Self.focusedRect(host) == expected[index], "Tab \(index + 1)")
        }
    }

    @Test func tabWrapsAndShiftTabGoesBack() {
        let host = NavigationFixture().host
        let rows = Self.rects(host)
        Self.tab(host, shift: true)
        #expect(Self.focusedRect(host) == rows.last, "Shift+Tab from nowhere starts at the end")
        Self.tab(host)
        #expect(Self.focusedRect(host) == rows.first, "Tab past the last wraps to the first")
        Self.tab(host, shift: true)
        #expect(Self.focusedRect(host) == rows.last, "Shift+Tab before the first wraps to the last")
        Self.tab(host, 2, shift: true)
        #expect(Self.focusedRect(host) == rows[2])
        // Down and Up step without wrapping.
        host.key(.down); host.key(.down); host.key(.down)
        #expect(Self.focusedRect(host) == rows[4])
        host.key(.up)
        #expect(Self.focusedRect(host) == rows[3])
    }

    // MARK: activation

    @Test func enterPushesTheFocusedRowAndFocusLeavesWithIt() throws {
        let fixture = NavigationFixture()
        let host = fixture.host
        Self.tab(host, 2)
        host.key(.enter)
        #expect(fixture.navigation.activeTransition != nil, "Enter clicks the focused row")
        #expect(fixture.list.view.subviews.allSatisfy { !(($0 as? Control)?.isHighlighted ?? false) }, "no highlight left on")
        host.runFrames()
        #expect(fixture.navigation.viewControllers.count == 2)
        #expect(fixture.navigation.topViewController?.title == RowItem.samples[1].title)
        #expect(host.window.focusedControl == nil, "the focused row left the window with its page")
        _ = host.render()
        #expect(host.window.focusRing.isHidden)
        #expect(host.completions.map(\.kind) == [.push])

        // On the pushed page Tab reaches Back; Space clicks it.
        Self.tab(host)
        #expect(host.window.focusedControl === fixture.navigation.navigationBar.backButton)
        host.key(.space)
        host.runFrames()
        #expect(fixture.navigation.viewControllers.count == 1)
        #expect(host.window.focusedControl == nil)
    }

    @Test func aPressDropsFocus() {
        let fixture = NavigationFixture()
        let host = fixture.host
        Self.tab(host)
        #expect(host.window.focusedControl != nil)
        // A click on the bar's title, not on a control.
        host.click(at: Point(x: 200, y: 20))
        #expect(host.window.focusedControl == nil)
        _ = host.render()
        #expect(host.window.focusRing.isHidden)
        // Enter with nothing focused does nothing.
        host.key(.enter)
        #expect(fixture.navigation.activeTransition == nil)
    }

    // MARK: mid-transition

    @Test func keysDuringATransitionAreHarmless() {
        let fixture = NavigationFixture()
        let host = fixture.host
        Self.tab(host)
        let focused = host.window.focusedControl
        host.key(.enter)
        host.frames(3)
        _ = host.render()
        #expect(host.window.focusRing.isHidden, "no ring while the pages move")
        for key in [Key.tab, .enter, .space, .down, .up] { host.key(key) }
        host.key(.tab, modifiers: [.shift])
        host.key(.tab, modifiers: [.control])
        #expect(host.window.focusedControl === focused, "focus does not move mid-transition")
        host.runFrames()
        #expect(host.completions.map(\.kind) == [.push])
        #expect(host.completions.allSatisfy { $0.completed == true })
        #expect(fixture.navigation.viewControllers.count == 2)
        #expect(!host.window.wantsFrames)
    }
}
