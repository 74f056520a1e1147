import Geometry
import Motion
import RealModule

/// Routes pointer, touch and key events: hit testing, gesture arbitration, control tracking.
///
/// Arbitration as on iOS: a press offers itself to the recognizers of the pressed view and
/// its ancestors, highest priority then deepest first; the first to begin takes the drag and
/// the rest (and any control under the press) are cancelled. Leaving the window or pressing
/// a second button mid-drag cancels cleanly.
@MainActor
final class InputRouter {
    weak var window: Window?
    private var pointer: Point?
    private var pressedButtons: Set<PointerButton> = []
    private var candidates: [GestureRecognizer] = []
    private var active: GestureRecognizer?
    private var control: Control?
    private var touchID: Int32?

    /// True while a press is held (a drag may be running): frames keep coming.
    var isTracking: Bool { active != nil }

    func handle(_ event: InputEvent) {
        releaseHoldUnlessPartOfIt(event)
        if coalesce(event) { return }
        // Anything else sees every motion before it: a release's position and velocity include them.
        flushCoalescedMotion()
        switch event.kind {
        case .pointerEnter(let point):
            pointer = point
            // The shape for where the pointer came in, not where it left (no motion may follow).
            updateCursor(at: point)
        case .pointerLeave:
            pointer = nil
            cancelSequence()
            endPinch(time: event.time, cancelled: true)
            pressedButtons.removeAll()
        case .pointerMotion(let point):
            pointer = point
            moved(to: point, time: event.time)
            updateCursor(at: point)
        case .pointerButton(let button, let pressed):
            if pressed {
                window?.keyboardFocus.drop()
                pressedButtons.insert(button)
                if button == .back, pressedButtons.count == 1 {
                    // Not a press anything can drag: the window hands it on as the Back key.
                    window?.handleKey(KeyEvent(key: .back, modifiers: [], pressed: true))
                } else if pressedButtons.count > 1 {
                    // A second button mid-press: nobody can tell what the user means; cancel.
                    cancelSequence()
                } else if button == .left, let pointer {
                    began(at: pointer, time: event.time)
                }
            } else {
                let wasOnly = pressedButtons.count == 1
                pressedButtons.remove(button)
                if button == .left, wasOnly, let pointer { ended(at: pointer, time: event.time) }
                // Letting go of Back matters to whoever holds a preview while it is held.
                if button == .back, wasOnly { window?.handleKey(KeyEvent(key: .back, modifiers: [], pressed: false)) }
            }
        case .touchDown(let id, let point):
            window?.keyboardFocus.drop()
            touches[id] = point
            guard touchID == nil else {
                // A second finger: no drag means two; a pinch where the fingers are, if any.
                cancelSequence()
                beginTouchPinch(time: event.time)
                return
            }
            touchID = id
            began(at: point, time: event.time)
        case .touchMotion(let id, let point):
            touches[id] = point
            if let pinch = touchPinch {
                if pinch.fingers.0 == id || pinch.fingers.1 == id { touchPinchMoved(time: event.time) }
            } else if id == touchID {
                moved(to: point, time: event.time)
            }
        case .touchUp(let id):
            touches[id] = nil
            if let pinch = touchPinch, pinch.fingers.0 == id || pinch.fingers.1 == id {
                touchPinch = nil
                pinch.tracking.end(time: event.time, cancelled: false)
            }
            if id == touchID {
                touchID = nil
                ended(at: lastLocation, time: event.time)
            }
        case .touchCancel:
            touches.removeAll()
            if let pinch = touchPinch {
                touchPinch = nil
                pinch.tracking.end(time: event.time, cancelled: true)
            }
            touchID = nil
            cancelSequence()
        case .key(let key):
            if Self.isControlKey(key.key) { controlKeyChanged(pressed: key.pressed, time: event.time) }
            // Releases go nowhere but Back's, which ends a held preview (``Window/heldInputRelease``).
            guard key.pressed || key.key == .back else { return }
            window?.handleKey(key)
        case .scroll(let dx, let dy, let source):
            if isControlHeld {
                zoomScroll(dy: dy, time: event.time)
            } else if source == .wheel {
                wheel(dx: dx, dy: dy)
            } else {
                scrolled(dx: dx, dy: dy, time: event.time)
            }
        case .scrollEnd:
            // Ctrl+scroll ends with Ctrl, not with the fingers.
            if zoomPinch == nil { endScrollSequence(time: event.time) }
        case .holdBegin(let fingers):
            holdBegan(fingers: fingers, time: event.time)
        case .holdEnd(let cancelled):
            // Fingers that start to move turn into a scroll, which goes on from the hold.
            if isHolding, !cancelled { endScrollSequence(time: event.time) }
            isHolding = false
        case .pinchBegin:
            endPinch(time: event.time, cancelled: true)
            if let pointer { touchpadPinch = startPinch(at: pointer, time: event.time) }
        case .pinchUpdate(let scale):
            touchpadPinch?.update(scale: scale, time: event.time)
        case .pinchEnd(let cancelled):
            if let pinch = touchpadPinch {
                touchpadPinch = nil
                pinch.end(time: event.time, cancelled: cancelled)
            }
        }
    }

