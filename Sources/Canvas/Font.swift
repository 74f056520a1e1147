import CCairo

/// A font request: family, size in pixels and weight, resolved by fontconfig through Pango.
public struct Font: Hashable, Sendable {
    /// How heavy the strokes are. A family without the exact weight gets its nearest face.
    public enum Weight: Hashable, Sendable {
        /// 400.
        case regular
        /// 500 (DejaVu Sans has no medium face and falls back to regular).
        case medium
        /// 700.
        case bold

        /// The CSS/OpenType weight number.
        var value: Int32 {
            switch self {
            case .regular: 400
            case .medium: 500
            case .bold: 700
            }
        }
    }

    /// The family asked for; nil: the user's interface font (``Font/interfaceFamily``).
    public var requestedFamily: String?
    /// The family name laid out: the one asked for, or the user's interface font.
    public var family: String {
        get { requestedFamily ?? Font.interfaceFamily }
        set { requestedFamily = newValue }
    }
    /// The em size in device-independent pixels (not points), before the user's text scale.
    public var size: Double
    /// The weight.
    public var weight: Weight

    /// Makes a font request; without a family, the user's interface font.
    public init(family: String? = nil, size: Double, weight: Weight = .regular) {
        requestedFamily = family
        self.size = size
        self.weight = weight
    }

    /// The family of fonts that name none: DejaVu Sans (always installed; the tests pin it),
    /// or the desktop's interface font once the window's settings name one.
    nonisolated(unsafe) public private(set) static var interfaceFamily = Font.fallbackFamily
    /// The family used when the desktop names none.
    public static let fallbackFamily = "DejaVu Sans"
    /// How much larger than asked every text is laid out: the desktop's text scaling
    /// (GNOME's "large text" is 1.25). Text laid out before a change keeps its size until laid
    /// out again (``Font/generation`` tells when).
    nonisolated(unsafe) public private(set) static var textScale = 1.0
    /// Bumped whenever ``interfaceFamily`` or ``textScale`` change: caches of laid-out text
    /// compare it to know they are stale.
    nonisolated(unsafe) public private(set) static var generation = 0

    /// Starts reading the system's font configuration (fontconfig's settings and its caches of
    /// every installed font, tens of milliseconds) on a thread of Pango's, and returns at once:
    /// the first text laid out then waits only for what is left of it. A platform calls this
    /// first thing at launch, before it greets the compositor; later calls do nothing. Call it
    /// on the thread that lays text out (the main thread): Pango keeps a font map per thread.
    @MainActor
    public static func startLoadingFonts() {
        _ = pango_cairo_font_map_get_default()
    }

    /// Sets the user's interface family (nil: the fallback) and text scale (> 0), as the
    /// desktop's settings give them. Called on the main thread, where all text is laid out.
    @MainActor
    public static func setUserPreferences(family: String?, textScale: Double) {
        let family = family ?? fallbackFamily
        let scale = textScale.isFinite && textScale > 0 ? textScale : 1
        guard family != interfaceFamily || scale != Font.textScale else { return }
        interfaceFamily = family
        Font.textScale = scale
        generation += 1
    }
}

/// How the lines of a ``TextLayout`` sit within its width.
public enum TextAlignment: Hashable, Sendable {
    /// Flush left.
    case left
    /// Centred.
    case center
    /// Flush right.
    case right
}
