import Canvas
import Motion

/// Keys: focus first, then the window's own shortcuts, then the controllers.
extension Window {
    /// Keyboard focus first (Tab, Shift+Tab, arrows, Enter and Space on a focused control),
    /// then the window's keys (F11, Ctrl+Q, Ctrl+Shift+M for the motion plot), then offers a key to the topmost presented controller, then down the chain; Esc
    /// dismisses the topmost presentation when nobody took it.
    func handleKey(_ event: KeyEvent) {
        if keyboardFocus.handle(event) { return }
        // Window keys come before the content: F11 toggles fullscreen, Ctrl+Q quits (as GTK apps).
        if event.key == .other(Window.keysymF11), !event.isRepeat {
            if capabilities.contains(.fullscreen) { host?.setFullscreen(!state.contains(.fullscreen)) }
            return
        }
        if event.modifiers.contains(.control), !event.isRepeat,
           event.key == .other(Window.keysymLowercaseQ) || event.key == .other(Window.keysymUppercaseQ) {
            host?.requestClose()
            return
        }
        if handleSlowAnimationsKey(event) { return }
        if event.modifiers.isSuperset(of: [.control, .shift]), !event.isRepeat,
           event.key == .other(Window.keysymLowercaseM) || event.key == .other(Window.keysymUppercaseM) {
            showsMotionPlot.toggle()
            return
        }
        var chain = [rootViewController]
        while let next = chain.last?.presentedViewController { chain.append(next) }
        for controller in chain.reversed() where controller.handleKey(event) { return }
        if event.key == .escape, chain.count > 1 {
            chain[chain.count - 1].dismiss(animated: true)
        }
    }

    /// XKB keysyms of the window keys (xkbcommon-keysyms.h).
    static let keysymF11: UInt32 = 0xFFC8
    static let keysymLowercaseQ: UInt32 = 0x71
    static let keysymUppercaseQ: UInt32 = 0x51
    static let keysymLowercaseM: UInt32 = 0x6D
    static let keysymUppercaseM: UInt32 = 0x4D
}
