import Geometry
import Canvas
import Demos
import Foundation
import Motion
import Segue
import SegueTesting
import SegueTestKit
import Testing

/// Tutorial 002's card flip offscreen on a manual clock, with the flip card page (tutorial 002's
/// `CardViewController`) as the window's root, 800 × 600.
///
/// The expected values are the tutorial's, written here (never read from the animator):
/// 0.6 s each way in three equal thirds, the card page turning 0 → −90° and the reveal page
/// +90° → 0 about their vertical centre lines, one perspective m34 = −1/500 on the container
/// (vanishing point: the container's centre), the edge pan's dx / 200 px with "> 0.5".
/// Geometry on screenshots is checked against Core Animation's projection, computed here;
/// the same frames are also kept as reference PNGs (regression checks only).
@MainActor
@Suite("Card flip offscreen (002)")
struct CardFlipTests {
    static let size = Size(width: 800, height: 600)
    /// Tutorial 002: `transitionDuration` returns 0.6 (present, once 2.0 "slow", and dismiss).
    static let tutorialDuration = 0.6
    /// The original project's `AnimationHelper.perspectiveTransform`: m34 = −0.002 = −1/500.
    static let eyeDistance = 500.0
    /// The interaction controller: progress = translation.x / 200.
    static let swipeDistance = 200.0
    static let containerCentre = Point(x: 400, y: 300)

    @MainActor
    struct Scene {
        let page = FlipCardPage()
        let host: OffscreenWindow
        init() { host = OffscreenWindow(root: page, size: CardFlipTests.size) }

        var reveal: RevealPage? { page.presentedViewController as? RevealPage }
        var container: View? { reveal?.presentationController?.containerView }
        var cardRect: Rect { FlipCardPage.cardFrame(in: Rect(size: CardFlipTests.size)) }

        /// Starts a transition, lets its first frame start the timeline, then advances `seconds`.
        func render(after seconds: Double, _ start: () -> Void) -> Surface {
            start()
            host.frame()
            host.frame(after: seconds)
            return host.render()
        }

        func settle() { host.runFrames(seconds: 5) }

        func completions(_ kind: TransitionKind) -> [Bool] {
            host.completions.filter { $0.kind == kind }.compactMap(\.completed)
        }
    }

    // MARK: the tutorial's projection, written out

    /// Where point (x, y) of a view lands when the view is turned by `theta` about its vertical
    /// centre line at `axisX` and seen with m34 = −1/e from `eye` (CATransform3DRotate about y,
    /// then the container's sublayer perspective about its centre):
    /// u = x − axisX, w = 1 + u·sin θ / e, X = eye.x + (axisX − eye.x + u·cos θ) / w,
    /// Y = eye.y + (y − eye.y) / w.
    static func project(x: Double, y: Double, axisX: Double, theta: Double, eye: Point = containerCentre) -> Point {
        let u = x - axisX
        let w = 1 + u * sin(theta) / eyeDistance
        return Point(x: eye.x + (axisX - eye.x + u * cos(theta)) / w, y: eye.y + (y - eye.y) / w)
    }

    /// Writes `surface` to artifacts/ for looking at.
    static func keep(_ surface: Surface, as name: String) {
        try? FileManager.default.createDirectory(atPath: Paths.artifacts, withIntermediateDirectories: true)
        try? surface.writePNG(to: Paths.artifacts + "/\(name).png")
    }

    static func distance(_ a: Color, _ b: Color) -> Double {
        max(abs(a.red - b.red), abs(a.green - b.green), abs(a.blue - b.blue)) * 255
    }

    static func isColour(_ shot: Surface, _ p: Point, _ colour: Color) -> Bool {
        distance(shot.pixel(x: Int(p.x.rounded(.down)), y: Int(p.y.rounded(.down))), colour) <= 3
    }

    /// Expects `colour` just inside a projected edge (`inward` px along `direction`) and not
    /// just outside it.
    static func expectEdge(_ shot: Surface, at p: Point, inward: Point, colour: Color, _ what: String,
                           sourceLocation: SourceLocation = #_sourceLocation) {
        let inside = Point(x: p.x + inward.x, y: p.y + inward.y), outside = Point(x: p.x - inward.x, y: p.y - inward.y)
        #expect(isColour(shot, inside, colour), "\(what): \(inside) should be inside", sourceLocation: sourceLocation)
        #expect(!isColour(shot, outside, colour), "\(what): \(outside) should be outside", sourceLocation: sourceLocation)
    }

    // MARK: present

