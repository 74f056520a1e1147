import Geometry
import Canvas
import Motion
import Segue

// Tutorial 002's card flip, under this project's names. The card page (FlipCardPage) turns away and the reveal page
// turns in from the card's rect; a drag from the left edge of the reveal page flips it back.

/// The card's face: a rounded gradient card with a question mark.
@MainActor
public final class FlipCardView: Control {
    public static let radius = 16.0
    public static let top = Color(hex: 0x2A9D8F), bottom = Color(hex: 0x264653)
    /// The line under the title.
    public var subtitle = localized("Click to reveal") { didSet { setNeedsDisplay() } }

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        cornerRadius = Self.radius
    }

    public override var drawsContent: Bool { true }

    public override func draw(in canvas: Canvas) {
        let b = bounds
        canvas.fillLinearGradient(b, from: .zero, to: Point(x: 0, y: b.height), stops: [(0, Self.top), (1, Self.bottom)])
        let disc = Rect(x: b.midX - 48, y: b.height * 0.2, width: 96, height: 96)
        canvas.fillEllipse(in: disc, color: Color.white.withAlpha(0.18))
        canvas.drawText(TextLayout(text: "?", font: Font(size: 60, weight: .bold), maxWidth: disc.width, alignment: .center),
                        at: Point(x: disc.minX, y: disc.minY + 8), color: .white)
        canvas.drawText(TextLayout(text: localized("Flip the card"), font: Font(size: 20, weight: .bold), maxWidth: b.width, alignment: .center),
                        at: Point(x: 0, y: b.height * 0.62), color: .white)
        canvas.drawText(TextLayout(text: subtitle, font: Font(size: 13), maxWidth: b.width, alignment: .center),
                        at: Point(x: 0, y: b.height * 0.62 + 32), color: Color.white.withAlpha(0.8))
        if isHighlighted { canvas.fill(b, color: Color.black.withAlpha(0.12)) }
    }
}

/// The picture behind the card: a cat sitting under a moon at dusk, drawn with paths.
@MainActor
public final class PetPictureView: View {
    public override var drawsContent: Bool { true }

    public override func draw(in canvas: Canvas) {
        let b = bounds
        canvas.withSavedState {
            canvas.clip(toRoundedRect: b, radius: min(b.width, b.height) * 0.06)
            canvas.fillLinearGradient(b, from: .zero, to: Point(x: 0, y: b.height),
                                      stops: [(0, Color(hex: 0xF4A261)), (0.65, Color(hex: 0xE76F51)), (1, Color(hex: 0x9D4E6B))])
            // Everything below in a 100 × 100 design space.
            canvas.translate(x: b.minX, y: b.minY)
            canvas.scale(x: b.width / 100, y: b.height / 100)
            canvas.fillEllipse(in: Rect(x: 24, y: 12, width: 52, height: 52), color: Color(hex: 0xFFE9A8))
            var ground = Path()
            ground.move(to: Point(x: 0, y: 84))
            ground.addCurve(to: Point(x: 100, y: 80), control1: Point(x: 30, y: 78), control2: Point(x: 70, y: 86))
            ground.addLine(to: Point(x: 100, y: 100))
            ground.addLine(to: Point(x: 0, y: 100))
            ground.close()
            canvas.fill(ground, color: Color(hex: 0x3D2645))
            let cat = Color(hex: 0x1B1B2F)
            // Body: a pear shape sitting on the ground.
            var body = Path()
            body.move(to: Point(x: 50, y: 50))
            body.addCurve(to: Point(x: 34, y: 84), control1: Point(x: 38, y: 52), control2: Point(x: 30, y: 70))
            body.addLine(to: Point(x: 66, y: 84))
            body.addCurve(to: Point(x: 50, y: 50), control1: Point(x: 70, y: 70), control2: Point(x: 62, y: 52))
            body.close()
            canvas.fill(body, color: cat)
            // Head and ears.
            canvas.fillEllipse(in: Rect(x: 38, y: 34, width: 24, height: 21), color: cat)
            var ears = Path()
            ears.move(to: Point(x: 39, y: 41)); ears.addLine(to: Point(x: 40, y: 27)); ears.addLine(to: Point(x: 48, y: 36)); ears.close()
            ears.move(to: Point(x: 52, y: 36)); ears.addLine(to: Point(x: 60, y: 27)); ears.addLine(to: Point(x: 61, y: 41)); ears.close()
            canvas.fill(ears, color: cat)
            // Tail curling up on the right.
            var tail = Path()
            tail.move(to: Point(x: 64, y: 82))
            tail.addCurve(to: Point(x: 78, y: 62), control1: Point(x: 80, y: 84), control2: Point(x: 86, y: 70))
            canvas.stroke(tail, color: cat, lineWidth: 3.5)
            // Eyes.
            canvas.fillEllipse(in: Rect(x: 43, y: 42, width: 4, height: 2.6), color: Color(hex: 0xC7F464))
            canvas.fillEllipse(in: Rect(x: 53, y: 42, width: 4, height: 2.6), color: Color(hex: 0xC7F464))
        }
    }
}

