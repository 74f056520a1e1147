// The `///` examples of SegueKit's entry points and of the app-facing API added beside them,
// word for word, so that they keep compiling as written (`make examples` builds this target).
// None of it runs: `main` only checks that the examples type-check against today's API.
import SegueDiagnostics
import SegueKit
import SegueWayland

// SegueApp's example (SegueApplication.swift), without `@main`: hello-segue has that.
struct Hello: SegueApp {
    let title = "Hello"
    let appID = "org.example.Hello"
    func makeRootViewController() -> ViewController {
        NavigationController(rootViewController: ViewController())
    }
}

@MainActor
func segueApplicationExample() {
    SegueApplication.run(root: NavigationController(rootViewController: ViewController()),
                         title: "Hello", appID: "org.example.Hello")
}

@MainActor
func developerToolsExample(window: Window) {
    let tools = DeveloperTools.attached(to: window)   // Ctrl+T slows animations ×5, Ctrl+Shift+M plots
    tools.showsMotionPlot = true
}

@MainActor
func tabIconExample(surface: Surface) -> [TabIcon] {
    let star = TabIcon(name: "star") { canvas, box, color in
        canvas.fillEllipse(in: box.insetBy(dx: 4, dy: 4), color: color)
    }
    let photo = TabIcon(name: "photo", image: surface)   // any picture, drawn as a mask
    return [star, photo]
}

// The code blocks of README.md and the DocC articles (scripts/check-doc-blocks.py finds each one
// here, or in a test, line for line). Fragments sit in the smallest declaration that compiles.

// README.md, "Accessibility", and the Accessibility article: a card's accessible description.
@MainActor
func accessibilityExample(card: View) {
    card.isAccessibilityElement = true          // controls and labels are elements already
    card.accessibilityLabel = "Flip card"
    card.accessibilityHint = "Opens the flip card page" // read as the description
    card.accessibilityTraits = [.button, .image]  // or accessibilityRole = .image
}

@MainActor
func accessibilityArticleExample(card: View) {
    card.isAccessibilityElement = true
    card.accessibilityLabel = "Flip card"
    card.accessibilityHint = "Opens the flip card page"
    card.accessibilityTraits = [.button, .image]
}

final class FlipCardExample: View {
    func flip() {}
    override func accessibilityActivate() -> Bool { flip(); return true }
}

// GettingStarted: the app and its first page (without `@main`: hello-segue has one).
enum GettingStarted {
    struct Hello: SegueApp {
        let title = "Hello"
        let appID = "org.example.Hello"   // the name of the app's .desktop file
        func makeRootViewController() -> ViewController {
            NavigationController(rootViewController: FirstPage())
        }
    }

    final class FirstPage: ViewController {
        override func viewDidLoad() {
            view.backgroundColor = .white
            let next = Button(title: "Next", frame: Rect(x: 24, y: 24, width: 120, height: 44)) { [weak self] in
                self?.navigationController?.pushViewController(FirstPage())
            }
            view.addSubview(next)
        }
    }
}

// InteractiveTransitions: a container of one's own answering its swipe as a Swipeable.
final class SwipingContainerExample: ViewController, Swipeable {
    let swipe = InteractiveSwipe(axis: .horizontal)

    override func viewDidLoad() {
        swipe.swipeable = self
        view.addGestureRecognizer(swipe.recognizer)
    }

    func swipeDistance(_ swipe: InteractiveSwipe) -> Double { view.bounds.width }

    func swipe(_ swipe: InteractiveSwipe, beginTransitionFor drag: Point) -> Direction? {
        // Start the transition here, with swipe.interactionController as its interaction controller.
        turn(by: drag.x < 0 ? 1 : -1) ? (drag.x < 0 ? .left : .right) : nil
    }

    func turn(by step: Int) -> Bool { false }
}

// LanguagesAndRightToLeft: the platform's catalogues, and a lookup.
@MainActor
func localizationExample(n: Int) {
    GettextLocalization.install(domains: [Localization.toolkitDomain, "my-app"])
    let title = Localization.string("Inbox", domain: "my-app")
    let count = Localization.string(singular: "%d message", plural: "%d messages", count: n, domain: "my-app")
    _ = (title, count)
}

// WritingACustomTransition: the animator, and undoing side effects when a swipe is cancelled.
enum WritingACustomTransition {
    final class CrossFade: AnimatedTransitioning {
        func transitionDuration(using context: TransitionContext?) -> Double { 0.4 }

        func animateTransition(using context: TransitionContext) {
            guard let to = context.view(forKey: .to) else { return context.completeTransition(true) }
            to.frame = context.finalFrame(for: context.toViewController)
            to.alpha = 0
            context.containerView.addSubview(to)
            context.animate({ to.alpha = 1 }) { finished in
                context.completeTransition(finished)
            }
        }
    }

    final class SideEffectsPage: ViewController {
        func doSideEffects() {}
        func undoSideEffects() {}

        override func viewWillAppear(_ animated: Bool) {
            doSideEffects()
            if let coordinator = transitionCoordinator, coordinator.initiallyInteractive {
                coordinator.notifyWhenInteractionEnds { context in
                    if context.isCancelled { self.undoSideEffects() }
                }
            }
        }
    }
}

// Only type-checked: running the examples would open windows.
if CommandLine.arguments.contains("--run-examples-for-real") {
    MainActor.assumeIsolated { segueApplicationExample() }
}

// PopFromAnywhere: a page that keeps horizontal drags for itself while it shows.
final class SketchPage: ViewController {
    override func viewWillAppear(_ animated: Bool) {
        navigationController?.interactiveContentPopGestureRecognizer.isEnabled = false
    }

    override func viewWillDisappear(_ animated: Bool) {
        navigationController?.interactiveContentPopGestureRecognizer.isEnabled = true
    }
}

// PredictiveBack: a stack whose pops preview the page they go back to.
@MainActor
func predictiveBackExample() -> NavigationController {
    let navigation = NavigationController(rootViewController: InboxPage())
    navigation.backTransitionStyle = .predictive
    return navigation
}

final class InboxPage: ViewController {}

// ZoomTransition: a viewer that zooms out of the grid cell of the picture it shows.
final class PictureViewer: ViewController {
    var index: Int
    init(index: Int) {
        self.index = index
        super.init(title: "Picture")
    }
}

final class PictureGrid: ViewController {
    var cells: [View] = []

    func open(_ index: Int) {
        let viewer = PictureViewer(index: index)
        viewer.preferredTransition = .zoom { [weak self, weak viewer] _ in
            // Asked at open, at close and when a drag lets go: the cell of the picture shown *now*.
            guard let self, let viewer else { return nil }
            return self.cells[viewer.index]
        }
        navigationController?.pushViewController(viewer, animated: true)
    }
}
