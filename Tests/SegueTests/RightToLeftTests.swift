import Canvas
import Geometry
import Motion
import Segue
import SegueTesting
import Testing

/// Right to left on the offscreen host (issue 22): what UIKit does with
/// `userInterfaceLayoutDirection == .rightToLeft` and libadwaita's navigation view in RTL —
/// Back at the right, pushes entering from the left, the interactive pop from the right edge
/// following a leftward drag, Alt+Right popping, tabs in reverse order with the swipe reversed.
/// The same progress and commit rules as left to right, mirrored.
@MainActor
@Suite("Right to left")
struct RightToLeftTests {
    /// The navigation fixture with its window right to left.
    private func rtlDemo() -> NavigationFixture {
        let demo = NavigationFixture()
        demo.host.window.settings.traits.layoutDirection = .rightToLeft
        demo.host.frames(1)
        return demo
    }

    @Test func theTraitAndAForcedAttributeDecideEachViewsDirection() {
        let demo = NavigationFixture()
        #expect(demo.navigation.view.effectiveUserInterfaceLayoutDirection == .leftToRight)
        demo.host.window.settings.traits.layoutDirection = .rightToLeft
        #expect(demo.navigation.containerView.effectiveUserInterfaceLayoutDirection == .rightToLeft)
        #expect(demo.host.window.effectiveUserInterfaceLayoutDirection == .rightToLeft)
        // A view forcing left to right keeps it, for the views below it too.
        demo.navigation.navigationBar.semanticContentAttribute = .forceLeftToRight
        #expect(demo.navigation.navigationBar.backButton.effectiveUserInterfaceLayoutDirection == .leftToRight)
        #expect(demo.navigation.containerView.effectiveUserInterfaceLayoutDirection == .rightToLeft)
        // The window's own attribute wins over the desktop's trait.
        demo.host.window.semanticContentAttribute = .forceLeftToRight
        #expect(demo.navigation.containerView.effectiveUserInterfaceLayoutDirection == .leftToRight)
    }

    @Test func backSitsAtTheRightEndOfTheBar() throws {
        let demo = rtlDemo()
        demo.pushByTappingRow(0)
        let back = demo.navigation.navigationBar.backButton
        let bar = demo.navigation.navigationBar.bounds
        // Left to right Back spans x 4…100; mirrored, it spans width − 100 … width − 4.
        #expect(back.frame == Rect(x: bar.width - 100, y: 6, width: 96, height: bar.height - 13))
        #expect(!back.isHidden)
        // Its title starts with a right-to-left mark, so "‹" shows mirrored, pointing right.
        #expect(back.titleLabel.text.hasPrefix("\u{200F}‹"))
    }

