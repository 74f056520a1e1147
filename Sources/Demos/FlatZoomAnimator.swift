import Geometry
import Canvas
import Motion
import Segue

/// Tutorial 001's "flat zoom": the tapped picture flies between its grid cell and its place on
/// the picture page while the page fades.
///
/// Push: a snapshot of the cell's picture flies from the cell's rect to the page's picture rect
/// while the page fades 0 → 1. Pop: the reverse, the page fading 1 → 0 over the fully opaque
/// grid and the picture flying back into the cell saved at push time
/// (``GalleryPage/selectedIndex``). While it runs, the cell and the page's picture are hidden;
/// bottom to top: grid, page, flying snapshot. Completion shows both again and removes the
/// snapshot.
///
/// Timing, as the tutorial's `animate(withDuration: 0.8, delay: 0, usingSpringWithDamping: 0.5,
/// initialSpringVelocity: 0.5 (push) / 0.8 (pop), options: .curveEaseIn / .curveEaseInOut)`:
/// a ``SpringEasing`` over the 0.8 s timeline. The curve option is dropped: a UIKit spring
/// animation takes its timing from the spring, and its curve options do not reshape it (as
/// ``SpringEasing`` documents); composing an ease-in under the spring would only delay its
/// start and steepen its landing, which is not what the tutorial showed. The fade rides the
/// same spring (it is in the same animation block in the tutorial), clamped to 0…1 as Core
/// Animation clamps opacity, while the flying picture keeps its overshoot.
///
/// Driven by a gesture the same animations are eased linearly, so the picture and the fade
/// follow the finger exactly; after release the same ζ 0.5 spring takes over from the release
/// velocity (``settleTiming(using:)``), so the picture bounces into place as a tapped one does.
@MainActor
public final class FlatZoomAnimator: AnimatedTransitioning {
    public let operation: NavigationOperation
    public let duration = 0.8
    /// The spring's initial velocity, relative to the distance (UIKit's `initialSpringVelocity`).
    public let initialVelocity: Double
    /// The eased timing of a non-interactive run.
    public let springEasing: SpringEasing
    /// The grid and the picture's page, whichever way the transition goes.
    public private(set) weak var grid: GalleryPage?
    public private(set) weak var photo: PhotoPage?
    /// The snapshot flying while the transition runs (nil before and after).
    public private(set) var flyingView: FlyingImageView?

    /// The spring of both directions: damping ratio 0.5, settling in the 0.8 s duration.
    public static let spring = Spring(duration: 0.8, dampingRatio: 0.5)

    public init(operation: NavigationOperation, grid: GalleryPage, photo: PhotoPage) {
        self.operation = operation
        self.grid = grid
        self.photo = photo
        initialVelocity = operation == .push ? 0.5 : 0.8
        springEasing = SpringEasing(spring: Self.spring, initialVelocity: initialVelocity)
    }

    public func transitionDuration(using context: TransitionContext?) -> Double { duration }
    /// After release the rest runs on the zoom's own spring (ζ 0.5), from the release
    /// velocity, bouncing: the picture swings past its cell (or its place on the page) and back.
    public func settleTiming(using context: TransitionContext) -> SettleTiming? { .spring(Self.spring, bounces: true) }

