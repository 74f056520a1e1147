import Geometry
import Canvas
import Motion
import Segue
import SegueTesting
import Testing

/// A custom presentation that keeps the presenter and centres a half-size panel.
@MainActor
final class HalfPresentation: PresentationController {
    var events: [String] = []
    override var shouldRemovePresentersView: Bool { false }
    override var frameOfPresentedViewInContainerView: Rect {
        let b = containerView?.bounds ?? .zero
        return Rect(x: b.width / 4, y: b.height / 4, width: b.width / 2, height: b.height / 2)
    }
    override func presentationTransitionWillBegin(coordinator: TransitionCoordinator) { events.append("willPresent") }
    override func presentationTransitionDidEnd(_ completed: Bool) { events.append("didPresent(\(completed))") }
    override func dismissalTransitionWillBegin(coordinator: TransitionCoordinator) { events.append("willDismiss") }
    override func dismissalTransitionDidEnd(_ completed: Bool) { events.append("didDismiss(\(completed))") }
}

@MainActor
final class HalfDelegate: TransitioningDelegate {
    var presentation: HalfPresentation?
    func presentationController(forPresented presented: ViewController, presenting: ViewController?,
                                source: ViewController) -> PresentationController? {
        let controller = HalfPresentation(presentedViewController: presented, presenting: presenting ?? source)
        presentation = controller
        return controller
    }
}

/// Modal presentation offscreen: full screen and custom, drag-down dismissal both ways, Esc,
/// appearance, the presenter's place in the tree, and freeing the dismissed controller.
@MainActor
@Suite("Modal presentation")
struct PresentationTests {
    private func setUp() -> (OffscreenWindow, LoggingPage) {
        let root = LoggingPage("Root", color: Color(hex: 0xFFFFFF))
        let host = OffscreenWindow(root: root, size: Size(width: 400, height: 300))
        root.log.removeAll()
        return (host, root)
    }

    @Test func fullScreenSlidesUpHidesThePresenterAndRestoresItForDismissal() {
        let (host, root) = setUp()
        let sheet = LoggingPage("Sheet", color: Color(hex: 0x5856D6))
        root.present(sheet)
        host.frames(16)
        #expect(sheet.view.transform.ty > 0 && sheet.view.transform.ty < 300, "slides up")
        #expect(!root.view.isHidden, "the presenter shows until the sheet covers it")
        host.runFrames()
        #expect(root.presentedViewController === sheet && sheet.presentingViewController === root)
        #expect(root.view.isHidden, "off screen once covered")
        #expect(root.view.superview === host.window.rootView, "never re-parented")
        #expect(root.log == ["Root.willDisappear", "Root.didDisappear"])
        #expect(sheet.log == ["Sheet.willAppear", "Sheet.didAppear"])

        root.log.removeAll()
        sheet.dismiss()
        #expect(!root.view.isHidden, "back on screen for the dismissal")
        host.runFrames()
        #expect(root.presentedViewController == nil)
        #expect(host.window.rootView.subviews.count == 1, "the presentation's container is gone")
        #expect(root.log == ["Root.willAppear", "Root.didAppear"])
        #expect(host.completions.map(\.kind) == [.present, .dismiss])
        #expect(host.completions.map(\.completed) == [true, true])
    }

    @Test func customPresentationKeepsThePresenterAndLaysOutOnResize() throws {
        let (host, root) = setUp()
        let delegate = HalfDelegate()
        let panel = LoggingPage("Panel")
        panel.modalPresentationStyle = .custom
        panel.transitioningDelegate = delegate
        root.present(panel)
        host.runFrames()
        #expect(!root.view.isHidden, "a custom presentation keeps the presenter")
        #expect(root.log.isEmpty, "no disappearance for the presenter")
        #expect(panel.view.frame == Rect(x: 100, y: 75, width: 200, height: 150))
        host.window.resize(to: Size(width: 800, height: 600))
        host.layout()
        #expect(panel.view.frame == Rect(x: 200, y: 150, width: 400, height: 300))
        panel.dismiss()
        host.runFrames()
        #expect(delegate.presentation?.events == ["willPresent", "didPresent(true)", "willDismiss", "didDismiss(true)"])
    }

    @Test func dragDownFollowsThePointerAndDismissesBothWays() {
        let (host, root) = setUp()
        let sheet = LoggingPage("Sheet")
        root.present(sheet)
        host.runFrames()
        host.clearTrace()
        host.drag(from: Point(x: 200, y: 50), to: Point(x: 200, y: 125)) // 25 %
        #expect(abs(sheet.view.transform.ty - 75) <= 0.5, "the sheet's top follows the pointer: \(sheet.view.transform.ty)")
        host.hold(for: 0.1)
        host.release()
        host.runFrames()
        #expect(root.presentedViewController === sheet, "released at 25 % after a pause: stays")
        #expect(sheet.view.transform == .identity)
        #expect(root.view.isHidden)

        host.drag(from: Point(x: 200, y: 50), to: Point(x: 200, y: 230))
        host.hold(for: 0.1)
        host.release()
        host.runFrames()
        #expect(root.presentedViewController == nil, "released at 60 %: dismissed")
        #expect(!root.view.isHidden)
        #expect(host.completions.map(\.completed) == [false, true])
    }

    @Test func escapeDismissesTheTopPresentation() {
        let (host, root) = setUp()
        let sheet = LoggingPage("Sheet")
        root.present(sheet)
        host.runFrames()
        host.key(.escape)
        host.runFrames()
        #expect(root.presentedViewController == nil)
    }

    @Test func aDismissedControllerIsFreed() {
        let (host, root) = setUp()
        weak var weakSheet: LoggingPage?
        do {
            let sheet = LoggingPage("Sheet")
            weakSheet = sheet
            root.present(sheet)
            host.runFrames()
            host.drag(from: Point(x: 200, y: 50), to: Point(x: 200, y: 280))
            host.release()
            host.runFrames()
        }
        #expect(root.presentedViewController == nil)
        #expect(weakSheet == nil, "the dismissed sheet (and its gesture) must be freed")
    }

    @Test func aSecondPresentWhileOneRunsIsIgnored() {
        let (host, root) = setUp()
        root.present(LoggingPage("A"))
        root.present(LoggingPage("B"))
        host.runFrames()
        #expect(root.presentedViewController?.title == "A")
        #expect(root.presentedViewController?.presentedViewController == nil)
    }
}
