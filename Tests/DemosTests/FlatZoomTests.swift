import Geometry
import Canvas
import Demos
import Foundation
import Motion
import Segue
import SegueTesting
import Testing

/// The gallery's navigation controller in a 400 × 300 offscreen window on a manual clock.
@MainActor
private struct GalleryFixture {
    static let size = Size(width: 400, height: 300)
    let host: OffscreenWindow
    let navigation: GalleryNavigationController
    var grid: GalleryPage { navigation.gallery }

    init() {
        navigation = GalleryNavigationController()
        host = OffscreenWindow(root: navigation, size: Self.size)
    }

    var container: View { navigation.containerView }

    /// Cell `index`'s rect in the container's coordinates.
    func cellRect(_ index: Int) -> Rect { GalleryPage.cellFrame(index, width: container.bounds.width) }

    /// The picture page's image rect in the container's coordinates.
    var imageRect: Rect { PhotoPage.imageFrame(in: container.bounds) }

    /// A container rect in window coordinates.
    func inWindow(_ rect: Rect) -> Rect { rect.offsetBy(dx: 0, dy: NavigationBar.height) }

    /// The running flat zoom animator, if any.
    var animator: FlatZoomAnimator? { navigation.activeTransition?.animationController as? FlatZoomAnimator }

    var photo: PhotoPage? { navigation.topViewController as? PhotoPage }

    /// Clicks cell `index`; the push starts at the next frame (its time 0).
    func clickCell(_ index: Int) {
        host.click(at: inWindow(cellRect(index)).center)
    }

    /// Clicks cell `index` and runs the push to its end.
    @discardableResult
    func push(_ index: Int) throws -> PhotoPage {
        clickCell(index)
        host.runFrames()
        return try #require(photo)
    }

    /// Presses at mid-height, a quarter in from the left (not the edge), and drags right by
    /// `progress` of the width; holds there.
    func dragOnPage(to progress: Double) {
        let start = Point(x: 100, y: 52 + container.bounds.height / 2)
        host.drag(from: start, to: Point(x: start.x + progress * container.bounds.width, y: start.y))
    }

    static func expectRect(_ a: Rect, _ b: Rect, within tolerance: Double, _ what: String,
                           sourceLocation: SourceLocation = #_sourceLocation) {
        let d = max(abs(a.minX - b.minX), abs(a.minY - b.minY), abs(a.maxX - b.maxX), abs(a.maxY - b.maxY))
        #expect(d <= tolerance, "\(what): \(a), expected \(b)", sourceLocation: sourceLocation)
    }
}

@MainActor
@Suite("Flat zoom (tutorial 001)")
struct FlatZoomTests {
    /// Key frames of the non-interactive push, at fixed times after it starts, against reference
    /// renders (each channel within 2/255 on ≥ 99.9 % of pixels), and the flying picture's rect
    /// at each against the spring's value.
    @Test func pushKeyFramesMatchReferences() throws {
        let fixture = GalleryFixture()
        try expectMatchesReference(fixture.host.render(), named: "flatzoom-grid")
        let index = 5
        fixture.clickCell(index)
        // Tutorial 001's push: 0.8 s, spring damping 0.5, initial velocity 0.5.
        let easing = SpringEasing(spring: Spring(duration: 0.8, dampingRatio: 0.5), initialVelocity: 0.5)
        var frame = 0
        // Frames 1…48 tick at k/60 s after the push's start (frame 0 starts it).
        fixture.host.frame()
        for (target, name) in [(6, "0.10s"), (15, "0.25s"), (30, "0.50s")] {
            while frame < target {
                fixture.host.frame()
                frame += 1
            }
            let flying = try #require(fixture.animator?.flyingView)
            let p = easing.value(at: Double(frame) / 60 / 0.8)
            GalleryFixture.expectRect(flying.shownRect,
                                      Rect.interpolate(from: fixture.cellRect(index), to: fixture.imageRect, fraction: p),
                                      within: 1e-6, "flying rect at \(name)")
            #expect(abs((fixture.navigation.activeTransition?.toView.alpha ?? -1) - min(max(p, 0), 1)) < 1e-9, "page alpha")
            try expectMatchesReference(fixture.host.render(), named: "flatzoom-push-\(name)")
        }
        fixture.host.runFrames()
        #expect(fixture.photo != nil)
        try expectMatchesReference(fixture.host.render(), named: "flatzoom-push-settled")
    }

