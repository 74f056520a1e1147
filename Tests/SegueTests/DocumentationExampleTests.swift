import Geometry
import Canvas
import Motion
import Segue
import SegueTesting
import Testing

/// The examples of the DocC article "Testing transitions offscreen" and of the README's
/// "Build your own" (SegueTesting's host), word for word: they must keep working as written.
@MainActor
@Suite("Documentation examples")
struct DocumentationExampleTests {
    @Test func aPushTakesHalfASecond() throws {
        let navigation = NavigationController(rootViewController: ViewController(title: "Root"))
        let window = Window(rootViewController: navigation)
        var trace: [TraceRecord] = []
        window.traceSink = { trace.append($0) }
        window.resize(to: Size(width: 400, height: 300))
        var now = 10.0
        window.tick(at: now)

        navigation.pushViewController(ViewController(title: "Next"))
        while window.wantsFrames {           // 60 Hz until the transition is over
            now += 1.0 / 60
            window.tick(at: now)
        }
        #expect(navigation.viewControllers.count == 2)
        #expect(trace.map(\.event) == [.begin, .complete])
        // And the title's promise: half a second (the first tick starts it; one more ends it).
        let begin = try #require(trace.first?.time), end = try #require(trace.last?.time)
        #expect(end - begin >= 0.5 && end - begin <= 0.5 + 2.0 / 60 + 1e-9, "took \(end - begin) s")
    }

    @Test func backPopsAfterHalfASecond() throws {
        let navigation = NavigationController(rootViewController: ViewController(title: "Root"))
        let host = OffscreenWindow(root: navigation, size: Size(width: 400, height: 300))
        navigation.pushViewController(ViewController(title: "Next"))
        host.runFrames()
        let seconds = try host.measureTransition { host.click(at: Point(x: 40, y: 26)) }  // ‹ Back
        #expect(navigation.viewControllers.count == 1)
        #expect(host.completions.map(\.kind) == [.pop])
        #expect(seconds >= 0.5 && seconds < 0.5 + 1.0 / 60)
    }
}
