import SegueKit
import SegueTesting
import Testing

/// One slide animator handed out by a navigation delegate and a tab bar delegate
/// (Scenes/Slide.swift), against tutorial 000's figures: 0.5 s on UIKit's default ease-in-out
/// (half way at half time); a push enters from the right while the old page leaves by the left,
/// a pop the other way; a tab of a higher index enters from the right, a lower one from the
/// left; an interactive switch follows its percentage and a cancel leaves the selection as it
/// was.
@MainActor
@Suite("UIKit conformance: navigation and tab bar delegates returning animators")
struct SlideTests {
    static let size = Size(width: 800, height: 600)
    static let duration = 0.5

    static func close(_ a: Double, _ b: Double) -> Bool { Check.close(a, b, 0.05) }

    @MainActor
    struct Stack {
        let first = PlainPage("First", colour: Color(hex: 0x6A994E))
        let second = PlainPage("Second", colour: Color(hex: 0xBC4749))
        let navigation: NavigationController
        let delegate = SlidingNavigation()
        let host: OffscreenWindow
        init() {
            navigation = NavigationController(rootViewController: first)
            navigation.delegate = delegate
            host = OffscreenWindow(root: navigation, size: SlideTests.size)
        }
    }

    @Test func pushEntersFromTheRightAndPopFromTheLeft() throws {
        let stack = Stack()
        stack.navigation.pushViewController(stack.second, animated: true)
        stack.host.frame()
        stack.host.frame(after: Self.duration / 2)
        let width = try #require(stack.second.view.superview).bounds.width
        #expect(width > 0 && stack.second.view.frame.width == width, "sized by the navigation controller")
        #expect(Self.close(stack.second.view.transform.tx, width / 2), "\(stack.second.view.transform.tx)")
        #expect(Self.close(stack.first.view.transform.tx, -width / 2))
        stack.host.runFrames()
        #expect(stack.navigation.viewControllers == [stack.first, stack.second])
        #expect(stack.delegate.lastAnimator?.endings == [true], "animationEnded(true)")
        #expect(stack.first.view.transform == .identity && stack.second.view.transform == .identity)

        _ = stack.navigation.popViewController(animated: true)
        stack.host.frame()
        stack.host.frame(after: Self.duration / 2)
        #expect(Self.close(stack.first.view.transform.tx, -width / 2))
        #expect(Self.close(stack.second.view.transform.tx, width / 2))
        stack.host.runFrames()
        #expect(stack.navigation.viewControllers == [stack.first])
    }

    @Test func theDurationIsAskedWithAContextAndAnsweredWithout() throws {
        let stack = Stack()
        let push = try stack.host.measureTransition { stack.navigation.pushViewController(stack.second, animated: true) }
        #expect(Check.lasted(push, Self.duration), "\(push)")
        let animator = try #require(stack.delegate.lastAnimator)
        #expect(animator.askedWithContext >= 1)
        #expect(animator.transitionDuration(using: nil) == Self.duration)
        #expect(animator.askedWithout == 1)
    }

    /// The delegate offers no interaction controller; the navigation controller's own left-edge
    /// drag then scrubs the delegate's slide, and letting go short of half keeps the stack.
    @Test func edgePopScrubsTheDelegatesSlide() throws {
        let stack = Stack()
        stack.navigation.pushViewController(stack.second, animated: true)
        stack.host.runFrames()
        let width = stack.second.view.bounds.width
        stack.host.drag(from: Point(x: 5, y: 300), to: Point(x: 5 + 0.3 * width, y: 300))
        #expect(stack.delegate.interactionRequests >= 1, "asked for an interaction controller")
        let tx = stack.second.view.transform.tx
        #expect(tx > 0 && tx < 0.3 * width, "ease-in-out is behind a linear slide before half way: \(tx)")
        stack.host.hold(for: 0.2)
        stack.host.release()
        stack.host.runFrames()
        #expect(stack.navigation.viewControllers == [stack.first, stack.second])
        #expect(stack.delegate.lastAnimator?.endings == [false])
        #expect(stack.first.interactionEndings == [true], "the coordinator told the page underneath: cancelled")
        #expect(stack.first.progressSeen.contains { $0 > 0.1 && $0 < 0.5 }, "\(stack.first.progressSeen)")

        stack.host.drag(from: Point(x: 5, y: 300), to: Point(x: 5 + 0.7 * width, y: 300))
        stack.host.hold(for: 0.2)
        stack.host.release()
        stack.host.runFrames()
        #expect(stack.navigation.viewControllers == [stack.first])
        #expect(stack.first.interactionEndings == [true, false])
    }

