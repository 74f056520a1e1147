import Geometry

/// Keys: focus first, then the controllers, then the window's own bindings.
extension Window {
    /// Keyboard focus first (Tab, Shift+Tab, arrows, Enter and Space on a focused control),
    /// then the topmost presented controller and down the chain (as UIKit's responder chain
    /// looks for key commands), then the window's ``keyBindings``; Esc dismisses the topmost
    /// presentation when nobody took it.
    func handleKey(_ event: KeyEvent) {
        if keyboardFocus.handle(event) { return }
        var chain = [rootViewController]
        while let next = chain.last?.presentedViewController { chain.append(next) }
        for controller in chain.reversed() where controller.handleKey(event) { return }
        if let binding = keyBindings.first(where: { $0.shortcut.matches(event) }) {
            if binding.repeats || !event.isRepeat { binding.action(self) }
            return
        }
        if event.key == .escape, event.pressed, chain.count > 1 {
            chain[chain.count - 1].dismiss(animated: true)
        }
    }
}
