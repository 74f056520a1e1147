import Geometry
import CWayland
import CWaylandProtocols
import Motion
import Segue

/// The window on the desktop: the cursor, what the header bar asks of the compositor (move,
/// window menu, maximize, fullscreen, minimize, close), and the invisible border around a
/// floating window with client-side decorations, where presses resize.
extension WaylandWindow {
    func setCursor(_ cursor: Cursor) {
        contentCursor = cursor
        if pointerBorderEdges == nil { show(cursor) }
    }

    func show(_ cursor: Cursor, force: Bool = false) {
        shownCursor = cursor
        if let pointer { cursors.set(cursor, on: pointer, serial: pointerSerial, force: force) }
    }

    func beginInteractiveMove() {
        guard let seat = lastSeat, let serial = seat.lastPressSerial else { return }
        xdg_toplevel_move(toplevel, seat.seat, serial)
    }

    func showWindowMenu(at point: Point) {
        guard let seat = lastSeat, let serial = seat.lastPressSerial else { return }
        let margin = frameMargin
        xdg_toplevel_show_window_menu(toplevel, seat.seat, serial, Int32(point.x + margin), Int32(point.y + margin))
    }

    func setMaximized(_ maximized: Bool) {
        if maximized { xdg_toplevel_set_maximized(toplevel) } else { xdg_toplevel_unset_maximized(toplevel) }
    }

    func setFullscreen(_ fullscreen: Bool) {
        if fullscreen { xdg_toplevel_set_fullscreen(toplevel, nil) } else { xdg_toplevel_unset_fullscreen(toplevel) }
    }

    func minimize() {
        xdg_toplevel_set_minimized(toplevel)
    }

    func requestClose() {
        onClose?()
    }

    /// CLOCK_MONOTONIC: the clock compositors stamp input and frames with.
    var monotonicTime: Double? { segue_monotonic_ms() / 1000 }

    // MARK: input and the resize border

    /// The shadow margin around the window geometry: only for a floating window that draws
    /// its own decorations.
    var frameMargin: Double {
        content.decorations == .clientSide && content.state.isFloating ? WindowFrameMetrics.shadowMargin : 0
    }

    func handle(_ event: InputEvent, from seat: WaylandSeat) {
        lastSeat = seat
        stats?.inputArrived(event, at: display.loop.lastReadTime)
        let margin = frameMargin
        guard margin > 0 || pointerBorderEdges != nil || !borderTouches.isEmpty else {
            content.handle(event)
            return
        }
        let windowRect = Rect(x: margin, y: margin, width: size.width, height: size.height)
        func local(_ p: Point) -> Point { Point(x: p.x - margin, y: p.y - margin) }
        func edges(at p: Point) -> ResizeEdges {
            margin > 0 ? ResizeEdges.at(p, window: windowRect, border: margin) : []
        }
        var translated = event
        switch event.kind {
        case .pointerEnter(let p), .pointerMotion(let p):
            let border = edges(at: p)
            if !border.isEmpty {
                if pointerBorderEdges == nil { content.handle(InputEvent(time: event.time, kind: .pointerLeave)) }
                pointerBorderEdges = border
                show(border.cursor)
                return
            }
            if pointerBorderEdges != nil {
                pointerBorderEdges = nil
                show(contentCursor)
                content.handle(InputEvent(time: event.time, kind: .pointerEnter(local(p))))
            }
            translated.kind = event.kind.isEnter ? .pointerEnter(local(p)) : .pointerMotion(local(p))
        case .pointerLeave:
            if pointerBorderEdges != nil {
                pointerBorderEdges = nil
                return
            }
        case .pointerButton(let button, let pressed):
            if let border = pointerBorderEdges {
                if button == .left, pressed { beginResize(border) }
                return
            }
        case .touchDown(let id, let p):
            let border = edges(at: p)
            if !border.isEmpty {
                borderTouches.insert(id)
                beginResize(border)
                return
            }
            translated.kind = .touchDown(id: id, local(p))
        case .touchMotion(let id, let p):
            if borderTouches.contains(id) { return }
            translated.kind = .touchMotion(id: id, local(p))
        case .touchUp(let id):
            if borderTouches.remove(id) != nil { return }
        case .touchCancel:
            borderTouches.removeAll()
        default:
            break
        }
        content.handle(translated)
    }

    private func beginResize(_ edges: ResizeEdges) {
        guard let seat = lastSeat, let serial = seat.lastPressSerial else { return }
        // xdg_toplevel.resize_edge: top 1, bottom 2, left 4, right 8, corners their sums.
        var wire: UInt32 = 0
        if edges.contains(.top) { wire |= 1 }
        if edges.contains(.bottom) { wire |= 2 }
        if edges.contains(.left) { wire |= 4 }
        if edges.contains(.right) { wire |= 8 }
        xdg_toplevel_resize(toplevel, seat.seat, serial, wire)
    }
}

extension InputEvent.Kind {
    fileprivate var isEnter: Bool {
        if case .pointerEnter = self { return true }
        return false
    }
}
