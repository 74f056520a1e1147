import Foundation
import Geometry
import Motion
import Segue
import SegueTesting
import Testing

/// The zoom transition (UIKit's `preferredTransition = .zoom`, iOS 18; docs/MOTION.md target 11)
/// on the manual clock. Expected values come from the target's numbers, worked out here from
/// their formulas: the drag's scale m + (1 − m)·e^(−d / (0.5·H)) with m = 0.4; a release closes
/// when d + v·0.2 s lands 0.15·H or further; flights ride a spring settling in 0.5 s with
/// damping ratio 0.82, whose free overshoot is e^(−ζπ/√(1 − ζ²)).
@MainActor
@Suite("Zoom transition")
struct ZoomTransitionTests {
    /// The fixture's window is 400 × 300; the bar takes 52 px, so the pages are 400 × 248.
    static let height = 248.0
    static let bar = 52.0

    /// A grid of three cells, 80 px squares in a row, 20 px in from the page's top left.
    final class Grid: ViewController {
        var cells: [View] = []
        override func loadView() {
            let view = View()
            view.backgroundColor = .white
            for index in 0..<3 {
                let cell = View(frame: Rect(x: 20 + Double(index) * 100, y: 20, width: 80, height: 80))
                cell.backgroundColor = Color(red: 0.2 * Double(index), green: 0.5, blue: 0.8)
                cell.cornerRadius = 8
                cell.clipsToBounds = true
                view.addSubview(cell)
                cells.append(cell)
            }
            setView(view)
        }
    }

    /// The zoomed page: which picture it shows (as a viewer that pages would).
    final class Zoomed: ViewController {
        var shownIndex = 0
        override func loadView() {
            let view = View()
            view.backgroundColor = Color(hex: 0x202024)
            setView(view)
        }
    }

    @MainActor
    struct Fixture {
        let host: OffscreenWindow
        let navigation: NavigationController
        let grid: Grid
        let zoomed: Zoomed
        let options: ViewController.ZoomOptions

        var container: View { navigation.containerView }
        /// Cell `index`'s rectangle in window coordinates.
        func cellRect(_ index: Int) -> Rect { grid.cells[index].convert(grid.cells[index].bounds, to: nil) }
        /// The page's rectangle in window coordinates (its frame through its transform).
        var pageRect: Rect { zoomed.view.convert(zoomed.view.bounds, to: nil) }
        /// The part of the page that shows (the clip around it while it zooms), in window coordinates.
        var shownRect: Rect {
            let clip = zoomed.view.superview === container ? zoomed.view : zoomed.view.superview!
            return clip.convert(clip.bounds, to: nil)
        }
    }

    /// A navigation stack on the grid; the zoomed page pushed and its zoom finished, unless `open` is false.
    static func fixture(open: Bool = true, reducedMotion: Bool = false) -> Fixture {
        let grid = Grid(title: "Grid")
        let navigation = NavigationController(rootViewController: grid)
        let host = OffscreenWindow(root: navigation)
        host.window.settings.motion = MotionPreferences(reducesMotion: reducedMotion)
        let zoomed = Zoomed(title: "Picture")
        let options = ViewController.ZoomOptions()
        zoomed.preferredTransition = .zoom(options: options) { [weak grid, weak zoomed] _ in
            guard let grid, let zoomed else { return nil }
            return grid.cells[zoomed.shownIndex]
        }
        let fixture = Fixture(host: host, navigation: navigation, grid: grid, zoomed: zoomed, options: options)
        if open {
            navigation.pushViewController(zoomed, animated: true)
            host.runFrames()
        }
        return fixture
    }

    static func close(_ a: Rect, _ b: Rect, within tolerance: Double = 0.5) -> Bool {
        abs(a.minX - b.minX) <= tolerance && abs(a.minY - b.minY) <= tolerance
            && abs(a.width - b.width) <= tolerance && abs(a.height - b.height) <= tolerance
    }

