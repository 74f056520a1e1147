import Geometry
import Motion
import Segue
import SegueTesting
import Testing

/// A page with a button that presents a sheet with a button of its own.
@MainActor
private final class OpenerPage: ViewController {
    let open = Button(title: "Open sheet")
    let sheet = ViewController(title: "Sheet")
    let done = Button(title: "Done")

    override func loadView() {
        let view = LayoutView { [open] _ in open.frame = Rect(x: 20, y: 20, width: 160, height: 40) }
        view.addSubview(open)
        setView(view)
    }

    override func viewDidLoad() {
        open.onTap = { [weak self] in
            guard let self else { return }
            self.present(self.sheet)
        }
        sheet.view.addSubview(done)
        done.frame = Rect(x: 20, y: 120, width: 100, height: 40)
    }
}

/// The window's accessible tree offscreen, in UIKit's terms (labels, traits, elements) and
/// GTK 4's shape for the same widgets: the window holds the navigation bar's title as a
/// heading, a scroll pane of buttons, Back named "Back" once a page is pushed, a tab bar as a
/// page tab list of page tabs (the current one selected), a presentation as a modal dialog that
/// hides what it covers. Names expected are the fixtures' visible strings.
@MainActor
@Suite("Accessible tree")
struct AccessibilityTreeTests {
    /// Names the fixture's rows after their titles, as an app names what it draws itself.
    private func nameRows(_ demo: NavigationFixture) {
        for (row, item) in zip(demo.list.scrollView.contentView.subviews, RowItem.samples) {
            row.accessibilityLabel = item.title
            row.accessibilityHint = item.subtitle
        }
    }

    private func labels(_ node: AccessibilityNode) -> [String] { node.allNodes.map(\.label) }

    @Test func theRootPageIsAHeadingAndAScrollPaneOfButtonsWithNoBack() throws {
        let demo = NavigationFixture()
        demo.host.window.title = "Rows"
        nameRows(demo)
        let tree = demo.host.window.accessibilityTree()
        #expect(tree.role == .window && tree.label == "Rows")
        let heading = try #require(tree.nodes(withRole: .heading).first)
        #expect(heading.label == "Navigation" && heading.traits.contains(.header))
        let pane = try #require(tree.nodes(withRole: .scrollPane).first)
        #expect(pane.children.map(\.label) == RowItem.samples.map(\.title))
        #expect(pane.children.allSatisfy { $0.role == .button && $0.isActionable && $0.isFocusable })
        #expect(pane.children.first?.hint == RowItem.samples[0].subtitle)
        #expect(tree.first(named: "Back") == nil, "Back is hidden on the root page")
        // The window is 300 px tall: rows below it are in the tree but not showing.
        // (52 px bar, 56 px rows: the fifth starts at 276, the sixth at 332.)
        #expect(pane.children.map(\.isShowing) == [true, true, true, true, true] + Array(repeating: false, count: pane.children.count - 5))
    }

    @Test func aTabBarIsAPageTabListWithTheCurrentTabSelected() throws {
        let tabs = TabBarController(viewControllers: [ViewController(title: "One"), ViewController(title: "Two"),
                                                      ViewController(title: "Three")])
        let host = OffscreenWindow(root: tabs, size: Size(width: 400, height: 300))
        let list = try #require(host.window.accessibilityTree().nodes(withRole: .pageTabList).first)
        #expect(list.children.map(\.role) == [.pageTab, .pageTab, .pageTab])
        #expect(list.children.map(\.label) == ["One", "Two", "Three"])
        #expect(list.children.map(\.isSelected) == [true, false, false])
        // Activating a tab switches to it, as a click does.
        #expect(list.children[2].activate())
        host.runFrames()
        let after = try #require(host.window.accessibilityTree().nodes(withRole: .pageTabList).first)
        #expect(after.children.map(\.isSelected) == [false, false, true])
    }

    @Test func theTopTabBarIsAPageTabListToo() throws {
        let tabs = TopTabBarController(viewControllers: [ViewController(title: "Left"), ViewController(title: "Right")])
        let host = OffscreenWindow(root: tabs, size: Size(width: 400, height: 300))
        let list = try #require(host.window.accessibilityTree().nodes(withRole: .pageTabList).first)
        #expect(list.children.map(\.label) == ["Left", "Right"])
        #expect(list.children.map(\.role) == [.pageTab, .pageTab])
        #expect(list.children.map(\.isSelected) == [true, false])
    }

    @Test func duringAPushTheTreeIsTheOldPageAndTheNewOneAppearsAtCompletion() throws {
        let demo = NavigationFixture()
        nameRows(demo)
        let before = demo.host.window.accessibilityTree()
        let slide = try #require(before.first(named: "Slide"))
        #expect(slide.activate(), "a row's action clicks it")
        demo.host.frames(5)
        #expect(demo.navigation.activeTransition != nil, "the push runs")
        #expect(labels(demo.host.window.accessibilityTree()) == labels(before), "mid-push: the page the model still shows")
        demo.host.runFrames()
        let after = demo.host.window.accessibilityTree()
        let back = try #require(after.first(named: "Back"), "Back is named Back, not its title")
        #expect(back.role == .button && back.isActionable)
        #expect(after.nodes(withRole: .heading).map(\.label) == ["Slide"])
        #expect(after.nodes(withRole: .scrollPane).isEmpty, "the rows left the tree")
    }

