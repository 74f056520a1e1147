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

    /// The family name, e.g. "DejaVu Sans" (tests pin this one: it is always installed).
    public var family: String
    /// The em size in device-independent pixels (not points).
    public var size: Double
    /// The weight.
    public var weight: Weight

    /// Makes a font request.
    public init(family: String = "DejaVu Sans", size: Double, weight: Weight = .regular) {
        self.family = family
        self.size = size
        self.weight = weight
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