    @MainActor
    struct Tabs {
        let pages = [PlainPage("A", colour: Color(hex: 0x6A994E)), PlainPage("B", colour: Color(hex: 0xA7C957)),
                     PlainPage("C", colour: Color(hex: 0xBC4749))]
        let tabs: TabBarController
        let delegate = SlidingTabs()
        let host: OffscreenWindow
        init() {
            tabs = TabBarController(viewControllers: pages)
            tabs.delegate = delegate
            host = OffscreenWindow(root: tabs, size: SlideTests.size)
        }
    }

    @Test func tabsSlideByTheirOrder() throws {
        let scene = Tabs()
        _ = scene.tabs.select(2, animated: true)
        scene.host.frame()
        scene.host.frame(after: Self.duration / 2)
        let width = try #require(scene.pages[2].view.superview).bounds.width
        #expect(scene.pages[2].view.frame.width == width, "sized by the tab bar controller")
        #expect(Self.close(scene.pages[2].view.transform.tx, width / 2))
        #expect(Self.close(scene.pages[0].view.transform.tx, -width / 2))
        scene.host.runFrames()
        #expect(scene.tabs.selectedIndex == 2)
        _ = scene.tabs.select(1, animated: true)
        scene.host.frame()
        scene.host.frame(after: Self.duration / 2)
        #expect(Self.close(scene.pages[1].view.transform.tx, -width / 2))
        #expect(Self.close(scene.pages[2].view.transform.tx, width / 2))
        scene.host.runFrames()
        #expect(scene.tabs.selectedIndex == 1)
    }

    /// The delegate's interaction controller drives the switch: update moves the pages to that
    /// fraction of the slide's curve, cancel puts the first tab back, finish completes.
    @Test func aDrivenTabSwitchUpdatesCancelsAndFinishes() throws {
        let scene = Tabs()
        let driver = PercentDrivenInteractiveTransition()
        scene.delegate.drivenBy = driver
        _ = scene.tabs.select(2, animated: true)
        scene.host.frame()
        let context = try #require(scene.host.window.activeTransitions.last)
        #expect(context.isInteractive)
        driver.update(0.5)
        scene.host.frame()
        let width = try #require(scene.pages[2].view.superview).bounds.width
        #expect(Self.close(scene.pages[2].view.transform.tx, width / 2), "\(scene.pages[2].view.transform.tx)")
        driver.cancel()
        scene.host.runFrames()
        #expect(scene.tabs.selectedIndex == 0)

        let again = PercentDrivenInteractiveTransition()
        scene.delegate.drivenBy = again
        _ = scene.tabs.select(2, animated: true)
        scene.host.frame()
        again.update(0.6)
        scene.host.frame()
        again.finish()
        scene.host.runFrames()
        #expect(scene.tabs.selectedIndex == 2)
    }

    /// UIKit's pace after release: the rest of the slide, (1 − 0.5) × 0.5 s, at completionSpeed
    /// 2 on a linear completionCurve takes 0.125 s (the toolkit's spring settle turned off).
    @Test func completionSpeedAndCurveSetThePaceAfterRelease() throws {
        let scene = Tabs()
        let driver = PercentDrivenInteractiveTransition()
        driver.completionSpeed = 2
        driver.completionCurve = .linear
        driver.settleSpring = nil
        scene.delegate.drivenBy = driver
        _ = scene.tabs.select(1, animated: true)
        scene.host.frame()
        driver.update(0.5)
        scene.host.frame()
        driver.finish()
        var frames = 0
        while scene.tabs.selectedIndex != 1 || scene.host.window.activeTransitions.isEmpty == false {
            scene.host.frame()
            frames += 1
            if frames > 120 { break }
        }
        let seconds = Double(frames) * OffscreenWindow.frameInterval
        #expect(abs(seconds - 0.125) <= 2 * OffscreenWindow.frameInterval + 1e-9, "\(seconds) s")
    }
}
