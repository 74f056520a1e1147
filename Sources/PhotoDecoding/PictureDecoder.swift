import CImageCodecs
import Canvas
import Geometry

/// Reads JPEG, PNG and WebP files into upright surfaces, at the size they will be shown.
///
/// ```swift
/// let info = try PictureDecoder.probe(path: "/photos/IMG_0001.jpg")     // header only
/// let thumbnail = try PictureDecoder.decode(path: "/photos/IMG_0001.jpg",
///                                           fitting: Size(width: 256, height: 256))
/// canvas.draw(thumbnail.surface, in: cell)
/// ```
///
/// Thread-safe: every call works on its own memory, so calls may run on any threads at once
/// (``DecodeQueue`` runs them on workers).
public enum PictureDecoder {
    /// The largest picture the decoder accepts (declared width × height): 100 megapixels, which
    /// takes 400 MB decoded. Above it, ``PictureDecodeError/tooLarge(width:height:)`` is thrown
    /// from the header alone, before anything is allocated for the pixels.
    public static let maximumPixelCount = 100_000_000

    /// How much of a file ``probe(path:)`` reads first: headers sit at the start, behind at
    /// most a 64 KiB EXIF block and a few other segments.
    static let probePrefix = 256 * 1024

    /// Reads the header of `path`: format, upright size, orientation. No pixels are decoded.
    ///
    /// - Throws: the same error ``decode(path:fitting:)`` would give for a bad header
    ///   (including ``PictureDecodeError/tooLarge(width:height:)``).
    public static func probe(path: String) throws(PictureDecodeError) -> PictureInfo {
        var file = try PictureFile.read(path: path, limit: probePrefix)
        do {
            return try header(of: file.bytes)
        } catch .truncated where !file.isWhole {
            // A header longer than the prefix (a big EXIF thumbnail, many segments).
            file = try PictureFile.read(path: path)
            return try header(of: file.bytes)
        }
    }

    /// Decodes `path` upright, at the smallest size that still covers `fitting` (aspect
    /// preserved, never upscaled); nil = full size.
    ///
    /// "Covers" means both sides are at least `fitting`'s, as an aspect-fill thumbnail needs:
    /// a 4000×3000 photo fitting 256×256 needs 342×256, and that is what comes out. `fitting`
    /// is in pixels. JPEG decodes at libjpeg's smallest scale n/8 that covers it (500×375
    /// there, reported in ``DecodedPicture/jpegScaleEighths``), WebP at exactly the covering
    /// size, and PNG whole; what is larger is then reduced to the covering size with Cairo's
    /// box filter.
    public static func decode(path: String, fitting: Size?) throws(PictureDecodeError) -> DecodedPicture {
        try decode(path: path, fitting: fitting, cancellation: nil)
    }

    /// ``decode(path:fitting:)``, sized as `fit` says (covering `fitting` by default, or
    /// exactly inside it), stopping with ``PictureDecodeError/cancelled`` once `cancellation`
    /// is cancelled (from any thread): JPEG and PNG between rows, WebP before it starts.
    public static func decode(path: String, fitting: Size?, fit: PictureFit = .cover,
                              cancellation: DecodeTicket?) throws(PictureDecodeError) -> DecodedPicture {
        let flag = cancellation?.flag
        if let cancellation, cancellation.isCancelled { throw .cancelled }
        let bytes = try PictureFile.read(path: path).bytes
        let info = try header(of: bytes)
        let upright = fit == .contain
            ? containSize(width: info.pixelWidth, height: info.pixelHeight, fitting: fitting)
            : coverSize(width: info.pixelWidth, height: info.pixelHeight, fitting: fitting)
        // The codecs take 0 × 0 for the full size, and the size stored in the file otherwise.
        let request = fitting == nil ? (width: 0, height: 0)
            : info.isTransposed ? (width: upright.height, height: upright.width) : upright

        var plan = segue_decode_plan()
        var message = MessageBuffer()
        try check(bytes.withUnsafeBufferPointer { data in
            message.withPointer { text, size in
                segue_picture_plan(data.baseAddress, data.count, UInt32(request.width), UInt32(request.height), &plan, text, size)
            }
        }, message)
        let stored = PixelBuffer(width: Int(plan.width), height: Int(plan.height), zeroed: false)
        try check(bytes.withUnsafeBufferPointer { data in
            message.withPointer { text, size in
                segue_picture_decode(data.baseAddress, data.count, &plan, stored.bytes.assumingMemoryBound(to: UInt8.self),
                                     stored.stride, flag, text, size)
            }
        }, message)

        let average = averageColor(of: stored)
        let turned = orient(stored, orientation: info.orientation)
        let surface: Surface
        if turned.width > upright.width || turned.height > upright.height {
            // Decoded larger than asked (PNG whole, JPEG at the eighth above): the box filter
            // averages it down here, on the worker, once, so that the view draws it pixel for
            // pixel instead of shrinking it in every frame that draws it.
            surface = Surface(width: upright.width, height: upright.height)
            Canvas(surface: surface).draw(turned.surface, stretchedOver: Rect(x: 0, y: 0, width: Double(upright.width), height: Double(upright.height)))
        } else {
            surface = Surface(width: turned.width, height: turned.height)
            surface.copy(from: turned.surface)
        }
        if let cancellation, cancellation.isCancelled { throw .cancelled }
        return DecodedPicture(surface: surface, info: info, averageColor: average,
                              jpegScaleEighths: info.format == .jpeg ? Int(plan.scale_num) : nil)
    }