/// The page the card flips into: the answer and its picture.
@MainActor
public final class RevealPage: ViewController {
    public static let background = Color(hex: 0x1D3557)
    /// Tutorial 002's interactive dismissal: a pan from the left screen edge; progress is
    /// dx / 200 px, clamped; release finishes iff the last progress is above one half.
    public let edgeSwipe = InteractiveSwipe(recognizer: ScreenEdgePanGestureRecognizer(edge: .left))
    public static let swipeDistance = 200.0

    public init() {
        super.init(title: localized("Reveal"))
        dismissesOnDragDown = false
        edgeSwipe.commitRule = .threshold(0.5, inclusive: false)
        edgeSwipe.swipeable = self
    }

    /// The picture's frame: a centred square, 60 % of the shorter side.
    public static func pictureFrame(in bounds: Rect) -> Rect {
        let side = (min(bounds.width, bounds.height) * 0.6).rounded()
        return Rect(x: ((bounds.width - side) / 2).rounded(), y: ((bounds.height - side) / 2).rounded(), width: side, height: side)
    }

    public override func loadView() {
        let title = Label(text: localized("It's a cat!"), font: Font(size: 30, weight: .bold), color: .white, alignment: .center)
        let hint = Label(text: localized("Drag from the left edge to flip back, or press Esc"),
                         font: Font(size: 14), color: Color.white.withAlpha(0.75), alignment: .center)
        let picture = PetPictureView()
        let view = LayoutView { [edgeSwipe] bounds in
            let frame = RevealPage.pictureFrame(in: bounds)
            // Right to left the drag starts at the right edge (the leading one).
            (edgeSwipe.recognizer as? ScreenEdgePanGestureRecognizer)?.edge = picture.isRightToLeft ? .right : .left
            title.frame = Rect(x: 0, y: max(12, frame.minY - 60), width: bounds.width, height: 40)
            picture.frame = frame
            hint.frame = Rect(x: 0, y: min(bounds.height - 34, frame.maxY + 20), width: bounds.width, height: 22)
        }
        view.backgroundColor = Self.background
        view.addSubview(title)
        view.addSubview(picture)
        view.addSubview(hint)
        view.addGestureRecognizer(edgeSwipe.recognizer)
        setView(view)
    }
}

/// Tutorial 002's flip, both ways, in three equal phases of 0.2 s each, seen with one
/// perspective (m34 = −1/500) set on the transition's container, so every turning view shares
/// the container's centre as vanishing point.
///
/// Presenting: the whole card page (the presenter's view, `fromVC.view` in the tutorial) turns
/// away (0 → −90° about its vertical centre line); the reveal page's snapshot, squeezed into the
/// card's rect with rounded corners, turns in (+90° → 0); then it grows to the whole window
/// while its corner radius goes to 0. Dismissing: the reverse — the snapshot shrinks to the
/// card's rect, turns to +90°, then the card page turns in from −90°. Back to front while
/// dismissing: the card page, the (hidden) reveal page, the reveal page's snapshot.
///
/// The presenter's view is never moved or re-parented: it stays under the container, the same
/// size, and is given the container's eye (``View/perspectiveOrigin``). Its turn is reset when
/// the transition ends, completed or cancelled (tutorial: "or it stays invisible").
///
/// "Cubic keyframes": each phase runs on a cubic ease-in-out curve. (UIKit's
/// `calculationModeCubic` passes a Catmull-Rom spline through the held values, which overshoots
/// here: the reveal page would swing about 7° past flat and shrink by 7 % of its growth while
/// turning. The tutorial's intent — each move starting and ending softly — is kept without
/// the wobble.)
/// The edge swipe that dismisses: dx over ``RevealPage/swipeDistance``.
extension RevealPage: Swipeable {
    /// A whole dismissal is ``RevealPage/swipeDistance``.
    public func swipeDistance(_ swipe: InteractiveSwipe) -> Double { RevealPage.swipeDistance }

    /// Dismisses the page (the delegate hands out the swipe's interaction controller).
    public func swipe(_ swipe: InteractiveSwipe, beginTransitionFor translation: Point) -> Direction? {
        guard presentingViewController != nil else { return nil }
        dismiss(animated: true)
        // The dismissal asked the delegate for the swipe's interaction controller and started it.
        return swipe.interactionController?.context != nil ? (view.isRightToLeft ? .left : .right) : nil
    }
}

@MainActor
public final class CardFlipAnimator: AnimatedTransitioning {
    public static let duration = 0.6
    public static let perspectiveDistance = 500.0
    public static let curve = TimingCurve.easeInOut
    public static let phases = [Phase(relativeStart: 0, relativeDuration: 1.0 / 3),
                                Phase(relativeStart: 1.0 / 3, relativeDuration: 1.0 / 3),
                                Phase(relativeStart: 2.0 / 3, relativeDuration: 1.0 / 3)]