    /// During the push the cell and the page's picture are hidden and the order is grid, page,
    /// flying snapshot; after it both show again, the snapshot is gone, and the push completed
    /// exactly once.
    @Test func pushHidesBothPicturesAndRestoresThem() throws {
        let fixture = GalleryFixture()
        let cell = try #require(fixture.grid.cell(at: 2))
        fixture.clickCell(2)
        fixture.host.frames(10)
        let context = try #require(fixture.navigation.activeTransition)
        let photo = try #require(context.toViewController as? PhotoPage)
        let flying = try #require(fixture.animator?.flyingView)
        #expect(fixture.grid.selectedIndex == 2)
        #expect(cell.isHidden)
        #expect(photo.imageView.isHidden)
        #expect(fixture.container.subviews.map(ObjectIdentifier.init)
                == [fixture.grid.view, photo.view, flying].map(ObjectIdentifier.init), "grid, page, snapshot")
        #expect(photo.view.alpha > 0 && photo.view.alpha <= 1)

        fixture.host.runFrames()
        #expect(fixture.navigation.topViewController === photo)
        #expect(!cell.isHidden)
        #expect(!photo.imageView.isHidden)
        #expect(photo.view.alpha == 1)
        #expect(flying.superview == nil)
        #expect(fixture.container.subviews.map(ObjectIdentifier.init) == [ObjectIdentifier(photo.view)])
        #expect(fixture.host.completions.map(\.completed) == [true], "exactly one completion")
        #expect(fixture.host.traceEvents == [.begin, .complete])
    }

    /// Damping 0.5 overshoots: at some frame the flying picture is larger than the page's
    /// picture, and a render of that frame shows picture pixels outside the page picture's rect.
    @Test func theSpringsOvershootIsVisible() throws {
        let fixture = GalleryFixture()
        fixture.clickCell(0)
        fixture.host.frame()
        var widest = Rect.zero, widestFrame: Surface?
        while let flying = fixture.animator?.flyingView {
            let rect = flying.shownRect
            if rect.width > widest.width {
                widest = rect
                widestFrame = fixture.host.render()
            }
            fixture.host.frame()
        }
        let image = fixture.imageRect
        let overshoot = (widest.width - image.width) / (fixture.imageRect.width - fixture.cellRect(0).width)
        print("flat zoom: widest flying picture \(widest.width) px vs page picture \(image.width) px: overshoot \(overshoot) of the distance")
        #expect(overshoot > 0.1, "largest width \(widest.width) vs \(image.width): overshoot \(overshoot)")
        // Just outside the page picture's right edge, at its middle, the picture shows.
        let surface = try #require(widestFrame)
        let x = Int(fixture.inWindow(image).maxX) + 2
        let y = Int(fixture.inWindow(image).midY)
        #expect(Double(x) < fixture.inWindow(widest).maxX - 1)
        let pixel = surface.pixel(x: x, y: y)
        #expect(pixel.red < 0.7 || pixel.blue < 0.7 || pixel.green < 0.7,
                "at (\(x), \(y)) the overshooting picture should show, found \(pixel)")
    }

    /// With reduced motion the same tap cross-fades: no flying picture, and the transition's
    /// progress never passes 1 (no spring overshoot); a drag on the page still flies it back.
    @Test func reducedMotionCrossFadesTheZoomWithNoOvershoot() throws {
        let fixture = GalleryFixture()
        fixture.host.window.settings.motion.reducesMotion = true
        fixture.clickCell(0)
        fixture.host.frame()
        let context = try #require(fixture.navigation.activeTransition)
        #expect(!(context.animationController is FlatZoomAnimator), "the zoom is replaced")
        var most = 0.0
        while !context.isComplete {
            most = max(most, context.timeline.fractionComplete + context.timeline.overshoot)
            #expect(fixture.animator?.flyingView == nil)
            fixture.host.frame()
        }
        #expect(most <= 1, "progress never passes 1: \(most)")
        #expect(fixture.photo != nil)
    }

    /// Dragging on the page (not from the edge) drives the pop linearly: at 30 % the picture is
    /// 30 % of the way from the page's rect to the cell's and the page's alpha is 0.7.
    @Test func theInteractivePopTracksTheDragLinearly() throws {
        let fixture = GalleryFixture()
        let photo = try fixture.push(3)
        fixture.host.clearTrace()
        fixture.dragOnPage(to: 0.3)
        let context = try #require(fixture.navigation.activeTransition)
        #expect(context.isInteractive)
        #expect(context.kind == .pop)
        let flying = try #require(fixture.animator?.flyingView)
        GalleryFixture.expectRect(flying.shownRect,
                                  Rect.interpolate(from: fixture.imageRect, to: fixture.cellRect(3), fraction: 0.3),
                                  within: 1e-6, "flying rect at 30 %")
        #expect(abs(photo.view.alpha - 0.7) < 1e-9)
        #expect(fixture.container.subviews.map(ObjectIdentifier.init)
                == [fixture.grid.view, photo.view, flying].map(ObjectIdentifier.init), "grid, page, snapshot")
        #expect(fixture.grid.cell(at: 3)?.isHidden == true)
        #expect(photo.imageView.isHidden)
        #expect(fixture.grid.view.alpha == 1, "the grid stays fully opaque")

        // Holding and moving back follows the pointer, frame after frame.
        fixture.host.hold(for: 0.1)
        GalleryFixture.expectRect(flying.shownRect,
                                  Rect.interpolate(from: fixture.imageRect, to: fixture.cellRect(3), fraction: 0.3),
                                  within: 1e-6, "held at 30 %")
        fixture.host.moveLinearly(to: Point(x: 100 + 0.1 * fixture.host.width, y: fixture.host.pointer!.y), steps: 4)
        #expect(abs(photo.view.alpha - 0.9) < 1e-9)
        fixture.host.release()
        fixture.host.runFrames()
    }

    /// Released while moving, the pop settles from the finger's speed (the toolkit's settle,
    /// not the 0.8 s spring): the first frame after release moves the picture on by the release
    /// velocity × one frame.
    @Test func releaseSettlesFromTheReleaseVelocity() throws {
        let fixture = GalleryFixture()
        _ = try fixture.push(4)
        // 240 px in 10 even steps over 1/6 s: 1440 px/s, 3.6 widths per second.
        fixture.dragOnPage(to: 0.6)
        let flying = try #require(fixture.animator?.flyingView)
        let image = fixture.imageRect, cell = fixture.cellRect(4)
        func fraction() -> Double { (image.width - flying.shownRect.width) / (image.width - cell.width) }
        #expect(abs(fraction() - 0.6) < 1e-9)
        fixture.host.release()
        fixture.host.frame()
        let step = fraction() - 0.6
        #expect(abs(step - 3.6 / 60) < 0.1 * 3.6 / 60, "first settle frame moved \(step), expected \(3.6 / 60)")
        fixture.host.runFrames()
        #expect(fixture.navigation.topViewController === fixture.grid)
    }

    /// A cancelled pop leaves the page whole — picture shown, alpha 1, the cell shown, no
    /// snapshot, the stack as it was — and a second drag pops with the same animator.
    @Test func aCancelledPopLeavesThePageWholeAndASecondPopWorks() throws {
        let fixture = GalleryFixture()
        let photo = try fixture.push(1)
        let cell = try #require(fixture.grid.cell(at: 1))
        let before = fixture.host.render()
        fixture.host.clearTrace()

        fixture.dragOnPage(to: 0.3)
        let firstAnimator = try #require(fixture.animator)
        fixture.host.hold(for: 0.1)
        fixture.host.release()
        fixture.host.runFrames()

        #expect(fixture.navigation.activeTransition == nil)
        #expect(fixture.navigation.topViewController === photo)
        #expect(fixture.navigation.viewControllers.count == 2)
        #expect(!photo.imageView.isHidden)
        #expect(photo.view.alpha == 1)
        #expect(!cell.isHidden)
        #expect(firstAnimator.flyingView == nil)
        #expect(fixture.container.subviews.map(ObjectIdentifier.init) == [ObjectIdentifier(photo.view)])
        #expect(fixture.host.completions.map(\.completed) == [false], "exactly one completion, cancelled")
        #expect(fixture.host.render().pixelsEqual(before), "the page is drawn exactly as before the drag")
        #expect(fixture.navigation.delegate === fixture.navigation.flatZoom, "the delegate still answers")

        // Again, to 70 %: the pop completes, with the flat zoom again.
        fixture.dragOnPage(to: 0.7)
        #expect(fixture.animator != nil && fixture.animator !== firstAnimator)
        #expect(fixture.navigation.activeTransition?.isInteractive == true)
        fixture.host.release()
        fixture.host.runFrames()
        #expect(fixture.navigation.topViewController === fixture.grid)
        #expect(!cell.isHidden)
        #expect(photo.view.superview == nil)
        #expect(fixture.container.subviews.map(ObjectIdentifier.init) == [ObjectIdentifier(fixture.grid.view)])
        #expect(fixture.host.completions.map(\.completed) == [false, true])
        #expect(fixture.host.traceEvents == [.begin, .cancel, .complete, .begin, .finish, .complete])
    }

    /// The navigation controller's own left-edge drag still pops (it has priority over the
    /// page's drag), driving the same flat zoom animator.
    @Test func theLeftEdgeDragStillPops() throws {
        let fixture = GalleryFixture()
        _ = try fixture.push(0)
        fixture.host.clearTrace()
        fixture.host.drag(from: Point(x: 5, y: 150), to: Point(x: 5 + 0.6 * fixture.host.width, y: 150))
        let context = try #require(fixture.navigation.activeTransition)
        #expect(context.isInteractive)
        #expect(fixture.animator?.flyingView != nil)
        #expect(fixture.photo?.popSwipe.interactionController == nil, "the edge drag, not the page's, drives it")
        fixture.host.release()
        fixture.host.runFrames()
        #expect(fixture.navigation.topViewController === fixture.grid)
        #expect(fixture.host.completions.map(\.completed) == [true])
    }

    /// Back (non-interactive pop): spring pop, cell hidden during and shown after, one completion.
    @Test func backPopsWithTheSpring() throws {
        let fixture = GalleryFixture()
        let photo = try fixture.push(6)
        fixture.host.clearTrace()
        fixture.host.click(at: Point(x: 40, y: 26))
        // Tutorial 001's pop: 0.8 s, spring damping 0.5, initial velocity 0.8. The picture's
        // flight is checked against that spring, frame by frame (frame 0 starts the pop).
        let easing = SpringEasing(spring: Spring(duration: 0.8, dampingRatio: 0.5), initialVelocity: 0.8)
        fixture.host.frame()
        for frame in 1...8 {
            fixture.host.frame()
            let flying = try #require(fixture.animator?.flyingView)
            let p = easing.value(at: Double(frame) / 60 / 0.8)
            GalleryFixture.expectRect(flying.shownRect,
                                      Rect.interpolate(from: fixture.imageRect, to: fixture.cellRect(6), fraction: p),
                                      within: 1e-6, "flying rect at frame \(frame)")
        }
        #expect(fixture.navigation.activeTransition?.isInteractive == false)
        #expect(fixture.grid.cell(at: 6)?.isHidden == true)
        fixture.host.runFrames()
        #expect(fixture.navigation.topViewController === fixture.grid)
        #expect(fixture.grid.cell(at: 6)?.isHidden == false)
        #expect(photo.view.alpha == 1, "the popped page is left whole")
        #expect(fixture.host.completions.map(\.completed) == [true])
    }
}

extension Surface {
    /// Same size and every pixel equal.
    func pixelsEqual(_ other: Surface) -> Bool {
        guard width == other.width, height == other.height else { return false }
        for y in 0..<height {
            for x in 0..<width where pixel(x: x, y: y) != other.pixel(x: x, y: y) { return false }
        }
        return true
    }
}
