import Geometry
import Motion
import Segue
import SegueTesting
import Testing

/// A window that goes away frees everything it showed, whatever was on screen or running then:
/// a sheet still up, a transition mid-flight, a gesture mid-drag. And a finished transition
/// leaves neither its context nor its timeline behind. (UIKit's ownership: the window owns its
/// tree and its animations; nothing in the tree owns the window, a presented controller owns
/// its presentation controller, a transition context lives until its completion.)
@MainActor
@Suite("A dropped window frees what it showed")
struct WindowLifetimeTests {
    /// Weak references to what a scene made; every one must be nil once the scene is gone.
    @MainActor
    final class Watched {
        private var refs: [(String, WeakRef<AnyObject>)] = []

        func watch(_ name: String, _ object: AnyObject?) {
            #expect(object != nil, "\(name) exists while the scene runs")
            refs.append((name, WeakRef(object)))
        }

        /// The names of what is still alive.
        var alive: [String] { refs.filter { !$0.1.isNil }.map(\.0) }
    }

    /// Watches the window, each transition running in it and its timeline, and (unless told
    /// otherwise) its controllers and container.
    private func watchTransitions(of host: OffscreenWindow, in watched: Watched, participants: Bool = true) {
        watched.watch("window", host.window)
        for context in host.window.activeTransitions {
            watched.watch("\(context.kind) context", context)
            watched.watch("\(context.kind) timeline", context.timeline)
            guard participants else { continue }
            watched.watch("\(context.kind) from", context.fromViewController)
            watched.watch("\(context.kind) to", context.toViewController)
            watched.watch("\(context.kind) container", context.containerView)
        }
    }

    @Test func aWindowDroppedWithASheetUpFreesTheSheetAndItsPresentation() {
        let watched = Watched()
        do {
            let root = LoggingPage("Root")
            let host = OffscreenWindow(root: root)
            let sheet = LoggingPage("Sheet")
            root.present(sheet)
            host.runFrames()
            #expect(root.presentedViewController === sheet)
            watched.watch("window", host.window)
            watched.watch("root", root)
            watched.watch("sheet", sheet)
            watched.watch("sheet view", sheet.view)
            watched.watch("presentation controller", sheet.presentationController)
            watched.watch("presentation container", sheet.presentationController?.containerView)
        }
        #expect(watched.alive.isEmpty, "still alive: \(watched.alive)")
    }

    @Test func aWindowDroppedMidPushFreesTheTransition() {
        let watched = Watched()
        do {
            let navigation = NavigationController(rootViewController: ViewController(title: "One"))
            let host = OffscreenWindow(root: navigation)
            navigation.pushViewController(ViewController(title: "Two"), animated: true)
            host.frames(5)
            #expect(host.window.activeTransitions.count == 1, "the push runs")
            watchTransitions(of: host, in: watched)
            watched.watch("navigation", navigation)
        }
        #expect(watched.alive.isEmpty, "still alive: \(watched.alive)")
    }

    @Test func aWindowDroppedMidDragOfAnInteractivePopFreesTheTransition() {
        let watched = Watched()
        do {
            let demo = NavigationFixture()
            demo.pushByTappingRow(1)
            demo.host.drag(from: demo.edgePoint(), to: Point(x: 0.4 * demo.width, y: 160))
            #expect(demo.host.window.activeTransitions.first?.isInteractive == true, "the pop follows the drag")
            watchTransitions(of: demo.host, in: watched)
            watched.watch("list", demo.list)
        }
        #expect(watched.alive.isEmpty, "still alive: \(watched.alive)")
    }

    @Test func finishedTransitionsLeaveNoContextOrTimelineBehind() throws {
        let watched = Watched()
        let root = LoggingPage("Root")
        let host = OffscreenWindow(root: root)
        do {
            let sheet = LoggingPage("Sheet")
            root.present(sheet)
            host.frame()
            watchTransitions(of: host, in: watched, participants: false)
            host.runFrames()
            sheet.dismiss()
            host.frame()
            watchTransitions(of: host, in: watched, participants: false)
            host.runFrames()
            watched.watch("sheet", sheet)
            watched.watch("sheet view", sheet.view)
        }
        #expect(root.presentedViewController == nil)
        #expect(host.window.activeTransitions.isEmpty)
        // The window itself is alive: everything else watched is gone.
        #expect(watched.alive.filter { $0 != "window" }.isEmpty, "still alive: \(watched.alive)")
    }
}
