import SegueKit

// A full-screen presentation written the way a UIKit app would write it: a transitioning
// delegate on the presenting page, one animator class serving both directions, and an
// interaction controller fed by a screen-edge pan. The figures are tutorial 002's (see
// docs/UIKIT.md, "The figures the conformance suite checks"); the code is this project's.

/// A sheet of paper with one tile on it. A click anywhere turns the sheet over to its back side.
@MainActor
final class TileSheet: ViewController, ViewControllerTransitioningDelegate {
    static let paper = Color(hex: 0xF2E8CF)
    static let tileColour = Color(hex: 0x386641)
    /// Where the tile lies on an 800 × 600 sheet.
    static let tileFrame = Rect(x: 260, y: 110, width: 280, height: 380)
    /// Tutorial 002 rounds its card by 25 points.
    static let tileRadius = 25.0

    let tile = View(frame: TileSheet.tileFrame)
    /// The animator of the latest turn, either way.
    private(set) var lastTurn: PageTurnAnimator?

    init() { super.init(title: "Tile") }

    override func loadView() {
        let sheet = View()
        sheet.backgroundColor = Self.paper
        tile.backgroundColor = Self.tileColour
        tile.cornerRadius = Self.tileRadius
        sheet.addSubview(tile)
        sheet.addGestureRecognizer(TapGestureRecognizer { [weak self] _ in self?.showBackSide() })
        setView(sheet)
    }

    /// Presents a fresh back side, animated by ``PageTurnAnimator``.
    func showBackSide() {
        guard presentedViewController == nil else { return }
        let back = TileBackSide()
        back.transitioningDelegate = self
        present(back, animated: true)
    }

    func animationController(forPresented presented: ViewController, presenting: ViewController,
                             source: ViewController) -> ViewControllerAnimatedTransitioning? {
        let turn = PageTurnAnimator(.turnOver, tile: tile.frame)
        lastTurn = turn
        return turn
    }

    func animationController(forDismissed dismissed: ViewController) -> ViewControllerAnimatedTransitioning? {
        let turn = PageTurnAnimator(.turnBack, tile: tile.frame)
        lastTurn = turn
        return turn
    }

    /// Only while the back side's edge swipe is under way: a plain `dismiss` (Esc, code) must
    /// animate on its own clock rather than wait for updates that never come.
    func interactionControllerForDismissal(using animator: ViewControllerAnimatedTransitioning)
        -> ViewControllerInteractiveTransitioning? {
        guard let back = presentedViewController as? TileBackSide, let swipe = back.edgeSwipe,
              swipe.isDriving else { return nil }
        return swipe
    }
}

/// The back of the sheet: a dark field with a light square in the middle. Its view is laid
/// out from whatever bounds it is given and is never sized here: the toolkit must size it
/// before the animator runs, as UIKit does.
@MainActor
final class TileBackSide: ViewController {
    static let field = Color(hex: 0x283618)
    static let square = Color(hex: 0xDDA15E)
    private(set) var edgeSwipe: EdgeSwipeDismissal?

    init() {
        super.init(title: "Back")
        // UIKit has no drag-down dismissal; the toolkit's own would compete with the edge swipe.
        dismissesOnDragDown = false
    }

    override func loadView() {
        let square = View()
        square.backgroundColor = Self.square
        let field = LayoutView { bounds in
            let side = 0.6 * min(bounds.width, bounds.height)
            square.frame = Rect(x: bounds.midX - side / 2, y: bounds.midY - side / 2, width: side, height: side)
        }
        field.backgroundColor = Self.field
        field.addSubview(square)
        setView(field)
    }

    override func viewDidLoad() {
        edgeSwipe = EdgeSwipeDismissal(dismissing: self)
    }
}

/// Turns a page over about its vertical axis, in perspective, through a snapshot of the
/// presented page: three equal keyframes over 0.6 s.
///
/// Turning over: the presenting page turns edge-on (0 → −90°); a snapshot of the presented page,
/// lying on the tile and edge-on at +90°, turns flat; then it grows from the tile to the whole
/// window while its corners square off. Turning back plays the same three steps in reverse order.
@MainActor
final class PageTurnAnimator: ViewControllerAnimatedTransitioning {
    enum Direction { case turnOver, turnBack }

    static let duration = 0.6
    /// The eye's distance from the page: m34 = −1 / 500 on the container.
    static let eyeDistance = 500.0

