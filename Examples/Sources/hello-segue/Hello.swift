import Geometry
import SegueDiagnostics
import SegueKit

@main
struct Hello: SegueApp {
    let title = "Hello, Segue"
    let appID = "org.segue.Hello"
    func makeRootViewController() -> ViewController {
        Pager(pages: [FadingNavigation(rootViewController: Page(number: 1)), Page(number: 4)])
    }
    /// The developer tools: Ctrl+T slows animations ×5 (and back), Ctrl+Shift+M plots motion.
    func configureWindow(_ window: Window) {
        _ = DeveloperTools.attached(to: window)
    }
}

/// A custom container: a horizontal drag turns to the next page, which follows the pointer.
final class Pager: ViewController, Swipeable {
    let pages: [ViewController]
    let swipe = InteractiveSwipe(axis: .horizontal)
    var index = 0
    init(pages: [ViewController]) { self.pages = pages; super.init() }

    override func loadView() {
        setView(LayoutView { [weak self] bounds in
            if let self { self.pages[self.index].view.frame = bounds }
        })
    }

    override func viewDidLoad() {
        for page in pages { addChild(page) }
        view.addSubview(pages[0].view)
        swipe.swipeable = self
        view.addGestureRecognizer(swipe.recognizer)
    }

    // The swipe asks how far a whole turn is, and starts the turn a drag heads for.
    func swipeDistance(_ swipe: InteractiveSwipe) -> Double { view.bounds.width }
    func swipe(_ swipe: InteractiveSwipe, beginTransitionFor drag: Point) -> Direction? {
        turn(by: drag.x < 0 ? 1 : -1) ? (drag.x < 0 ? .left : .right) : nil
    }

    func turn(by step: Int) -> Bool {
        guard pages.indices.contains(index + step) else { return false }
        let from = pages[index], to = pages[index + step]
        startTransition(.container, from: from, to: to, in: view, animated: true,
                        animator: SlideAnimator(direction: step > 0 ? .left : .right),
                        interactionController: swipe.interactionController, didEnd: { [weak self] done in
            (done ? from : to).view.removeFromSuperview()
            if done { self?.index += step }
        })
        return true
    }
}

/// A navigation controller whose pushes and pops cross-fade (it is its own delegate).
final class FadingNavigation: NavigationController, NavigationControllerDelegate {
    override init(rootViewController: ViewController) {
        super.init(rootViewController: rootViewController)
        delegate = self
    }
    func navigationController(_ navigationController: NavigationController, animationControllerFor operation: NavigationOperation,
                              from: ViewController, to: ViewController) -> AnimatedTransitioning? { CrossFade() }
}

/// The incoming page fades in over the outgoing one in 0.4 s.
final class CrossFade: AnimatedTransitioning {
    func transitionDuration(using context: TransitionContext?) -> Double { 0.4 }
    func animateTransition(using context: TransitionContext) {
        guard let to = context.view(forKey: .to) else { return context.completeTransition(true) }
        to.frame = context.finalFrame(for: context.toViewController)
        to.alpha = 0
        context.containerView.addSubview(to)
        context.animate({ to.alpha = 1 }) { finished in context.completeTransition(finished) }
    }
}

/// A numbered page: Next pushes the next one; Sheet presents a sheet (drag it down to close).
final class Page: ViewController {
    let number: Int
    init(number: Int) { self.number = number; super.init(title: "Page \(number)") }

    override func viewDidLoad() {
        let shade = 1 - 0.08 * Double(number % 6)
        view.backgroundColor = Color(red: shade, green: shade, blue: 1)
        let next = Button(title: "Next", frame: Rect(x: 24, y: 24, width: 120, height: 44)) { [weak self] in
            guard let self else { return }
            self.navigationController?.pushViewController(Page(number: self.number + 1))
        }
        let sheet = Button(title: "Sheet", frame: Rect(x: 160, y: 24, width: 120, height: 44)) { [weak self] in
            let page = ViewController(title: "Sheet")
            page.view.backgroundColor = Color(hex: 0xFFD60A)
            self?.present(page)
        }
        view.addSubview(next)
        view.addSubview(sheet)
    }
}