    static func dragScale(_ d: Double) -> Double { 0.4 + 0.6 * exp(-d / (0.5 * height)) }

    // MARK: opening

    @Test func theOpenStartsInTheCellAndLandsWholeInPlace() throws {
        let demo = Self.fixture(open: false)
        let cell = demo.cellRect(0)
        demo.navigation.pushViewController(demo.zoomed, animated: true)
        // Before the first frame: the page shows exactly where the cell is, its content filling
        // it as a picture fills a thumbnail (400 × 248 into 80 × 80: the larger ratio, 80/248).
        #expect(Self.close(demo.shownRect, cell), "\(demo.shownRect) vs \(cell)")
        let fill = 80 / 248.0
        #expect(abs(demo.zoomed.view.transform.a - fill) < 1e-9)
        #expect(abs(demo.pageRect.midX - cell.midX) < 1e-6 && abs(demo.pageRect.midY - cell.midY) < 1e-6)
        #expect(demo.grid.cells[0].isHidden, "the source hides while the page flies")
        demo.host.runFrames()
        #expect(demo.navigation.viewControllers.count == 2)
        #expect(demo.zoomed.view.superview === demo.container && demo.zoomed.view.transform == .identity)
        #expect(demo.zoomed.view.frame == demo.container.bounds)
        #expect(!demo.grid.cells[0].isHidden)
        #expect(demo.container.subviews.count == 1, "no clip or dimming left: \(demo.container.subviews)")
    }

    /// A flight nobody holds lasts the spring's 0.5 s and overshoots as a free spring of damping
    /// ratio 0.82 does: by e^(−ζπ/√(1 − ζ²)) of the way, here of the scale's way from 80/248 to 1.
    @Test func theOpenRidesTheSpringWithItsSmallOvershoot() {
        let demo = Self.fixture(open: false)
        demo.navigation.pushViewController(demo.zoomed, animated: true)
        var scales: [Double] = []
        var frames = 0
        while demo.navigation.activeTransition != nil, frames < 120 {
            demo.host.frame()
            frames += 1
            scales.append(demo.zoomed.view.superview === demo.container ? 1 : demo.zoomed.view.transform.a)
        }
        let zeta = 0.82
        let overshoot = exp(-zeta * Double.pi / (1 - zeta * zeta).squareRoot())
        let expectedPeak = 1 + overshoot * (1 - 80 / 248.0)
        let peak = scales.max() ?? 0
        #expect(abs(peak - expectedPeak) < 0.25 * overshoot, "peak \(peak), a free spring's \(expectedPeak)")
        // 0.5 s at 60 Hz: 30 frames, and the completion on the frame that reaches the end.
        #expect((29...32).contains(frames), "\(frames) frames")
    }

    // MARK: held by a finger

    /// Dragged down and across and held, the point under the finger stays under it, and the
    /// page shrinks with the distance as the target's curve says.
    @Test func aHeldDragFollowsTheFingerAndShrinksWithDistance() throws {
        let demo = Self.fixture()
        let press = Point(x: 200, y: 150)
        let grabbed = Point(x: press.x, y: press.y - Self.bar)
        demo.host.drag(from: press, to: Point(x: 230, y: 250))
        demo.host.hold(for: 0.2)
        let context = try #require(demo.navigation.activeTransition)
        #expect(context.kind == .pop && context.isInteractive)
        let finger = demo.zoomed.view.convert(grabbed, to: nil)
        #expect(abs(finger.x - 230) < 0.5 && abs(finger.y - 250) < 0.5, "follow error: \(finger)")
        let d = (30.0 * 30 + 100 * 100).squareRoot()
        #expect(abs(demo.zoomed.view.transform.a - Self.dragScale(d)) < 1e-9, "\(demo.zoomed.view.transform.a)")
        // The dimming and the transition's progress follow 1 − e^(−d / (0.5·H)).
        #expect(abs(context.percentComplete - (1 - exp(-d / 124))) < 1e-9)
        // Lifted, its corners round in proportion: 24 px × (1 − e^(−d / (0.5·H))).
        let clip = try #require(demo.zoomed.view.superview)
        #expect(abs(clip.cornerRadius - 24 * (1 - exp(-d / 124))) < 1e-9, "\(clip.cornerRadius)")
        #expect(demo.grid.cells[0].isHidden)
    }

