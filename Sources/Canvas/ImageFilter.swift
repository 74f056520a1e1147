import CCairo

/// How an image is resampled when it is drawn scaled or at a fractional offset.
public enum ImageFilter: Hashable, Sendable {
    /// Bilinear: smooth and cheap, but aliases when shrinking a lot.
    case fast
    /// Cairo's "good" filter: bilinear when enlarging, a box average when shrinking.
    case good
    /// Nearest neighbour: hard pixel edges (pixel art, pixelation).
    case nearest

    var cairoFilter: cairo_filter_t {
        switch self {
        case .fast: CAIRO_FILTER_BILINEAR
        case .good: CAIRO_FILTER_GOOD
        case .nearest: CAIRO_FILTER_NEAREST
        }
    }
}
