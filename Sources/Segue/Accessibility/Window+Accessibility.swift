import Geometry

/// What the window keeps for accessibility: the last tree taken while no transition ran, and
/// who listens for its notifications.
@MainActor
struct AccessibilityHooks {
    /// The tree as it was when no transition ran: what assistive technology sees while one does.
    var stableTree: AccessibilityNode?
    /// Called with every posted notification.
    var observers: [@MainActor (AccessibilityNotification) -> Void] = []
    /// Whether assistive technology listens (the platform says so).
    var isActive = false
}

/// The window's accessible tree, its notifications, and the focus moves that follow navigation.
extension Window {
    /// Whether assistive technology follows this window (the platform sets it once a screen
    /// reader's registry knows the app). While it does, keyboard focus moves to the new page's
    /// first control after each push, pop, present or dismiss, as VoiceOver's focus does.
    public var isAccessibilityActive: Bool {
        get { hooks.accessibility.isActive }
        set { hooks.accessibility.isActive = newValue }
    }

    /// Calls `observer` with every notification the window posts (``postAccessibilityNotification(_:)``,
    /// and ``AccessibilityNotification/screenChanged`` after a navigation completed).
    public func addAccessibilityObserver(_ observer: @escaping @MainActor (AccessibilityNotification) -> Void) {
        hooks.accessibility.observers.append(observer)
    }

    /// Tells assistive technology that something changed, as `UIAccessibility.post(notification:argument:)`.
    public func postAccessibilityNotification(_ notification: AccessibilityNotification) {
        for observer in hooks.accessibility.observers { observer(notification) }
        // The platform takes the tree again after the next turn (a frame only if someone listens).
        if isAccessibilityActive { setNeedsDisplay() }
    }

    /// The window's accessible tree now: the window (named after its title) holding the header
    /// bar's buttons and the key content's elements — only the topmost presentation, as a
    /// dialog, while one is up (what it covers is hidden). Hidden and transparent views are left
    /// out; elements outside the window are in it but not showing.
    ///
    /// While a transition runs this is the tree from before it began: the new page appears when
    /// the transition completes, and a cancelled one leaves the tree as it was.
    public func accessibilityTree() -> AccessibilityNode {
        if !activeTransitions.isEmpty, let stable = hooks.accessibility.stableTree {
            return stable
        }
        let tree = currentAccessibilityTree()
        hooks.accessibility.stableTree = tree
        return tree
    }

    private func currentAccessibilityTree() -> AccessibilityNode {
        frameView.layoutIfNeeded()
        let windowRect = Rect(size: size)
        var children: [AccessibilityNode] = showsHeaderBar ? headerBarAccessibilityNodes() : []
        var top = rootViewController
        while let next = top.presentedViewController { top = next }
        let focused = focusedControl
        if top !== rootViewController {
            let view = top.view
            let rect = view.convert(view.bounds, to: nil)
            var dialog = Self.node(for: view, frame: rect, showing: !rect.intersection(windowRect).isEmpty, focused: focused,
                                   children: Self.elements(in: view, clip: windowRect, focused: focused, isRoot: true))
            dialog.role = .dialog
            if dialog.label.isEmpty { dialog.label = top.title }
            dialog.isModal = true
            children.append(dialog)
        } else {
            children += Self.elements(in: rootViewController.view, clip: contentRect, focused: focused, isRoot: true)
        }
        return AccessibilityNode(id: "window", view: nil, role: .window, label: title, value: nil, hint: nil,
                                 traits: [], frame: windowRect, isShowing: true, isFocusable: false, isFocused: false,
                                 isEnabled: state.contains(.activated), isModal: false, children: children, action: nil)
    }

    /// The header bar's window buttons, named as GTK names them.
    private func headerBarAccessibilityNodes() -> [AccessibilityNode] {
        let bar = headerBar
        return bar.actions.reversed().compactMap { action -> AccessibilityNode? in
            guard let rect = bar.buttonFrame(action) else { return nil }
            let name: String
            switch action {
            case .close: name = "Close"
            case .maximize: name = state.contains(.maximized) ? "Restore" : "Maximize"
            case .minimize: name = "Minimize"
            }
            let frame = rect.offsetBy(dx: bar.frame.minX, dy: bar.frame.minY)
            return AccessibilityNode(id: "window-button-\(action)", view: nil, role: .button, label: name,
                                     value: nil, hint: nil, traits: .button, frame: frame, isShowing: true,
                                     isFocusable: false, isFocused: false, isEnabled: true, isModal: false, children: [],
                                     action: { [weak bar] in
                                         guard let bar, let perform = bar.onAction else { return false }
                                         perform(action)
                                         return true
                                     })
        }
    }

