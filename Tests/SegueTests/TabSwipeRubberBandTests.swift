import Geometry
import Canvas
import Motion
import Segue
import Testing

/// A tab swipe dragged past either end resists (docs/MOTION.md target 6): `x` px beyond the end
/// move the page `x / (1 + x / L)` px, L = ``GestureThresholds/rubberBandLimit``, and the
/// release settles back from there. Driven on a bare ``Window`` with a manual clock.
@MainActor
@Suite("Rubber band past the ends of a tab swipe")
struct TabSwipeRubberBandTests {
    static let width = 400.0
    static let limit = GestureThresholds.rubberBandLimit

    /// The page offset the formula gives for a drag `x` px past an end.
    static func resisted(_ x: Double) -> Double { x / (1 + x / limit) }

    /// Three plain tabs in a 400 × 300 window, laid out, at time 10 s.
    @MainActor
    final class Fixture {
        let pages = (0..<3).map { ViewController(title: "P\($0)") }
        let tabs: TabBarController
        let window: Window
        var now = 10.0
        var trace: [TraceRecord] = []
        let y = 100.0

        init() {
            tabs = TabBarController(viewControllers: pages)
            window = Window(rootViewController: tabs)
            window.traceSink = { [unowned self] in self.trace.append($0) }
            window.resize(to: Size(width: TabSwipeRubberBandTests.width, height: 300))
            window.tick(at: now)
            window.render(into: Canvas(surface: Surface(width: 400, height: 300)))
        }

        func send(_ kind: InputEvent.Kind) { window.handle(InputEvent(time: now, kind: kind)) }

        /// Moves the pressed pointer to each x in turn, one 60 Hz frame apart.
        func drag(through xs: [Double]) {
            for x in xs {
                now += 1.0 / 60
                send(.pointerMotion(Point(x: x, y: y)))
                window.tick(at: now)
            }
        }

        /// Holds still long enough for the velocity to read 0, then lets go.
        func releaseAfterPause() {
            now += 0.1
            window.tick(at: now)
            send(.pointerButton(.left, pressed: false))
        }

        func frames(_ count: Int) {
            for _ in 0..<count {
                now += 1.0 / 60
                window.tick(at: now)
            }
        }
    }

    /// Evenly spaced steps from `a` to `b` (excluding `a`).
    static func steps(from a: Double, to b: Double, count: Int = 20) -> [Double] {
        (1...count).map { a + (b - a) * Double($0) / Double(count) }
    }

    @Test(arguments: [30.0, 60.0, 150.0])
    func aDragPastTheNeighbourResistsAndSettlesBack(beyond x: Double) throws {
        let f = Fixture()
        let start = 300.0
        f.send(.pointerEnter(Point(x: start, y: f.y)))
        f.send(.pointerButton(.left, pressed: true))
        // Left by a whole page and x more: tab 1 is fully in, and pulled on past it.
        f.drag(through: Self.steps(from: start, to: start - Self.width - x))
        let incoming = f.pages[1].view, outgoing = f.pages[0].view
        let expected = Self.resisted(x)
        #expect(abs(incoming.transform.tx - -expected) < 1e-6, "the incoming page moved \(-incoming.transform.tx) px past its end")
        #expect(abs(outgoing.transform.tx - -(Self.width + expected)) < 1e-6)
        #expect(expected < Self.limit && expected > 0)
        // The trace keeps progress within 0…1: the overshoot is traced at the end.
        #expect(f.trace.filter { $0.event == .update }.allSatisfy { $0.progress >= 0 && $0.progress <= 1 })

        let held = incoming.transform.tx
        f.releaseAfterPause()
        f.frames(1)
        let first = incoming.transform.tx
        #expect(first > held - 1e-9 && first <= 0, "the settle heads back from where the page was, with no jump")
        f.frames(60)
        #expect(f.tabs.selectedIndex == 1)
        #expect(f.trace.filter { $0.event == .complete }.map(\.completed) == [true])
        #expect(incoming.transform == .identity)
    }

