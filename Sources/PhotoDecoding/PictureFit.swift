/// How a decode is sized against the size asked for (``PictureDecoder/decode(path:fitting:fit:cancellation:)``).
public enum PictureFit: Sendable, Equatable {
    /// At least the size both ways, aspect kept: what a square cell cropped to fill needs.
    /// JPEG stays at libjpeg's nearest larger eighth, as sharp as a scaled decode gets.
    case cover
    /// As large as fits inside the size, aspect kept, to the pixel: what a picture shown whole
    /// needs. Whatever the codec decodes larger is reduced on the decoding thread, so the view
    /// draws the result pixel for pixel instead of scaling it in every frame that draws it.
    case contain
}
