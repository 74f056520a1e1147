import CImageCodecs

/// What a file's header says, before decoding. Sizes are after EXIF orientation: a portrait
/// photo stored landscape with orientation 6 reports its portrait size.
public struct PictureInfo: Sendable, Equatable {
    /// The format the file's first bytes announce.
    public let format: PictureFormat
    /// The upright width in pixels.
    public let pixelWidth: Int
    /// The upright height in pixels.
    public let pixelHeight: Int
    /// The EXIF orientation, 1…8 (1, upright as stored, for PNG, WebP and JPEGs without the tag).
    public let orientation: Int

    /// An info as a header would give it (sizes upright).
    public init(format: PictureFormat, pixelWidth: Int, pixelHeight: Int, orientation: Int) {
        self.format = format
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.orientation = orientation
    }

    /// Whether the orientation swaps width and height (5…8: a quarter turn is involved).
    var isTransposed: Bool { (5...8).contains(orientation) }

    /// The size as stored in the file, before the orientation is applied.
    var storedWidth: Int { isTransposed ? pixelHeight : pixelWidth }
    var storedHeight: Int { isTransposed ? pixelWidth : pixelHeight }

    init?(_ header: segue_picture_header) {
        guard let format = PictureFormat(header.format) else { return nil }
        let orientation = (1...8).contains(Int(header.orientation)) ? Int(header.orientation) : 1
        let transposed = (5...8).contains(orientation)
        self.init(format: format,
                  pixelWidth: Int(transposed ? header.height : header.width),
                  pixelHeight: Int(transposed ? header.width : header.height),
                  orientation: orientation)
    }
}
