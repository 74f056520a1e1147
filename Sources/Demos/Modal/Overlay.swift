import Geometry
import Canvas
import Motion
import Segue

// Tutorial 000's overlay: a custom presentation. The presented panel sits centred at 2/3 × 2/3
// of the container over a black 50 % dimming view; the presenter stays visible and is never
// re-parented.
//
// Dismissal: the panel's Close button, a click on the dimming view, or Esc. Drag-down is off
// for this panel (`dismissesOnDragDown = false`): the overlay's dismissal narrows the panel to
// a line, which a vertical drag cannot map onto in any way a user would predict, and a dialog
// is dismissed by clicking outside it.

/// Owns the dimming view and lays out dimming (full size) and panel (centred 2/3) on resize.
@MainActor
public final class OverlayPresentationController: PresentationController {
    /// Black at 50 %: a black view whose alpha is 0.5 (alpha goes to 0 on dismissal).
    public let dimmingView = View()
    public static let dimmingAlpha = 0.5
    private var transitionRunning = false

    public override init(presentedViewController: ViewController, presenting: ViewController) {
        super.init(presentedViewController: presentedViewController, presenting: presenting)
        dimmingView.backgroundColor = .black
        dimmingView.alpha = Self.dimmingAlpha
        let tap = TapGestureRecognizer { [weak self] gesture in
            guard gesture.state == .ended else { return }
            self?.presentedViewController.dismiss(animated: true)
        }
        dimmingView.addGestureRecognizer(tap)
    }

    /// The presenter stays on screen underneath.
    public override var shouldRemovePresentersView: Bool { false }

    /// Centred, 2/3 of the container's width and height (whole pixels), at most
    /// ``maximumPanelSize`` on a large window.
    public override var frameOfPresentedViewInContainerView: Rect {
        Self.panelFrame(in: containerView?.bounds ?? .zero)
    }

    /// The largest the panel gets (a 1440 × 1080 window's two thirds): beyond, it would only
    /// add empty white around its few lines.
    public static let maximumPanelSize = Size(width: 960, height: 720)

    public static func panelFrame(in bounds: Rect) -> Rect {
        let width = min((bounds.width * 2 / 3).rounded(), maximumPanelSize.width)
        let height = min((bounds.height * 2 / 3).rounded(), maximumPanelSize.height)
        return Rect(x: ((bounds.width - width) / 2).rounded(), y: ((bounds.height - height) / 2).rounded(),
                    width: width, height: height)
    }

    /// The dimming view grows from the panel's size to the whole container, with the panel's
    /// ease-in-out (the coordinator reports linear progress; the curve is applied here).
    public override func presentationTransitionWillBegin(coordinator: TransitionCoordinator) {
        guard let container = containerView else { return }
        transitionRunning = true
        // The presenter stands still under the growing dim: one cached image of it, which the
        // dim then darkens in one pass instead of its views drawn and a fill blended over them.
        presentingViewController.view.shouldRasterize = true
        let start = frameOfPresentedViewInContainerView, end = container.bounds
        dimmingView.frame = start
        dimmingView.alpha = Self.dimmingAlpha
        container.insertSubview(dimmingView, at: 0)
        coordinator.animate(alongsideProgress: { [weak self] progress in
            let eased = TimingCurve.easeInOut.value(at: progress)
            self?.dimmingView.frame = Rect.interpolate(from: start, to: end, fraction: eased)
        })
    }

    public override func presentationTransitionDidEnd(_ completed: Bool) {
        transitionRunning = false
        presentingViewController.view.shouldRasterize = false
        if !completed { dimmingView.removeFromSuperview() }
    }

    /// The dimming fades out (alpha to 0) with the panel's narrowing.
    public override func dismissalTransitionWillBegin(coordinator: TransitionCoordinator) {
        transitionRunning = true
        presentingViewController.view.shouldRasterize = true
        coordinator.animate(alongsideProgress: { [weak self] progress in
            self?.dimmingView.alpha = Self.dimmingAlpha * (1 - TimingCurve.easeInOut.value(at: progress))
        })
    }

    public override func dismissalTransitionDidEnd(_ completed: Bool) {
        transitionRunning = false
        presentingViewController.view.shouldRasterize = false
        if completed {
            dimmingView.removeFromSuperview()
        } else {
            dimmingView.alpha = Self.dimmingAlpha
        }
    }

    public override func containerViewDidLayout() {
        super.containerViewDidLayout()
        guard !transitionRunning, let container = containerView else { return }
        dimmingView.frame = container.bounds
    }
}