    /// 0.1 s in (half of the first third), the whole card page has turned to −45° about the
    /// page's centre line, seen from the container's centre: its left edge (u = −400) stands
    /// at x = 400 − 400·cos 45° / (1 + 400·sin 45° / 500) ≈ 219.4, 383 px tall.
    @Test func cardPageTurnsAwayAsAWhole() throws {
        let scene = Scene()
        let shot = scene.render(after: 0.1) { scene.page.presentReveal() }
        Self.keep(shot, as: "cardflip-offscreen-present-0.10s")
        try expectMatchesReference(shot, named: "cardflip-present-0.10s")
        let container = try #require(scene.container)
        #expect(container.sublayerPerspectiveDistance == Self.eyeDistance, "m34 = −1/500 set on the container")
        let theta = -Double.pi / 4
        #expect(abs(scene.page.view.rotationY - theta) < 1e-4, "the card page itself turns: \(scene.page.view.rotationY)")
        let background = FlipCardPage.background
        let left = Self.project(x: 0, y: 300, axisX: 400, theta: theta)
        #expect(abs(left.x - 219.35) < 0.01)
        Self.expectEdge(shot, at: left, inward: Point(x: 3, y: 0), colour: background, "left edge")
        // The top edge 20 px in from the left, and the bottom edge: 1 / w about y = 300.
        let top = Self.project(x: 20, y: 0, axisX: 400, theta: theta)
        Self.expectEdge(shot, at: top, inward: Point(x: 0, y: 3), colour: background, "top edge")
        let bottom = Self.project(x: 20, y: 600, axisX: 400, theta: theta)
        Self.expectEdge(shot, at: bottom, inward: Point(x: 0, y: -3), colour: background, "bottom edge")
        scene.settle()
    }

    /// 0.3 s in (half of the second third), the reveal page, in the card's rect, has turned in
    /// to +45°, seen from the container's centre (400, 300) — not from its own centre
    /// (400, 340), which would put its top edge 5 px higher.
    @Test func revealTurnsInSeenFromTheContainersCentre() throws {
        let scene = Scene()
        let shot = scene.render(after: 0.3) { scene.page.presentReveal() }
        Self.keep(shot, as: "cardflip-offscreen-present-0.30s")
        try expectMatchesReference(shot, named: "cardflip-present-0.30s")
        let card = scene.cardRect
        let theta = Double.pi / 4
        #expect(abs(scene.page.view.rotationY + .pi / 2) < 1e-9, "the card page stays edge-on")
        let colour = RevealPage.background
        // 70 % down the page the reveal page is its own colour at both edges (the picture is
        // 27 %…73 % across); 20 px in from the left the top edge is clear of the corner.
        let leftEdge = Self.project(x: card.minX, y: card.minY + 0.7 * card.height, axisX: card.midX, theta: theta)
        Self.expectEdge(shot, at: leftEdge, inward: Point(x: 3, y: 0), colour: colour, "near edge")
        let rightEdge = Self.project(x: card.maxX, y: card.minY + 0.7 * card.height, axisX: card.midX, theta: theta)
        Self.expectEdge(shot, at: rightEdge, inward: Point(x: -3, y: 0), colour: colour, "far edge")
        let top = Self.project(x: card.minX + 20, y: card.minY, axisX: card.midX, theta: theta)
        Self.expectEdge(shot, at: top, inward: Point(x: 0, y: 2.5), colour: colour, "top edge")
        let ownEyeTop = Self.project(x: card.minX + 20, y: card.minY, axisX: card.midX, theta: theta, eye: card.center)
        #expect(top.y - ownEyeTop.y > 4, "the two eyes must be told apart by the probe")
        scene.settle()
    }

    @Test func presentsAndDismissesLeavingNothingTurnedOrHidden() throws {
        let scene = Scene()
        let pageView = scene.page.view
        let parent = try #require(pageView.superview)
        let before = scene.host.render()
        scene.page.presentReveal()
        scene.settle()
        weak var weakReveal: RevealPage?
        do {
            let reveal = try #require(scene.reveal)
            let container = try #require(scene.container)
            #expect(container.subviews.map(ObjectIdentifier.init) == [ObjectIdentifier(reveal.view)], "snapshot removed")
            #expect(!reveal.view.isHidden && reveal.view.frame == Rect(size: Self.size))
            #expect(pageView.rotationY == 0 && pageView.perspectiveOrigin == nil, "the card page's turn restored")
            #expect(scene.completions(.present) == [true])
            weakReveal = reveal
        }
        // Dismissal, 0.5 s in (half of its last third): the card page turns back in, at −45°.
        let shot = scene.render(after: 0.5) { scene.host.key(.escape) }
        Self.keep(shot, as: "cardflip-offscreen-dismiss-0.50s")
        try expectMatchesReference(shot, named: "cardflip-dismiss-0.50s")
        #expect(abs(pageView.rotationY + .pi / 4) < 1e-4, "\(pageView.rotationY)")
        let left = Self.project(x: 0, y: 300, axisX: 400, theta: -.pi / 4)
        Self.expectEdge(shot, at: left, inward: Point(x: 3, y: 0), colour: FlipCardPage.background, "left edge")
        scene.settle()
        #expect(scene.completions(.dismiss) == [true])
        #expect(pageView.superview === parent && !pageView.isHidden && pageView.rotationY == 0)
        #expect(weakReveal == nil, "the reveal page is freed")
        let after = scene.host.render()
        #expect(Self.differingPixels(after, before) == 0, "the card page exactly as before")
    }

