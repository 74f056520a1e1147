import Geometry
import Canvas
import Motion

/// Keyboard focus, as desktop users expect: Tab / Shift+Tab move among the visible, enabled
/// ``Control``s of the key content (the topmost presented controller's view, else the root
/// controller's), in reading order (top to bottom, then left to right by their window
/// rectangles), wrapping; Up / Down step without wrapping; Enter / Space activate the focused
/// control as a click would. Focus starts nowhere until the first Tab, and is dropped on any
/// pointer press and when the focused control leaves the window.
///
/// A presentation covering the focused control suspends its focus; dismissing the
/// presentation gives it back (the button that opened a sheet is focused again after Esc).
///
/// The ring is a real view (``FocusRingView``) the window composites above everything, so the
/// frame pass damages its old and new rectangles like any view's. It is hidden while a
/// transition runs, so it never trails a moving control.
@MainActor
final class KeyboardFocus {
    unowned let window: Window
    let ring = FocusRingView()
    private(set) weak var focused: Control?
    /// Focus taken away by a presentation covering the control; restored when it is visible again.
    private weak var covered: Control?

    init(window: Window) {
        self.window = window
        ring.isHidden = true
        ring.isUserInteractionEnabled = false
        ring.hostingWindow = window
    }

    /// The view whose controls take focus: the topmost presented controller's, else the root's.
    var keyContent: View {
        var controller = window.rootViewController
        while let next = controller.presentedViewController { controller = next }
        return controller.view
    }

    // MARK: keys

    /// Handles Tab, Shift+Tab, Up, Down, Enter and Space; returns false for every other key (and
    /// for Ctrl or Alt chords, which belong to the controllers: Ctrl+Tab switches tabs).
    func handle(_ event: KeyEvent) -> Bool {
        guard event.modifiers.isDisjoint(with: [.control, .alt, .logo]) else { return false }
        validate()
        switch event.key {
        case .tab:
            move(by: event.modifiers.contains(.shift) ? -1 : 1, wraps: true)
            return true
        case .down, .up:
            guard focused != nil else { return false }
            move(by: event.key == .down ? 1 : -1, wraps: false)
            return true
        case .enter, .space:
            guard let focused else { return false }
            // A held key does not click again and again; a running transition swallows clicks
            // as it swallows presses.
            if !event.isRepeat, window.activeTransitions.isEmpty, focused.isEnabled { focused.activate() }
            return true
        default:
            return false
        }
    }

    /// Moves focus `step` places along the reading order (ignored while a transition runs).
    private func move(by step: Int, wraps: Bool) {
        guard window.activeTransitions.isEmpty else { return }
        window.frameView.layoutIfNeeded()
        validate()
        let order = focusableControls()
        guard !order.isEmpty else { return }
        var index: Int
        if let focused, let current = order.firstIndex(where: { $0 === focused }) {
            index = current + step
            if wraps {
                index = (index % order.count + order.count) % order.count
            } else {
                index = min(max(index, 0), order.count - 1)
            }
        } else {
            index = step > 0 ? 0 : order.count - 1
        }
        setFocus(order[index])
    }

    // MARK: focus

    /// Focuses `control` (nil: nowhere). Focus a presentation covered stays remembered, so
    /// moving focus inside a sheet still gives it back when the sheet goes.
    func setFocus(_ control: Control?) {
        focused = control
        updateRing()
    }

    /// A pointer press: the pointer is in charge now; nothing comes back either.
    func drop() {
        guard focused != nil || covered != nil else { return }
        covered = nil
        setFocus(nil)
    }

    /// The focused control, after checking it is still where Tab could reach it.
    var current: Control? {
        validate()
        return focused
    }

    /// The controls Tab visits, in reading order (along a row from the right in a right-to-left
    /// window).
    func focusableControls() -> [Control] {
        var found: [(Control, Rect)] = []
        collect(keyContent, clip: Rect(size: window.size), into: &found)
        let rightToLeft = window.effectiveUserInterfaceLayoutDirection == .rightToLeft
        return found.sorted { a, b in
            let ay = a.1.minY.rounded(), by = b.1.minY.rounded()
            guard ay == by else { return ay < by }
            return rightToLeft ? a.1.maxX.rounded() > b.1.maxX.rounded() : a.1.minX.rounded() < b.1.minX.rounded()
        }.map(\.0)
    }

    private func collect(_ view: View, clip: Rect, into found: inout [(Control, Rect)]) {
        guard !view.isHidden, view.alpha > 0.01, view.isUserInteractionEnabled, view.frame.width > 0, view.frame.height > 0 else { return }
        let rect = view.convert(view.bounds, to: nil)
        let visible = rect.intersection(clip)
        if let control = view as? Control, control.isEnabled, control.canBecomeFocused, !visible.isEmpty {
            found.append((control, rect))
        }
        let childClip = view.clipsToBounds ? visible : clip
        guard !childClip.isEmpty else { return }
        for subview in view.subviews { collect(subview, clip: childClip, into: &found) }
    }