/// Grows the panel from width 1 (full target height) to its width, ease-in-out; dismissal
/// narrows it back to width 1. The presenter's view is never touched.
@MainActor
public final class OverlayAnimator: AnimatedTransitioning {
    /// Tutorial 000 gives no figure for the overlay; its animators' default, 0.5 s.
    public static let duration = 0.5
    public let presenting: Bool

    public init(presenting: Bool) { self.presenting = presenting }

    public func transitionDuration(using context: TransitionContext?) -> Double { Self.duration }

    /// The panel's frame at width 1, centred on `frame`, its height kept.
    static func sliver(of frame: Rect) -> Rect {
        Rect(x: frame.midX - 0.5, y: frame.minY, width: 1, height: frame.height)
    }

    public func animateTransition(using context: TransitionContext) {
        if presenting, let panel = context.view(forKey: .to) {
            let final = context.finalFrame(for: context.toViewController)
            panel.frame = Self.sliver(of: final)
            context.containerView.addSubview(panel)
            context.animate(easing: TimingCurve.easeInOut, { panel.frame = final }, completion: { _ in
                context.completeTransition(!context.transitionWasCancelled)
            })
        } else if let panel = context.view(forKey: .from) {
            let start = panel.frame
            context.animate(easing: TimingCurve.easeInOut, { panel.frame = Self.sliver(of: start) }, completion: { _ in
                if context.transitionWasCancelled { panel.frame = start }
                context.completeTransition(!context.transitionWasCancelled)
            })
        } else {
            context.completeTransition(true)
        }
    }
}

/// The presented panel's transitioning delegate: the overlay animator both ways and the
/// presentation controller above.
@MainActor
public final class OverlayTransitioningDelegate: TransitioningDelegate {
    public init() {}

    public func animationController(forPresented presented: ViewController, presenting: ViewController,
                                    source: ViewController) -> AnimatedTransitioning? {
        OverlayAnimator(presenting: true)
    }

    public func animationController(forDismissed dismissed: ViewController) -> AnimatedTransitioning? {
        OverlayAnimator(presenting: false)
    }

    public func presentationController(forPresented presented: ViewController, presenting: ViewController?,
                                       source: ViewController) -> PresentationController? {
        OverlayPresentationController(presentedViewController: presented, presenting: presenting ?? source)
    }
}

/// The overlay's content: a white panel with a title, a line of text and a Close button,
/// centred so that the growing panel reveals it from the middle out.
@MainActor
public final class OverlayPanelPage: ViewController {
    public static let background = Color.white

    public init() {
        super.init(title: localized("Overlay"))
        dismissesOnDragDown = false
    }

    public override func loadView() {
        let title = Label(text: localized("Overlay"), font: Font(size: 26, weight: .bold), color: Color(hex: 0x1C1C1E), alignment: .center)
        let text = Label(text: localized("A custom presentation: the page behind stays where it is, dimmed. Click outside, press Esc or Close."),
                         font: Font(size: 15), color: Color(hex: 0x48484A), alignment: .center, numberOfLines: 0)
        let close = Button(title: localized("Close"), font: Font(size: 16, weight: .medium), color: .white)
        close.fillColor = Color(hex: 0x0A66D8)
        close.cornerRadius = 10
        close.onTap = { [weak self] in self?.dismiss(animated: true) }
        // Content keeps its size and stays centred: the panel, clipping, reveals it as it widens.
        // Its width is that of the panel it grows into (2/3 of the window), less 20 px a side,
        // at most 360 px; on a small window the text takes more lines, up to the Close button.
        let view = LayoutView { [weak self] bounds in
            let windowWidth = self?.isViewLoaded == true ? self?.view.window?.size.width : nil
            let finalWidth = windowWidth.map {
                OverlayPresentationController.panelFrame(in: Rect(x: 0, y: 0, width: $0, height: $0)).width
            } ?? bounds.width
            let width = min(360.0, max(finalWidth - 40, 1))
            let x = (bounds.midX - width / 2).rounded()
            title.frame = Rect(x: x, y: 36, width: width, height: 34)
            close.frame = Rect(x: (bounds.midX - 60).rounded(), y: bounds.height - 72, width: 120, height: 44)
            let narrow = width < 360
            text.frame = Rect(x: x, y: 84, width: width, height: narrow ? max(60, close.frame.minY - 12 - 84) : 60)
            text.numberOfLines = narrow ? max(1, Int((text.frame.height / 18).rounded(.down))) : 0
        }
        view.backgroundColor = Self.background
        view.clipsToBounds = true
        view.addSubview(title)
        view.addSubview(text)
        view.addSubview(close)
        setView(view)
    }
}