    // MARK: a held Back

    /// Any input but the pointer's motion and the held Back's own events lets go of a held
    /// preview (``Window/heldInputRelease``): its release may never come (the window lost the
    /// keyboard, the button went up outside), and a preview left standing would swallow every
    /// press after it.
    private func releaseHoldUnlessPartOfIt(_ event: InputEvent) {
        guard let release = window?.heldInputRelease else { return }
        switch event.kind {
        case .pointerMotion, .pointerEnter: return
        case .pointerButton(.back, _): return
        case .key(let key) where key.key == .back: return
        default:
            window?.heldInputRelease = nil
            release()
        }
    }

    // MARK: coalesced motion

    /// The latest motion of a running pan not yet handed to it: the pan moves once a frame.
    private var pendingMotion: (point: Point, time: Double)?
    /// Whether a motion came since the last frame: the first one goes through at
    /// once (state read between an event and the frame stays current for a single motion),
    /// later ones wait for the frame.
    private var movedSinceFrame = false

    /// Holds a motion of a pan that already began until the frame, feeding its velocity now, so
    /// a flick's velocity sees every sample while the pan, its handlers and the transition they
    /// drive run once per frame. Returns whether the event was held.
    private func coalesce(_ event: InputEvent) -> Bool {
        let point: Point
        switch event.kind {
        case .pointerMotion(let p) where touchID == nil: point = p
        case .touchMotion(let id, let p) where id == touchID:
            point = p
            touches[id] = p
        default: return false
        }
        let isFirst = !movedSinceFrame
        movedSinceFrame = true
        guard !isFirst, sequenceActive, let pan = active as? PanGestureRecognizer, pan.coalescesMotion, pan.isActive else { return false }
        pointer = touchID == nil ? point : pointer
        pan.addSample(point, time: event.time)
        pendingMotion = (point, event.time)
        window?.setNeedsDisplay()
        return true
    }

    /// A frame is due: the held motion moves the gesture, and the next motion goes through at once.
    func frameWillTick() {
        flushCoalescedMotion()
        movedSinceFrame = false
    }

    /// Hands the held motion to the gesture: at each frame, and before any other event.
    private func flushCoalescedMotion() {
        guard let motion = pendingMotion else { return }
        pendingMotion = nil
        moved(to: motion.point, time: motion.time)
        if touchID == nil { updateCursor(at: motion.point) }
    }

    // MARK: pinch (touchpad, or scrolling with Ctrl held)

    private var touchpadPinch: PinchTracking?
    /// The pinch Ctrl+scroll drives, with the distance scrolled since it began.
    private var zoomPinch: (tracking: PinchTracking, scrolled: Double)?
    private var isControlHeld = false

    static func isControlKey(_ key: Key) -> Bool { key == .control }

    /// A pinch at `point` over the enabled pinch recognizers of the views under it, innermost
    /// first; nil when there are none, or a drag holds the pointer.
    private func startPinch(at point: Point, time: Double) -> PinchTracking? {
        guard let window, active == nil else { return nil }
        window.frameView.layoutIfNeeded()
        var candidates: [PinchGestureRecognizer] = []
        var view = window.frameView.hitTest(point)
        while let current = view {
            for case let pinch as PinchGestureRecognizer in current.gestureRecognizers where pinch.isEnabled {
                candidates.append(pinch)
            }
            view = current.superview
        }
        return candidates.isEmpty ? nil : PinchTracking(candidates: candidates, at: point, time: time)
    }

    // MARK: pinch (two fingers on a touchscreen)

    /// Where each finger on the screen is.
    private var touches: [Int32: Point] = [:]
    /// The pinch two fingers drive: its recognizer, the two fingers, and how far apart they
    /// were when it began.
    private var touchPinch: (tracking: PinchTracking, fingers: (Int32, Int32), distance: Double)?

    /// The two oldest fingers' positions (by id: the compositor numbers them in order).
    private func pinchFingers() -> ((Int32, Point), (Int32, Point))? {
        let ids = touches.keys.sorted()
        guard ids.count >= 2, let a = touches[ids[0]], let b = touches[ids[1]] else { return nil }
        return ((ids[0], a), (ids[1], b))
    }

