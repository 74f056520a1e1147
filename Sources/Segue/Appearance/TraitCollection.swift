import Geometry

/// Light or dark, as the desktop's colour scheme asks (`UIUserInterfaceStyle`).
public enum UserInterfaceStyle: Sendable, Equatable {
    /// Dark text on light backgrounds.
    case light
    /// Light text on dark backgrounds (the desktop's "dark style").
    case dark
}

/// Whether the user asked for stronger contrast (`UIAccessibilityContrast`).
public enum Contrast: Sendable, Equatable {
    /// The palette as designed.
    case standard
    /// Outlines on controls and bars, stronger separators and secondary text.
    case high
}

/// What a window's views draw with, in UIKit's terms (`UITraitCollection`): the style, the
/// contrast, the accent and the text size the desktop asks for. A window has one; every view
/// reads it through ``View/traitCollection``, and a change reaches each view's and controller's
/// `traitCollectionDidChange(_:)` before the next frame, which shows it at once (no fade, as
/// libadwaita's style manager switches).
public struct TraitCollection: Sendable, Equatable {
    /// Light or dark.
    public var userInterfaceStyle: UserInterfaceStyle
    /// Standard or high contrast.
    public var contrast: Contrast
    /// The desktop's accent colour (any sRGB colour; the palette derives what goes on it).
    public var accentColor: Color
    /// How much larger than the design's text sizes to draw text (1: as designed; GNOME's
    /// "large text" is 1.25).
    public var textScale: Double

    /// Traits of these values; the defaults are the light, standard look at 1×.
    public init(userInterfaceStyle: UserInterfaceStyle = .light, contrast: Contrast = .standard,
                accentColor: Color = TraitCollection.defaultAccent, textScale: Double = 1) {
        self.userInterfaceStyle = userInterfaceStyle
        self.contrast = contrast
        self.accentColor = accentColor
        self.textScale = textScale
    }

    /// The toolkit's own blue, used when the desktop names no accent.
    public static let defaultAccent = Color(hex: 0x0A66D8)

    /// The palette these traits resolve to.
    public var palette: Palette { Palette(for: self) }

    /// What views read before any window told them otherwise: the traits of the window whose
    /// settings changed last (a process usually has one window), as UIKit's
    /// `UITraitCollection.current`.
    @MainActor public internal(set) static var current = TraitCollection()
}