    /// Whether `control` is one Tab could reach now.
    private func isFocusable(_ control: Control) -> Bool {
        guard control.window === window, control.isEnabled, control.canBecomeFocused,
              control.isDescendant(of: keyContent) else { return false }
        var view: View? = control
        while let current = view {
            if current.isHidden || current.alpha <= 0.01 || !current.isUserInteractionEnabled { return false }
            view = current.superview
        }
        return true
    }

    /// Drops focus from a control that left the window, suspends it under a presentation, and
    /// gives it back once the presentation is gone.
    func validate() {
        if let control = focused, !isFocusable(control) {
            focused = nil
            // Still in the window, only covered by a presentation: keep it to come back to.
            if control.window === window && !control.isDescendant(of: keyContent) { covered = control }
        }
        if focused == nil, let control = covered, window.activeTransitions.isEmpty {
            if control.window !== window {
                covered = nil
            } else if isFocusable(control) {
                covered = nil
                focused = control
            }
        }
    }

    /// Checks focus and fits the ring to the focused control; the window calls it before
    /// measuring each frame, after layout.
    func updateRing() {
        validate()
        guard let focused, window.activeTransitions.isEmpty else {
            setRingHidden(true)
            return
        }
        // Each property is set only when it changes: setting one damages the ring and asks for
        // a frame, and an idle window asks for none.
        let rect = focused.convert(focused.bounds, to: nil)
        let frame = FocusRingView.frame(around: rect, in: Rect(size: window.size))
        if ring.frame != frame { ring.frame = frame }
        let radius = focused.cornerRadius > 0 ? focused.cornerRadius + FocusRingView.outset : FocusRingView.defaultRadius
        if ring.cornerRadius != radius { ring.cornerRadius = radius }
        ring.color = focused.focusRingColor ?? FocusRingView.color(around: focused)
        setRingHidden(frame.isEmpty)
    }

    private func setRingHidden(_ hidden: Bool) {
        if ring.isHidden != hidden { ring.isHidden = hidden }
    }
}

/// The focus ring: a 2 px rounded outline around the focused control, outside it by 3 px (a
/// 1 px gap, then the line), kept inside the window, drawn above everything.
@MainActor
public final class FocusRingView: View {
    /// How far the ring's outer edge lies outside the control.
    public static let outset = 3.0
    /// The thickness of the outline, in logical pixels.
    public static let lineWidth = 2.0
    /// The ring's corner radius around a square-cornered control; around a rounded one it is the
    /// control's radius plus ``outset``.
    public static let defaultRadius = 6.0
    /// The toolkit's default accent (the ring follows the palette's accent, the desktop's).
    public static let accent = TraitCollection.defaultAccent
    /// The ring's colour where the control sits on a dark background the accent would not show on.
    public static let onDark = Color.white

    /// The outline's colour (the window picks ``accent`` or ``onDark`` for the focused control).
    public var color = FocusRingView.accent {
        didSet { if color != oldValue { setNeedsDisplay() } }
    }

    /// The ring's frame for a control at `rect` (window coordinates): `rect` outset by
    /// ``outset``, clipped to the window so a control touching the window's edge keeps its
    /// whole outline on screen.
    public static func frame(around rect: Rect, in window: Rect) -> Rect {
        rect.insetBy(dx: -outset, dy: -outset).intersection(window)
    }

    /// The palette's accent, unless the control sits on a dark background the accent would not
    /// show on (a dark bar under a blue accent): then white.
    static func color(around control: Control) -> Color {
        let accent = control.traitCollection.palette.accent
        var view = control.superview
        while let current = view {
            if let background = current.backgroundColor, background.alpha >= 0.5 {
                let luminance = 0.2126 * background.red + 0.7152 * background.green + 0.0722 * background.blue
                guard luminance < 0.5 else { return accent }
                // On a dark background the accent shows only when it is much lighter (the dark
                // style's accent is made so); else white.
                return OKLab(accent).L - OKLab(background).L >= 0.25 ? accent : onDark
            }
            view = current.superview
        }
        return accent
    }

    /// True: the ring draws its outline.
    public override var drawsContent: Bool { true }

    /// Strokes the outline inside the bounds, following ``View/cornerRadius``.
    public override func draw(in canvas: Canvas) {
        let inset = FocusRingView.lineWidth / 2
        let radius = max(0, cornerRadius - inset)
        canvas.stroke(roundedRect: bounds.insetBy(dx: inset, dy: inset), radius: radius, color: color,
                      lineWidth: FocusRingView.lineWidth)
    }
}
