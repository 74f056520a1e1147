import Geometry
import CCairo

/// An image in device pixels: a Cairo ARGB32 (premultiplied, native-endian) image surface.
///
/// ARGB32 on a little-endian machine has the same byte layout as `wl_shm`'s `ARGB8888` and
/// `XRGB8888`, so a surface can wrap a shared-memory buffer and be drawn into directly.
///
/// ```swift
/// let surface = Surface(width: 320, height: 240)
/// Canvas(surface: surface).fill(Rect(x: 0, y: 0, width: 320, height: 240), color: .white)
/// try surface.writePNG(to: "/tmp/white.png")
/// ```
///
/// Not thread-safe: use a surface from one thread at a time.
public final class Surface {
    /// Width in device pixels.
    public let width: Int
    /// Height in device pixels.
    public let height: Int
    /// The Cairo surface; this object holds one reference to it.
    let raw: OpaquePointer

    /// Makes a surface that owns zeroed (fully transparent) memory.
    ///
    /// Traps when the size is negative or too large to allocate.
    public init(width: Int, height: Int) {
        precondition(width >= 0 && height >= 0, "Surface size must not be negative: \(width)×\(height)")
        // Large images get a mapping of their own, returned to the kernel when freed (see
        // `segue_image_surface_create_mapped`); small ones come from malloc, through Cairo.
        let isLarge = Surface.stride(forWidth: width) * height >= Surface.mappedThreshold
        let raw = (isLarge ? segue_image_surface_create_mapped(Int32(width), Int32(height)) : nil)
            ?? cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        let status = cairo_surface_status(raw)
        precondition(status == CAIRO_STATUS_SUCCESS,
                     "cannot create a \(width)×\(height) surface: \(String(cString: cairo_status_to_string(status)))")
        self.raw = raw
        self.width = width
        self.height = height
    }

    /// The size from which a surface's pixels get an anonymous mapping of their own (256 KiB:
    /// a 256×256 image; layers and full-window snapshots are megabytes).
    static let mappedThreshold = 256 * 1024

    /// Wraps memory the caller owns, such as a mapped `wl_shm` buffer in `ARGB8888` or
    /// `XRGB8888` format.
    ///
    /// The memory must stay valid, and must not be drawn into by anyone else, for the life of
    /// this surface and of every `Canvas` on it. `stride` is the distance between rows in bytes:
    /// a multiple of 4 and at least `4 * width` (see ``stride(forWidth:)``).
    public init(wrapping data: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int) {
        precondition(width >= 0 && height >= 0, "Surface size must not be negative: \(width)×\(height)")
        precondition(stride >= 4 * width && stride % 4 == 0,
                     "invalid stride \(stride) for width \(width): must be a multiple of 4, at least 4·width")
        let raw = cairo_image_surface_create_for_data(
            data.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
            Int32(width), Int32(height), Int32(stride))!
        let status = cairo_surface_status(raw)
        precondition(status == CAIRO_STATUS_SUCCESS,
                     "cannot wrap a \(width)×\(height) buffer: \(String(cString: cairo_status_to_string(status)))")
        self.raw = raw
        self.width = width
        self.height = height
    }

    /// Adopts a Cairo ARGB32 image surface (one reference is taken over).
    init(adopting raw: OpaquePointer) {
        self.raw = raw
        self.width = Int(cairo_image_surface_get_width(raw))
        self.height = Int(cairo_image_surface_get_height(raw))
    }

    deinit {
        cairo_surface_destroy(raw)
    }

    /// The distance between the starts of two rows, in bytes.
    public var stride: Int { Int(cairo_image_surface_get_stride(raw)) }

    /// The row stride Cairo prefers for an ARGB32 image of the given width, in bytes.
    public static func stride(forWidth width: Int) -> Int {
        Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width)))
    }

    /// The first byte of pixel data, after any pending drawing has been flushed.
    var data: UnsafeMutableRawPointer {
        cairo_surface_flush(raw)
        return UnsafeMutableRawPointer(cairo_image_surface_get_data(raw)!)
    }

    /// Tells Cairo that the pixels were changed behind its back.
    func markDirty() {
        cairo_surface_mark_dirty(raw)
    }

    /// The colour at a pixel, un-premultiplied, in sRGB with components in 0…1.
    ///
    /// A fully transparent pixel reads as `Color.clear`.
    public func pixel(x: Int, y: Int) -> Color {
        precondition(x >= 0 && x < width && y >= 0 && y < height,
                     "pixel (\(x), \(y)) outside a \(width)×\(height) surface")
        let argb = data.load(fromByteOffset: y * stride + x * 4, as: UInt32.self)
        let a = Double(argb >> 24)
        guard a > 0 else { return .clear }
        func channel(_ shift: UInt32) -> Double {
            min(1, Double((argb >> shift) & 0xff) / a)
        }
        return Color(red: channel(16), green: channel(8), blue: channel(0), alpha: a / 255)
    }

    /// The raw premultiplied ARGB32 value of a pixel (0xAARRGGBB).
    package func rawPixel(x: Int, y: Int) -> UInt32 {
        data.load(fromByteOffset: y * stride + x * 4, as: UInt32.self)
    }

    /// Writes the surface to a PNG file.
    ///
    /// - Throws: ``CanvasError`` naming the path when the file cannot be written.
    public func writePNG(to path: String) throws {
        try cairo_surface_write_to_png(raw, path).check("cannot write PNG to \(path)")
    }

    /// Reads a PNG file into a new ARGB32 surface, whatever the file's own pixel format.
    ///
    /// - Throws: ``CanvasError`` naming the path when the file is missing or not a PNG.
    public static func loadPNG(from path: String) throws -> Surface {
        let loaded = cairo_image_surface_create_from_png(path)!
        defer { cairo_surface_destroy(loaded) }
        try cairo_surface_status(loaded).check("cannot read PNG from \(path)")
        let width = Int(cairo_image_surface_get_width(loaded))
        let height = Int(cairo_image_surface_get_height(loaded))
        if cairo_image_surface_get_format(loaded) == CAIRO_FORMAT_ARGB32 {
            return Surface(adopting: cairo_surface_reference(loaded))
        }
        // RGB24, A8 and friends: paint into a fresh ARGB32 surface.
        let surface = Surface(width: width, height: height)
        let cr = cairo_create(surface.raw)!
        defer { cairo_destroy(cr) }
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_surface(cr, loaded, 0, 0)
        cairo_paint(cr)
        try cairo_status(cr).check("cannot convert PNG from \(path) to ARGB32")
        return surface
    }

    /// Sets every pixel to `color` (replacing, not blending).
    public func clear(to color: Color = .clear) {
        guard width > 0, height > 0 else { return }
        if color.alpha <= 0 {
            let base = data
            for row in 0..<height {
                (base + row * stride).initializeMemory(as: UInt8.self, repeating: 0, count: width * 4)
            }
            markDirty()
            return
        }
        let cr = cairo_create(raw)!
        defer { cairo_destroy(cr) }
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
        cairo_paint(cr)
    }

    /// Copies every pixel of a surface of the same size: one `memcpy` when the strides match.
    public func copy(from other: Surface) {
        precondition(other.width == width && other.height == height,
                     "copy(from:) needs equal sizes: \(other.width)×\(other.height) into \(width)×\(height)")
        guard other !== self, width > 0, height > 0 else { return }
        let source = other.data, destination = data
        if other.stride == stride {
            destination.copyMemory(from: source, byteCount: stride * height)
        } else {
            for row in 0..<height {
                (destination + row * stride).copyMemory(from: source + row * other.stride, byteCount: width * 4)
            }
        }
        markDirty()
    }
}
