import Geometry
import Canvas
import Motion

/// The title bar a window draws itself when the compositor draws none (GNOME, weston's desktop
/// shell): the title, and minimize, maximize and close buttons on the right, in libadwaita 1.2's
/// light look. Pressing and dragging moves the window, a double click toggles maximize, a
/// right click opens the compositor's window menu.
///
/// It takes its presses before the input router does, so the window can be moved, maximized
/// or closed even while a transition runs in its content.
@MainActor
package final class HeaderBar: View {
    /// The window buttons, right to left.
    package enum Action: CaseIterable, Sendable {
        /// Close the window, toggle maximize, minimize.
        case close, maximize, minimize
    }

    /// The window's title, centred on the bar between the buttons.
    package let titleLabel: Label
    /// Which buttons show (the compositor's capabilities decide).
    package private(set) var actions: [Action] = Action.allCases
    /// Dimmed look of an inactive window.
    package var isBackdrop = false {
        didSet { if isBackdrop != oldValue { applyColors(); setNeedsDisplay() } }
    }
    /// Whether the window is maximized (the maximize button shows "restore").
    package var isMaximized = false {
        didSet { if isMaximized != oldValue { setNeedsDisplay() } }
    }
    /// The button under a press, drawn darker.
    private var pressedAction: Action?

    /// Called for a button released over itself.
    var onAction: ((Action) -> Void)?
    /// Called once a press on the bar moved past the drag threshold.
    var onBeginMove: (() -> Void)?
    var onDoubleClick: (() -> Void)?
    var onSecondaryClick: ((Point) -> Void)?

    static let buttonSize = 24.0
    static let buttonSpacing = 10.0
    static let sidePadding = 10.0

    /// A bar showing `title`, with all three buttons until ``setCapabilities(_:)`` says otherwise.
    package init(title: String) {
        titleLabel = Label(text: title, font: Font(size: 14, weight: .bold), alignment: .center)
        super.init()
        titleLabel.isUserInteractionEnabled = false
        addSubview(titleLabel)
        applyColors()
    }

    /// True: the bar draws its bottom line and its buttons.
    package override var drawsContent: Bool { true }

    /// Shows only the buttons for what the compositor can do.
    package func setCapabilities(_ capabilities: WindowCapabilities) {
        var shown: [Action] = [.close]
        if capabilities.contains(.maximize) { shown.append(.maximize) }
        if capabilities.contains(.minimize) { shown.append(.minimize) }
        guard shown != actions else { return }
        actions = shown
        setNeedsLayout()
        setNeedsDisplay()
    }

    /// The button's rectangle in the bar, right to left from the trailing edge.
    package func buttonFrame(_ action: Action) -> Rect? {
        guard let index = actions.firstIndex(of: action) else { return nil }
        let size = HeaderBar.buttonSize
        // At the right end, close outermost; right to left at the left end, as GTK mirrors the
        // decoration layout.
        let fromEnd = HeaderBar.sidePadding + Double(index) * (size + HeaderBar.buttonSpacing)
        let x = isRightToLeft ? fromEnd : bounds.width - fromEnd - size
        return Rect(x: x, y: ((bounds.height - size) / 2).rounded(), width: size, height: size)
    }

    /// Centres the title on the bar, clear of the buttons on both sides.
    package override func layoutSubviews() {
        // The title stays centred on the bar, clear of the buttons on both sides.
        let reserved = HeaderBar.sidePadding + Double(actions.count) * (HeaderBar.buttonSize + HeaderBar.buttonSpacing)
        let width = max(0, bounds.width - 2 * reserved)
        titleLabel.frame = Rect(x: reserved, y: 0, width: width, height: bounds.height)
    }

    /// libadwaita's header bar in the palette's style: its active and backdrop looks.
    private func applyColors() {
        let palette = traitCollection.palette
        backgroundColor = isBackdrop ? palette.headerBarBackdrop : palette.headerBar
        titleLabel.textColor = isBackdrop ? palette.headerBarBackdropTitle : palette.headerBarTitle
    }

    /// Follows the dark style.
    package override func traitCollectionDidChange(_ previous: TraitCollection) { applyColors() }

    /// Draws the bottom line and each button: a circle (darker while pressed) and its glyph.
    package override func draw(in canvas: Canvas) {
        let palette = traitCollection.palette
        canvas.fill(Rect(x: 0, y: bounds.height - 1, width: bounds.width, height: 1), color: palette.outline ?? palette.headerBarShade)
        let glyph = isBackdrop ? palette.headerBarBackdropTitle : palette.headerBarTitle
        // The button circles are faint ink: black on the light bar, white on the dark one.
        for action in actions {
            guard let frame = buttonFrame(action) else { continue }
            let ink: Color = traitCollection.userInterfaceStyle == .dark ? .white : .black
            let circle = ink.withAlpha(pressedAction == action ? 0.2 : isBackdrop ? 0.05 : 0.1)
            canvas.fillEllipse(in: frame, color: circle)
            drawGlyph(action, in: frame, color: glyph, canvas: canvas)
        }
    }

    private func drawGlyph(_ action: Action, in frame: Rect, color: Color, canvas: Canvas) {
        let c = Point(x: frame.midX, y: frame.midY)
        switch action {
        case .close:
            var path = Path()
            path.move(to: Point(x: c.x - 4, y: c.y - 4)); path.addLine(to: Point(x: c.x + 4, y: c.y + 4))
            path.move(to: Point(x: c.x + 4, y: c.y - 4)); path.addLine(to: Point(x: c.x - 4, y: c.y + 4))
            canvas.stroke(path, color: color, lineWidth: 1.5)
        case .maximize:
            if isMaximized {
                canvas.stroke(Rect(x: c.x - 4.25, y: c.y - 2.25, width: 6.5, height: 6.5), color: color, lineWidth: 1.5)
                var path = Path()
                path.move(to: Point(x: c.x - 1.75, y: c.y - 4.25)); path.addLine(to: Point(x: c.x + 4.25, y: c.y - 4.25))
                path.addLine(to: Point(x: c.x + 4.25, y: c.y + 1.75))
                canvas.stroke(path, color: color, lineWidth: 1.5)
            } else {
                canvas.stroke(Rect(x: c.x - 4.25, y: c.y - 4.25, width: 8.5, height: 8.5), color: color, lineWidth: 1.5)
            }
        case .minimize:
            canvas.fill(Rect(x: c.x - 4, y: c.y + 3, width: 8, height: 1.5), color: color)
        }
    }

    // MARK: input

    private var pressPoint: Point?
    /// A press on the bar is being followed (not yet released or handed to the compositor).
    var isTrackingPress: Bool { pressPoint != nil }
    private var lastClick: (time: Double, point: Point)?
    private var pointer: Point?

    /// The action whose button is at `point` (bar coordinates), if any.
    func action(at point: Point) -> Action? {
        actions.first { buttonFrame($0)?.insetBy(dx: -3, dy: -3).contains(point) == true }
    }

    /// Takes the events of a press that began on the bar; returns false for everything else.
    /// `point`s are in the bar's coordinates.
    func handle(_ kind: InputEvent.Kind, time: Double, location: Point?) -> Bool {
        switch kind {
        case .pointerButton(.left, pressed: true), .touchDown:
            guard let location, bounds.contains(location) else { return false }
            pressPoint = location
            pressedAction = action(at: location)
            setNeedsDisplay()
            return true
        case .pointerMotion, .touchMotion:
            guard let start = pressPoint, let location else { return false }
            if pressedAction == nil {
                if location.distance(to: start) > (window?.settings.input.dragThreshold ?? GestureThresholds.windowDragThreshold) {
                    // The compositor takes the pointer from here; it sends no release to us.
                    pressPoint = nil
                    lastClick = nil
                    onBeginMove?()
                }
            }
            return true
        case .pointerButton(.left, pressed: false), .touchUp:
            guard let start = pressPoint else { return false }
            pressPoint = nil
            let released = location ?? start
            if let pressed = pressedAction {
                pressedAction = nil
                setNeedsDisplay()
                if action(at: released) == pressed { onAction?(pressed) }
                lastClick = nil
            } else if let last = lastClick, time - last.time <= (window?.settings.input.doubleClickTime ?? GestureThresholds.doubleClickTime),
                      released.distance(to: last.point) <= GestureThresholds.doubleClickDistance {
                lastClick = nil
                onDoubleClick?()
            } else {
                lastClick = (time, released)
            }
            return true
        case .pointerButton(.right, pressed: true):
            guard let location, bounds.contains(location), action(at: location) == nil else { return false }
            onSecondaryClick?(location)
            return true
        case .pointerLeave, .touchCancel:
            if pressPoint != nil {
                pressPoint = nil
                pressedAction = nil
                setNeedsDisplay()
            }
            return false
        default:
            return false
        }
    }
}
