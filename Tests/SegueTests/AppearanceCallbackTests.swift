import Geometry
import Motion
import Segue
import SegueTesting
import Testing

/// Logs its appearance callbacks, with the `animated` flag, into a shared log.
@MainActor
final class LoggingViewController: ViewController {
    final class Log {
        var entries: [String] = []
        var withFlags: [String] = []
    }

    let log: Log

    init(_ name: String, log: Log) {
        self.log = log
        super.init(title: name)
    }

    private func record(_ callback: String, _ animated: Bool) {
        log.entries.append("\(title).\(callback)")
        log.withFlags.append("\(title).\(callback)(\(animated))")
    }

    override func viewWillAppear(_ animated: Bool) { record("willAppear", animated) }
    override func viewDidAppear(_ animated: Bool) { record("didAppear", animated) }
    override func viewWillDisappear(_ animated: Bool) { record("willDisappear", animated) }
    override func viewDidDisappear(_ animated: Bool) { record("didDisappear", animated) }
}

@MainActor
@Suite("Appearance callbacks")
struct AppearanceCallbackTests {
    let log = LoggingViewController.Log()
    let a: LoggingViewController
    let b: LoggingViewController
    let navigation: NavigationController
    let host: OffscreenWindow

    init() {
        a = LoggingViewController("A", log: log)
        b = LoggingViewController("B", log: log)
        navigation = NavigationController(rootViewController: a)
        host = OffscreenWindow(root: navigation)
    }

    private func pushB() {
        navigation.pushViewController(b, animated: true)
        host.runFrames()
        log.entries.removeAll()
        log.withFlags.removeAll()
    }

    @Test func theRootPageAppearsWhenTheWindowIsMade() {
        #expect(log.entries == ["A.willAppear", "A.didAppear"])
        #expect(a.isVisible)
    }

    @Test func pushCallsWillOnBothPagesThenDidWhenTheSlideEnds() {
        log.entries.removeAll()
        navigation.pushViewController(b, animated: true)
        #expect(log.entries == ["A.willDisappear", "B.willAppear"])
        host.frames(10)
        #expect(log.entries == ["A.willDisappear", "B.willAppear"], "no did-callbacks mid-slide")
        host.runFrames()
        #expect(log.entries == ["A.willDisappear", "B.willAppear", "A.didDisappear", "B.didAppear"])
        #expect(!a.isVisible)
        #expect(b.isVisible)
    }

    @Test func popCallsWillOnBothPagesThenDidWhenTheSlideEnds() {
        pushB()
        _ = navigation.popViewController(animated: true)
        #expect(log.entries == ["B.willDisappear", "A.willAppear"])
        host.runFrames()
        #expect(log.entries == ["B.willDisappear", "A.willAppear", "B.didDisappear", "A.didAppear"])
        #expect(a.isVisible)
        #expect(!b.isVisible)
    }

    @Test func cancelledInteractivePopRunsTheCallbacksBack() {
        pushB()
        host.drag(from: Point(x: 5, y: 160), to: Point(x: 0.3 * host.width, y: 160))
        #expect(log.entries == ["B.willDisappear", "A.willAppear"])
        host.hold(for: 0.06)
        host.release()
        host.runFrames()
        #expect(log.entries == [
            "B.willDisappear", "A.willAppear",
            // Cancelled: the page below goes away again, the top page comes back.
            "A.willDisappear", "A.didDisappear",
            "B.willAppear", "B.didAppear",
        ])
        #expect(b.isVisible)
        #expect(!a.isVisible)
    }

    @Test func finishedInteractivePopCallsTheSameAsAnAnimatedPop() {
        pushB()
        host.drag(from: Point(x: 5, y: 160), to: Point(x: 0.8 * host.width, y: 160))
        host.hold(for: 0.06)
        host.release()
        host.runFrames()
        #expect(log.entries == ["B.willDisappear", "A.willAppear", "B.didDisappear", "A.didAppear"])
    }

    @Test func animatedPushPassesAnimatedTrueToEveryCallback() {
        log.withFlags.removeAll()
        navigation.pushViewController(b, animated: true)
        host.runFrames()
        #expect(log.withFlags == ["A.willDisappear(true)", "B.willAppear(true)",
                                  "A.didDisappear(true)", "B.didAppear(true)"])
    }

    @Test func didCallbacksGetTheSameAnimatedFlagAsTheirWillCallbacks() {
        // BUG: ViewController.endAppearanceTransition() always calls viewDidAppear(true) /
        // viewDidDisappear(true), whatever `animated` beginAppearanceTransition got. The root
        // page's first appearance (Window.init, animated: false) and any non-animated push/pop
        // report did…(true) after will…(false).
        #expect(log.withFlags == ["A.willAppear(false)", "A.didAppear(false)"])
        log.withFlags.removeAll()
        navigation.pushViewController(b, animated: false)
        #expect(log.withFlags == ["A.willDisappear(false)", "B.willAppear(false)",
                                  "A.didDisappear(false)", "B.didAppear(false)"])
    
    }
}