    public func animateTransition(using context: TransitionContext) {
        let container = context.containerView
        guard let grid, let photo, let cell = grid.cell(at: grid.selectedIndex ?? photo.index) else {
            // Nothing to fly: a plain fade keeps the transition's contract (one completion).
            return fadeOnly(context)
        }
        let photoView = photo.view, gridView = grid.view
        let pushing = operation == .push

        // Views in place: grid below, the page above it (bottom to top: grid, page, snapshot).
        if pushing {
            photoView.frame = context.finalFrame(for: photo)
            container.addSubview(photoView)
        } else {
            gridView.frame = context.finalFrame(for: grid)
            container.insertSubview(gridView, belowSubview: photoView)
        }
        photoView.layoutIfNeeded()
        gridView.layoutIfNeeded()

        let cellRect = cell.convert(cell.bounds, to: container)
        let imageRect = photo.imageView.convert(photo.imageView.bounds, to: container)
        // The snapshot: the cell's picture when pushing (rendered at the size it grows to, so it
        // lands sharp), the page's picture when popping.
        let image = pushing
            ? cell.pictureSnapshot(scale: max(imageRect.width / max(cell.bounds.width, 1), 1))
            : photo.imageView.pictureSnapshot(scale: 1)
        let flying = FlyingImageView(image: image, frame: imageRect)
        flyingView = flying
        container.addSubview(flying)

        cell.isHidden = true
        photo.imageView.isHidden = true
        let start = pushing ? cellRect : imageRect, end = pushing ? imageRect : cellRect
        let fadeFrom: Double = pushing ? 0 : 1, fadeTo: Double = pushing ? 1 : 0
        photoView.alpha = fadeFrom
        gridView.alpha = 1
        // The grid stands still under the fading page: one cached image of it, which the page
        // then cross-fades with in one pass, instead of its cells drawn and blended over.
        gridView.shouldRasterize = true
        flying.show(start)

        let easing: any Easing = context.isInteractive ? TimingCurve.linear : springEasing
        context.addAnimation(easing: easing) { [weak photoView, weak flying] progress in
            flying?.show(Rect.interpolate(from: start, to: end, fraction: progress))
            photoView?.alpha = min(max(fadeFrom + (fadeTo - fadeFrom) * progress, 0), 1)
        }
        context.addCompletion { [weak self, weak cell, weak photo, weak flying, weak gridView] _ in
            gridView?.shouldRasterize = false
            cell?.isHidden = false
            photo?.imageView.isHidden = false
            photo?.view.alpha = 1
            flying?.removeFromSuperview()
            self?.flyingView = nil
            context.completeTransition(!context.transitionWasCancelled)
        }
    }

    /// Without a cell to fly from: the page fades in or out.
    private func fadeOnly(_ context: TransitionContext) {
        let container = context.containerView
        let pushing = operation == .push
        let page = pushing ? context.toView : context.fromView
        if pushing {
            context.toView.frame = context.finalFrame(for: context.toViewController)
            container.addSubview(context.toView)
        } else {
            context.toView.frame = context.finalFrame(for: context.toViewController)
            container.insertSubview(context.toView, belowSubview: context.fromView)
        }
        page.alpha = pushing ? 0 : 1
        context.animate(easing: context.isInteractive ? TimingCurve.linear : TimingCurve.easeInOut, {
            page.alpha = pushing ? 1 : 0
        }, completion: { _ in
            page.alpha = 1
            context.completeTransition(!context.transitionWasCancelled)
        })
    }
}

/// The picture in flight: a snapshot drawn once at the size of the page's picture, then only
/// recomposited under a scale-and-move transform (no redraw per frame), clipped to the
/// pictures' rounded corners at their on-screen size.
@MainActor
public final class FlyingImageView: View {
    public let image: Surface

    public init(image: Surface, frame: Rect) {
        self.image = image
        super.init(frame: frame)
        clipsToBounds = true
        cornerRadius = GalleryPage.cornerRadius
        isUserInteractionEnabled = false
        // The cell's picture fills it: what it covers need not be drawn under it.
        isOpaque = true
    }

    public override var drawsContent: Bool { true }

    public override func draw(in canvas: Canvas) {
        canvas.draw(image, in: bounds)
    }

    /// The rectangle (superview coordinates) the picture covers on screen now.
    public private(set) var shownRect: Rect = .zero

    /// Shows the picture over `rect` (superview coordinates): scales and moves the view from
    /// its frame, keeping the on-screen corner radius.
    public func show(_ rect: Rect) {
        shownRect = rect
        let sx = rect.width / max(frame.width, 1e-9), sy = rect.height / max(frame.height, 1e-9)
        // The transform applies about the frame's centre: scale, then move centre to centre.
        transform = AffineTransform(a: sx, b: 0, c: 0, d: sy,
                                    tx: rect.midX - frame.midX, ty: rect.midY - frame.midY)
        let scale = max((abs(sx) + abs(sy)) / 2, 1e-3)
        cornerRadius = GalleryPage.cornerRadius / scale
    }
}

extension View {
    /// The view's own content (``View/draw(in:)``, no background, no clip, no subviews) drawn
    /// at `scale` into a new surface: a picture snapshot without the rounded clip, so it can be
    /// clipped again at any size.
    func pictureSnapshot(scale: Double) -> Surface {
        let surface = Surface(logicalSize: bounds.size, scale: scale)
        let canvas = Canvas(surface: surface)
        canvas.scale(x: scale, y: scale)
        draw(in: canvas)
        return surface
    }
}
