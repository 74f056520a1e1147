import Geometry
import Motion
import RealModule

/// UIKit's zoom transition (iOS 18's `preferredTransition = .zoom`): the page grows out of a
/// source view — a thumbnail — and shrinks back into it. Its visible frame, corner radius and
/// content move from the source's to its own: the page's alignment rectangle (the whole page by
/// default) fills the source as a picture fills its thumbnail, the page beneath dims, and the
/// source's own picture fades out as the page leaves it (in as it comes back).
///
/// A finger holding the page (``ViewController/Transition/zoom(options:sourceViewProvider:)``
/// installs the drag and the pinch) moves it in both dimensions, the point under the finger
/// staying under it, while it shrinks with the distance from where it was taken
/// (``dragScale(distance:containerHeight:)``). Let go, the release is projected along its
/// velocity (``closesIntoSource(translation:velocity:containerHeight:)``): far enough and the
/// page flies into the source view the provider returns *then*; otherwise it springs back to
/// full size. The flight starts at the finger's speed and lands on ``spring``. A press during
/// any flight — opening, closing, settling — catches the page where it is and the drag goes on
/// from there. The numbers are docs/MOTION.md's target 11.
///
/// Reduced motion: opening and closing without a finger cross-fade (the default variant); a
/// finger still moves the page, without shrinking it, and a close fades it out where it lies.
@MainActor
public final class ZoomAnimator: AnimatedTransitioning {
    /// The spring of every flight: 0.5 s to settle, damping ratio 0.82, so a flight lands with
    /// an overshoot of about 1 % of its distance.
    public static let spring = Spring(duration: 0.5, dampingRatio: 0.82)
    /// The smallest scale distance alone shrinks a held page to.
    public static let minimumDragScale = 0.4
    /// The drag, as a fraction of the container's height, over which the page loses 63 % of the
    /// way to ``minimumDragScale`` (the curve's length).
    public static let dragScaleLength = 0.5
    /// How far ahead a release is projected along its velocity, in seconds.
    public static let projectionTime = 0.2
    /// How far from where it was taken the projected release must land, as a fraction of the
    /// container's height, for the page to close into its source.
    public static let commitDistance = 0.15
    /// A pinch whose projected scale ends below this closes the page.
    public static let pinchCommitScale = 0.8
    /// What dims the page beneath when the options name no colour.
    public static let defaultDimmingColor = Color(red: 0, green: 0, blue: 0, alpha: 0.25)
    /// The corner radius a held page rounds to as it goes all the way out (in proportion before).
    public static let heldCornerRadius = 24.0
    /// From how far towards the source (0…1) the source's own picture starts to show over the page.
    public static let sourceFadeStart = 0.5

    /// The page's scale for a drag of `distance` pixels in a container `containerHeight` tall:
    /// 1 at the start, easing down towards ``minimumDragScale``,
    /// s = m + (1 − m)·e^(−d / (L·H)) with m the minimum and L ``dragScaleLength``.
    public static func dragScale(distance: Double, containerHeight: Double) -> Double {
        1 - (1 - minimumDragScale) * dragProgress(distance: distance, containerHeight: containerHeight)
    }

    /// How far a drag of `distance` pixels has taken the page on its way out (0…1): what the
    /// dimming and the source's picture follow, 1 − e^(−d / (L·H)).
    public static func dragProgress(distance: Double, containerHeight: Double) -> Double {
        let length = max(dragScaleLength * containerHeight, 1)
        return 1 - Double.exp(-max(distance, 0) / length)
    }

    /// Where a release at `translation` (from where the page was taken) with `velocity` (px/s)
    /// comes to rest: `translation + velocity × projectionTime`.
    public static func projectedTranslation(translation: Point, velocity: Point) -> Point {
        Point(x: translation.x + velocity.x * projectionTime, y: translation.y + velocity.y * projectionTime)
    }

    /// Whether a drag let go at `translation` with `velocity` closes into the source: when its
    /// projection lands ``commitDistance`` of the height or further from where it was taken.
    public static func closesIntoSource(translation: Point, velocity: Point, containerHeight: Double) -> Bool {
        let p = projectedTranslation(translation: translation, velocity: velocity)
        return (p.x * p.x + p.y * p.y).squareRoot() >= commitDistance * containerHeight
    }

    /// Whether a pinch let go at `scale` with `velocity` (scale per second) closes the page:
    /// its projected scale is under ``pinchCommitScale``.
    public static func pinchCloses(scale: Double, velocity: Double) -> Bool {
        scale + velocity * projectionTime < pinchCommitScale
    }

    /// The opacity of the source's picture over the page, `towards` (0…1) of the way to it:
    /// none before ``sourceFadeStart``, then linearly to whole.
    public static func sourceAlpha(towards: Double) -> Double {
        min(max((towards - sourceFadeStart) / (1 - sourceFadeStart), 0), 1)
    }

