import Geometry

/// The one rule for how many device pixels a logical length covers at a device scale: the
/// product rounded up, since a pixel the content only partly covers still has to be drawn.
/// A view's cached content, its flattened layer, its snapshot and the window's frame all
/// size themselves by it, so they agree to the pixel (a layer is promoted only when its
/// surface is exactly the size this gives).
package enum DevicePixels {
    /// `logical` pixels at `scale`, in whole device pixels (rounded up; 0 stays 0).
    package static func length(_ logical: Double, scale: Double) -> Double {
        (logical * scale).rounded(.up)
    }

    /// The width and height of a surface holding `size` at `scale`: ``length(_:scale:)`` of
    /// each side, at least 1 (Cairo cannot make an empty image a canvas can draw into).
    package static func surfaceSize(_ size: Size, scale: Double) -> (width: Int, height: Int) {
        (max(1, Int(length(size.width, scale: scale))), max(1, Int(length(size.height, scale: scale))))
    }
}

extension Surface {
    /// A transparent surface for `size` logical pixels drawn at `scale` (see ``DevicePixels``).
    package convenience init(logicalSize size: Size, scale: Double) {
        let pixels = DevicePixels.surfaceSize(size, scale: scale)
        self.init(width: pixels.width, height: pixels.height)
    }
}
