import Canvas
import Motion

/// A view that reacts to clicks, as `UIControl`: it highlights while pressed and fires
/// ``onTap`` when released inside. A press that turns into a drag cancels it.
@MainActor
open class Control: View {
    public var onTap: (() -> Void)?
    public var isEnabled = true {
        didSet { setNeedsDisplay() }
    }
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
}
