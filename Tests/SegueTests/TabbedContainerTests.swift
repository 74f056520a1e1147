import Geometry
import Canvas
import Motion
import Segue
import SegueTesting
import Testing

/// Logs appearance callbacks of a page, for order checks.
@MainActor
final class LoggingPage: ViewController {
    var log: [String] = []
    private let backgroundColor: Color

    init(_ name: String, color: Color = .white) {
        backgroundColor = color
        super.init(title: name)
        tabBarItem = TabBarItem(title: name, icon: .none)
    }

    override func loadView() {
        let view = View()
        view.backgroundColor = backgroundColor
        setView(view)
    }

    override func viewWillAppear(_ animated: Bool) { log.append("\(title).willAppear") }
    override func viewDidAppear(_ animated: Bool) { log.append("\(title).didAppear") }
    override func viewWillDisappear(_ animated: Bool) { log.append("\(title).willDisappear") }
    override func viewDidDisappear(_ animated: Bool) { log.append("\(title).didDisappear") }
}

@MainActor
final class SlideTabs: TabBarControllerDelegate {
    func tabBarController(_ tabBarController: TabBarController, animationControllerForTransitionFrom from: ViewController,
                          to: ViewController) -> AnimatedTransitioning? {
        let a = tabBarController.viewControllers.firstIndex { $0 === from }!, b = tabBarController.viewControllers.firstIndex { $0 === to }!
        return SlideAnimator(direction: b > a ? .left : .right)
    }
}

/// Tab bar and custom container offscreen: clicks, swipes held and released both ways, the
/// colours' OKLab blend at every frame, the prior index restored on cancel, interrupting a
/// settle, one completion each.
@MainActor
@Suite("Tab bar and custom container")
struct TabbedContainerTests {
    let delegate = SlideTabs()

    private func tabs(_ count: Int = 3) -> (OffscreenWindow, TabBarController, [LoggingPage]) {
        let pages = (0..<count).map { LoggingPage("P\($0)", color: Color(hex: [0xFF0000, 0x00FF00, 0x0000FF][$0 % 3])) }
        let controller = TabBarController(viewControllers: pages)
        controller.delegate = delegate
        let host = OffscreenWindow(root: controller, size: Size(width: 400, height: 300))
        return (host, controller, pages)
    }

    @Test func clickingATabSlidesInTheIndexDirectionAndAppearsInOrder() {
        let (host, tabs, pages) = tabs()
        pages[0].log.removeAll()
        host.click(at: Point(x: 333, y: 280)) // third tab
        #expect(tabs.selectedIndex == 2, "the index changes when the transition starts")
        host.frames(16)
        let incoming = pages[2].view
        #expect(incoming.transform.tx > 0 && incoming.transform.tx < 400, "slides in from the right")
        host.runFrames()
        #expect(tabs.containerView.subviews.map(ObjectIdentifier.init) == [ObjectIdentifier(pages[2].view)])
        #expect(pages[0].log == ["P0.willDisappear", "P0.didDisappear"])
        #expect(pages[2].log == ["P2.willAppear", "P2.didAppear"])
        #expect(host.completions.map(\.completed) == [true])
    }

    @Test func noDelegateMeansAnInstantSwitch() {
        let (host, tabs, pages) = tabs()
        tabs.delegate = nil
        host.click(at: Point(x: 200, y: 280))
        #expect(tabs.selectedIndex == 1)
        #expect(pages[1].view.superview === tabs.containerView)
        #expect(host.trace.isEmpty, "no transition ran")
    }