    public let presenting: Bool
    private weak var card: View?

    public init(presenting: Bool, card: View?) {
        self.presenting = presenting
        self.card = card
    }

    public func transitionDuration(using context: TransitionContext?) -> Double { Self.duration }
    /// After release the flip finishes (or turns back) on its keyframe curves at its own pace.
    public func settleTiming(using context: TransitionContext) -> SettleTiming? { .curve }

    private func animate(_ context: TransitionContext, phase index: Int, _ changes: () -> Void,
                         completion: ((Bool) -> Void)? = nil) {
        let phase = Self.phases[index]
        context.animate(relativeStart: phase.relativeStart, relativeDuration: phase.relativeDuration,
                        easing: Self.curve, changes, completion: completion)
    }

    /// The reveal page's stand-in: its image at `frame`, rounded as the card. A page with an
    /// opaque background and square corners snapshots opaque.
    private func revealSnapshot(of page: View, frame: Rect) -> SnapshotView {
        let opaque = (page.backgroundColor?.alpha ?? 0) >= 1 && page.cornerRadius == 0
        let view = SnapshotView(image: page.snapshot(), frame: frame, opaque: opaque)
        view.cornerRadius = FlipCardView.radius
        return view
    }

    /// Sets the perspective on the container (`AnimationHelper.perspectiveTransform(for:)`) and
    /// gives the card page, which lies under the container, the same eye.
    private func setPerspective(_ container: View, cardPage: View) {
        container.sublayerPerspectiveDistance = Self.perspectiveDistance
        cardPage.perspectiveDistance = Self.perspectiveDistance
        cardPage.perspectiveOrigin = container.convert(container.bounds.center, to: cardPage.superview)
    }

    /// Completed or cancelled, the card page is left flat and its own again.
    private static func restore(_ cardPage: View) {
        cardPage.rotationY = 0
        cardPage.perspectiveOrigin = nil
    }

    public func animateTransition(using context: TransitionContext) {
        let container = context.containerView
        let cardPage = presenting ? context.fromViewController.view : context.toViewController.view
        guard let card, card.window != nil, cardPage.superview != nil else {
            // No card to flip from (it left the window): appear or vanish in place.
            if presenting, let toView = context.view(forKey: .to) {
                toView.frame = context.finalFrame(for: context.toViewController)
                container.addSubview(toView)
            }
            context.addAnimation { _ in }
            context.addCompletion { _ in context.completeTransition(!context.transitionWasCancelled) }
            return
        }
        let cardRect = card.convert(card.bounds, to: container)
        setPerspective(container, cardPage: cardPage)
        // Right to left the card turns the other way (its right edge comes towards the eye).
        let turn = container.isRightToLeft ? -Double.pi / 2 : Double.pi / 2

        if presenting, let toView = context.view(forKey: .to) {
            let final = context.finalFrame(for: context.toViewController)
            toView.frame = final
            let reveal = revealSnapshot(of: toView, frame: cardRect)
            reveal.rotationY = turn
            container.addSubview(toView)
            container.addSubview(reveal)
            toView.isHidden = true

            animate(context, phase: 0) { cardPage.rotationY = -turn }
            animate(context, phase: 1) { reveal.rotationY = 0 }
            animate(context, phase: 2, {
                reveal.frame = final
                reveal.cornerRadius = 0
            }, completion: { _ in
                toView.isHidden = false
                reveal.removeFromSuperview()
                Self.restore(cardPage)
                context.completeTransition(!context.transitionWasCancelled)
            })
        } else if let fromView = context.view(forKey: .from) {
            let reveal = revealSnapshot(of: fromView, frame: fromView.frame)
            cardPage.rotationY = -turn
            container.addSubview(reveal)
            fromView.isHidden = true

            animate(context, phase: 0) { reveal.frame = cardRect }
            animate(context, phase: 1) { reveal.rotationY = turn }
            animate(context, phase: 2, { cardPage.rotationY = 0 }, completion: { _ in
                fromView.isHidden = false
                reveal.removeFromSuperview()
                Self.restore(cardPage)
                context.completeTransition(!context.transitionWasCancelled)
            })
        }
    }
}

/// The reveal page's delegate: the flip both ways, and the edge swipe's interaction
/// controller while (only while) a drag drives the dismissal.
@MainActor
public final class CardFlipTransitioningDelegate: TransitioningDelegate {
    public weak var card: View?
    public weak var reveal: RevealPage?

    public init(card: View?) { self.card = card }

    public func animationController(forPresented presented: ViewController, presenting: ViewController,
                                    source: ViewController) -> AnimatedTransitioning? {
        CardFlipAnimator(presenting: true, card: card)
    }

    public func animationController(forDismissed dismissed: ViewController) -> AnimatedTransitioning? {
        CardFlipAnimator(presenting: false, card: card)
    }

    public func interactionControllerForDismissal(using animator: AnimatedTransitioning) -> InteractiveTransitioning? {
        reveal?.edgeSwipe.interactionController
    }
}
