import Geometry
import Canvas
import Foundation
import Motion
import SegueTestKit
import Testing

/// `segue-demo --slow 5` in a real compositor (headless weston, 800×600): tutorial 004's
/// expand from icon, 0.6 s at product speed, takes the tutorial's 3.0 s; the badge shows.
@Suite(.serialized)
struct SlowAnimationsE2ETests {
    @Test func expandFromIconTakesTheTutorialsThreeSecondsAtSlowFive() throws {
        var options = HeadlessSession.Options()
        options.arguments = ["--slow", "5"]
        let session = try HeadlessSession(width: 800, height: 600, options: options)
        defer { session.stop() }
        let rest = try ModalScenesE2ETests.openModalTab(session)
        session.keep(rest, as: "e2e-slow-modal-tab")
        // The badge: 76 × 24 px, 12 px from the right edge and 10 px below the top, orange.
        let badge = rest.pixel(x: 800 - 15, y: 13)
        #expect(badge.red > 0.7 && badge.green < 0.45 && badge.blue < 0.2, "×5 badge at the corner: \(badge)")

        try session.click(at: Point(x: ModalScenesE2ETests.icon.x + 48, y: ModalScenesE2ETests.icon.y + 48))
        try session.waitForTrace([.complete], count: 2, timeout: 20)
        let present = session.trace.filter { $0.kind == .present }
        let begin = try #require(present.first { $0.event == .begin }?.time)
        let complete = try #require(present.first { $0.event == .complete }?.time)
        let measured = complete - begin
        print("measured: --slow 5 expand from icon, begin → complete \(measured) s (tutorial 004: 3.0 s)")
        // The timeline starts at the first frame after the click and completes on the first
        // frame at or after 3.0 s of it: never early (×4 would end at 2.4 s). How late the
        // completing frame comes depends on the machine's load, so it is printed, not asserted;
        // the exact bound (×5 within one frame) is pinned on the manual clock by
        // SlowAnimationsTests and TransitionDurationTests.
        #expect(measured >= 3.0 - 0.002,
                "begin → complete took \(measured) s; at ×5 the 0.6 s expansion is the tutorial's 3.0 s")
        let presented = try session.parkedScreenshot()
        session.keep(presented, as: "e2e-slow-expand-presented")
        #expect(ModalScenesE2ETests.near(presented.pixel(x: 400, y: 580), ModalScenesE2ETests.detailBackground))
    }
}
