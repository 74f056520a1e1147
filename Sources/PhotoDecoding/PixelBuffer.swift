import Canvas

/// ARGB32 pixels in memory this object owns, drawable through a `Surface` that wraps them.
///
/// `Surface` keeps its pixel pointer to Canvas, so the codecs write here and the decoder
/// copies the result into a surface of its own (which then owns its memory).
package final class PixelBuffer {
    package let width: Int
    package let height: Int
    /// Bytes from one row's start to the next: Cairo's preferred stride, so `surface` accepts it.
    package let stride: Int
    package let bytes: UnsafeMutableRawPointer
    private var wrapper: Surface?

    /// Memory for `width` × `height` pixels, zeroed (transparent) when `zeroed`.
    package init(width: Int, height: Int, zeroed: Bool = true) {
        self.width = width
        self.height = height
        stride = Surface.stride(forWidth: width)
        bytes = UnsafeMutableRawPointer.allocate(byteCount: max(1, stride * height), alignment: 16)
        if zeroed { bytes.initializeMemory(as: UInt8.self, repeating: 0, count: stride * height) }
    }

    deinit {
        // The wrapping surface goes first: Cairo must not outlive the memory it points at.
        wrapper = nil
        bytes.deallocate()
    }

    /// A surface drawing into these pixels; valid as long as this buffer is.
    package var surface: Surface {
        if let wrapper { return wrapper }
        let made = Surface(wrapping: bytes, width: width, height: height, stride: stride)
        wrapper = made
        return made
    }

    /// The raw pixel at (`x`, `y`): 0xAARRGGBB, premultiplied.
    package func pixel(x: Int, y: Int) -> UInt32 {
        bytes.load(fromByteOffset: y * stride + x * 4, as: UInt32.self)
    }
}