    let direction: Direction
    let tile: Rect
    /// The presented page's frame when `animateTransition` began (what the tests look at).
    private(set) var presentedFrameAtStart: Rect?

    init(_ direction: Direction, tile: Rect) {
        self.direction = direction
        self.tile = tile
    }

    func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> Double {
        Self.duration
    }

    private static func edgeOn(_ quarterTurns: Double) -> Transform3D {
        Transform3DMakeRotation(quarterTurns * .pi / 2, 0, 1, 0)
    }

    func animateTransition(using transitionContext: ViewControllerContextTransitioning) {
        let presentingKey: TransitionViewControllerKey = direction == .turnOver ? .from : .to
        let presentedKey: TransitionViewControllerKey = direction == .turnOver ? .to : .from
        guard let presenting = transitionContext.viewController(forKey: presentingKey),
              let presented = transitionContext.viewController(forKey: presentedKey) else {
            transitionContext.completeTransition(false)
            return
        }
        presentedFrameAtStart = presented.view.frame
        let stage = transitionContext.containerView
        var eye = Transform3DIdentity
        eye.m34 = -1 / Self.eyeDistance
        stage.layer.sublayerTransform = eye

        let whole = direction == .turnOver ? transitionContext.finalFrame(for: presented) : presented.view.frame
        if direction == .turnOver { stage.addSubview(presented.view) } else { stage.insertSubview(presenting.view, at: 0) }
        guard let picture = presented.view.snapshotView(afterScreenUpdates: direction == .turnOver) else {
            transitionContext.completeTransition(false)
            return
        }
        picture.layer.masksToBounds = true
        stage.addSubview(picture)
        presented.view.isHidden = true

        let steps: [() -> Void]
        switch direction {
        case .turnOver:
            picture.frame = tile
            picture.layer.cornerRadius = TileSheet.tileRadius
            picture.layer.transform = Self.edgeOn(1)
            steps = [
                { presenting.view.layer.transform = Self.edgeOn(-1) },
                { picture.layer.transform = Self.edgeOn(0) },
                { picture.frame = whole; picture.layer.cornerRadius = 0 },
            ]
        case .turnBack:
            picture.layer.cornerRadius = TileSheet.tileRadius
            presenting.view.layer.transform = Self.edgeOn(-1)
            steps = [
                { picture.frame = self.tile },
                { picture.layer.transform = Self.edgeOn(1) },
                { presenting.view.layer.transform = Self.edgeOn(0) },
            ]
        }
        View.animateKeyframes(withDuration: transitionDuration(using: transitionContext), delay: 0,
                              options: .calculationModeCubic) {
            for (index, step) in steps.enumerated() {
                View.addKeyframe(withRelativeStartTime: Double(index) / 3, relativeDuration: 1.0 / 3, animations: step)
            }
        } completion: { _ in
            // Whatever happened, nothing of the turn may stay behind: the presented page shows,
            // the snapshot goes, the presenting page lies flat. Where the presenting page goes
            // after a cancelled turn back is the toolkit's business (UIKit's too).
            presented.view.isHidden = false
            picture.removeFromSuperview()
            presenting.view.layer.transform = Transform3DIdentity
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        }
    }
}

/// Dismisses a page by a swipe from the window's left edge: 200 points of travel is the whole
/// transition (tutorial 002's figure); let go past half way and it finishes, otherwise it goes
/// back.
@MainActor
final class EdgeSwipeDismissal: PercentDrivenInteractiveTransition {
    static let fullTravel = 200.0

    /// True from the swipe's start to its release: the delegate offers this controller only then.
    private(set) var isDriving = false
    private weak var page: ViewController?

    init(dismissing page: ViewController) {
        self.page = page
        super.init()
        let swipe = ScreenEdgePanGestureRecognizer(target: self, action: EdgeSwipeDismissal.follow)
        swipe.edges = .left
        page.view.addGestureRecognizer(swipe)
    }

    func follow(_ swipe: ScreenEdgePanGestureRecognizer) {
        let travel = swipe.translation(in: swipe.view?.superview).x
        let fraction = min(max(travel / Self.fullTravel, 0), 1)
        switch swipe.state {
        case .began:
            isDriving = true
            page?.dismiss(animated: true)
        case .changed:
            update(fraction)
        case .ended:
            isDriving = false
            if fraction > 0.5 { finish() } else { cancel() }
        case .cancelled:
            isDriving = false
            cancel()
        default:
            break
        }
    }
}