    /// True when this animator opens the page (push, present), false when it closes it.
    public let isOpening: Bool
    let options: ViewController.ZoomOptions
    let sourceViewProvider: (ZoomTransitionSourceViewProviderContext) -> View?

    /// The opening or closing zoom of `options` with the source from `sourceViewProvider`.
    init(opening: Bool, options: ViewController.ZoomOptions,
         sourceViewProvider: @escaping (ZoomTransitionSourceViewProviderContext) -> View?) {
        isOpening = opening
        self.options = options
        self.sourceViewProvider = sourceViewProvider
    }

    /// The length of a flight nobody holds: the time ``spring`` takes to settle.
    public func transitionDuration(using context: TransitionContext?) -> Double { Self.spring.settlingDuration(initialVelocity: 0, epsilon: SpringEasing.epsilon) }

    /// After a release the page flies on ``spring`` from the finger's speed, landing with its
    /// small overshoot (none with reduced motion).
    public func settleTiming(using context: TransitionContext) -> SettleTiming? { .spring(Self.spring, bounces: true) }

    // MARK: the views of one run

    private weak var context: TransitionContext?
    private weak var zoomedController: ViewController?
    private weak var sourceController: ViewController?
    private weak var page: View?
    private weak var sourceView: View?
    private var sourceWasHidden = false
    private let clipView = View()
    private let dimmingView = View()
    private var sourcePicture: View?
    private var pageFrame = Rect.zero
    private var alignment = Rect.zero
    private var reducesMotion = false
    private let flightEasing = SpringEasing(spring: ZoomAnimator.spring)
    /// The page as shown at the last frame.
    private(set) var shown: ZoomFrame?

    /// A finger on the page: where it was when taken, where it took it, and how far it went.
    private struct Hold {
        var base: ZoomFrame
        var grab: Point
        var translation = Point.zero
        var pinchScale = 1.0
    }
    private var hold: Hold?

    /// Let go: from where, to where, from which progress of the transition's timeline, and
    /// which end of it the timeline heads for.
    private struct Flight {
        var from: ZoomFrame
        var to: ZoomFrame
        var startProgress: Double
        var finishes: Bool
    }
    private var flight: Flight?

    /// The page whole at its own frame.
    private var fullFrame: ZoomFrame { .full(pageFrame: pageFrame, alignment: alignment) }

    /// Puts the page beneath in place, lifts the page into a clip over a dimming layer, hides
    /// the source view behind a picture of it, and draws every frame from the progress — or from
    /// the finger while one holds the page.
    public func animateTransition(using context: TransitionContext) {
        self.context = context
        let container = context.containerView
        let zoomed = isOpening ? context.toViewController : context.fromViewController
        let beneath = isOpening ? context.fromViewController : context.toViewController
        zoomedController = zoomed
        sourceController = beneath
        let page = zoomed.view
        self.page = page
        reducesMotion = container.window?.settings.motion.reducesMotion ?? false

        if isOpening {
            let final = context.finalFrame(for: zoomed)
            page.frame = final.isEmpty ? container.bounds : final
        } else if let beneathView = context.view(forKey: .to) {
            let final = context.finalFrame(for: beneath)
            beneathView.frame = final.isEmpty ? container.bounds : final
            beneathView.transform = .identity
            beneathView.alpha = 1
            if beneathView.superview !== container {
                if page.superview === container { container.insertSubview(beneathView, belowSubview: page) } else { container.insertSubview(beneathView, at: 0) }
            }
            beneathView.layoutIfNeeded()
        }
        page.transform = .identity
        page.layoutIfNeeded()
        pageFrame = page.frame

        let source = sourceViewProvider(ZoomTransitionSourceViewProviderContext(sourceViewController: beneath, zoomedViewController: zoomed))
        sourceView = source.flatMap { $0.window != nil ? $0 : nil }
        alignment = alignmentRect()

        dimmingView.backgroundColor = options.dimmingColor ?? Self.defaultDimmingColor
        dimmingView.frame = container.bounds
        dimmingView.isUserInteractionEnabled = false
        clipView.clipsToBounds = true
        if page.superview === container {
            container.insertSubview(dimmingView, belowSubview: page)
            container.insertSubview(clipView, belowSubview: page)
        } else {
            container.addSubview(dimmingView)
            container.addSubview(clipView)
        }
        clipView.addSubview(page)
        if let sourceView, !reducesMotion {
            if let picture = sourceView.snapshotView(afterScreenUpdates: false) {
                picture.isUserInteractionEnabled = false
                clipView.addSubview(picture)
                sourcePicture = picture
            }
            sourceWasHidden = sourceView.isHidden
            sourceView.isHidden = true
        }

        ZoomInteraction.attach(to: zoomed, options: options)
        context.addAnimation(easing: TimingCurve.linear) { [weak self] progress in self?.show(progress: progress) }
        context.addCompletion { [weak self] _ in
            self?.restore()
            context.completeTransition(!context.transitionWasCancelled)
        }
        // A press during a flight catches the page (the zoom's own drag takes it from there).
        context.interruptHandler = { [weak context, weak zoomed] point, _ in
            guard let context, let interaction = zoomed?.zoomInteraction else { return nil }
            return interaction.takeOver(context, at: point)
        }
        show(progress: 0)
    }

