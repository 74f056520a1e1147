import Geometry
import Canvas
import Motion

/// The window on the desktop: its title, its decorations and header bar, and the states the
/// compositor puts it in.
extension Window {
    /// The window's title (the header bar shows it; the platform also gives it to the compositor).
    public var title: String {
        get { headerBar.titleLabel.text }
        set { headerBar.titleLabel.text = newValue }
    }

    /// Whether the header bar shows: client-side decorations, except in fullscreen.
    public var showsHeaderBar: Bool { decorations == .clientSide && !state.contains(.fullscreen) }

    /// The area ``rootView`` fills, in window coordinates.
    public var contentRect: Rect {
        let top = showsHeaderBar ? WindowFrameMetrics.headerHeight : 0
        return Rect(x: 0, y: top, width: size.width, height: max(0, size.height - top))
    }

    func layoutFrame() {
        headerBar.isHidden = !showsHeaderBar
        headerBar.frame = Rect(x: 0, y: 0, width: size.width, height: showsHeaderBar ? WindowFrameMetrics.headerHeight : 0)
        let content = contentRect
        if rootView.frame != content {
            rootView.frame = content
            rootViewController.windowDidResize(to: content.size)
        }
        frameHistory.needsFullDamage = true
        setNeedsDisplay()
    }

    func connectHeaderBar() {
        headerBar.onAction = { [weak self] action in
            guard let self, let host = self.host else { return }
            switch action {
            case .close: host.requestClose()
            case .maximize: host.setMaximized(!self.state.contains(.maximized))
            case .minimize: host.minimize()
            }
        }
        headerBar.onBeginMove = { [weak self] in self?.host?.beginInteractiveMove() }
        headerBar.onDoubleClick = { [weak self] in
            guard let self, self.capabilities.contains(.maximize) else { return }
            self.host?.setMaximized(!self.state.contains(.maximized))
        }
        headerBar.onSecondaryClick = { [weak self] point in
            guard let self, self.capabilities.contains(.windowMenu) else { return }
            self.host?.showWindowMenu(at: point)
        }
    }

    /// Presses that begin on the header bar, and everything until their release, go to it.
    func routeToHeaderBar(_ event: InputEvent) -> Bool {
        guard showsHeaderBar else { headerOwnsPress = false; return false }
        let location = pointerLocation.map { Point(x: $0.x - headerBar.frame.minX, y: $0.y - headerBar.frame.minY) }
        let isPress: Bool
        switch event.kind {
        case .pointerButton(_, pressed: true), .touchDown: isPress = true
        default: isPress = false
        }
        if isPress && !headerOwnsPress {
            guard let location, headerBar.bounds.contains(location) else { return false }
        } else if !headerOwnsPress {
            return false
        }
        let taken = headerBar.handle(event.kind, time: event.time, location: location)
        switch event.kind {
        case .pointerButton(.left, pressed: true), .touchDown: headerOwnsPress = taken
        case .pointerButton(.left, pressed: false), .touchUp, .pointerLeave, .touchCancel: headerOwnsPress = false
        case .pointerMotion, .touchMotion:
            // A drag that handed the window to the compositor ends the press for us.
            if taken && !headerBar.isTrackingPress { headerOwnsPress = false }
        default: break
        }
        return taken
    }
}