    @Test func swipeBlendsTheButtonColoursInOKLabAtEveryFrameAndCancelRestores() throws {
        let (host, tabs, pages) = tabs()
        let selected = tabs.selectedColor, unselected = tabs.unselectedColor
        host.drag(from: Point(x: 300, y: 120), to: Point(x: 200, y: 120)) // 25 %
        var worst = 0.0
        func check(_ p: Double) {
            let expectOut = Color.mixOKLab(selected, unselected, p), expectIn = Color.mixOKLab(unselected, selected, p)
            worst = max(worst, OKLab.deltaE(tabs.buttons[0].tint, expectOut), OKLab.deltaE(tabs.buttons[1].tint, expectIn))
        }
        check(0.25)
        #expect(tabs.buttons[0].isSelected && !tabs.buttons[1].isSelected, "selection flips at exactly 0.5")
        host.moveLinearly(to: Point(x: 200 - 0.25 * 400 - 0.4, y: 120), steps: 4)
        check(0.501)
        #expect(tabs.buttons[1].isSelected && !tabs.buttons[0].isSelected)
        host.moveLinearly(to: Point(x: 200, y: 120), steps: 4)
        host.hold(for: 0.1)
        host.release()
        // Every settle frame: the colours are the mix at the transition's progress.
        while host.window.wantsFrames {
            host.frame()
            if let p = tabs.activeTransition?.coordinator.percentComplete { check(p) }
        }
        #expect(worst < 0.01, "largest ΔE from the OKLab mix: \(worst)")
        #expect(tabs.selectedIndex == 0, "cancel restores the prior index")
        #expect(tabs.buttons[0].tint == selected && tabs.buttons[1].tint == unselected)
        #expect(tabs.containerView.subviews.map(ObjectIdentifier.init) == [ObjectIdentifier(pages[0].view)])
        #expect(pages[0].view.transform == .identity)
        #expect(host.completions.map(\.completed) == [false])
    }

    @Test func swipeFinishesAtTheGesturesSpeed() {
        let (host, tabs, _) = tabs()
        host.drag(from: Point(x: 300, y: 120), to: Point(x: 220, y: 120), steps: 4, duration: 4.0 / 60) // 20 %, 1200 px/s = 3 widths/s
        host.release()
        host.runFrames()
        #expect(tabs.selectedIndex == 1, "a flick at 20 % completes")
        let finish = host.trace.first { $0.event == .finish }
        #expect(finish.map { abs(($0.velocity ?? 0) - 3) < 0.05 } == true, "release velocity \(String(describing: finish?.velocity))")
    }

    @Test func noSwipePastTheEnds() {
        let (host, tabs, _) = tabs()
        host.drag(from: Point(x: 100, y: 120), to: Point(x: 250, y: 120))
        host.release()
        host.runFrames()
        #expect(tabs.selectedIndex == 0)
        #expect(host.trace.isEmpty)
    }

    @Test func pressingDuringTheSettleTakesItOver() {
        let (host, tabs, pages) = tabs()
        host.drag(from: Point(x: 300, y: 120), to: Point(x: 100, y: 120)) // 50 %
        host.hold(for: 0.1)
        host.release()
        host.frames(3)
        let caught = pages[1].view.transform.tx
        host.press(at: Point(x: 200, y: 150))
        host.frame()
        #expect(abs(pages[1].view.transform.tx - caught) <= 0.5, "no jump when caught")
        host.moveLinearly(to: Point(x: 20, y: 150), steps: 6)
        host.hold(for: 0.1)
        host.release()
        host.runFrames()
        #expect(tabs.selectedIndex == 1)
        #expect(host.traceEvents == [.begin, .cancel, .interrupt, .finish, .complete])
    }

    @Test func controlTabAndShiftWrap() {
        let (host, tabs, _) = tabs()
        host.key(.tab, modifiers: [.control, .shift])
        host.runFrames()
        #expect(tabs.selectedIndex == 2, "Ctrl+Shift+Tab wraps to the last tab")
        host.key(.tab, modifiers: .control)
        host.runFrames()
        #expect(tabs.selectedIndex == 0)
    }

