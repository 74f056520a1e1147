import Canvas
import Geometry

/// A decoded picture, upright, at the size ``PictureDecoder/decode(path:fitting:)`` chose.
///
/// `@unchecked Sendable` because `Surface` is not thread-safe: the decoder hands the picture
/// over whole and never touches it again, so the receiver owns it; use it from one thread.
public struct DecodedPicture: @unchecked Sendable {
    /// The pixels, upright (EXIF orientation applied), premultiplied ARGB32.
    public let surface: Surface
    /// The file's header: format, full upright size and orientation.
    public let info: PictureInfo
    /// The mean colour of the picture's pixels, weighted by their alpha, made opaque: the
    /// placeholder a grid shows before the picture itself.
    public let averageColor: Color
    /// The libjpeg scale the JPEG was decoded at, in eighths of its full size (1…8: 1 is 1/8);
    /// nil for PNG and WebP. A thumbnail of a large photo decodes at 1 and never at 8.
    public let jpegScaleEighths: Int?

    /// A picture from its parts: what the decoder makes, and what an app's tests and previews
    /// can make without a file.
    public init(surface: Surface, info: PictureInfo, averageColor: Color, jpegScaleEighths: Int? = nil) {
        self.surface = surface
        self.info = info
        self.averageColor = averageColor
        self.jpegScaleEighths = jpegScaleEighths
    }
}
