import Geometry
import Canvas
import Motion
import Segue

// Tutorial 004: an icon on the Modal page expands into a detail page; a drag down anywhere on
// the detail page shrinks it back onto the icon.

/// One of the demo's pictures scaled to fill its bounds, cropped to keep its aspect.
@MainActor
public final class ArtworkFillView: View {
    public let index: Int

    public init(index: Int) {
        self.index = index
        super.init()
        isUserInteractionEnabled = false
    }

    public override var drawsContent: Bool { true }
    /// Its size changes every frame of the expansion: one scaled draw of the picture per frame
    /// costs less than re-rendering a cached copy and then drawing that.
    public override var cachesContent: Bool { false }

    public override func draw(in canvas: Canvas) {
        canvas.draw(Self.image(index), in: Self.aspectFill(imageSize: Size(width: 480, height: 360), in: bounds),
                    filter: .fast)
    }

    static func image(_ index: Int) -> Surface { Artwork.image(index) }

    /// The rect, centred on `bounds`, that covers it with an image of `imageSize`'s aspect.
    static func aspectFill(imageSize: Size, in bounds: Rect) -> Rect {
        let scale = max(bounds.width / imageSize.width, bounds.height / imageSize.height)
        let width = imageSize.width * scale, height = imageSize.height * scale
        return Rect(x: bounds.midX - width / 2, y: bounds.midY - height / 2, width: width, height: height)
    }
}

/// The icon on the Modal page: the detail page's picture in a rounded square.
@MainActor
public final class IconTileView: Control {
    public static let radius = 20.0
    public static let artwork = 4

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        cornerRadius = Self.radius
    }

    public override var drawsContent: Bool { true }

    public override func draw(in canvas: Canvas) {
        canvas.draw(ArtworkFillView.image(Self.artwork),
                    in: ArtworkFillView.aspectFill(imageSize: Size(width: 480, height: 360), in: bounds))
        if isHighlighted { canvas.fill(bounds, color: Color.black.withAlpha(0.15)) }
    }
}

/// The detail page: the picture on top (it scales with the page's width: layout runs on every
/// frame of the transition), a title, text and a Close button below.
@MainActor
public final class ExpandDetailPage: ViewController {
    public static let background = Color(hex: 0x0E3B43)
    public let imageView = ArtworkFillView(index: IconTileView.artwork)
    /// Everything that is not the image: it fades in and out with the transition.
    public private(set) var fadingViews: [View] = []
    /// Tutorial 004's interactive dismissal: a pan down anywhere; progress = dy / page height;
    /// release at ≥ 0.5 finishes, anything else cancels. A fresh interaction controller per
    /// drag (the swipe makes one when a drag begins and drops it at release).
    public let swipe = InteractiveSwipe(axis: .vertical)
    private var pageHeight = 1.0

    public init() {
        super.init(title: localized("Lake"))
        dismissesOnDragDown = false
        swipe.commitRule = .threshold(0.5, inclusive: true)
        // The rest after release decelerates into place, at the transition's own pace
        // (UIKit's completionCurve on the interaction controller; completionSpeed stays 1).
        swipe.completionCurve = .easeOut
        swipe.swipeable = self
    }

    /// The picture's height for a page `bounds` wide: square at the icon's 96 px, half the
    /// width plus 48 px above that (448 px at 800).
    public static func imageHeight(in bounds: Rect) -> Double {
        min(bounds.height, bounds.width * 0.5 + 48)
    }

    public override func loadView() {
        let title = Label(text: localized("Mountain lake"), font: Font(size: 28, weight: .bold), color: .white)
        let text = Label(text: localized("Drawn by the project: a sky gradient, a sun and two hills. Drag down anywhere to put it back, or press Esc."),
                         font: Font(size: 15), color: Color.white.withAlpha(0.8), numberOfLines: 0)
        let close = Button(title: localized("Close"), font: Font(size: 15, weight: .medium), color: .white)
        close.fillColor = Color.black.withAlpha(0.35)
        close.cornerRadius = 10
        close.onTap = { [weak self] in self?.dismiss(animated: true) }
        let image = imageView
        image.isAccessibilityElement = true
        image.accessibilityLabel = "Mountain lake"
        image.accessibilityTraits = .image
        let view = LayoutView { [weak self] bounds in
            let imageHeight = ExpandDetailPage.imageHeight(in: bounds)
            image.frame = Rect(x: 0, y: 0, width: bounds.width, height: imageHeight)
            // Text is laid out for the full window while the page grows (the page clips it), so
            // it is not laid out and drawn again every frame.
            let windowWidth = self?.isViewLoaded == true ? self?.view.window?.size.width : nil
            let textWidth = max((windowWidth ?? bounds.width) - 56, 100)
            title.frame = Rect(x: 28, y: imageHeight + 20, width: textWidth, height: 36)
            text.frame = Rect(x: 28, y: imageHeight + 62, width: textWidth, height: 66)
            // Close at the trailing corner: the top right, or the top left right to left.
            close.frame = Rect(x: close.isRightToLeft ? 20 : bounds.width - 108, y: 16, width: 88, height: 36)
        }
        view.backgroundColor = Self.background
        view.clipsToBounds = true
        view.addSubview(image)
        for subview in [title, text, close] as [View] { view.addSubview(subview) }
        fadingViews = [title, text, close]
        view.addGestureRecognizer(swipe.recognizer)
        setView(view)
    }
}

