/// The view's side of accessibility, in UIKit's terms (`UIAccessibility`): whether it is an
/// element a screen reader reads and drives, what it is called, what it is, and what
/// activating it does. Every toolkit view has defaults (a ``Button`` is a button named after
/// its title, a ``Label`` static text, a ``TabButton`` a page tab); an app sets these to name
/// what it draws itself:
///
/// ```swift
/// card.isAccessibilityElement = true
/// card.accessibilityLabel = "Flip card: Biscuit"
/// card.accessibilityTraits = .image
/// ```
extension View {
    /// Whether this view is one element for assistive technology (read, focused and activated
    /// as a whole, its subviews not read separately), as UIKit's. Default: true for controls and
    /// for labels with text, false for other views.
    public var isAccessibilityElement: Bool {
        get { accessibility.isElement ?? defaultIsAccessibilityElement }
        set { accessibility.isElement = newValue; accessibilityChanged() }
    }

    /// The element's name, as a screen reader speaks it. Default: a button's or label's text,
    /// a tab's title; "Back" for a navigation bar's Back button.
    public var accessibilityLabel: String? {
        get { accessibility.label ?? defaultAccessibilityLabel }
        set { accessibility.label = newValue; accessibilityChanged() }
    }

    /// The element's current value, when it has one beside its name (a slider's position).
    public var accessibilityValue: String? {
        get { accessibility.value }
        set { accessibility.value = newValue; accessibilityChanged() }
    }

    /// What activating the element does, or more about it (a list row's subtitle); assistive
    /// technology reads it as the element's description.
    public var accessibilityHint: String? {
        get { accessibility.hint }
        set { accessibility.hint = newValue; accessibilityChanged() }
    }

    /// What the element is and how it behaves. Default: `.button` for controls (plus
    /// `.notEnabled` when disabled, `.selected` for the current tab), `.staticText` for labels,
    /// `.header` for a navigation bar's title, `.tabBar` for the tab bars.
    public var accessibilityTraits: AccessibilityTraits {
        get { accessibility.traits ?? defaultAccessibilityTraits }
        set { accessibility.traits = newValue; accessibilityChanged() }
    }

    /// The element's role for desktop assistive technology. Default: what the traits say, a
    /// page tab for a ``TabButton``, a scroll pane for a ``ScrollView``.
    public var accessibilityRole: AccessibilityRole {
        get { accessibility.role ?? defaultAccessibilityRole }
        set { accessibility.role = newValue; accessibilityChanged() }
    }

    /// Hides this view's subtree from assistive technology, as UIKit's.
    public var accessibilityElementsHidden: Bool {
        get { accessibility.elementsHidden }
        set { accessibility.elementsHidden = newValue; accessibilityChanged() }
    }

    /// Whether this view is modal for assistive technology: its siblings (what it covers) are
    /// hidden, as UIKit's. Presented controllers' views are modal without it.
    public var accessibilityViewIsModal: Bool {
        get { accessibility.viewIsModal }
        set { accessibility.viewIsModal = newValue; accessibilityChanged() }
    }

    /// The default of ``accessibilityActivate()``: an enabled control is clicked.
    func defaultAccessibilityActivate() -> Bool {
        guard let control = self as? Control, control.isEnabled else { return false }
        control.activate()
        return true
    }

    private func accessibilityChanged() { window?.setNeedsDisplay() }

    private var defaultIsAccessibilityElement: Bool {
        if self is Control { return true }
        if let label = self as? Label { return !label.text.isEmpty }
        return false
    }

    private var defaultAccessibilityLabel: String? {
        switch self {
        case let tab as TabButton: return tab.item.title
        case let button as Button:
            if let bar = superview as? NavigationBar, bar.backButton === button { return "Back" }
            return button.titleLabel.text
        case let label as Label: return label.text
        default: return nil
        }
    }

    private var defaultAccessibilityTraits: AccessibilityTraits {
        switch self {
        case let tab as TabButton: return tab.isSelected ? [.button, .selected] : .button
        case let control as Control: return control.isEnabled ? .button : [.button, .notEnabled]
        case is Label: return superview is NavigationBar ? [.staticText, .header] : .staticText
        default: return []
        }
    }

    private var defaultAccessibilityRole: AccessibilityRole {
        if let traits = accessibility.traits { return AccessibilityRole(traits: traits) }
        switch self {
        case is TabButton: return .pageTab
        case is ScrollView: return .scrollPane
        default: return AccessibilityRole(traits: defaultAccessibilityTraits)
        }
    }
}
