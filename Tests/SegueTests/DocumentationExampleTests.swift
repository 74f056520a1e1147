import Canvas
import Motion
import Segue
import Testing

/// The example of the DocC article "Testing transitions offscreen", word for word: it must keep
/// working as written.
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
}
