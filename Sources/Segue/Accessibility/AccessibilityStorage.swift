/// What an app set on a view for accessibility; nil: the view's default.
package struct AccessibilityStorage {
    var isElement: Bool?
    var label: String?
    var value: String?
    var hint: String?
    var traits: AccessibilityTraits?
    var role: AccessibilityRole?
    var elementsHidden = false
    var viewIsModal = false

    package init() {}
}