    static func differingPixels(_ a: Surface, _ b: Surface) -> Int {
        var count = 0
        for y in 0..<a.height { for x in 0..<a.width where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) { count += 1 } }
        return count
    }

    // MARK: interactive dismissal

    /// Back to front during the dismissal: the card page (under the container), the hidden
    /// reveal page, the reveal page's snapshot — checked by identity, not by count.
    @Test func edgePanLayersCancelAtHalfAndFinishPastIt() throws {
        let scene = Scene()
        scene.page.presentReveal()
        scene.settle()
        let reveal = try #require(scene.reveal)
        let container = try #require(scene.container)
        let root = scene.host.window.rootView
        // dx = 100 px = one half of 200: the rule is "> 0.5", so release cancels.
        scene.host.drag(from: Point(x: 5, y: 300), to: Point(x: 5 + Self.swipeDistance / 2, y: 300))
        let layers = container.subviews
        #expect(layers.count == 2 && layers.first === reveal.view && reveal.view.isHidden)
        let snapshot = try #require(layers.last)
        #expect(snapshot !== reveal.view && !snapshot.isHidden && snapshot.cornerRadius == FlipCardView.radius)
        let pageIndex = try #require(root.subviews.firstIndex { $0 === scene.page.view })
        let containerIndex = try #require(root.subviews.firstIndex { $0 === container })
        #expect(pageIndex < containerIndex, "the card page lies under the container")
        // Progress 0.5 is the middle of the second third: the snapshot, in the card's rect, at
        // 45° of its turn to +90°.
        #expect(snapshot.frame == scene.cardRect)
        #expect(abs(snapshot.rotationY - .pi / 4) < 1e-4, "\(snapshot.rotationY)")
        scene.host.hold(for: 0.1)
        scene.host.release()
        scene.settle()
        #expect(scene.completions(.dismiss) == [false])
        #expect(container.subviews.map(ObjectIdentifier.init) == [ObjectIdentifier(reveal.view)], "snapshot removed on cancel")
        #expect(!reveal.view.isHidden && reveal.view.frame == Rect(size: Self.size))
        #expect(scene.page.view.rotationY == 0 && scene.page.view.isHidden, "covered again, flat")
        // 120 px = 0.6 finishes.
        scene.host.drag(from: Point(x: 5, y: 300), to: Point(x: 5 + 0.6 * Self.swipeDistance, y: 300))
        scene.host.release()
        scene.settle()
        #expect(scene.completions(.dismiss) == [false, true])
        #expect(scene.page.presentedViewController == nil && !scene.page.view.isHidden && scene.page.view.rotationY == 0)
    }

    // MARK: durations, from frame timestamps

    /// Each way, from the frame that starts the flip (the last with nothing moved) to the
    /// frame that completes it, ticking at 60 Hz: the tutorial's 0.6 s, within one frame.
    @Test func bothWaysTakeTheTutorialsSixTenths() throws {
        let scene = Scene()
        let pageView = scene.page.view
        func measure(moved: () -> Bool, kind: TransitionKind) -> Double? {
            var start: Double?
            var elapsed = 0.0
            while elapsed < 5 {
                let now = scene.host.clock.now
                scene.host.frame()
                elapsed += OffscreenWindow.frameInterval
                if start == nil, moved() { start = now }
                if !scene.completions(kind).isEmpty, let start { return scene.host.clock.now - start }
            }
            return nil
        }
        scene.page.presentReveal()
        let present = try #require(measure(moved: { pageView.rotationY != 0 }, kind: .present))
        var fullWindow = true
        scene.host.key(.escape)
        let snapshot = try #require(scene.container?.subviews.last)
        let dismiss = try #require(measure(moved: {
            fullWindow = fullWindow && snapshot.frame == Rect(size: Self.size)
            return !fullWindow
        }, kind: .dismiss))
        print("card flip measured: present \(present) s, dismiss \(dismiss) s")
        for measured in [present, dismiss] {
            #expect(measured >= Self.tutorialDuration - 1e-9 && measured <= Self.tutorialDuration + OffscreenWindow.frameInterval + 1e-9,
                    "\(measured) s, tutorial \(Self.tutorialDuration) s")
        }
    }
}