    @Test func aCancelledInteractivePopLeavesTheTreeExactlyAsItWas() throws {
        let demo = NavigationFixture()
        nameRows(demo)
        demo.pushByTappingRow(0)
        let before = demo.host.window.accessibilityTree()
        demo.host.drag(from: demo.edgePoint(), to: Point(x: 0.4 * demo.width, y: 160))
        #expect(labels(demo.host.window.accessibilityTree()) == labels(before), "mid-drag: unchanged")
        demo.host.hold(for: 0.06)
        demo.host.release()
        demo.host.runFrames()
        let after = demo.host.window.accessibilityTree()
        #expect(after.allNodes.map(\.id) == before.allNodes.map(\.id))
        #expect(labels(after) == labels(before))
        #expect(after.allNodes.map(\.isShowing) == before.allNodes.map(\.isShowing))
    }

    @Test func aPresentationIsAModalDialogHidingWhatItCoversAndFocusComesBackToItsOpener() throws {
        let page = OpenerPage(title: "Home")
        let host = OffscreenWindow(root: page, size: Size(width: 400, height: 300))
        host.window.isAccessibilityActive = true
        var notifications: [AccessibilityNotification] = []
        host.window.addAccessibilityObserver { notifications.append($0) }
        host.window.focus(page.open)
        host.key(.enter)
        host.runFrames()
        let covered = host.window.accessibilityTree()
        let dialog = try #require(covered.children.first { $0.role == .dialog })
        #expect(dialog.label == "Sheet" && dialog.isModal)
        #expect(dialog.children.map(\.label) == ["Done"])
        #expect(covered.first(named: "Open sheet") == nil, "what the sheet covers is hidden")
        #expect(host.window.focusedControl === page.done, "focus moved to the sheet's first element")
        #expect(covered.first(named: "Done")?.isFocused == true)
        page.sheet.dismiss()
        host.runFrames()
        #expect(host.window.focusedControl === page.open, "focus is back on the opener")
        #expect(host.window.accessibilityTree().first(named: "Open sheet")?.isFocused == true)
        #expect(notifications == [.screenChanged, .screenChanged], "one screen change per completed transition")
    }

    @Test func aCustomPresentationThatKeepsThePresenterOnScreenStillHidesItFromTheTree() throws {
        let page = OpenerPage(title: "Home")
        let host = OffscreenWindow(root: page, size: Size(width: 400, height: 300))
        let delegate = HalfDelegate()
        page.sheet.modalPresentationStyle = .custom
        page.sheet.transitioningDelegate = delegate
        page.present(page.sheet)
        host.runFrames()
        #expect(!page.view.isHidden, "the presenter stays on screen under the panel")
        let tree = host.window.accessibilityTree()
        #expect(tree.children.map(\.role) == [.dialog])
        #expect(tree.first(named: "Open sheet") == nil, "what the panel covers is hidden from the tree")
        #expect(tree.first(named: "Done") != nil)
    }

    @Test func withoutAssistiveTechnologyFocusStaysWhereItWasAfterAPush() throws {
        let demo = NavigationFixture()
        demo.pushByTappingRow(0)
        #expect(demo.host.window.focusedControl == nil, "keyboard focus starts nowhere, as before")
        demo.host.window.isAccessibilityActive = true
        demo.host.click(at: NavigationFixture.backButtonPoint)
        demo.host.runFrames()
        demo.host.runFrames(seconds: 0.1)
        let first = demo.list.scrollView.contentView.subviews.first
        #expect(demo.host.window.focusedControl === first, "with a screen reader, the new page's first element")
    }

    @Test func appSetPropertiesOverrideTheDefaults() throws {
        let button = Button(title: "‹ Go")
        #expect(button.isAccessibilityElement && button.accessibilityLabel == "‹ Go" && button.accessibilityTraits == .button)
        #expect(button.accessibilityRole == .button)
        button.accessibilityLabel = "Go back"
        button.accessibilityTraits = [.button, .selected]
        #expect(button.accessibilityLabel == "Go back" && button.accessibilityTraits.contains(.selected))
        let label = Label(text: "Hello")
        #expect(label.isAccessibilityElement && label.accessibilityRole == .label)
        #expect(!Label(text: "").isAccessibilityElement, "an empty label is not read")
        let picture = View()
        #expect(!picture.isAccessibilityElement && picture.accessibilityRole == .none)
        picture.isAccessibilityElement = true
        picture.accessibilityTraits = .image
        #expect(picture.accessibilityRole == .image)
        picture.accessibilityRole = .group
        #expect(picture.accessibilityRole == .group)
        let scroll = ScrollView { $0.size }
        #expect(scroll.accessibilityRole == .scrollPane && !scroll.isAccessibilityElement)
    }

    @Test func hiddenSubtreesAndHiddenViewsAreLeftOut() throws {
        let demo = NavigationFixture()
        nameRows(demo)
        demo.list.scrollView.contentView.subviews[1].isHidden = true
        demo.list.scrollView.contentView.subviews[2].accessibilityElementsHidden = true
        let pane = try #require(demo.host.window.accessibilityTree().nodes(withRole: .scrollPane).first)
        #expect(!pane.children.map(\.label).contains("Scale and fade"))
        #expect(!pane.children.map(\.label).contains("Pixelate dissolve"))
        #expect(pane.children.first?.label == "Slide")
    }
}
