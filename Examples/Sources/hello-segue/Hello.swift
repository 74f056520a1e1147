import SegueKit

@main
struct Hello: SegueApp {
    let title = "Hello, Segue"
    let appID = "org.segue.Hello"
    func makeRootViewController() -> ViewController { FadingNavigation(rootViewController: Page(number: 1)) }
}

/// A navigation controller whose pushes and pops cross-fade (its own delegate, so nothing else
/// has to keep the delegate alive).
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
    func transitionDuration(using context: TransitionContext) -> Double { 0.4 }

    func animateTransition(using context: TransitionContext) {
        guard let to = context.view(forKey: .to) else { return context.completeTransition(true) }
        to.frame = context.finalFrame(for: context.toViewController)
        to.alpha = 0
        context.containerView.addSubview(to)
        context.animate({ to.alpha = 1 }) { finished in context.completeTransition(finished) }
    }
}

/// A numbered page: Next pushes the next one, Sheet presents a sheet (drag it down to close).
final class Page: ViewController {
    let number: Int
    init(number: Int) {
        self.number = number
        super.init(title: "Page \(number)")
    }

    override func viewDidLoad() {
        let shade = 1 - 0.08 * Double(number % 6)
        view.backgroundColor = Color(red: shade, green: shade, blue: 1)
        let next = Button(title: "Next", onTap: { [weak self] in
            guard let self else { return }
            self.navigationController?.pushViewController(Page(number: self.number + 1))
        })
        let sheet = Button(title: "Sheet", onTap: { [weak self] in
            let page = ViewController(title: "Sheet")
            page.view.backgroundColor = Color(hex: 0xFFD60A)
            self?.present(page)
        })
        view.addSubview(next)
        view.addSubview(sheet)
        next.frame = Rect(x: 24, y: 24, width: 120, height: 44)
        sheet.frame = Rect(x: 160, y: 24, width: 120, height: 44)
    }
}
