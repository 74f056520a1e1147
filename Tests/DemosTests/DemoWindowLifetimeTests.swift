import Geometry
import Demos
import Motion
import Segue
import SegueTesting
import Testing

/// The demo's scenes go away with their window: a card flip mid-flight, the tab bar's delegate.
/// (The library's own scenes: SegueTests' WindowLifetimeTests.)
@MainActor
@Suite("A dropped window frees the demo's scenes")
struct DemoWindowLifetimeTests {
    /// Weak references to what a scene made; every one must be nil once the scene is gone.
    @MainActor
    final class Watched {
        private final class Box {
            weak var object: AnyObject?
            init(_ object: AnyObject?) { self.object = object }
        }
        private var refs: [(String, Box)] = []

        func watch(_ name: String, _ object: AnyObject?) {
            #expect(object != nil, "\(name) exists while the scene runs")
            refs.append((name, Box(object)))
        }

        /// The names of what is still alive.
        var alive: [String] { refs.filter { $0.1.object != nil }.map(\.0) }
    }

    /// Watches the window, each transition running in it and its timeline, its controllers
    /// and container.
    private func watchTransitions(of host: OffscreenWindow, in watched: Watched) {
        watched.watch("window", host.window)
        for context in host.window.activeTransitions {
            watched.watch("\(context.kind) context", context)
            watched.watch("\(context.kind) timeline", context.timeline)
            watched.watch("\(context.kind) from", context.fromViewController)
            watched.watch("\(context.kind) to", context.toViewController)
            watched.watch("\(context.kind) container", context.containerView)
        }
    }

    @Test func aWindowDroppedMidCardFlipFreesBothPagesAndTheTransition() {
        let watched = Watched()
        do {
            let page = FlipCardPage()
            let host = OffscreenWindow(root: page, size: ModalScenesTests.size)
            page.presentReveal()
            host.frames(10)
            #expect(host.window.activeTransitions.first?.kind == .present, "the flip runs")
            watchTransitions(of: host, in: watched)
        }
        #expect(watched.alive.isEmpty, "still alive: \(watched.alive)")
    }

    @Test func theDemoFreesItsTabDelegateWithItsWindow() {
        let watched = Watched()
        do {
            let host = OffscreenWindow(root: DemoApp.makeRoot(), size: Size(width: 800, height: 600))
            let tabs = host.window.rootViewController as? TabBarController
            watched.watch("tab bar controller", tabs)
            watched.watch("tab delegate", tabs?.delegate)
        }
        #expect(watched.alive.isEmpty, "still alive: \(watched.alive)")
    }
}
