import Geometry
import Canvas
import Demos
import Foundation
import Motion
import Segue
import SegueTesting
import SegueTestKit
import Testing

/// The Gallery's collection-layout change (tutorial 000's fourth kind of transition) offscreen,
/// 800 × 600, on a manual clock: grid ↔ captioned list by the bar's button, a touchpad pinch
/// and Ctrl+scroll.
///
/// Expected values: each picture's frame is the linear interpolation of its two layout frames
/// at one common progress (`UICollectionViewTransitionLayout`); a pinch's progress is log₂ of
/// its scale (doubling = a whole change) and Ctrl+scroll's scale is 2^(−dy / 100 px); the
/// release follows the toolkit's commit rule (a flick of ≥ 0.5 progress/s goes its way,
/// otherwise "> 0.5"), and a cancel restores the grid to the pixel.
@MainActor
@Suite("Gallery layout transition")
struct GalleryLayoutTests {
    static let size = Size(width: 800, height: 600)
    static let controlLeft = Key.control

    @MainActor
    struct Scene {
        let navigation = GalleryNavigationController()
        let host: OffscreenWindow
        var gallery: GalleryPage { navigation.gallery }
        var width: Double { gallery.view.bounds.width }

        init() {
            host = OffscreenWindow(root: navigation, size: GalleryLayoutTests.size)
            host.move(to: Point(x: 400, y: 300))
        }

        func frame(_ index: Int, _ layout: GalleryLayout) -> Rect { GalleryPage.cellFrame(index, width: width, layout: layout) }

        /// Expects every picture at `progress` of the way from the grid to the list (and the
        /// captions' opacity at `progress`).
        func expectProgress(_ progress: Double, tolerance: Double = 1e-6, sourceLocation: SourceLocation = #_sourceLocation) {
            // One issue for the first picture off its frame, not one per picture.
            for (index, cell) in gallery.cells.enumerated() {
                let a = frame(index, .grid), b = frame(index, .list)
                let expected = Rect(x: a.minX + (b.minX - a.minX) * progress, y: a.minY + (b.minY - a.minY) * progress,
                                    width: a.width + (b.width - a.width) * progress,
                                    height: a.height + (b.height - a.height) * progress)
                let f = cell.frame
                let d = max(abs(f.minX - expected.minX), abs(f.minY - expected.minY), abs(f.maxX - expected.maxX),
                            abs(f.maxY - expected.maxY))
                let alpha = gallery.captions[index].alpha
                guard d <= tolerance * max(1, b.maxY), abs(alpha - progress) <= tolerance + 1e-9 else {
                    Issue.record("cell \(index) at \(f), expected \(expected); caption alpha \(alpha) (progress \(progress))",
                                 sourceLocation: sourceLocation)
                    return
                }
            }
        }

        /// The progress the last cell (the one that moves furthest) shows, from its y.
        var shownProgress: Double {
            let last = gallery.cells.count - 1
            let a = frame(last, .grid), b = frame(last, .list)
            return (gallery.cells[last].frame.minY - a.minY) / (b.minY - a.minY)
        }

        func pinch(to scales: [Double], every dt: Double = 1.0 / 60) {
            host.send(.pinchBegin(fingers: 2))
            for scale in scales {
                host.clock.advance(by: dt)
                host.send(.pinchUpdate(scale: scale))
                host.window.tick(at: host.clock.now)
                host.layout()
            }
        }

        func endPinch() { host.send(.pinchEnd(cancelled: false)) }

        func ctrl(_ pressed: Bool) {
            host.send(.key(KeyEvent(key: GalleryLayoutTests.controlLeft, modifiers: pressed ? [.control] : [], pressed: pressed)))
        }

        func scroll(dy: Double, source: ScrollSource = .wheel) {
            host.clock.advance(by: 1.0 / 60)
            host.send(.scroll(dx: 0, dy: dy, source: source))
            host.window.tick(at: host.clock.now)
            host.layout()
        }
    }

