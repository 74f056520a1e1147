import Geometry
import CCairo
import CPixelKernels

/// One-pass blends of whole images into the canvas's surface, in device pixels: what Cairo
/// does as a copy and then a blend over it (three passes over memory, the blend on pixman's
/// slow path for a constant alpha) done as two reads and one write.
///
/// They write the surface's pixels directly: the current transform and clip do not apply, and
/// the caller keeps `rect` inside what it may paint.
extension Canvas {
    /// Paints `rect` (device pixels, whole, inside the surface) with `from` cross-faded to `to`
    /// by `fraction` (0: `from`, 1: `to`): `from` with `to` drawn over it at alpha `fraction`,
    /// when `to` is opaque. Both images have their top-left pixel at `origin` (device pixels,
    /// whole) and must cover `rect`. Returns false, drawing nothing, when `rect` is not inside
    /// the surface and both images.
    @discardableResult
    public func drawCrossfade(from: Surface, to: Surface, fraction: Double, origin: Point, rect: Rect) -> Bool {
        guard let box = PixelBox(rect, origin: origin, images: [from, to], target: surface) else { return false }
        let weight = UInt32((min(max(fraction, 0), 1) * 256).rounded())
        let target = surface.data, a = from.data, b = to.data
        segue_crossfade_rows(target.assumingMemoryBound(to: UInt8.self) + box.targetOffset(surface), surface.stride,
                             a.assumingMemoryBound(to: UInt8.self) + box.imageOffset(from), from.stride,
                             b.assumingMemoryBound(to: UInt8.self) + box.imageOffset(to), to.stride,
                             box.width * 4, box.height, weight)
        box.markDirty(surface)
        return true
    }

    /// Paints `rect` (device pixels, whole, inside the surface) with the opaque `image` under
    /// `color` at alpha `fraction` (`color`'s own alpha multiplies it): the image drawn, then a
    /// uniform fill blended over it, in one pass. `image`'s top-left pixel is at `origin`
    /// (device pixels, whole) and it must cover `rect`. Returns false, drawing nothing, when
    /// `rect` is not inside the surface and the image.
    @discardableResult
    public func drawFaded(_ image: Surface, toward color: Color, fraction: Double, origin: Point, rect: Rect) -> Bool {
        guard let box = PixelBox(rect, origin: origin, images: [image], target: surface) else { return false }
        let weight = UInt32((min(max(fraction * color.alpha, 0), 1) * 256).rounded())
        // The colour at full alpha, premultiplied (alpha 255), as one native-endian ARGB32 pixel.
        func byte(_ value: Double) -> UInt32 { UInt32((min(max(value, 0), 1) * 255).rounded()) }
        let pixel = 0xFF00_0000 | byte(color.red) << 16 | byte(color.green) << 8 | byte(color.blue)
        let target = surface.data, source = image.data
        segue_fade_to_colour_rows(target.assumingMemoryBound(to: UInt8.self) + box.targetOffset(surface), surface.stride,
                                  source.assumingMemoryBound(to: UInt8.self) + box.imageOffset(image), image.stride,
                                  box.width, box.height, pixel, weight)
        box.markDirty(surface)
        return true
    }
}

extension Canvas {
    /// Draws `image`, its top-left pixel at device pixel `origin`, over the surface at `alpha`
    /// in one pass, inside the current clip: Cairo's "over" through a constant alpha. An
    /// `opaque` image at alpha 1 is copied row by row; below 1 it is mixed (destination + (image − destination) × alpha, every channel
    /// alike: the cross-fade kernel), any other blended by its own alpha scaled by `alpha`.
    /// False, drawing nothing, when the clip is not whole-pixel rectangles (the caller then
    /// lets Cairo draw).
    func drawMixed(_ image: Surface, atDevice origin: (x: Int, y: Int), alpha: Double, opaque: Bool) -> Bool {
        cairo_save(cr)
        cairo_identity_matrix(cr)
        let list = cairo_copy_clip_rectangle_list(cr)
        cairo_restore(cr)
        guard let list else { return false }
        defer { cairo_rectangle_list_destroy(list) }
        guard list.pointee.status == CAIRO_STATUS_SUCCESS else { return false }
        let rects = (0..<Int(list.pointee.num_rectangles)).map { list.pointee.rectangles[$0] }
        guard rects.allSatisfy({ $0.x == $0.x.rounded() && $0.y == $0.y.rounded()
                                 && $0.width == $0.width.rounded() && $0.height == $0.height.rounded() }) else { return false }
        let imageRect = Rect(x: Double(origin.x), y: Double(origin.y), width: Double(image.width), height: Double(image.height))
        let surfaceRect = Rect(x: 0, y: 0, width: Double(surface.width), height: Double(surface.height))
        let weight = UInt32((min(max(alpha, 0), 1) * 256).rounded())
        let target = surface.data.assumingMemoryBound(to: UInt8.self), source = image.data.assumingMemoryBound(to: UInt8.self)
        let origin = Point(x: Double(origin.x), y: Double(origin.y))
        for clip in rects {
            let piece = Rect(x: clip.x, y: clip.y, width: clip.width, height: clip.height)
                .intersection(imageRect).intersection(surfaceRect)
            guard !piece.isEmpty, let box = PixelBox(piece, origin: origin, images: [image], target: surface) else { continue }
            let destination = target + box.targetOffset(surface)
            if opaque && weight >= 256 {
                // The tab swipe's pages: pixman's SSE2 blit was its largest share of a frame.
                for row in 0..<box.height {
                    (destination + row * surface.stride).update(from: source + box.imageOffset(image) + row * image.stride,
                                                                count: box.width * 4)
                }
            } else if opaque {
                segue_crossfade_rows(destination, surface.stride, destination, surface.stride,
                                     source + box.imageOffset(image), image.stride, box.width * 4, box.height, weight)
            } else {
                segue_over_with_alpha_rows(destination, surface.stride, source + box.imageOffset(image), image.stride,
                                           box.width, box.height, weight)
            }
            box.markDirty(surface)
        }
        return true
    }
}

/// A whole-pixel rectangle of the target and where it lies in images placed at `origin`;
/// nil when it is empty or reaches outside the target or an image.
private struct PixelBox {
    var x: Int, y: Int, width: Int, height: Int
    var imageX: Int, imageY: Int

    init?(_ rect: Rect, origin: Point, images: [Surface], target: Surface) {
        x = Int(rect.minX.rounded())
        y = Int(rect.minY.rounded())
        width = Int(rect.maxX.rounded()) - x
        height = Int(rect.maxY.rounded()) - y
        imageX = x - Int(origin.x.rounded())
        imageY = y - Int(origin.y.rounded())
        guard width > 0, height > 0, x >= 0, y >= 0, x + width <= target.width, y + height <= target.height,
              imageX >= 0, imageY >= 0,
              images.allSatisfy({ imageX + width <= $0.width && imageY + height <= $0.height }) else { return nil }
    }

    func targetOffset(_ target: Surface) -> Int { y * target.stride + x * 4 }
    func imageOffset(_ image: Surface) -> Int { imageY * image.stride + imageX * 4 }

    /// Tells Cairo the pixels changed behind its back (it may cache them otherwise).
    func markDirty(_ target: Surface) {
        cairo_surface_mark_dirty_rectangle(target.raw, Int32(x), Int32(y), Int32(width), Int32(height))
    }
}