    @Test func aDragBackPastTheStartResistsTheOtherWay() throws {
        let f = Fixture()
        let start = 300.0, x = 40.0
        f.send(.pointerEnter(Point(x: start, y: f.y)))
        f.send(.pointerButton(.left, pressed: true))
        // Left far enough to start the switch to tab 1, then right past where the press began.
        f.drag(through: Self.steps(from: start, to: start - 50, count: 5) + Self.steps(from: start - 50, to: start + x, count: 10))
        let outgoing = f.pages[0].view
        #expect(abs(outgoing.transform.tx - Self.resisted(x)) < 1e-6, "the page moved \(outgoing.transform.tx) px past its start")
        f.releaseAfterPause()
        f.frames(60)
        #expect(f.tabs.selectedIndex == 0)
        #expect(f.trace.filter { $0.event == .complete }.map(\.completed) == [false])
        #expect(outgoing.transform == .identity)
    }

    /// docs/MOTION.md target 5: a press on a settling transition takes it over with at most 0.5 px
    /// of jump, also while the settle is still past the end; the drag then goes on from there,
    /// resisting as the formula says.
    @Test func aPressOnASettlePastTheEndPicksItUpWhereItIs() throws {
        let f = Fixture()
        let start = 300.0, x = 150.0
        f.send(.pointerEnter(Point(x: start, y: f.y)))
        f.send(.pointerButton(.left, pressed: true))
        f.drag(through: Self.steps(from: start, to: start - Self.width - x))
        let incoming = f.pages[1].view
        f.releaseAfterPause()
        f.frames(1)
        let shown = -incoming.transform.tx
        #expect(shown > 0.5, "still past the end when caught (\(shown) px)")

        let pointer = start - Self.width - x
        f.send(.pointerButton(.left, pressed: true))
        f.frames(1)
        #expect(abs(-incoming.transform.tx - shown) <= 0.5, "caught at \(shown) px, shown at \(-incoming.transform.tx) px")

        // 20 px further past the end: the raw overscroll behind `shown` plus 20, resisted.
        let raw = shown / (1 - shown / Self.limit)
        f.drag(through: Self.steps(from: pointer, to: pointer - 20, count: 4))
        let expected = Self.resisted(raw + 20)
        #expect(abs(-incoming.transform.tx - expected) < 0.5, "moved to \(-incoming.transform.tx) px, formula \(expected) px")
    }

    /// A flick released far past the end (a second fast swipe catching the first one's settle,
    /// as quick hands do) moves the page at the speed it showed, not the finger's: the rubber
    /// band held it within ``GestureThresholds/rubberBandLimit`` px of the end, and the settle
    /// from there may not carry it further out than the band's limit (docs/MOTION.md targets 3
    /// and 6: no jump at release, resistance past the ends).
    @Test func aFlickReleasedPastTheEndStaysWithinTheBand() throws {
        let f = Fixture()
        let start = 380.0
        f.send(.pointerEnter(Point(x: start, y: f.y)))
        f.send(.pointerButton(.left, pressed: true))
        // A whole page and 300 px more in 10 frames: about 4,200 px/s, still moving at release.
        f.drag(through: Self.steps(from: start, to: start - Self.width - 300, count: 10))
        let incoming = f.pages[1].view
        let held = -incoming.transform.tx
        #expect(held > 0 && held < Self.limit, "held \(held) px past the end")
        f.send(.pointerButton(.left, pressed: false))
        var farthest = held
        for _ in 0..<60 {
            f.frames(1)
            farthest = max(farthest, -incoming.transform.tx)
        }
        #expect(farthest <= Self.limit, "the settle carried the page \(farthest) px past the end (the band holds it within \(Self.limit))")
        #expect(f.tabs.selectedIndex == 1)
        #expect(incoming.transform == .identity)
    }
}