    @Test func buttonSwitchesWithEveryPictureOnItsInterpolatedFrame() throws {
        let scene = Scene()
        let button = try #require(scene.navigation.navigationBar.trailingButton)
        #expect(button === scene.gallery.layoutButton && !button.isHidden)
        scene.expectProgress(0)
        scene.host.click(at: button.convert(button.bounds, to: nil).center)
        var seen: [Double] = []
        for _ in 0..<60 {
            scene.host.frame()
            guard scene.gallery.layoutTransition != nil else { break }
            let p = scene.shownProgress
            seen.append(p)
            scene.expectProgress(p, tolerance: 1e-6)
        }
        #expect(seen.contains { $0 > 0.2 && $0 < 0.8 }, "frames in between: \(seen)")
        #expect(zip(seen, seen.dropFirst()).allSatisfy { $0 <= $1 + 1e-12 }, "from rest the spring never turns back")
        scene.host.runFrames()
        #expect(scene.gallery.currentLayout == .list && scene.gallery.layoutTransition == nil)
        scene.expectProgress(1, tolerance: 0)
        #expect(scene.gallery.scrollView.contentSize.height
                == GalleryPage.contentHeight(count: Artwork.count, width: scene.width, layout: .list))
    }

    @Test func pinchHeldReleasedSlowlyCancelsToTheExactGridThenFinishesPastHalf() throws {
        let scene = Scene()
        let before = scene.host.render()
        // Spread to 2^0.3: progress 0.3.
        scene.pinch(to: [1.05, 1.12, 1.18, pow(2, 0.3)])
        scene.expectProgress(0.3)
        scene.host.hold(for: 0.1)
        let held = scene.host.render()
        CardFlipTests.keep(held, as: "gallery-layout-pinch-30")
        scene.endPinch()
        scene.host.runFrames()
        #expect(scene.gallery.currentLayout == .grid && scene.gallery.layoutTransition == nil)
        scene.expectProgress(0, tolerance: 0)
        #expect(CardFlipTests.differingPixels(scene.host.render(), before) == 0, "cancel restores the grid exactly")

        // 2^0.7, released after a pause (no velocity): past half, so the list.
        scene.pinch(to: [1.2, 1.4, pow(2, 0.7)])
        scene.host.hold(for: 0.1)
        scene.endPinch()
        scene.host.runFrames()
        #expect(scene.gallery.currentLayout == .list)
        scene.expectProgress(1, tolerance: 0)
        let list = scene.host.render()
        CardFlipTests.keep(list, as: "gallery-layout-list")
        try expectMatchesReference(list, named: "gallery-layout-list")

        // Pinching in on the list goes back towards the grid: scale 2^−0.5 is half-way.
        scene.pinch(to: [0.9, 0.8, pow(2, -0.5)])
        scene.expectProgress(0.5)
        let half = scene.host.render()
        CardFlipTests.keep(half, as: "gallery-layout-pinch-back-50")
        try expectMatchesReference(half, named: "gallery-layout-back-50")
        // Back to 2^−0.45 and released after a pause: short of half, the list stays.
        scene.host.send(.pinchUpdate(scale: pow(2, -0.45)))
        scene.expectProgress(0.55)
        scene.host.hold(for: 0.1)
        scene.endPinch()
        scene.host.runFrames()
        #expect(scene.gallery.currentLayout == .list)
        scene.expectProgress(1, tolerance: 0)
    }

    /// A quick spread released at 20 % still moving: ≥ 0.5 progress/s towards the list commits.
    @Test func aFlickCommitsFromTwentyPercent() {
        let scene = Scene()
        scene.pinch(to: [pow(2, 0.05), pow(2, 0.1), pow(2, 0.15), pow(2, 0.2)])
        scene.endPinch()
        scene.host.runFrames()
        #expect(scene.gallery.currentLayout == .list)
        // A pinch the wrong way (in, on the grid) starts nothing.
        let other = Scene()
        other.pinch(to: [0.9, 0.8])
        #expect(other.gallery.layoutTransition == nil)
        other.expectProgress(0, tolerance: 0)
    }

    /// Ctrl+scroll: 100 px up per doubling; letting go of Ctrl releases.
    @Test func ctrlScrollDrivesItAndCtrlReleases() {
        let scene = Scene()
        let offset = scene.gallery.scrollView.contentOffset
        scene.ctrl(true)
        scene.scroll(dy: -20)
        scene.scroll(dy: -25)
        scene.expectProgress(0.45)
        #expect(scene.gallery.scrollView.contentOffset == offset, "Ctrl+scroll does not scroll")
        scene.host.hold(for: 0.1)
        scene.ctrl(false)
        scene.host.runFrames()
        #expect(scene.gallery.currentLayout == .grid, "released short of half after a pause: cancels")
        scene.expectProgress(0, tolerance: 0)

        scene.ctrl(true)
        scene.scroll(dy: -60)
        scene.scroll(dy: 5)
        scene.expectProgress(0.55)
        scene.host.hold(for: 0.1)
        scene.ctrl(false)
        scene.host.runFrames()
        #expect(scene.gallery.currentLayout == .list)
        // Without Ctrl the same scroll scrolls the list.
        scene.scroll(dy: 40)
        #expect(scene.gallery.scrollView.contentOffset.y > 0 && scene.gallery.layoutTransition == nil)
    }

    /// A pinch during the button's settle catches it where it is, and drives it from there.
    @Test func aPinchCatchesASettlingChange() throws {
        let scene = Scene()
        scene.gallery.switchLayout()
        scene.host.frames(6)
        let caught = scene.shownProgress
        #expect(caught > 0.05 && caught < 0.95, "\(caught)")
        scene.host.send(.pinchBegin(fingers: 2))
        scene.host.frames(5)
        #expect(abs(scene.shownProgress - caught) < 1e-9, "held where it was caught")
        // Pinching in by 2^−caught takes it back to the grid's side: progress 0.
        scene.host.send(.pinchUpdate(scale: pow(2, -caught)))
        scene.expectProgress(0, tolerance: 1e-9)
        scene.host.hold(for: 0.1)
        scene.endPinch()
        scene.host.runFrames()
        #expect(scene.gallery.currentLayout == .grid && scene.gallery.layoutTransition == nil)
        scene.expectProgress(0, tolerance: 0)
    }

    /// The bar's button is the grid's: hidden while a picture page is on top.
    @Test func theButtonBelongsToTheGrid() throws {
        let scene = Scene()
        scene.navigation.pushViewController(PhotoPage(index: 0), animated: false)
        #expect(scene.gallery.layoutButton.isHidden)
        _ = scene.navigation.popViewController(animated: false)
        #expect(!scene.gallery.layoutButton.isHidden)
        // An animated pop fades it in with the transition's progress.
        scene.navigation.pushViewController(PhotoPage(index: 0), animated: false)
        _ = scene.navigation.popViewController(animated: true)
        scene.host.frames(8)
        let button = scene.gallery.layoutButton
        let progress = try #require(scene.navigation.activeTransition?.coordinator.percentComplete)
        #expect(!button.isHidden && abs(button.alpha - progress) < 1e-9 && progress > 0 && progress < 1,
                "alpha \(button.alpha) at progress \(progress)")
        scene.host.runFrames()
        #expect(!button.isHidden && button.alpha == 1)
    }
}