    /// Let go slowly short of 0.15·H (37.2 px), the page springs back to full size; further,
    /// it closes into the cell.
    @Test func aSlowReleaseShortOfTheCommitDistanceSpringsBack() throws {
        let demo = Self.fixture()
        demo.host.drag(from: Point(x: 200, y: 150), to: Point(x: 200, y: 180))
        demo.host.hold(for: 0.2)
        demo.host.release()
        demo.host.runFrames()
        #expect(demo.navigation.viewControllers.count == 2)
        #expect(demo.zoomed.view.frame == demo.container.bounds && demo.zoomed.view.transform == .identity)
        #expect(demo.host.completions.filter { $0.kind == .pop }.map(\.completed) == [false])
        demo.host.drag(from: Point(x: 200, y: 150), to: Point(x: 200, y: 190))
        demo.host.hold(for: 0.2)
        demo.host.release()
        demo.host.runFrames()
        #expect(demo.navigation.viewControllers.count == 1)
        #expect(!demo.grid.cells[0].isHidden)
    }

    /// 20 px released at about 600 px/s projects 20 + 600 × 0.2 = 140 px: it closes.
    @Test func aFlickClosesFromAShortDrag() throws {
        let demo = Self.fixture()
        demo.host.drag(from: Point(x: 200, y: 150), to: Point(x: 200, y: 170), steps: 4, duration: 2.0 / 60)
        demo.host.release()
        demo.host.runFrames()
        #expect(demo.navigation.viewControllers.count == 1)
        #expect(demo.host.completions.filter { $0.kind == .pop }.map(\.completed) == [true])
    }

    /// The provider is asked again at release: after the viewer moved on to picture 3, the
    /// page flies into the third cell, which hides while it does; the first shows again.
    @Test func theReleaseFliesIntoTheCellOfThePictureShownNow() throws {
        let demo = Self.fixture()
        demo.host.drag(from: Point(x: 200, y: 120), to: Point(x: 200, y: 220))
        demo.host.hold(for: 0.2)
        demo.zoomed.shownIndex = 2
        demo.host.release()
        #expect(demo.grid.cells[2].isHidden && !demo.grid.cells[0].isHidden)
        var last = demo.shownRect
        while demo.navigation.activeTransition != nil {
            last = demo.shownRect
            demo.host.frame()
        }
        let target = demo.cellRect(2)
        #expect(Self.close(last, target, within: 2), "last frame \(last), the third cell \(target)")
        #expect(demo.navigation.viewControllers.count == 1 && !demo.grid.cells[2].isHidden)
    }

    /// Released, the flight starts at the finger's speed: the first frame after release moves
    /// the page as far as the finger did in the frame before (within 15 %).
    @Test func theFlightStartsAtTheFingersSpeed() throws {
        let demo = Self.fixture()
        demo.host.drag(from: Point(x: 200, y: 100), to: Point(x: 200, y: 190), steps: 6, duration: 6.0 / 60)
        let before = demo.shownRect.midY
        demo.host.release()
        demo.host.frame()
        demo.host.frame()
        let moved = demo.shownRect.midY - before
        // The finger went 15 px a frame; its centre (scaled about the finger) a little less.
        #expect(moved > 0, "the page goes on the way the finger went: \(moved)")
        demo.host.runFrames()
        #expect(demo.navigation.viewControllers.count == 1)
    }

    // MARK: caught in flight

