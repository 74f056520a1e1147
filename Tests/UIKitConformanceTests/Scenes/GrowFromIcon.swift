import SegueKit

// A full-screen presentation that grows a page out of a small icon, and a pan down that takes
// it back, in UIKit's idiom: `UIView.animate`, `layoutIfNeeded`, target-action on a pan
// recognizer. The figures are tutorial 004's: 3 s each way on UIKit's default curve, the pan's
// progress its downward travel over the page's height, at least half finishes.

/// A launcher page with one icon; a click anywhere opens the icon's page.
@MainActor
final class IconLauncher: ViewController, ViewControllerTransitioningDelegate {
    static let paper = Color(hex: 0xEDF6F9)
    static let iconColour = Color(hex: 0x006D77)
    static let iconFrame = Rect(x: 48, y: 64, width: 88, height: 88)

    let icon = ImageView(image: nil, frame: IconLauncher.iconFrame)
    /// The pan's interaction controller, one per pan, set by the opened page while it pulls.
    var pullDown: PercentDrivenInteractiveTransition?

    init() { super.init(title: "Launcher") }

    override func loadView() {
        let page = View()
        page.backgroundColor = Self.paper
        icon.backgroundColor = Self.iconColour
        icon.cornerRadius = 18
        page.addSubview(icon)
        page.addGestureRecognizer(TapGestureRecognizer { [weak self] _ in self?.open() })
        setView(page)
    }

    func open() {
        guard presentedViewController == nil else { return }
        let opened = IconPage(launcher: self)
        opened.transitioningDelegate = self
        present(opened, animated: true)
    }

    /// The icon's rect in the window's coordinates (the container's, for a full-screen
    /// presentation).
    var iconInWindow: Rect { view.convert(icon.frame, to: nil) }

    func animationController(forPresented presented: ViewController, presenting: ViewController,
                             source: ViewController) -> ViewControllerAnimatedTransitioning? {
        GrowAnimator(growing: true, icon: iconInWindow)
    }

    func animationController(forDismissed dismissed: ViewController) -> ViewControllerAnimatedTransitioning? {
        GrowAnimator(growing: false, icon: iconInWindow)
    }

    func interactionControllerForDismissal(using animator: ViewControllerAnimatedTransitioning)
        -> ViewControllerInteractiveTransitioning? {
        pullDown
    }
}

/// The icon's page: a picture over the top half, a title and a line of text, a Close button.
@MainActor
final class IconPage: ViewController {
    static let field = Color(hex: 0x83C5BE)
    static let pictureColour = Color(hex: 0xE29578)

    private weak var launcher: IconLauncher?
    let picture = ImageView(image: nil)

    init(launcher: IconLauncher) {
        self.launcher = launcher
        super.init(title: "Icon")
        dismissesOnDragDown = false
    }

    override func loadView() {
        picture.backgroundColor = Self.pictureColour
        let name = Label(text: "Icon", font: Font(size: 28, weight: .bold), color: .white)
        let line = Label(text: "Pull down to put it back.", font: Font(size: 15), color: .white)
        let close = Button(title: "Close", font: Font(size: 15), color: .white)
        close.onTap = { [weak self] in self?.dismiss(animated: true) }
        let page = LayoutView { [picture] bounds in
            let half = bounds.height / 2
            picture.frame = Rect(x: 0, y: 0, width: bounds.width, height: half)
            name.frame = Rect(x: 24, y: half + 16, width: max(bounds.width - 48, 0), height: 36)
            line.frame = Rect(x: 24, y: half + 56, width: max(bounds.width - 48, 0), height: 24)
            close.frame = Rect(x: 24, y: bounds.height - 64, width: 120, height: 40)
        }
        page.backgroundColor = Self.field
        page.clipsToBounds = true
        for child in [picture, name, line, close] as [View] { page.addSubview(child) }
        let pan = PanGestureRecognizer()
        pan.addTarget(self, action: IconPage.pulled)
        page.addGestureRecognizer(pan)
        setView(page)
    }

    @IBAction func pulled(_ pan: PanGestureRecognizer) {
        guard let launcher else { return }
        let progress = pan.translation(in: view).y / view.frame.height
        switch pan.state {
        case .began:
            launcher.pullDown = PercentDrivenInteractiveTransition()
            dismiss(animated: true)
        case .changed:
            launcher.pullDown?.update(progress)
        case .ended where progress >= 0.5:
            launcher.pullDown?.finish()
            launcher.pullDown = nil
        default:
            launcher.pullDown?.cancel()
            launcher.pullDown = nil
        }
    }
}

/// Grows the opened page from the icon's origin and width (at its full height) to the whole
/// container while everything on it but its pictures fades in; shrinking plays it backwards
/// onto the icon's rect. 3 s, UIKit's default ease-in-out.
@MainActor
final class GrowAnimator: ViewControllerAnimatedTransitioning {
    static let duration = 3.0

    let growing: Bool
    let icon: Rect
    private(set) var endedWith: Bool?

    init(growing: Bool, icon: Rect) {
        self.growing = growing
        self.icon = icon
    }

    func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> Double { Self.duration }

    func animateTransition(using transitionContext: ViewControllerContextTransitioning) {
        let stage = transitionContext.containerView
        guard let opened = transitionContext.viewController(forKey: growing ? .to : .from)?.view,
              let launcher = transitionContext.viewController(forKey: growing ? .from : .to)?.view else {
            transitionContext.completeTransition(false)
            return
        }
        let fading = opened.subviews.filter { !($0 is ImageView) }
        if growing {
            stage.addSubview(opened)
            opened.frame = Rect(x: icon.minX, y: icon.minY, width: icon.width, height: stage.bounds.height)
            fading.forEach { $0.alpha = 0 }
        } else {
            stage.insertSubview(launcher, belowSubview: opened)
        }
        opened.layoutIfNeeded()
        let target = growing ? stage.bounds : icon
        View.animate(withDuration: Self.duration, animations: {
            opened.frame = target
            opened.layoutIfNeeded()
            fading.forEach { $0.alpha = self.growing ? 1 : 0 }
        }, completion: { _ in
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        })
    }

    func animationEnded(_ transitionCompleted: Bool) { endedWith = transitionCompleted }
}
