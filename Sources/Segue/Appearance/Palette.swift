import Geometry
import Motion

/// The toolkit's colours by role, resolved for a ``TraitCollection``: light, dark and
/// high-contrast variants of backgrounds, text, separators, bars, the accent and what goes on
/// it. Every toolkit view draws with these; an app's views can too
/// (`traitCollection.palette.label`). The light values are the toolkit's original look, the dark
/// ones follow libadwaita's dark style.
public struct Palette: Sendable, Equatable {
    /// Behind everything: the window's own background.
    public var windowBackground: Color
    /// A page's background (a view controller's view).
    public var background: Color
    /// Grouped content, cards and rows set apart from the page.
    public var secondaryBackground: Color
    /// Primary text.
    public var label: Color
    /// Secondary text (subtitles, hints).
    public var secondaryLabel: Color
    /// Hairlines between rows and under bars.
    public var separator: Color
    /// Navigation and tab bars.
    public var bar: Color
    /// A tab's title and icon when not selected.
    public var unselectedTab: Color
    /// The accent: links, buttons, the selected tab, the focus ring.
    public var accent: Color
    /// Text and glyphs drawn on the accent.
    public var onAccent: Color
    /// Destructive actions.
    public var destructive: Color
    /// What covers the page under a modal.
    public var dimming: Color
    /// The client-side header bar, its title and buttons, active and in the backdrop.
    public var headerBar: Color
    /// The header bar of an inactive window (the backdrop).
    public var headerBarBackdrop: Color
    /// The header bar's title and buttons.
    public var headerBarTitle: Color
    /// The header bar's title and buttons in the backdrop.
    public var headerBarBackdropTitle: Color
    /// The header bar's bottom line and the buttons' pressed shade.
    public var headerBarShade: Color
    /// Outlines added around bars and controls in high contrast; nil in standard contrast.
    public var outline: Color?

    /// The palette for `traits`.
    public init(for traits: TraitCollection) {
        let dark = traits.userInterfaceStyle == .dark
        let high = traits.contrast == .high
        if dark {
            windowBackground = Color(hex: 0x1E1E1E)
            background = Color(hex: 0x242424)
            secondaryBackground = Color(hex: 0x303030)
            label = .white
            secondaryLabel = high ? Color(hex: 0xD0D0D0) : Color(hex: 0x9A9A9A)
            separator = high ? Color(hex: 0x8A8A8A) : Color(hex: 0x3A3A3A)
            bar = Color(hex: 0x2E2E2E)
            unselectedTab = high ? Color(hex: 0xC8C8C8) : Color(hex: 0x8E8E93)
            destructive = Color(hex: 0xFF7B63)
            dimming = Color(red: 0, green: 0, blue: 0, alpha: 0.5)
            headerBar = Color(hex: 0x303030)
            headerBarBackdrop = Color(hex: 0x242424)
            headerBarTitle = .white
            headerBarBackdropTitle = Color(hex: 0x919191)
            headerBarShade = Color(hex: 0x1B1B1B)
            outline = high ? Color(hex: 0xF0F0F0) : nil
        } else {
            windowBackground = Color(hex: 0xF2F2F7)
            background = .white
            secondaryBackground = Color(hex: 0xF2F2F7)
            label = high ? .black : Color(hex: 0x1C1C1E)
            secondaryLabel = high ? Color(hex: 0x3A3A3C) : Color(hex: 0x6E6E73)
            separator = high ? Color(hex: 0x6E6E73) : Color(hex: 0xD1D1D6)
            bar = Color(hex: 0xF9F9FB)
            unselectedTab = high ? Color(hex: 0x48484A) : Color(hex: 0x8E8E93)
            destructive = Color(hex: 0xC01C28)
            dimming = Color(red: 0, green: 0, blue: 0, alpha: 0.5)
            headerBar = Color(hex: 0xEBEBEB)
            headerBarBackdrop = Color(hex: 0xFAFAFA)
            headerBarTitle = Color(hex: 0x2E2E2E)
            headerBarBackdropTitle = Color(hex: 0x9A9A9A)
            headerBarShade = Color(hex: 0xDADADA)
            outline = high ? Color(hex: 0x1C1C1E) : nil
        }
        accent = Palette.readable(traits.accentColor, on: background, dark: dark)
        onAccent = Palette.contrasting(accent)
    }

    /// The accent as given, lightened on dark backgrounds or darkened on light ones until its
    /// lightness differs enough from the page's to read (as libadwaita derives its
    /// `accent_color` from `accent_bg_color`).
    static func readable(_ color: Color, on background: Color, dark: Bool) -> Color {
        var lab = OKLab(color)
        let page = OKLab(background).L
        let minimumGap = 0.3
        if dark, lab.L < page + minimumGap {
            lab.L = min(1, page + minimumGap)
        } else if !dark, lab.L > page - minimumGap {
            lab.L = max(0, page - minimumGap)
        } else {
            return color
        }
        return lab.color
    }

    /// White or black, whichever reads better on `color`.
    static func contrasting(_ color: Color) -> Color {
        OKLab(color).L > 0.7 ? .black : .white
    }
}
