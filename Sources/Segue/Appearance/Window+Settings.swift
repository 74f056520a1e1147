import Canvas
import Geometry

extension Window {
    /// The traits every view in the window draws with (``DesktopSettings/traits``).
    public var traitCollection: TraitCollection { settings.traits }

    /// The window's own layout direction, whatever the desktop's: ``SemanticContentAttribute``
    /// of every view in the window that sets none (``SemanticContentAttribute/unspecified``, the
    /// default: ``TraitCollection/layoutDirection``).
    public var semanticContentAttribute: SemanticContentAttribute {
        get { frameView.semanticContentAttribute }
        set {
            frameView.semanticContentAttribute = newValue
            frameHistory.needsFullDamage = true
            setNeedsDisplay()
        }
    }

    /// The direction the window's views lay out in (UIKit's
    /// `UIApplication.userInterfaceLayoutDirection`, per window).
    public var effectiveUserInterfaceLayoutDirection: UserInterfaceLayoutDirection {
        frameView.effectiveUserInterfaceLayoutDirection
    }

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
