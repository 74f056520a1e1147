import Canvas
import Geometry

extension Window {
    /// The traits every view in the window draws with (``DesktopSettings/traits``).
    public var traitCollection: TraitCollection { settings.traits }

    /// The settings changed: views and controllers adapt to new traits, and the next frame
    /// shows them whole (no fade: the style switches at once, as libadwaita's does).
    func settingsDidChange(from old: DesktopSettings) {
        TraitCollection.current = settings.traits
        Font.setUserPreferences(family: settings.fontFamily, textScale: settings.traits.textScale)
        if old.fontFamily != settings.fontFamily, old.traits == settings.traits {
            // Text is laid out again in the new font; nothing else changes.
            frameView.setNeedsDisplayInTree()
            frameHistory.needsFullDamage = true
            setNeedsDisplay()
        }
        guard old.traits != settings.traits else { return }
        let previous = old.traits
        frameView.backgroundColor = settings.traits.palette.windowBackground
        frameView.adaptToTraitsIfNeeded()
        for view in overlayViews + [focusRing] { view.adaptToTraitsIfNeeded() }
        rootViewController.traitCollectionDidChange(previous)
        frameHistory.needsFullDamage = true
        setNeedsDisplay()
    }
}
