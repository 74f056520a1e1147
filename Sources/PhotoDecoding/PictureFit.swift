/// How a decode is sized against the size asked for (``PictureDecoder/decode(path:fitting:fit:cancellation:)``).
public enum PictureFit: Sendable, Equatable {
    /// The smallest size that is at least the size both ways, aspect kept: what a square cell
    /// cropped to fill needs.
    case cover
    /// The largest size that fits inside the size, aspect kept: what a picture shown whole
    /// needs.
    ///
    /// Either way the result has exactly that size: whatever the codec decodes larger is
    /// reduced on the decoding thread, so the view draws it pixel for pixel.
    case contain
}