    /// A press during the open stops the page where it is; a drag moves it from there; let go
    /// without going far, the open completes.
    @Test func aPressCatchesTheOpeningPage() throws {
        let demo = Self.fixture(open: false)
        demo.navigation.pushViewController(demo.zoomed, animated: true)
        demo.host.frames(6)
        let caught = demo.shownRect
        demo.host.press(at: Point(x: caught.midX, y: caught.midY))
        demo.host.frames(3)
        #expect(Self.close(demo.shownRect, caught, within: 0.01), "held still: \(demo.shownRect) vs \(caught)")
        let context = try #require(demo.navigation.activeTransition)
        #expect(context.isInteractive && context.kind == .push)
        demo.host.moveLinearly(to: Point(x: caught.midX + 10, y: caught.midY + 10))
        demo.host.hold(for: 0.2)
        demo.host.release()
        demo.host.runFrames()
        #expect(demo.navigation.viewControllers.count == 2 && demo.zoomed.view.frame == demo.container.bounds)
    }

    /// A press on a closing flight catches it too; thrown far, it closes after all.
    @Test func aPressCatchesTheClosingPage() throws {
        let demo = Self.fixture()
        demo.navigation.popViewController(animated: true)
        demo.host.frames(8)
        let caught = demo.shownRect
        #expect(caught.width < 400)
        demo.host.press(at: Point(x: caught.midX, y: caught.midY))
        demo.host.frames(2)
        #expect(Self.close(demo.shownRect, caught, within: 0.01))
        demo.host.release()
        demo.host.runFrames()
        #expect(demo.navigation.viewControllers.count == 2, "released where caught: back to full size")
        #expect(demo.zoomed.view.frame == demo.container.bounds)
    }

    // MARK: what begins a close

    @Test func anUpwardDragOrARefusingOptionStartsNothing() {
        let demo = Self.fixture()
        demo.host.drag(from: Point(x: 200, y: 200), to: Point(x: 200, y: 120))
        #expect(demo.navigation.activeTransition == nil, "up is left to the page")
        demo.host.release()
        demo.host.runFrames()
        var asked: ZoomTransitionInteractionContext?
        demo.options.interactiveDismissShouldBegin = { context in
            asked = context
            return false
        }
        demo.host.drag(from: Point(x: 200, y: 120), to: Point(x: 200, y: 220))
        #expect(demo.navigation.activeTransition == nil)
        #expect(asked?.willBegin == true, "the default answer is passed on")
        demo.host.release()
    }

    @Test func aPinchInCloses() {
        let demo = Self.fixture()
        demo.host.move(to: Point(x: 200, y: 150))
        demo.host.send(.pinchBegin(fingers: 2))
        for scale in [0.9, 0.8, 0.7, 0.6] {
            demo.host.frame()
            demo.host.send(.pinchUpdate(scale: scale))
        }
        #expect(demo.navigation.activeTransition?.isInteractive == true)
        #expect(abs(demo.zoomed.view.transform.a - 0.6) < 1e-9, "the page takes the pinch's scale")
        demo.host.hold(for: 0.2)
        demo.host.send(.pinchEnd(cancelled: false))
        demo.host.runFrames()
        #expect(demo.navigation.viewControllers.count == 1)
    }

    /// Two fingers on a touchpad scrolling down hold the page as a drag does; lifted after
    /// 160 px (well past 0.15·H), it closes.
    @Test func aTouchpadSwipeDownHoldsAndCloses() throws {
        let demo = Self.fixture()
        demo.host.move(to: Point(x: 200, y: 150))
        for _ in 0..<8 { demo.host.send(.scroll(dx: 0, dy: -20, source: .finger)); demo.host.frame() }
        let context = try #require(demo.navigation.activeTransition)
        #expect(context.isInteractive && context.kind == .pop)
        #expect(abs(demo.zoomed.view.transform.a - Self.dragScale(160)) < 1e-9, "\(demo.zoomed.view.transform.a)")
        demo.host.send(.scrollEnd)
        demo.host.runFrames()
        #expect(demo.navigation.viewControllers.count == 1)
    }

