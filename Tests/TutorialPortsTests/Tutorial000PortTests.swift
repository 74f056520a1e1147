import Foundation
import SegueKit
import SegueTesting
import Testing

/// Tutorial 000's own classes (Ports/SlideAnimationController, SDENavigationControllerDelegate,
/// SDETabBarControllerDelegate) offscreen on the manual clock, with the assertions of the demo's
/// own slide: 0.5 s; a push brings the new page in from the right while the old one leaves by
/// the left, a pop the other way; a tab switch to a higher index from the right, to a lower one
/// from the left; the left-edge pop follows the finger and a cancel leaves the stack whole.
@MainActor
@Suite("Tutorial 000 ported: the slide")
struct Tutorial000PortTests {
    static let size = Size(width: 800, height: 600)
    static let duration = 0.5

    static func close(_ a: Double, _ b: Double, _ tolerance: Double = 0.05) -> Bool { abs(a - b) <= tolerance }

    @MainActor
    struct Navigation {
        let first = ColourPage("First", colour: Color(hex: 0x264653))
        let second = ColourPage("Second", colour: Color(hex: 0xE76F51))
        let navigation: NavigationController
        let host: OffscreenWindow
        let delegate = SDENavigationControllerDelegate()
        init() {
            navigation = NavigationController(rootViewController: first)
            navigation.delegate = delegate
            host = OffscreenWindow(root: navigation, size: Tutorial000PortTests.size)
        }
    }

    @Test func pushAndPopSlideHorizontally() throws {
        let scene = Navigation()
        scene.navigation.pushViewController(scene.second, animated: true)
        scene.host.frame()
        scene.host.frame(after: Self.duration / 2)
        let width = try #require(scene.second.view.superview).bounds.width
        #expect(width > 0)
        #expect(scene.second.view.frame.width == width, "sized by the navigation controller")
        // Ease-in-out at half time is half way.
        #expect(Self.close(scene.second.view.transform.tx, width / 2), "\(scene.second.view.transform.tx)")
        #expect(Self.close(scene.first.view.transform.tx, -width / 2))
        scene.host.runFrames()
        #expect(scene.navigation.viewControllers == [scene.first, scene.second])
        #expect(scene.second.view.transform == .identity && scene.first.view.transform == .identity)

        _ = scene.navigation.popViewController(animated: true)
        scene.host.frame()
        scene.host.frame(after: Self.duration / 2)
        #expect(Self.close(scene.first.view.transform.tx, -width / 2), "the page below comes back from the left")
        #expect(Self.close(scene.second.view.transform.tx, width / 2))
        scene.host.runFrames()
        #expect(scene.navigation.viewControllers == [scene.first])
        #expect(scene.first.view.transform == .identity)
    }

    /// The starter page's click pushes its next page (what the e2e app relies on).
    @Test func aClickPushesTheNextPage() throws {
        let second = ColourPage("Second", colour: Color(hex: 0xE76F51))
        let navigation = NavigationController(rootViewController: ColourPage("First", colour: Color(hex: 0x264653), next: second))
        let delegate = SDENavigationControllerDelegate()
        navigation.delegate = delegate
        let host = OffscreenWindow(root: navigation, size: Self.size)
        host.click(at: Point(x: 400, y: 300))
        host.runFrames()
        #expect(navigation.topViewController === second)
    }

    @Test func durationIsTheArticles() throws {
        let scene = Navigation()
        let push = try scene.host.measureTransition { scene.navigation.pushViewController(scene.second, animated: true) }
        #expect(push >= Self.duration - 1e-9 && push < Self.duration + OffscreenWindow.frameInterval + 1e-9, "\(push)")
    }

    /// The navigation controller's left-edge pop drives the tutorial's animator: the page follows
    /// the finger on the animator's own curve (ease-in-out: behind a linear slide before half
    /// way); released short of half, still, it cancels with the stack whole; past half, it pops.
    @Test func edgePopScrubsTheSlide() throws {
        let scene = Navigation()
        scene.navigation.pushViewController(scene.second, animated: true)
        scene.host.runFrames()
        let width = scene.second.view.bounds.width
        scene.host.drag(from: Point(x: 5, y: 300), to: Point(x: 5 + 0.3 * width, y: 300))
        let tx = scene.second.view.transform.tx
        #expect(tx > 0 && tx < 0.3 * width, "\(tx)")
        scene.host.hold(for: 0.2)
        scene.host.release()
        scene.host.runFrames()
        #expect(scene.navigation.viewControllers == [scene.first, scene.second])
        #expect(scene.second.view.transform == .identity && scene.second.view.superview != nil)

        scene.host.drag(from: Point(x: 5, y: 300), to: Point(x: 5 + 0.7 * width, y: 300))
        scene.host.hold(for: 0.2)
        scene.host.release()
        scene.host.runFrames()
        #expect(scene.navigation.viewControllers == [scene.first])
    }

    @Test func tabsSlideByIndex() throws {
        let pages = [ColourPage("A", colour: Color(hex: 0x264653)), ColourPage("B", colour: Color(hex: 0x2A9D8F)),
                     ColourPage("C", colour: Color(hex: 0xE9C46A))]
        let tabs = TabBarController(viewControllers: pages)
        let delegate = SDETabBarControllerDelegate()
        tabs.delegate = delegate
        let host = OffscreenWindow(root: tabs, size: Self.size)
        _ = tabs.select(2, animated: true)
        host.frame()
        host.frame(after: Self.duration / 2)
        let width = try #require(pages[2].view.superview).bounds.width
        #expect(pages[2].view.frame.width == width, "sized by the tab bar controller")
        #expect(Self.close(pages[2].view.transform.tx, width / 2), "to a higher index: from the right")
        #expect(Self.close(pages[0].view.transform.tx, -width / 2))
        host.runFrames()
        #expect(tabs.selectedIndex == 2)
        _ = tabs.select(1, animated: true)
        host.frame()
        host.frame(after: Self.duration / 2)
        #expect(Self.close(pages[1].view.transform.tx, -width / 2), "to a lower index: from the left")
        #expect(Self.close(pages[2].view.transform.tx, width / 2))
        host.runFrames()
        #expect(tabs.selectedIndex == 1)
    }
}