    @Test func customContainerSlidesByDefaultAndRestoresOnCancel() {
        let pages = (0..<3).map { LoggingPage("C\($0)") }
        let container = TopTabBarController(viewControllers: pages)
        let host = OffscreenWindow(root: container, size: Size(width: 400, height: 300))
        host.click(at: Point(x: 200, y: 20))
        #expect(container.activeTransition != nil, "a tap on a top tab starts a transition")
        host.runFrames()
        #expect(container.selectedIndex == 1)
        host.drag(from: Point(x: 100, y: 150), to: Point(x: 200, y: 150))
        host.hold(for: 0.1)
        host.release()
        host.runFrames()
        #expect(container.selectedIndex == 1, "released at 25 % after a pause: back")
        #expect(host.completions.map(\.kind) == [.container, .container])
        #expect(host.completions.map(\.completed) == [true, false])
    }

    @Test func aTabSwipeIsNotOfferedInsideAPushedPage() {
        let root = LoggingPage("Root")
        let navigation = NavigationController(rootViewController: root)
        navigation.tabBarItem = TabBarItem(title: "N", icon: Self.square)
        let tabs = TabBarController(viewControllers: [navigation, LoggingPage("Other")])
        let host = OffscreenWindow(root: tabs, size: Size(width: 400, height: 300))
        navigation.pushViewController(LoggingPage("Pushed"), animated: false)
        host.drag(from: Point(x: 300, y: 150), to: Point(x: 100, y: 150))
        host.release()
        host.runFrames()
        #expect(tabs.selectedIndex == 0)
        #expect(navigation.viewControllers.count == 2, "not a pop either: the drag did not start at the edge")
    }

    /// An app's own icon: a filled 16 × 16 square centred in the icon's 24 × 24 box.
    static let square = TabIcon(name: "square") { canvas, box, color in
        canvas.fill(box.insetBy(dx: 4, dy: 4), color: color)
    }

    @Test func anAppsOwnTabIconIsDrawnInTheTabsTint() throws {
        let pages = [LoggingPage("A"), LoggingPage("B")]
        pages[0].tabBarItem = TabBarItem(title: "A", icon: Self.square)
        pages[1].tabBarItem = TabBarItem(title: "B")
        let tabs = TabBarController(viewControllers: pages)
        let host = OffscreenWindow(root: tabs, size: Size(width: 400, height: 300))
        let surface = host.render()
        // The first button's icon box: 24 × 24, centred, 8 px below the button's top.
        let button = tabs.buttons[0]
        let origin = button.convert(Point(x: button.bounds.midX, y: 8 + 12), to: nil)
        let centre = surface.pixel(x: Int(origin.x), y: Int(origin.y))
        #expect(abs(centre.red - tabs.selectedColor.red) < 0.02 && abs(centre.green - tabs.selectedColor.green) < 0.02
                && abs(centre.blue - tabs.selectedColor.blue) < 0.02, "the square is filled with the selected tint: \(centre)")
        // Outside the square (the box's corner) nothing of the icon is drawn.
        let corner = surface.pixel(x: Int(origin.x) - 11, y: Int(origin.y) - 11)
        #expect(abs(corner.blue - tabs.selectedColor.blue) > 0.2 || abs(corner.red - tabs.selectedColor.red) > 0.2,
                "the corner of the box stays background: \(corner)")
        #expect(TabBarItem(title: "A", icon: Self.square) == pages[0].tabBarItem, "icons compare by name")
    }

    @Test func aTopTabBarIsStyledByTheAppAndAChangeShowsAtOnce() {
        let container = TopTabBarController(viewControllers: [LoggingPage("A"), LoggingPage("B")])
        let host = OffscreenWindow(root: container, size: Size(width: 400, height: 300))
        let barPoint = (x: 2, y: Int(TopTabBarController.barHeight / 2))
        #expect(Surface.channelDistance(host.render().pixel(x: barPoint.x, y: barPoint.y), TopTabBarStyle.standard(Palette(for: TraitCollection())).barColor) <= 1)
        let navy = TopTabBarStyle(barColor: Color(hex: 0x1F3B57), selectedTitleColor: .white, unselectedTitleColor: .black)
        container.style = navy
        #expect(Surface.channelDistance(host.render().pixel(x: barPoint.x, y: barPoint.y), navy.barColor) <= 1,
                "the next frame shows the new bar")
        #expect(container.buttons[0].tint == .white && container.buttons[1].tint == .black)
    }
}