    @Test func aClickedPushEntersFromTheLeft() throws {
        let demo = rtlDemo()
        demo.host.click(at: demo.rowPoint(0))
        demo.host.runFrames(seconds: 0.25)   // half of the 0.5 s slide
        let detail = try #require(demo.navigation.activeTransition?.toViewController)
        // Mid-way the new page is to the left of its place, the list moves out to the right.
        #expect(detail.view.transform.tx < -1, "the pushed page's tx is \(detail.view.transform.tx)")
        #expect(demo.list.view.transform.tx > 1, "the list's tx is \(demo.list.view.transform.tx)")
        #expect(abs(detail.view.transform.tx - (demo.list.view.transform.tx - demo.width)) <= 0.5,
                "the pages stay edge to edge")
        demo.host.runFrames()
        #expect(demo.navigation.viewControllers.count == 2)
        #expect(detail.view.transform == .identity)
    }

    @Test func theInteractivePopStartsAtTheRightEdgeAndFollowsALeftwardDrag() throws {
        let demo = rtlDemo()
        let detail = try #require(demo.pushByTappingRow(0))
        demo.host.clearTrace()
        let w = demo.width
        // A press at the left edge does nothing now.
        demo.host.drag(from: Point(x: 5, y: 160), to: Point(x: 0.4 * w, y: 160))
        #expect(demo.navigation.activeTransition == nil, "the left edge must not pop right to left")
        demo.host.release()
        demo.host.runFrames()

        // From the right edge, 40 % of the width to the left: the page is 40 % to the left.
        demo.host.drag(from: Point(x: w - 5, y: 160), to: Point(x: w - 5 - 0.4 * w, y: 160))
        #expect(demo.navigation.activeTransition?.isInteractive == true)
        #expect(abs(detail.view.transform.tx - -0.4 * w) <= 0.5 + 0.0125 * w, "detail tx \(detail.view.transform.tx)")
        #expect(abs(demo.list.view.transform.tx - 0.6 * w) <= 0.5 + 0.0125 * w, "list tx \(demo.list.view.transform.tx)")
        let update = try #require(demo.host.trace.last { $0.event == .update })
        #expect(abs(update.progress - 0.4) < 0.02, "progress \(update.progress)")

        // On to 70 % and released: the pop finishes (the same > 0.5 rule as left to right).
        demo.host.moveLinearly(to: Point(x: w - 5 - 0.7 * w, y: 160), steps: 4)
        demo.host.hold(for: 0.06)
        demo.host.release()
        demo.host.runFrames()
        #expect(demo.navigation.viewControllers.count == 1)
        #expect(demo.host.traceEvents == [.begin, .update, .finish, .complete] || demo.host.trace.contains { $0.event == .finish })
    }

    @Test func altRightPopsAndAltLeftDoesNot() throws {
        let demo = rtlDemo()
        demo.pushByTappingRow(0)
        demo.host.key(.left, modifiers: [.alt])
        demo.host.runFrames()
        #expect(demo.navigation.viewControllers.count == 2, "Alt+Left must not pop right to left")
        demo.host.key(.right, modifiers: [.alt])
        demo.host.runFrames()
        #expect(demo.navigation.viewControllers.count == 1, "Alt+Right pops right to left")
    }

    @Test func thePointersBackButtonPopsInBothDirections() throws {
        for direction in [UserInterfaceLayoutDirection.leftToRight, .rightToLeft] {
            let demo = NavigationFixture()
            demo.host.window.settings.traits.layoutDirection = direction
            demo.pushByTappingRow(0)
            demo.host.press(at: Point(x: 200, y: 160), button: .back)
            demo.host.release(button: .back)
            demo.host.runFrames()
            #expect(demo.navigation.viewControllers.count == 1, "the back button pops \(direction)")
        }
    }

    @Test func tabsRunFromTheRightAndADragToTheRightGoesToTheNextTab() throws {
        let pages = (0..<3).map { LoggingPage("T\($0)") }
        let tabs = TabBarController(viewControllers: pages)
        let host = OffscreenWindow(root: tabs, size: Size(width: 300, height: 300))
        host.window.settings.traits.layoutDirection = .rightToLeft
        host.frames(1)
        // The first tab's button at the right end, the last at the left.
        #expect(tabs.buttons[0].frame.minX == 200)
        #expect(tabs.buttons[2].frame.minX == 0)

        // A drag to the right heads for tab 1; held at 40 % the new page is 40 % in from the left.
        host.drag(from: Point(x: 60, y: 120), to: Point(x: 180, y: 120))
        #expect(tabs.activeTransition != nil)
        #expect(tabs.selectedIndex == 1)
        #expect(abs(pages[1].view.transform.tx - -180) <= 1, "the next tab's tx is \(pages[1].view.transform.tx)")
        host.moveLinearly(to: Point(x: 240, y: 120), steps: 4)
        host.hold(for: 0.06)
        host.release()
        host.runFrames()
        #expect(tabs.selectedIndex == 1)
        #expect(tabs.activeTransition == nil)
    }

    @Test func theHeaderBarsWindowButtonsMoveToTheLeft() {
        let demo = NavigationFixture()
        let window = demo.host.window
        window.decorations = .clientSide
        demo.host.frames(1)
        let bar = window.headerBar
        let ltr = bar.actions.compactMap { bar.buttonFrame($0) }
        window.settings.traits.layoutDirection = .rightToLeft
        demo.host.frames(1)
        let rtl = bar.actions.compactMap { bar.buttonFrame($0) }
        #expect(!ltr.isEmpty && ltr.count == rtl.count)
        for (l, r) in zip(ltr, rtl) {
            #expect(abs(r.minX - (bar.bounds.width - l.maxX)) < 0.5, "\(r) does not mirror \(l)")
        }
    }

    @Test func aRightToLeftLayoutDrawsTheMirrorImageOfTheBarsBackButton() {
        // The same bar at the same size, drawn both ways: the Back button's ink moves to the right.
        let demo = NavigationFixture()
        demo.pushByTappingRow(0)
        let ltr = demo.host.render()
        demo.host.window.settings.traits.layoutDirection = .rightToLeft
        demo.host.frames(1)
        let rtl = demo.host.render()
        func inkColumns(_ surface: Surface) -> [Int] {
            (0..<Int(demo.width)).filter { x in (10..<40).contains { y in surface.pixel(x: x, y: y).red < 0.5 } }
        }
        let left = inkColumns(ltr), right = inkColumns(rtl)
        #expect(left.contains { $0 < 100 } && !left.contains { $0 > Int(demo.width) - 100 }, "left to right, Back is at the left")
        #expect(right.contains { $0 > Int(demo.width) - 100 } && !right.contains { $0 < 100 }, "right to left, Back is at the right")
    }

    @Test func tabVisitsARowFromTheRight() {
        let pages = (0..<3).map { LoggingPage("T\($0)") }
        let tabs = TabBarController(viewControllers: pages)
        let host = OffscreenWindow(root: tabs, size: Size(width: 300, height: 300))
        host.window.settings.traits.layoutDirection = .rightToLeft
        host.frames(1)
        // The tab buttons share a row: reading order right to left is the first tab (at the right) first.
        let order = host.window.focusableControls.compactMap { control in tabs.buttons.firstIndex { $0 === control } }
        #expect(order == [0, 1, 2], "tab buttons in Tab order: \(order)")
    }

    /// The tab swipe's commit rule is the toolkit's default (the flick projected), unchanged and
    /// mirrored: a short quick drag to the right switches to the next tab, as a drag to the
    /// left does left to right.
    @Test func aShortFlickToTheRightSwitchesToTheNextTab() {
        let pages = (0..<3).map { LoggingPage("T\($0)") }
        let tabs = TabBarController(viewControllers: pages)
        let host = OffscreenWindow(root: tabs, size: Size(width: 300, height: 300))
        host.window.settings.traits.layoutDirection = .rightToLeft
        host.frames(1)
        host.drag(from: Point(x: 100, y: 120), to: Point(x: 150, y: 120), steps: 3, duration: 0.05)
        host.release()
        host.runFrames()
        #expect(tabs.selectedIndex == 1, "a flick to the right goes to the next tab right to left")
        // Held still at the same small distance, it goes back.
        host.drag(from: Point(x: 100, y: 120), to: Point(x: 150, y: 120))
        host.hold(for: 0.1)
        host.release()
        host.runFrames()
        #expect(tabs.selectedIndex == 1, "a slow short drag cancels")
    }

    /// A left-aligned label lines its text up with the leading edge: right to left, the right
    /// one, whatever the text's script (English here; GTK mirrors a label's alignment so).
    @Test func aLeftAlignedLabelSitsAtTheRightRightToLeft() {
        final class Page: ViewController {
            override func loadView() {
                let view = View()
                view.backgroundColor = .white
                let label = Label(text: "Inbox", font: Font(size: 20), color: .black)
                label.frame = Rect(x: 0, y: 100, width: 300, height: 30)
                view.addSubview(label)
                setView(view)
            }
        }
        let host = OffscreenWindow(root: Page(), size: Size(width: 300, height: 300))
        func inkColumns() -> [Int] {
            let shot = host.render()
            return (0..<300).filter { x in (100..<130).contains { y in shot.pixel(x: x, y: y).red < 0.5 } }
        }
        let ltr = inkColumns()
        #expect(!ltr.isEmpty && ltr.allSatisfy { $0 < 100 }, "left to right the text is at the left: \(ltr.first ?? -1)…\(ltr.last ?? -1)")
        host.window.settings.traits.layoutDirection = .rightToLeft
        host.frames(1)
        let rtl = inkColumns()
        #expect(!rtl.isEmpty && rtl.allSatisfy { $0 > 200 }, "right to left the text is at the right: \(rtl.first ?? -1)…\(rtl.last ?? -1)")
    }
}
