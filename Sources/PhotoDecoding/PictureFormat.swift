import CImageCodecs

/// The file formats ``PictureDecoder`` reads, recognised by their first bytes (never by the
/// file's name: a PNG saved as `.jpg` decodes as a PNG).
public enum PictureFormat: Sendable, Equatable {
    case jpeg, png, webp

    init?(_ format: segue_picture_format) {
        switch format {
        case SEGUE_PICTURE_JPEG: self = .jpeg
        case SEGUE_PICTURE_PNG: self = .png
        case SEGUE_PICTURE_WEBP: self = .webp
        default: return nil
        }
    }
}
