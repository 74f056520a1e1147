import Geometry
import Motion
import Segue
import Testing

/// A weak reference that outlives the scope that made it.
@MainActor
final class WeakRef<T: AnyObject> {
    weak var object: T?
    init(_ object: T?) { self.object = object }
    var isNil: Bool { object == nil }
}

@MainActor
@Suite("Popped controllers are freed")
struct ControllerLifetimeTests {
    /// Pushes row `index`'s page and returns only a weak reference to it (and its view).
    private func pushWeakly(_ demo: NavigationFixture, row: Int = 0) -> (WeakRef<ViewController>, WeakRef<View>) {
        demo.host.click(at: demo.rowPoint(row))
        demo.host.runFrames()
        let top = demo.navigation.topViewController
        #expect(top is RowDetailPage, "the tap on row \(row) pushed")
        return (WeakRef(top), WeakRef(top?.view))
    }

    private func drag(_ demo: NavigationFixture, toFraction fraction: Double) {
        demo.host.drag(from: demo.edgePoint(), to: Point(x: fraction * demo.width, y: 160))
        demo.host.hold(for: 0.06)
        demo.host.release()
        demo.host.runFrames()
    }

    @Test func aPageFreedAfterAnAnimatedBackPop() {
        let demo = NavigationFixture()
        let (detail, view) = pushWeakly(demo)
        #expect(!detail.isNil)
        demo.host.click(at: NavigationFixture.backButtonPoint)
        demo.host.runFrames()
        #expect(demo.navigation.viewControllers.count == 1)
        #expect(detail.isNil, "the popped controller is still referenced")
        #expect(view.isNil, "the popped view is still referenced")
    }

    @Test func aPageFreedAfterAnAltLeftPop() {
        let demo = NavigationFixture()
        let (detail, view) = pushWeakly(demo, row: 2)
        demo.host.key(.left, modifiers: .alt)
        demo.host.runFrames()
        #expect(detail.isNil)
        #expect(view.isNil)
    }

    @Test func aPageFreedAfterAFinishedInteractivePop() {
        let demo = NavigationFixture()
        let (detail, view) = pushWeakly(demo)
        drag(demo, toFraction: 0.7)
        #expect(demo.navigation.viewControllers.count == 1)
        #expect(detail.isNil)
        #expect(view.isNil)
    }

    @Test func aPageKeptByACancelledPopIsFreedByTheNextPop() {
        let demo = NavigationFixture()
        let (detail, view) = pushWeakly(demo)
        drag(demo, toFraction: 0.3)
        #expect(demo.navigation.viewControllers.count == 2)
        #expect(!detail.isNil, "still on the stack after the cancel")
        drag(demo, toFraction: 0.8)
        #expect(demo.navigation.viewControllers.count == 1)
        #expect(detail.isNil)
        #expect(view.isNil)
    }

    @Test func pagesPushedAndPoppedManyTimesAreAllFreed() {
        let demo = NavigationFixture()
        var refs: [WeakRef<ViewController>] = []
        for round in 0..<5 {
            refs.append(pushWeakly(demo, row: round % 4).0)  // rows 0…3 are inside a 300 px window
            if round.isMultiple(of: 2) {
                demo.host.click(at: NavigationFixture.backButtonPoint)
                demo.host.runFrames()
            } else {
                drag(demo, toFraction: 0.9)
            }
        }
        #expect(demo.navigation.viewControllers.count == 1)
        #expect(refs.allSatisfy { $0.isNil })
    }

    @Test func theWholeWindowIsFreedAfterTransitions() {
        let window: WeakRef<Window>
        let navigation: WeakRef<NavigationController>
        let list: WeakRef<RowListPage>
        do {
            let demo = NavigationFixture()
            _ = pushWeakly(demo)
            drag(demo, toFraction: 0.3)
            drag(demo, toFraction: 0.8)
            window = WeakRef(demo.host.window)
            navigation = WeakRef(demo.navigation)
            list = WeakRef(demo.list)
        }
        #expect(window.isNil)
        #expect(navigation.isNil)
        #expect(list.isNil)
    }
}
