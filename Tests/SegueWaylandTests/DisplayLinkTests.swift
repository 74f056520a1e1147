import Geometry
import Segue
@testable import SegueWayland
import Testing

/// The display link while the toplevel is `suspended` (xdg-shell v6: "the surface is not
/// visible … the client should avoid drawing"), offscreen: a real window pushing a page,
/// frame callbacks answered by hand, the fallback timer a fake on a manual CLOCK_MONOTONIC.
@MainActor
@Suite struct DisplayLinkTests {
    /// A timer that fires only when the test says so, and only while armed.
    @MainActor final class FakeTimer: WakeUpTimer {
        private(set) var isArmed = false
        private(set) var arms = 0
        func arm(delay: Double, interval: Double) {
            isArmed = true
            arms += 1
        }
        func disarm() { isArmed = false }
    }

    @MainActor struct Fixture {
        let navigation: NavigationController
        let window: Window
        let timer = FakeTimer()
        let link: DisplayLink
        let clock: Box

        init() {
            navigation = NavigationController(rootViewController: ViewController())
            window = Window(rootViewController: navigation)
            window.resize(to: Size(width: 400, height: 300))
            window.rootView.layoutIfNeeded()
            let clock = Box(now: 10)
            self.clock = clock
            link = DisplayLink(content: window, timer: timer, monotonicNow: { clock.now })
        }

        /// The compositor's frame callback at the clock's time (its clock is CLOCK_MONOTONIC);
        /// returns whether the window drew (as the platform does: it prepares the frame).
        func frameDone(needsDraw: Bool = false) -> Bool {
            let draws = link.frameDone(ms: UInt32(clock.now * 1000), needsDraw: needsDraw)
            if draws { _ = window.prepareFrame(deviceScale: 1) }
            return draws
        }

        /// Lets `seconds` pass with no frame callback; the timer fires every 0.1 s it is armed.
        /// Returns how often it fired.
        func letTimePass(_ seconds: Double) -> Int {
            var fired = 0
            for _ in 0..<Int((seconds / DisplayLink.fallbackInterval).rounded()) {
                clock.now += DisplayLink.fallbackInterval
                guard timer.isArmed else { continue }
                fired += 1
                link.fallbackFired()
            }
            return fired
        }

        func push() {
            navigation.pushViewController(ViewController(), animated: true)
            window.rootView.layoutIfNeeded()
        }
    }

    final class Box {
        var now: Double
        init(now: Double) { self.now = now }
    }

    @Test func aTransitionInFlightWhenSuspendedCompletesOnTheFallbackClockThenNothingWakes() {
        let f = Fixture()
        #expect(f.frameDone(needsDraw: true))
        f.push()
        #expect(f.window.wantsFrames && !f.window.activeTransitions.isEmpty)
        // Mid-flight: a frame asked for and answered, another asked for.
        f.link.frameRequested()
        f.clock.now += 1.0 / 60
        #expect(f.frameDone(), "a transition in flight draws its next frame")
        f.link.frameRequested()

        f.link.isSuspended = true
        #expect(!f.link.mayDrawAfterDispatch(frameCallbackPending: false), "no frames while suspended")
        // A late frame callback (the compositor answered the one outstanding) ticks, but draws not.
        f.clock.now += 1.0 / 60
        #expect(!f.frameDone(needsDraw: true), "no frames while suspended")
        #expect(f.timer.isArmed, "the fallback clock keeps time")

        let fired = f.letTimePass(5)
        #expect(f.window.activeTransitions.isEmpty && f.navigation.viewControllers.count == 2,
                "the push completed on the fallback clock")
        #expect(!f.timer.isArmed, "no wake-ups once it completed")
        #expect(fired > 0 && fired < 20, "fired \(fired) times for one push")
        let arms = f.timer.arms
        #expect(f.letTimePass(5) == 0 && !f.link.mayDrawAfterDispatch(frameCallbackPending: false) && f.timer.arms == arms, "an idle suspended window stays asleep")

        f.link.isSuspended = false
        #expect(f.link.mayDrawAfterDispatch(frameCallbackPending: false), "drawing resumes with the state the model reached")
    }

    /// The frame callback asked for before the suspension is still unanswered (the compositor
    /// holds it): a second push started while suspended runs on the fallback clock too.
    @Test func aTransitionStartedWhileAFrameCallbackIsHeldStillCompletes() {
        let f = Fixture()
        #expect(f.frameDone(needsDraw: true))
        f.push()
        f.link.frameRequested()
        f.link.isSuspended = true
        _ = f.letTimePass(5)
        #expect(!f.timer.isArmed && f.navigation.viewControllers.count == 2)

        f.navigation.pushViewController(ViewController(), animated: true)
        f.window.rootView.layoutIfNeeded()
        #expect(!f.link.mayDrawAfterDispatch(frameCallbackPending: true))
        #expect(f.timer.isArmed, "the fallback clock runs the new push")
        _ = f.letTimePass(5)
        #expect(f.window.activeTransitions.isEmpty && f.navigation.viewControllers.count == 3)
        #expect(!f.timer.isArmed)
    }

    @Test func aTransitionStartedWhileSuspendedRunsOnTheFallbackClockAlone() {
        let f = Fixture()
        #expect(f.frameDone(needsDraw: true))
        f.link.isSuspended = true
        #expect(!f.timer.isArmed, "nothing animates: no timer")
        f.push()
        // After the dispatch that started it: no draw, no frame callback, the fallback clock.
        #expect(!f.link.mayDrawAfterDispatch(frameCallbackPending: false))
        #expect(f.timer.isArmed)
        _ = f.letTimePass(5)
        #expect(f.window.activeTransitions.isEmpty && f.navigation.viewControllers.count == 2)
        #expect(!f.timer.isArmed)
    }

    @Test func framesPaceTheClockUntilNothingAnimatesThenTheTimerIsDisarmed() {
        let f = Fixture()
        #expect(f.frameDone(needsDraw: true))
        f.push()
        f.link.frameRequested()
        var frames = 0
        while f.window.wantsFrames, frames < 600 {
            f.clock.now += 1.0 / 60
            // Every frame draws, the one that ticked the push to its end too.
            #expect(f.frameDone())
            frames += 1
        }
        #expect(f.timer.isArmed, "armed while frames came")
        f.clock.now += 1.0 / 60
        #expect(!f.frameDone(), "nothing to draw")
        #expect(!f.timer.isArmed && f.navigation.viewControllers.count == 2)
    }
}
