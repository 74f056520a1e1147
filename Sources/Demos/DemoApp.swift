import Motion
import Segue

/// Builds the demo's window content.
@MainActor
public enum DemoApp {
    /// The root controller of `segue-demo`.
    public static func makeRoot() -> ViewController {
        NavigationController(rootViewController: ListPage(title: "Navigation", items: DemoItem.samples))
    }
}
