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

/// Which way a window's layout and navigation run (`UIUserInterfaceLayoutDirection`): left
/// to right, or right to left for languages written that way (Hebrew, Arabic). The platform
/// takes it from the user's language, as GTK does (the toolkit's catalogue translates
/// `default:LTR` as `default:RTL`), unless `SEGUE_TEXT_DIRECTION` says otherwise.
public enum UserInterfaceLayoutDirection: Sendable, Equatable {
    /// The leading edge is the left one: Back at the left, a push enters from the right.
    case leftToRight
    /// The leading edge is the right one: layouts mirrored, Back at the right, a push enters
    /// from the left and the interactive pop starts at the right edge.
    case rightToLeft
}

/// How a view decides its layout direction (`UISemanticContentAttribute`): from its window's
/// traits (or an ancestor that forces one), or forced either way for itself and the views
/// below it (a media player's controls, a map, text in a language of its own).
public enum SemanticContentAttribute: Sendable, Equatable {
    /// The direction of the nearest ancestor that forces one, else the window's
    /// (``TraitCollection/layoutDirection``).
    case unspecified
    /// Left to right whatever the window's direction (UIKit's `.forceLeftToRight`; also what
    /// `.playback` and `.spatial` content wants).
    case forceLeftToRight
    /// Right to left whatever the window's direction.
    case forceRightToLeft
}

/// What a window's views draw with, in UIKit's terms (`UITraitCollection`): the style, the
/// contrast, the accent, the text size and the layout direction the desktop asks for. A window has one; every view
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
    /// Left to right, or right to left (from the user's language; see
    /// ``UserInterfaceLayoutDirection``).
    public var layoutDirection: UserInterfaceLayoutDirection

    /// Traits of these values; the defaults are the light, standard, left-to-right look at 1×.
    public init(userInterfaceStyle: UserInterfaceStyle = .light, contrast: Contrast = .standard,
                accentColor: Color = TraitCollection.defaultAccent, textScale: Double = 1,
                layoutDirection: UserInterfaceLayoutDirection = .leftToRight) {
        self.userInterfaceStyle = userInterfaceStyle
        self.contrast = contrast
        self.accentColor = accentColor
        self.textScale = textScale
        self.layoutDirection = layoutDirection
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
