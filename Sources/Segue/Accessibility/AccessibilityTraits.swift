/// What an accessibility element is and how it behaves, as `UIAccessibilityTraits`: a screen
/// reader announces them and picks the element's role from them (see ``AccessibilityRole``).
public struct AccessibilityTraits: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public let rawValue: UInt32
    /// Traits from their raw bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Activating it does something (a push button).
    public static let button = AccessibilityTraits(rawValue: 1 << 0)
    /// A heading that names what follows it (a navigation bar's title).
    public static let header = AccessibilityTraits(rawValue: 1 << 1)
    /// A picture.
    public static let image = AccessibilityTraits(rawValue: 1 << 2)
    /// Text that does not change and cannot be activated (a label).
    public static let staticText = AccessibilityTraits(rawValue: 1 << 3)
    /// The element is selected (the current tab).
    public static let selected = AccessibilityTraits(rawValue: 1 << 4)
    /// The element does not respond now (a disabled control).
    public static let notEnabled = AccessibilityTraits(rawValue: 1 << 5)
    /// A container of tabs (a tab bar).
    public static let tabBar = AccessibilityTraits(rawValue: 1 << 6)
}

/// An element's role as desktop assistive technology knows it (the AT-SPI role the platform
/// gives it, as GTK's `GtkAccessibleRole`). By default a view's role follows its traits; set
/// ``View/accessibilityRole`` to name another.
public enum AccessibilityRole: String, Sendable, CaseIterable {
    /// Not an element of its own: what is inside it is read in its place.
    case none
    /// The window (AT-SPI `frame`).
    case window
    /// A push button.
    case button
    /// Static text.
    case label
    /// A heading.
    case heading
    /// A picture.
    case image
    /// A list's row.
    case listItem
    /// A list of rows.
    case list
    /// One tab of a tab list.
    case pageTab
    /// A bar of tabs that switch pages.
    case pageTabList
    /// A scrolling area.
    case scrollPane
    /// A modal presentation: what it covers is hidden from assistive technology.
    case dialog
    /// A group of elements with a name of its own.
    case group

    /// Whether a view with this role is a container, read with its elements inside it.
    public var isContainer: Bool {
        switch self {
        case .window, .list, .pageTabList, .scrollPane, .dialog, .group: true
        default: false
        }
    }

    /// The role traits alone suggest, as a screen reader reads UIKit's traits.
    public init(traits: AccessibilityTraits) {
        if traits.contains(.tabBar) { self = .pageTabList }
        else if traits.contains(.header) { self = .heading }
        else if traits.contains(.button) { self = .button }
        else if traits.contains(.image) { self = .image }
        else if traits.contains(.staticText) { self = .label }
        else { self = .none }
    }
}

/// What the window tells assistive technology besides the tree, as `UIAccessibility.Notification`.
public enum AccessibilityNotification: Sendable, Equatable {
    /// A new page is on screen (after a push, pop, present or dismiss completed).
    case screenChanged
    /// Part of the page changed its layout or elements.
    case layoutChanged
}