    /// The smallest size, aspect preserved, whose sides are both at least `fitting`'s, capped at
    /// the full size. Sides of `fitting` below one pixel (or not numbers) count as one.
    static func coverSize(width: Int, height: Int, fitting: Size?) -> (width: Int, height: Int) {
        guard let fitting else { return (width, height) }
        func side(_ value: Double) -> Double { value.isNaN ? 1 : max(1, value) }
        let scale = max(side(fitting.width) / Double(width), side(fitting.height) / Double(height))
        guard scale < 1 else { return (width, height) }
        // The epsilon keeps an exact product (256.0000000001 from rounding) from gaining a pixel.
        func scaled(_ full: Int) -> Int { min(full, max(1, Int((Double(full) * scale - 1e-9).rounded(.up)))) }
        return (scaled(width), scaled(height))
    }

    /// The largest size, aspect preserved, whose sides both fit inside `fitting`'s, capped at
    /// the full size (sides rounded to the nearest pixel, one at least).
    static func containSize(width: Int, height: Int, fitting: Size?) -> (width: Int, height: Int) {
        guard let fitting else { return (width, height) }
        func side(_ value: Double) -> Double { value.isNaN ? 1 : max(1, value) }
        let scale = min(side(fitting.width) / Double(width), side(fitting.height) / Double(height))
        guard scale < 1 else { return (width, height) }
        func scaled(_ full: Int) -> Int { min(full, max(1, Int((Double(full) * scale).rounded()))) }
        return (scaled(width), scaled(height))
    }

    /// The header, validated: a format we decode, a nonzero size within the maximum.
    static func header(of bytes: [UInt8]) throws(PictureDecodeError) -> PictureInfo {
        var header = segue_picture_header()
        var message = MessageBuffer()
        try check(bytes.withUnsafeBufferPointer { data in
            message.withPointer { text, size in segue_picture_probe(data.baseAddress, data.count, &header, text, size) }
        }, message)
        guard let info = PictureInfo(header) else { throw .unsupportedFormat }
        guard info.pixelWidth > 0, info.pixelHeight > 0 else { throw .corrupt("a picture of zero size") }
        guard info.pixelWidth * info.pixelHeight <= maximumPixelCount else {
            throw .tooLarge(width: info.pixelWidth, height: info.pixelHeight)
        }
        return info
    }

    private static func orient(_ stored: PixelBuffer, orientation: Int) -> PixelBuffer {
        guard orientation != 1 else { return stored }
        let transposed = (5...8).contains(orientation)
        let turned = PixelBuffer(width: transposed ? stored.height : stored.width,
                                 height: transposed ? stored.width : stored.height, zeroed: false)
        segue_picture_orient(stored.bytes.assumingMemoryBound(to: UInt8.self), stored.stride,
                             UInt32(stored.width), UInt32(stored.height),
                             turned.bytes.assumingMemoryBound(to: UInt8.self), turned.stride, Int32(orientation))
        return turned
    }

    private static func averageColor(of pixels: PixelBuffer) -> Color {
        var sums: (Double, Double, Double, Double) = (0, 0, 0, 0)
        withUnsafeMutableBytes(of: &sums) { raw in
            segue_picture_average(pixels.bytes.assumingMemoryBound(to: UInt8.self), pixels.stride,
                                  UInt32(pixels.width), UInt32(pixels.height), raw.baseAddress!.assumingMemoryBound(to: Double.self))
        }
        let (blue, green, red, alpha) = sums
        // A wholly transparent picture has no colour to average: a neutral grey stands in.
        guard alpha > 0 else { return Color(red: 0.5, green: 0.5, blue: 0.5) }
        return Color(red: min(1, red / alpha), green: min(1, green / alpha), blue: min(1, blue / alpha))
    }

    private static func check(_ status: segue_codec_status, _ message: MessageBuffer) throws(PictureDecodeError) {
        switch status {
        case SEGUE_CODEC_OK: return
        case SEGUE_CODEC_UNSUPPORTED: throw .unsupportedFormat
        case SEGUE_CODEC_TRUNCATED: throw .truncated
        case SEGUE_CODEC_CANCELLED: throw .cancelled
        case SEGUE_CODEC_NO_MEMORY: throw .corrupt("out of memory while decoding")
        default: throw .corrupt(message.text)
        }
    }
}

/// Room for a codec's message, NUL-terminated by the C side.
private struct MessageBuffer {
    private var storage = [CChar](repeating: 0, count: 256)

    mutating func withPointer<T>(_ body: (UnsafeMutablePointer<CChar>, Int) -> T) -> T {
        storage.withUnsafeMutableBufferPointer { body($0.baseAddress!, $0.count) }
    }

    var text: String {
        storage.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
}