    /// A second finger came down: a pinch starts at the point between the two, if a view there
    /// has one and the fingers are apart (the same point twice measures nothing). A touchpad
    /// or Ctrl+scroll pinch running is left alone.
    private func beginTouchPinch(time: Double) {
        guard touchPinch == nil, touchpadPinch == nil, zoomPinch == nil,
              let ((idA, a), (idB, b)) = pinchFingers() else { return }
        let distance = a.distance(to: b)
        guard distance >= 1, let tracking = startPinch(at: a.midpoint(to: b), time: time) else { return }
        touchPinch = (tracking, (idA, idB), distance)
    }

    /// The fingers' distance against where they began is the scale; the point between them
    /// is where the pinch is (a pinch that also drags moves its anchor).
    private func touchPinchMoved(time: Double) {
        guard let pinch = touchPinch, let a = touches[pinch.fingers.0], let b = touches[pinch.fingers.1] else { return }
        pinch.tracking.update(scale: max(a.distance(to: b), 1) / pinch.distance, location: a.midpoint(to: b), time: time)
    }

    /// Scrolling with Ctrl held zooms: up (negative dy) spreads the pinch.
    private func zoomScroll(dy: Double, time: Double) {
        guard dy != 0 else { return }
        if zoomPinch == nil {
            guard touchpadPinch == nil, let pointer, let tracking = startPinch(at: pointer, time: time) else { return }
            zoomPinch = (tracking, 0)
        }
        guard var zoom = zoomPinch else { return }
        // From the total, not step by step: no rounding drift.
        zoom.scrolled += dy
        zoomPinch = zoom
        zoom.tracking.update(scale: Double.pow(2, -zoom.scrolled / GestureThresholds.ctrlScrollPerDoubling), time: time)
    }

    private func controlKeyChanged(pressed: Bool, time: Double) {
        isControlHeld = pressed
        if !pressed, let zoom = zoomPinch {
            zoomPinch = nil
            zoom.tracking.end(time: time, cancelled: false)
        }
    }

    /// Ends any pinch (the pointer left, or a new pinch replaces it).
    private func endPinch(time: Double, cancelled: Bool) {
        if let pinch = touchpadPinch {
            touchpadPinch = nil
            pinch.end(time: time, cancelled: cancelled)
        }
        if let zoom = zoomPinch {
            zoomPinch = nil
            zoom.tracking.end(time: time, cancelled: cancelled)
        }
    }

    private func endScrollSequence(time: Double) {
        if let start = scrollStart {
            scrollStart = nil
            ended(at: start + scrollTranslation, time: time)
        }
    }

    /// Two or more fingers resting on a touchpad while a transition settles catch it, as a
    /// press does (libadwaita's swipe tracker does the same): a scroll sequence begins at
    /// the pointer, so the scrolling that may follow drives the caught transition.
    private var isHolding = false

    private func holdBegan(fingers: Int, time: Double) {
        guard fingers >= GestureThresholds.holdMinimumFingers, let window, let pointer, scrollStart == nil, !pressedButtons.contains(.left),
              touchID == nil, window.activeTransitions.contains(where: { $0.interruptHandler != nil }) else { return }
        isHolding = true
        scrollStart = pointer
        scrollTranslation = .zero
        began(at: pointer, time: time, fromScroll: true)
    }

    /// A mouse wheel step goes to the innermost ``ScrollView`` under the pointer that scrolls
    /// that way (the step's distance at once); elsewhere, or while a drag or a transition
    /// runs, it does nothing.
    private func wheel(dx: Double, dy: Double) {
        guard let window, let pointer, active == nil, window.activeTransitions.isEmpty else { return }
        window.frameView.layoutIfNeeded()
        var view = window.frameView.hitTest(pointer)
        while let current = view {
            if let scrollView = current as? ScrollView, scrollView.wheel(Point(x: dx, y: dy)) { return }
            view = current.superview
        }
    }

    // Touchpad scrolling drives the same gestures as a drag: GestureThresholds.scrollUnitsPerPage
    // scroll units are one page (a ScrollView divides that scale out and follows the fingers 1:1).
    private var scrollStart: Point?
    private var scrollTranslation = Point.zero

    private func scrolled(dx: Double, dy: Double, time: Double) {
        guard let window, !pressedButtons.contains(.left), touchID == nil else { return }
        let scale = window.size.width / GestureThresholds.scrollUnitsPerPage
        if scrollStart == nil {
            guard let pointer else { return }
            scrollStart = pointer
            scrollTranslation = .zero
            began(at: pointer, time: time, fromScroll: true, scrollScale: scale)
        }
        // Fingers moving left scroll the content right: the drag they stand for goes left.
        scrollTranslation = scrollTranslation - Point(x: dx * scale, y: dy * scale)
        if let start = scrollStart { moved(to: start + scrollTranslation, time: time) }
    }

