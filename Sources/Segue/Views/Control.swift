import Geometry
import Canvas
import Motion

/// A view that reacts to clicks, as `UIControl`: it highlights while pressed and fires
/// ``onTap`` when released inside. A press that turns into a drag cancels it.
@MainActor
open class Control: View {
    /// Called for a click (press and release inside) and for Enter or Space while focused.
    public var onTap: (() -> Void)?
    /// A disabled control ignores clicks and the keyboard, and Tab skips it.
    public var isEnabled = true {
        didSet { setNeedsDisplay() }
    }
    /// True while a press on the control is held inside it.
    public private(set) var isHighlighted = false {
        didSet { if isHighlighted != oldValue { setNeedsDisplay() } }
    }

    func beginTracking() { isHighlighted = true }

    func continueTracking(inside: Bool) { isHighlighted = inside }

    func endTracking(inside: Bool) {
        isHighlighted = false
        if inside, isEnabled { onTap?() }
    }

    func cancelTracking() { isHighlighted = false }

    // MARK: keyboard

    /// Whether Tab stops here (when visible and enabled). Override to leave a control out.
    open var canBecomeFocused: Bool { true }

    /// The focus ring's colour around this control; nil: the accent, or white when what lies
    /// behind the control is dark (a dark bar).
    public var focusRingColor: Color?

    /// Whether the window's keyboard focus is on this control.
    public var isFocused: Bool { window?.focusedControl === self }

    /// Enter or Space on the focused control: the same as a click (``onTap``).
    open func activate() {
        guard isEnabled else { return }
        onTap?()
    }
}