    /// The elements in `view`'s subtree, in reading order (top to bottom, then left to right).
    private static func elements(in view: View, clip: Rect, focused: Control?, isRoot: Bool = false) -> [AccessibilityNode] {
        guard !view.isHidden, view.alpha > 0.01, !view.accessibilityElementsHidden else { return [] }
        let rect = view.convert(view.bounds, to: nil)
        let visible = rect.intersection(clip)
        if !isRoot && view.isAccessibilityElement {
            return [node(for: view, frame: rect, showing: !visible.isEmpty, focused: focused, children: [])]
        }
        let childClip = view.clipsToBounds ? visible : clip
        var subviews = view.subviews
        if let modal = subviews.last(where: { $0.accessibilityViewIsModal && !$0.isHidden }) { subviews = [modal] }
        let inner = sorted(subviews.flatMap { elements(in: $0, clip: childClip, focused: focused) })
        if !isRoot && view.accessibilityRole.isContainer {
            return [node(for: view, frame: rect, showing: !visible.isEmpty, focused: focused, children: inner)]
        }
        return inner
    }

    private static func sorted(_ nodes: [AccessibilityNode]) -> [AccessibilityNode] {
        nodes.enumerated().sorted { a, b in
            let ay = a.element.frame.minY.rounded(), by = b.element.frame.minY.rounded()
            if ay != by { return ay < by }
            let ax = a.element.frame.minX.rounded(), bx = b.element.frame.minX.rounded()
            return ax != bx ? ax < bx : a.offset < b.offset
        }.map(\.element)
    }

    private static func node(for view: View, frame: Rect, showing: Bool, focused: Control?,
                             children: [AccessibilityNode]) -> AccessibilityNode {
        let control = view as? Control
        var traits = view.accessibilityTraits
        if let control, !control.isEnabled { traits.insert(.notEnabled) }
        let isElement = view.isAccessibilityElement
        let isFocusable = control.map { $0.isEnabled && $0.canBecomeFocused } ?? false
        let isFocused = control != nil && control === focused
        let id = "view-\(UInt(bitPattern: ObjectIdentifier(view).hashValue))"
        var action: (@MainActor () -> Bool)?
        // Controls and views that say they act (the button trait) have an action; text does not.
        if isElement, control != nil || traits.contains(.button) {
            action = { [weak view] in view?.accessibilityActivate() ?? false }
        }
        return AccessibilityNode(id: id, view: view, role: view.accessibilityRole, label: view.accessibilityLabel ?? "",
                                 value: view.accessibilityValue, hint: view.accessibilityHint, traits: traits,
                                 frame: frame, isShowing: showing, isFocusable: isFocusable, isFocused: isFocused,
                                 isEnabled: !traits.contains(.notEnabled), isModal: view.accessibilityViewIsModal,
                                 children: children, action: action)
    }

    /// A transition ended: after a completed push, pop, present or dismiss, focus goes to the
    /// new page's first control (after a dismiss, back to the control that opened it) while
    /// assistive technology listens, and ``AccessibilityNotification/screenChanged`` is posted.
    func accessibilityTransitionEnded(_ context: TransitionContext) {
        guard !context.transitionWasCancelled else { return }
        switch context.kind {
        case .push, .pop, .present, .dismiss: break
        case .tab, .container: return
        }
        // Nobody listening: nothing to do, and no frame asked for.
        guard isAccessibilityActive || !hooks.accessibility.observers.isEmpty else { return }
        let page = context.toView
        atNextFrame { [weak self] _ in
            guard let self, self.activeTransitions.isEmpty else { return }
            if self.isAccessibilityActive {
                let order = self.focusableControls
                if let current = self.focusedControl, order.contains(where: { $0 === current }) {
                    // Focus is back where it was (the opener of a dismissed sheet).
                } else {
                    self.focus(order.first { $0.isDescendant(of: page) } ?? order.first)
                }
            }
            self.postAccessibilityNotification(.screenChanged)
        }
    }
}
