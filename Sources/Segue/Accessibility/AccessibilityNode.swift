import Geometry

/// One element of the window's accessible tree, as assistive technology sees it: a snapshot
/// taken by ``Window/accessibilityTree()``. The platform maps it to its own protocol (AT-SPI on
/// Linux); tests read it offscreen.
@MainActor
public struct AccessibilityNode {
    /// A name for the element that stays the same from one snapshot to the next while the
    /// element exists (its view's identity, or a fixed name for the window and its buttons).
    public let id: String
    /// The view behind the element; nil for the window and the header bar's buttons.
    public weak var view: View?
    /// The element's role.
    public var role: AccessibilityRole
    /// Its name (``View/accessibilityLabel``); empty when it has none.
    public var label: String
    /// Its value (``View/accessibilityValue``).
    public var value: String?
    /// Its description (``View/accessibilityHint``).
    public var hint: String?
    /// Its traits.
    public var traits: AccessibilityTraits
    /// Its rectangle in window coordinates.
    public var frame: Rect
    /// Whether any of it lies inside the window and every clipping ancestor (on screen).
    public var isShowing: Bool
    /// Whether keyboard focus can go to it.
    public var isFocusable: Bool
    /// Whether keyboard focus is on it.
    public var isFocused: Bool
    /// Whether the window is active (the window's node only) or the element is enabled.
    public var isEnabled: Bool
    /// Whether it hides what it covers (a presentation).
    public var isModal: Bool
    /// The elements inside it, in reading order.
    public var children: [AccessibilityNode]
    /// What ``activate()`` runs; nil: the element has no action.
    let action: (@MainActor () -> Bool)?

    /// Whether the element is selected (``AccessibilityTraits/selected``).
    public var isSelected: Bool { traits.contains(.selected) }
    /// Whether ``activate()`` does anything.
    public var isActionable: Bool { action != nil }

    /// Performs the element's action (``View/accessibilityActivate()``, a window button's
    /// click); returns whether it did something.
    @discardableResult
    public func activate() -> Bool { action?() ?? false }

    /// Every node of this subtree, depth first, this one first.
    public var allNodes: [AccessibilityNode] { [self] + children.flatMap(\.allNodes) }

    /// The first node of this subtree whose label is `label`.
    public func first(named label: String) -> AccessibilityNode? { allNodes.first { $0.label == label } }

    /// The nodes of this subtree with `role`.
    public func nodes(withRole role: AccessibilityRole) -> [AccessibilityNode] { allNodes.filter { $0.role == role } }
}
