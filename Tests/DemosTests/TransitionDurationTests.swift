import Geometry
import Canvas
@testable import Demos
import Motion
import Segue
import SegueTesting
import Testing

/// Each tutorial's duration, measured from frame timestamps (not read from the animators'
/// constants): from the frame that starts the transition's timeline to the frame that
/// completes it, at 60 Hz on a manual clock. A transition of D seconds completes on the
/// first frame at or after D, so the measurement lies in [D, D + one frame).
@MainActor
@Suite("Transition durations from frame timestamps")
struct TransitionDurationTests {
    static let frame = OffscreenWindow.frameInterval

    /// The duration of the transition `start` begins, from frame timestamps
    /// (``OffscreenWindow/measureTransition(within:start:)``).
    static func measure(_ host: OffscreenWindow, start: () -> Void) throws -> Double {
        try host.measureTransition(start: start)
    }

    static func expectDuration(_ measured: Double, _ tutorial: Double, _ what: String,
                               sourceLocation: SourceLocation = #_sourceLocation) {
        print("measured: \(what) \(measured) s (tutorial: \(tutorial) s)")
        #expect(measured >= tutorial - 1e-9 && measured < tutorial + frame,
                "\(what): \(measured) s from frame timestamps, the tutorial says \(tutorial) s",
                sourceLocation: sourceLocation)
    }

    @Test("tutorial 000: the slide push takes 0.5 s")
    func slide() throws {
        let demo = DemoFixture()
        let measured = try Self.measure(demo.host) { demo.host.click(at: demo.rowPoint(0)) }
        Self.expectDuration(measured, 0.5, "slide push")
    }

    @Test("tutorial 000: the custom container's slide takes 0.5 s")
    func containerSlide() throws {
        let container = ContainerTab.make() as! TopTabBarController
        let host = OffscreenWindow(root: container)
        // The second button of three across the 400 px bar.
        let measured = try Self.measure(host) { host.click(at: Point(x: 200, y: TopTabBarController.barHeight / 2)) }
        Self.expectDuration(measured, 0.5, "container switch")
        #expect(container.selectedIndex == 1)
    }

    @Test("tutorial 003: the scale-and-fade push takes 0.25 s")
    func scaleFade() throws {
        let navigation = DemoNavigationController(rootViewController: ListPage(title: "Navigation", items: DemoItem.samples))
        let host = OffscreenWindow(root: navigation)
        let measured = try Self.measure(host) {
            host.click(at: Point(x: 200, y: NavigationBar.height + ListPage.rowHeight * 1.5))
        }
        Self.expectDuration(measured, 0.25, "scale-and-fade push")
        #expect(navigation.viewControllers.count == 2)
    }

    @Test("tutorial 001: the flat zoom push and pop take 0.8 s")
    func flatZoom() throws {
        let navigation = GalleryNavigationController()
        let host = OffscreenWindow(root: navigation)
        let cell = GalleryPage.cellFrame(2, width: navigation.containerView.bounds.width)
        let push = try Self.measure(host) { host.click(at: cell.offsetBy(dx: 0, dy: NavigationBar.height).center) }
        Self.expectDuration(push, 0.8, "flat zoom push")
        #expect(navigation.viewControllers.count == 2)
        let pop = try Self.measure(host) { navigation.popViewController(animated: true) }
        Self.expectDuration(pop, 0.8, "flat zoom pop")
        #expect(navigation.viewControllers.count == 1)
    }

    // Tutorial 002's card flip (0.6 s each way) is measured from frame timestamps in
    // CardFlipTests.bothWaysTakeTheTutorialsSixTenths, on the card page it now turns.

    @Test("tutorial 004: expand from icon runs 0.6 s here, the tutorial's 3.0 s with slow animations ×5")
    func expandFromIcon() throws {
        let page = ModalPage()
        let host = OffscreenWindow(root: page, size: Size(width: 800, height: 600))
        let product = try Self.measure(host) { page.presentDetail() }
        Self.expectDuration(product, 0.6, "expand present")
        let dismiss = try Self.measure(host) { page.presentedViewController?.dismiss(animated: true) }
        Self.expectDuration(dismiss, 0.6, "expand dismiss")
        host.window.animationSlowdown = 5
        let slowed = try Self.measure(host) { page.presentDetail() }
        Self.expectDuration(slowed, 3.0, "expand present at ×5")
    }
}