    /// Once the page is closed for good, its drag and pinch go with it.
    public func animationEnded(_ transitionCompleted: Bool) {
        if isOpening != transitionCompleted { zoomedController?.zoomInteraction?.detach() }
    }

    /// The page's alignment rectangle, from the options' provider or the whole page.
    private func alignmentRect() -> Rect {
        guard let page else { return .zero }
        if let provider = options.alignmentRectProvider, let sourceView, let zoomed = zoomedController,
           let rect = provider(ZoomTransitionAlignmentRectContext(sourceView: sourceView, zoomedViewController: zoomed)),
           rect.width > 0, rect.height > 0 {
            return rect
        }
        return page.bounds
    }

    /// Where the source view is now (container coordinates), or a small square in the middle of
    /// the container when there is none to fly into.
    private func sourceFrame() -> ZoomFrame {
        guard let container = context?.containerView else { return fullFrame }
        if let sourceView, sourceView.window != nil {
            let rect = sourceView.convert(sourceView.bounds, to: container)
            if rect.width > 0, rect.height > 0 {
                return .source(rect, alignment: alignment, cornerRadius: sourceView.cornerRadius)
            }
        }
        let side = min(container.bounds.width, container.bounds.height) / 5
        let middle = Rect(x: container.bounds.midX - side / 2, y: container.bounds.midY - side / 2, width: side, height: side)
        var frame = ZoomFrame.source(middle, alignment: alignment, cornerRadius: 0)
        frame.pageAlpha = 0
        return frame
    }

    /// The provider is asked again: the page flies into what shows its item now.
    private func requerySource() {
        guard let zoomed = zoomedController, let beneath = sourceController else { return }
        let fresh = sourceViewProvider(ZoomTransitionSourceViewProviderContext(sourceViewController: beneath, zoomedViewController: zoomed))
        guard let fresh, fresh !== sourceView, fresh.window != nil else { return }
        if let old = sourceView { old.isHidden = sourceWasHidden }
        sourceView = fresh
        alignment = alignmentRect()
        guard !reducesMotion else { return }
        sourcePicture?.removeFromSuperview()
        sourcePicture = fresh.snapshotView(afterScreenUpdates: false)
        if let picture = sourcePicture {
            picture.isUserInteractionEnabled = false
            clipView.addSubview(picture)
        }
        sourceWasHidden = fresh.isHidden
        fresh.isHidden = true
    }

    // MARK: every frame

    /// The frame at `progress` of the timeline: the finger's while it holds the page, the
    /// flight from where it let go after, or the zoom itself.
    private func show(progress: Double) {
        let frame: ZoomFrame
        if let hold {
            frame = held(hold)
        } else if let flight {
            let span = flight.finishes ? 1 - flight.startProgress : flight.startProgress
            let u = span > 0 ? (flight.finishes ? progress - flight.startProgress : flight.startProgress - progress) / span : 1
            frame = .mix(flight.from, flight.to, u)
        } else {
            // A drag along one axis (the edge's pop) scrubs linearly; a flight nobody holds
            // rides the spring.
            let t = context?.initiallyInteractive == true ? progress : flightEasing.value(at: progress)
            let towards = isOpening ? 1 - t : t
            if reducesMotion {
                var frame = fullFrame
                frame.towardsSource = towards
                frame.pageAlpha = 1 - towards
                apply(frame)
                return
            }
            frame = .mix(fullFrame, sourceFrame(), towards)
        }
        apply(frame)
    }

    /// The page as the finger holds it: scaled with the distance (unless motion is reduced) and
    /// with the pinch, about the point taken, and moved with the finger.
    private func held(_ hold: Hold) -> ZoomFrame {
        let height = context?.containerView.bounds.height ?? 1
        let distance = (hold.translation.x * hold.translation.x + hold.translation.y * hold.translation.y).squareRoot()
        let dragScale = reducesMotion ? 1 : Self.dragScale(distance: distance, containerHeight: height)
        var frame = hold.base.held(scale: dragScale * hold.pinchScale, about: hold.grab, translation: hold.translation)
        let pinchProgress = min(max((1 - hold.pinchScale) / (1 - Self.minimumDragScale), 0), 1)
        let away = max(Self.dragProgress(distance: distance, containerHeight: height), pinchProgress)
        frame.towardsSource = hold.base.towardsSource + (1 - hold.base.towardsSource) * away
        // Lifted off its place, the page rounds its corners as it shrinks, as a card does.
        frame.cornerRadius = max(frame.cornerRadius, Self.heldCornerRadius * away)
        return frame
    }

