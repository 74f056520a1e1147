// The `///` examples of SegueKit's entry points and of the app-facing API added beside them,
// word for word, so that they keep compiling as written (`make examples` builds this target).
// None of it runs: `main` only checks that the examples type-check against today's API.
import SegueDiagnostics
import SegueKit

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

// Only type-checked: running the examples would open windows.
if CommandLine.arguments.contains("--run-examples-for-real") {
    MainActor.assumeIsolated { segueApplicationExample() }
}