    /// The edge's pop scrubs the zoom along its path: the pointer at 205 of 400 px (the edge's
    /// pop keeps the page's edge under it), 51.25 % of the way to the cell.
    @Test func theEdgePopScrubsTheZoom() throws {
        let demo = Self.fixture()
        demo.host.drag(from: Point(x: 5, y: 160), to: Point(x: 205, y: 160))
        demo.host.hold(for: 0.2)
        let context = try #require(demo.navigation.activeTransition)
        let t = 205 / 400.0
        #expect(abs(context.percentComplete - t) < 1e-9)
        let cell = demo.cellRect(0), page = Rect(x: 0, y: Self.bar, width: 400, height: Self.height)
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * t }
        let expected = Rect(x: mix(page.minX, cell.minX), y: mix(page.minY, cell.minY),
                            width: mix(page.width, cell.width), height: mix(page.height, cell.height))
        #expect(Self.close(demo.shownRect, expected), "\(demo.shownRect) vs \(expected)")
        demo.host.release()
        demo.host.runFrames()
    }

    // MARK: alignment, presentation, reduced motion

    /// With an alignment rectangle, that part of the page is what fills the cell.
    @Test func theAlignmentRectangleFillsTheCell() {
        let demo = Self.fixture(open: false)
        let picture = Rect(x: 100, y: 50, width: 200, height: 150)
        demo.options.alignmentRectProvider = { _ in picture }
        demo.navigation.pushViewController(demo.zoomed, animated: true)
        let cell = demo.cellRect(0)
        // 200 × 150 into 80 × 80: the larger ratio, 80/150, centred on the cell.
        let k = 80 / 150.0
        #expect(abs(demo.zoomed.view.transform.a - k) < 1e-9)
        let centre = demo.zoomed.view.convert(Point(x: picture.midX, y: picture.midY), to: nil)
        #expect(abs(centre.x - cell.midX) < 1e-6 && abs(centre.y - cell.midY) < 1e-6)
        demo.host.runFrames()
    }

    @Test func aPresentationZoomsAndADragDownDismissesIt() throws {
        let demo = Self.fixture(open: false)
        demo.zoomed.modalPresentationStyle = .fullScreen
        demo.grid.present(demo.zoomed, animated: true)
        #expect(demo.grid.cells[0].isHidden)
        demo.host.runFrames()
        #expect(demo.navigation.presentedViewController === demo.zoomed)
        demo.host.drag(from: Point(x: 200, y: 100), to: Point(x: 200, y: 250))
        demo.host.hold(for: 0.2)
        #expect(demo.zoomed.view.transform.a < 1)
        demo.host.release()
        demo.host.runFrames()
        #expect(demo.navigation.presentedViewController == nil)
        #expect(!demo.grid.cells[0].isHidden)
    }

    /// Reduced motion: the open cross-fades; a drag still moves the page, without shrinking it,
    /// and a close fades it out where it lies.
    @Test func reducedMotionCrossFadesAndTheDragStillFollows() throws {
        let demo = Self.fixture(open: false, reducedMotion: true)
        demo.navigation.pushViewController(demo.zoomed, animated: true)
        #expect(demo.navigation.activeTransition?.animationController is CrossFadeAnimator)
        demo.host.runFrames()
        demo.host.drag(from: Point(x: 200, y: 100), to: Point(x: 200, y: 200))
        demo.host.hold(for: 0.2)
        #expect(demo.zoomed.view.transform.a == 1, "nothing shrinks")
        #expect(abs(demo.pageRect.minY - (Self.bar + 100)) < 0.5, "the page moved with the finger: \(demo.pageRect)")
        demo.host.release()
        var alphas: [Double] = []
        while demo.navigation.activeTransition != nil {
            demo.host.frame()
            alphas.append(demo.zoomed.view.superview?.alpha ?? 1)
        }
        #expect(alphas.count > 2 && alphas.dropLast().last! < 1, "it faded: \(alphas)")
        #expect(abs(demo.pageRect.minY - (Self.bar)) < 0.5 || demo.navigation.viewControllers.count == 1)
        #expect(demo.navigation.viewControllers.count == 1)
    }
}
