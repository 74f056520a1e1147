import Geometry
import Demos
import Motion
import Segue

/// Builds the demo's root controller, as `segue-demo` does.
@MainActor
enum DemoRootFactory {
    static func make() -> ViewController { DemoApp.makeRoot() }
}

/// One transition the bench can replay: how to start it, and how to undo it afterwards.
@MainActor
struct Scenario {
    var name: String
    /// Brings the window to the state the scenario starts from.
    var prepare: (BenchWindow) -> Void
    /// Starts the transition (the frames that follow are measured).
    var trigger: (BenchWindow) -> Void
}

/// Finds the demo's transitions by looking, not by name: every tab switch of the bottom
/// bar, and every control on each tab's root page whose click starts a transition (pushes,
/// presentations, container switches), with the way back (Esc, then Alt+Left).
@MainActor
enum ScenarioFinder {
    static func find(size: Size) -> [Scenario] {
        let probe = BenchWindow(size: size, scale: 1)
        guard let tabs = probe.window.rootViewController as? TabbedContainerController else { return [] }
        var scenarios: [Scenario] = []
        let count = tabs.viewControllers.count
        func selectTab(_ index: Int) -> (BenchWindow) -> Void {
            { bench in
                guard let tabs = bench.window.rootViewController as? TabbedContainerController,
                      tabs.selectedIndex != index else { return }
                bench.click(at: tabs.buttons[index].convert(tabs.buttons[index].bounds.center, to: nil))
                var ignored: [Double] = []
                bench.runFrames(into: &ignored)
                _ = bench.takeBegunKinds()
            }
        }
        func clickTab(_ index: Int) -> (BenchWindow) -> Void {
            { bench in
                guard let tabs = bench.window.rootViewController as? TabbedContainerController else { return }
                bench.click(at: tabs.buttons[index].convert(tabs.buttons[index].bounds.center, to: nil))
            }
        }
        for index in 0..<count {
            let to = (index + 1) % count
            let names = (tabName(tabs.viewControllers[index]), tabName(tabs.viewControllers[to]))
            scenarios.append(Scenario(name: "tab slide \(names.0) → \(names.1)", prepare: selectTab(index), trigger: clickTab(to)))
        }
        // Each tab's root page: click what is clickable; keep the clicks that start a transition.
        var seen = Set<String>()
        for index in 0..<count {
            selectTab(index)(probe)
            let tabTitle = tabName(tabs.viewControllers[index])
            let page = tabs.viewControllers[index].view
            for (control, label) in clickableControls(in: page, window: probe.window).prefix(12) {
                let point = control.convert(control.bounds.center, to: nil)
                probe.click(at: point)
                var ignored: [Double] = []
                probe.runFrames(into: &ignored)
                guard let kind = probe.takeBegunKinds().first else { continue }
                let key = "\(kind.rawValue) \(label)"
                let undo = undoTransition(probe)
                guard seen.insert(key).inserted else { continue }
                scenarios.append(Scenario(name: "\(tabTitle): \(label) (\(kind.rawValue))", prepare: selectTab(index),
                                          trigger: { $0.click(at: point) }))
                if let undo {
                    scenarios.append(Scenario(name: "\(tabTitle): \(label) back (\(undo.kind.rawValue))",
                                              prepare: { bench in
                                                  selectTab(index)(bench)
                                                  bench.click(at: point)
                                                  var ignored: [Double] = []
                                                  bench.runFrames(into: &ignored)
                                                  _ = bench.takeBegunKinds()
                                              }, trigger: undo.action))
                }
                if kind == .present {
                    scenarios += presentedPageScenarios(opening: point, label: "\(tabTitle): \(label)", prepare: selectTab(index), probe: probe)
                }
            }
        }
        return scenarios
    }