    private func apply(_ frame: ZoomFrame) {
        shown = frame
        guard let page else { return }
        clipView.frame = frame.clip
        clipView.cornerRadius = frame.cornerRadius
        clipView.alpha = frame.pageAlpha
        let size = page.bounds.size
        let middle = Point(x: size.width / 2, y: size.height / 2)
        let k = frame.contentScale
        // The page's frame is placed so that, scaled by k about its middle, its alignment
        // rectangle's centre lands on the anchor.
        let anchor = Point(x: frame.anchor.x - frame.clip.minX, y: frame.anchor.y - frame.clip.minY)
        let origin = Point(x: anchor.x - middle.x - k * (alignment.midX - middle.x),
                           y: anchor.y - middle.y - k * (alignment.midY - middle.y))
        page.frame = Rect(origin: origin, size: size)
        page.transform = AffineTransform(scaleX: k, y: k)
        if let picture = sourcePicture {
            picture.frame = clipView.bounds
            picture.alpha = Self.sourceAlpha(towards: frame.towardsSource)
        }
        let dim = min(max(1 - frame.towardsSource, 0), 1)
        dimmingView.alpha = dim * frame.pageAlpha
    }

    /// The views back where the container wants them, the source shown again.
    private func restore() {
        guard let page else { return }
        if let container = context?.containerView {
            if clipView.superview === container { container.insertSubview(page, aboveSubview: clipView) } else { container.addSubview(page) }
        }
        page.transform = .identity
        page.alpha = 1
        page.frame = pageFrame
        clipView.removeFromSuperview()
        dimmingView.removeFromSuperview()
        sourcePicture?.removeFromSuperview()
        sourcePicture = nil
        sourceView?.isHidden = sourceWasHidden
        hold = nil
        flight = nil
    }

    // MARK: held by a finger (ZoomInteraction)

    /// The transition's progress for how far the page is towards its source: the closing
    /// timeline runs towards it, the opening one away. Kept off the very ends, so that a flight
    /// from here always has some way to go on the timeline whichever end it heads for.
    private func progress(towards: Double) -> Double {
        min(max(isOpening ? 1 - towards : towards, 0.02), 0.98)
    }

    /// A finger took the page at `point` (container coordinates): where the page shows now is
    /// where the drag starts from. Returns the transition's progress to show.
    func beginHold(at point: Point) -> Double {
        let base = shown ?? fullFrame
        hold = Hold(base: base, grab: point)
        flight = nil
        return progress(towards: base.towardsSource)
    }

    /// The finger moved `translation` from where it took the page (container coordinates) and
    /// pinched to `pinchScale`. Returns the transition's progress to show.
    func moveHold(translation: Point, pinchScale: Double = 1) -> Double {
        guard var current = hold else { return context?.percentComplete ?? 0 }
        current.translation = translation
        current.pinchScale = pinchScale
        hold = current
        return progress(towards: held(current).towardsSource)
    }

    /// The finger let go. `closes`: into the source (asked again now) or back to full size.
    /// Returns whether the timeline finishes (rather than cancels) and its velocity in progress
    /// per second, from the finger's `velocity` (px/s) along the way the page will fly.
    func endHold(closes: Bool, velocity: Point) -> (finishes: Bool, velocity: Double) {
        guard let current = hold, let context else { return (!isOpening == closes, 0) }
        let from = held(current)
        hold = nil
        var to: ZoomFrame
        if closes {
            requerySource()
            if reducesMotion {
                to = from
                to.towardsSource = 1
                to.pageAlpha = 0
            } else {
                to = sourceFrame()
            }
        } else {
            to = fullFrame
        }
        let finishes = isOpening ? !closes : closes
        let start = min(max(context.percentComplete, 0.02), 0.98)
        flight = Flight(from: from, to: to, startProgress: start, finishes: finishes)
        // The finger's speed along the flight's path, in flights per second, then in progress.
        let path = Point(x: to.anchor.x - from.anchor.x, y: to.anchor.y - from.anchor.y)
        let length2 = path.x * path.x + path.y * path.y
        let perFlight = length2 > 1 ? min(max((velocity.x * path.x + velocity.y * path.y) / length2, -4), 20) : 0
        return (finishes, finishes ? perFlight * (1 - start) : -perFlight * start)
    }

    /// Whether a finger holds the page now.
    var isHeld: Bool { hold != nil }
}