    private var lastLocation = Point.zero
    private var pressLocation = Point.zero
    private var sequenceActive = false

    private func began(at point: Point, time: Double, fromScroll: Bool = false, scrollScale: Double = 1) {
        guard let window else { return }
        cancelSequence()
        window.frameView.layoutIfNeeded()
        lastLocation = point
        pressLocation = point
        // A press on a settling transition takes it over: its gesture owns the drag at once.
        for context in window.activeTransitions.reversed() {
            if let handler = context.interruptHandler, let recognizer = handler(point, time) {
                recognizer.pressBegan(at: point, time: time)
                sequenceActive = true
                recognizer.beginImmediately()
                active = recognizer
                window.setNeedsDisplay()
                return
            }
        }
        // As UIKit does, a running transition that cannot be caught swallows presses.
        guard window.activeTransitions.isEmpty else { return }
        sequenceActive = true
        guard let hit = window.frameView.hitTest(point) else { return }

        var chain: [(GestureRecognizer, Int)] = []
        var depth = 0
        var view: View? = hit
        while let current = view {
            for recognizer in current.gestureRecognizers where recognizer.isEnabled {
                chain.append((recognizer, depth))
            }
            if control == nil, let candidate = current as? Control, candidate.isEnabled { control = candidate }
            depth += 1
            view = current.superview
        }
        candidates = chain.sorted { a, b in a.0.priority != b.0.priority ? a.0.priority > b.0.priority : a.1 < b.1 }
            .map(\.0)
        for recognizer in candidates {
            recognizer.reset()
            recognizer.isScrollSequence = fromScroll
            recognizer.scrollPointsPerUnit = fromScroll ? scrollScale : 1
            recognizer.pressBegan(at: point, time: time)
        }
        // A scroll is no click, nor is a press that only stopped a scroll view's deceleration.
        if fromScroll || candidates.contains(where: { $0.claimsPress }) { control = nil }
        control?.beginTracking()
    }

    private func moved(to point: Point, time: Double) {
        guard sequenceActive else { return }
        lastLocation = point
        if let active {
            active.pointerMoved(to: point, time: time)
            return
        }
        for recognizer in candidates where recognizer.state == .possible {
            recognizer.pointerMoved(to: point, time: time)
            if recognizer.isActive {
                take(by: recognizer)
                return
            }
        }
        if let control {
            let d = point - pressLocation
            if (d.x * d.x + d.y * d.y).squareRoot() > GestureThresholds.clickSlop {
                // A press that became a drag is not a click.
                control.cancelTracking()
                self.control = nil
            } else {
                control.continueTracking(inside: control.bounds.contains(pointIn(control, point)))
            }
        }
    }

    private func ended(at point: Point, time: Double) {
        guard sequenceActive else { return }
        sequenceActive = false
        if let active {
            self.active = nil
            active.pressEnded(at: point, time: time)
            window?.setNeedsDisplay()
            return
        }
        for recognizer in candidates where recognizer.state == .possible {
            recognizer.pressEnded(at: point, time: time)
            if recognizer.state == .ended {
                control?.cancelTracking()
                control = nil
                candidates = []
                return
            }
        }
        candidates = []
        if let control {
            self.control = nil
            control.endTracking(inside: control.bounds.contains(pointIn(control, point)))
        }
    }

    /// `recognizer` began: it owns the drag from now on.
    private func take(by recognizer: GestureRecognizer) {
        active = recognizer
        for other in candidates where other !== recognizer { other.cancel() }
        candidates = []
        control?.cancelTracking()
        control = nil
        window?.setNeedsDisplay()
    }

    private func cancelSequence() {
        sequenceActive = false
        if let active {
            self.active = nil
            active.cancel()
        }
        for recognizer in candidates { recognizer.cancel() }
        candidates = []
        control?.cancelTracking()
        control = nil
    }

    private func pointIn(_ view: View, _ point: Point) -> Point {
        view.transformToRoot.inverted()?.apply(to: point) ?? point
    }

    private var lastCursor: Cursor = .default

    private func updateCursor(at point: Point) {
        guard let window else { return }
        var cursor = Cursor.default
        if active != nil {
            cursor = .grabbing
        } else {
            var view = window.frameView.hitTest(point)
            while let current = view {
                if current is Control { cursor = .pointer; break }
                view = current.superview
            }
        }
        if cursor != lastCursor {
            lastCursor = cursor
            window.host?.setCursor(cursor)
        }
    }
}