    /// A page that a presentation opens may start transitions of its own (tutorial 002's card
    /// page flips over into its reveal): one level further, the controls on the presented page
    /// whose click starts a transition. Each repeat first undoes everything, then opens the page.
    static func presentedPageScenarios(opening point: Point, label: String, prepare selectTab: @escaping (BenchWindow) -> Void,
                                       probe: BenchWindow) -> [Scenario] {
        func open(_ bench: BenchWindow) {
            for _ in 0..<3 where undoTransition(bench) != nil {}
            selectTab(bench)
            bench.click(at: point)
            var ignored: [Double] = []
            bench.runFrames(into: &ignored)
            _ = bench.takeBegunKinds()
        }
        open(probe)
        var found: [Scenario] = []
        var top = probe.window.rootViewController
        while let next = top.presentedViewController { top = next }
        guard top !== probe.window.rootViewController else { return [] }
        let page = top.view
        for (control, inner) in clickableControls(in: page, window: probe.window).prefix(6) {
            let innerPoint = control.convert(control.bounds.center, to: nil)
            probe.click(at: innerPoint)
            var ignored: [Double] = []
            probe.runFrames(into: &ignored)
            // A dismissal from the page (its Close button) is the "back" scenario again.
            guard let kind = probe.takeBegunKinds().first else { continue }
            guard kind != .dismiss else { open(probe); continue }
            found.append(Scenario(name: "\(label) → \(inner) (\(kind.rawValue))", prepare: open,
                                  trigger: { $0.click(at: innerPoint) }))
            open(probe)
        }
        for _ in 0..<3 where undoTransition(probe) != nil {}
        return found
    }

    /// Esc (dismiss), else Alt+Left (pop): the first that starts a transition, run to its end.
    static func undoTransition(_ bench: BenchWindow) -> (kind: TransitionKind, action: (BenchWindow) -> Void)? {
        let attempts: [(BenchWindow) -> Void] = [{ $0.key(.escape) }, { $0.key(.left, .alt) }]
        for attempt in attempts {
            attempt(bench)
            var ignored: [Double] = []
            bench.runFrames(into: &ignored)
            if let kind = bench.takeBegunKinds().first { return (kind, attempt) }
        }
        return nil
    }

    /// Visible, enabled controls that a click at their centre reaches, with a readable label.
    static func clickableControls(in root: View, window: Window) -> [(Control, String)] {
        var found: [(Control, String)] = []
        func visit(_ view: View) {
            guard !view.isHidden, view.alpha > 0.01, view.isUserInteractionEnabled else { return }
            if let control = view as? Control, control.isEnabled {
                let center = control.convert(control.bounds.center, to: nil)
                if Rect(size: window.size).contains(center),
                   let hit = window.rootView.hitTest(center), hit.isDescendant(of: control) {
                    found.append((control, label(of: control)))
                }
                return
            }
            for subview in view.subviews { visit(subview) }
        }
        visit(root)
        return found
    }

    static func tabName(_ controller: ViewController) -> String {
        controller.tabBarItem?.title ?? controller.title
    }

    static func label(of control: Control) -> String {
        if let button = control as? Button, !button.titleLabel.text.isEmpty { return "“\(button.titleLabel.text)”" }
        if let tab = control as? TabButton { return "“\(tab.item.title)”" }
        return String(describing: type(of: control))
    }
}

/// A held drag: a full-window tab swipe in the first tab's page, one motion per frame,
/// then release and settle, in `bench` (default: the demo's window). Returns every frame's time.
@MainActor
func measureSwipe(size: Size, scale: Double, repeats: Int, in bench: BenchWindow? = nil) -> [Double] {
    let bench = bench ?? BenchWindow(size: size, scale: scale)
    var times: [Double] = []
    for _ in 0..<repeats {
        let y = size.height / 2
        bench.send(.pointerMotion(Point(x: size.width * 0.8, y: y)))
        bench.send(.pointerButton(.left, pressed: true))
        for step in 1...60 {
            bench.send(.pointerMotion(Point(x: size.width * (0.8 - 0.6 * Double(step) / 60), y: y)))
            times.append(bench.frame())
        }
        bench.send(.pointerButton(.left, pressed: false))
        bench.runFrames(into: &times)
        // Back to the first tab.
        if let tabs = bench.window.rootViewController as? TabbedContainerController, tabs.selectedIndex != 0 {
            bench.click(at: tabs.buttons[0].convert(tabs.buttons[0].bounds.center, to: nil))
            var ignored: [Double] = []
            bench.runFrames(into: &ignored)
        }
    }
    return times
}