/// Tutorial 004's animator, one for both directions. Presenting: the detail page starts at the
/// icon's origin and width (its height unchanged) and grows to the whole container while every
/// element but the image fades in; dismissing: the reverse, onto the icon's rect, over the
/// root page. The page's frame animates, so its layout (the image) follows on every frame.
/// The corners round to the icon's radius at the icon's end.
/// The drag-down dismissal: progress is the drag over the page's height at rest.
extension ExpandDetailPage: Swipeable {
    /// Only downwards, only while presented; notes the page's height at rest.
    public func swipeShouldBegin(_ swipe: InteractiveSwipe, pan: PanGestureRecognizer) -> Bool {
        guard pan.translation.y > 0, presentingViewController != nil else { return false }
        // The page's height at rest: the frame shrinks while the dismissal runs.
        pageHeight = view.bounds.height
        return true
    }

    /// A whole dismissal is the page's height at rest.
    public func swipeDistance(_ swipe: InteractiveSwipe) -> Double { pageHeight }

    /// Dismisses the page (the delegate hands out the swipe's interaction controller).
    public func swipe(_ swipe: InteractiveSwipe, beginTransitionFor translation: Point) -> Direction? {
        guard translation.y > 0 else { return nil }
        dismiss(animated: true)
        return swipe.interactionController?.context != nil ? .down : nil
    }
}

@MainActor
public final class ExpandAnimator: AnimatedTransitioning {
    /// Tutorial 004 runs 3.0 s, a demo speed for watching the effect.
    public static let tutorialDuration = 3.0
    /// The duration used here by default: a product speed (as tutorial 002's 0.6 s).
    public static let defaultDuration = 0.6

    public let presenting: Bool
    public var duration = ExpandAnimator.defaultDuration
    private weak var icon: View?

    public init(presenting: Bool, icon: View?) {
        self.presenting = presenting
        self.icon = icon
    }

    public func transitionDuration(using context: TransitionContext?) -> Double { duration }
    /// After release the page finishes (or shrinks back) at its own pace, on the interaction
    /// controller's completion curve (the detail page's swipe sets an ease-out).
    public func settleTiming(using context: TransitionContext) -> SettleTiming? { .curve }

    public func animateTransition(using context: TransitionContext) {
        let container = context.containerView
        let controller = presenting ? context.toViewController : context.fromViewController
        guard let detailView = context.view(forKey: presenting ? .to : .from) else {
            context.addCompletion { _ in context.completeTransition(!context.transitionWasCancelled) }
            return
        }
        let fading = (controller as? ExpandDetailPage)?.fadingViews ?? []
        let full = presenting ? context.finalFrame(for: controller) : detailView.frame
        let iconRect = icon.flatMap { $0.window != nil ? $0.convert($0.bounds, to: container) : nil }
            ?? Rect(x: full.midX, y: full.midY, width: 1, height: 1)
        // A gesture scrubs linearly, so the page follows the pointer evenly; on its own it eases.
        let curve = context.isInteractive ? TimingCurve.linear : TimingCurve.easeInOut

        if presenting {
            container.addSubview(detailView)
            detailView.frame = Rect(x: iconRect.minX, y: iconRect.minY, width: iconRect.width, height: full.height)
            detailView.cornerRadius = IconTileView.radius
            for view in fading { view.alpha = 0 }
        }
        detailView.layoutIfNeeded()
        context.animate(easing: curve, {
            detailView.frame = presenting ? full : iconRect
            detailView.cornerRadius = presenting ? 0 : IconTileView.radius
            for view in fading { view.alpha = presenting ? 1 : 0 }
        }, completion: { _ in
            // Whatever the outcome, the page is left whole (a cancelled dismissal shows it again).
            if !self.presenting || context.transitionWasCancelled {
                detailView.frame = full
                detailView.cornerRadius = 0
                for view in fading { view.alpha = 1 }
            }
            context.completeTransition(!context.transitionWasCancelled)
        })
    }
}

/// The detail page's delegate: the expand animator both ways; the drag's interaction
/// controller only while a drag drives the dismissal (a Close click is not interactive).
@MainActor
public final class ExpandTransitioningDelegate: TransitioningDelegate {
    public weak var icon: View?
    public weak var detail: ExpandDetailPage?

    public init(icon: View?) { self.icon = icon }

    public func animationController(forPresented presented: ViewController, presenting: ViewController,
                                    source: ViewController) -> AnimatedTransitioning? {
        ExpandAnimator(presenting: true, icon: icon)
    }

    public func animationController(forDismissed dismissed: ViewController) -> AnimatedTransitioning? {
        ExpandAnimator(presenting: false, icon: icon)
    }

    public func interactionControllerForDismissal(using animator: AnimatedTransitioning) -> InteractiveTransitioning? {
        detail?.swipe.interactionController
    }
}
