/// Why a picture could not be probed or decoded. Every bad file gives exactly one of these;
/// none crashes or hangs the decoder.
public enum PictureDecodeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file could not be opened or read; the text is the path and `strerror`'s words.
    case unreadable(String)
    /// The file has no bytes at all.
    case empty
    /// The first bytes are not JPEG, PNG or WebP (or an animated WebP, which is not decoded).
    case unsupportedFormat
    /// The data ends before the picture does. A JPEG or PNG cut short is refused, not shown
    /// half grey: libjpeg could pad the missing rows, but a thumbnail cached from that would
    /// look like the picture. A file whose every row is present but whose end marker (JPEG's
    /// EOI, PNG's IEND) is missing still decodes, and so does a progressive JPEG cut exactly
    /// between two scans (every row is there, less sharp).
    case truncated
    /// The codec rejected the data; the text is its reason.
    case corrupt(String)
    /// The header declares more than ``PictureDecoder/maximumPixelCount`` pixels; nothing was
    /// allocated for it.
    case tooLarge(width: Int, height: Int)
    /// The decode was cancelled through its ``DecodeTicket``.
    case cancelled

    public var description: String {
        switch self {
        case .unreadable(let reason): "unreadable: \(reason)"
        case .empty: "empty file"
        case .unsupportedFormat: "not a JPEG, PNG or WebP picture"
        case .truncated: "the file ends before the picture does"
        case .corrupt(let reason): "corrupt picture: \(reason)"
        case .tooLarge(let width, let height): "picture too large: \(width)×\(height)"
        case .cancelled: "cancelled"
        }
    }
}
