import CCairo

/// Blurred rounded-rectangle masks (Cairo A8 surfaces) for drop shadows, built cheaply and
/// reused.
///
/// The blur is a Gaussian of σ = blur / 2 (the CSS `box-shadow` convention), approximated by
/// three box blurs. Only a small "base" mask is ever blurred: a rectangle just big enough
/// that its middle row and column show the profile of a straight edge. Bigger rectangles are
/// built from it nine-slice fashion (corners copied, middle row and column stretched), which
/// is exact for a blurred rounded rectangle and costs one pass of copies. So a shadow whose
/// size animates never re-blurs.
final class ShadowMaskCache {
    /// A mask and its padding: mask pixel (pad, pad) is the rectangle's top-left corner.
    struct Mask {
        let surface: OpaquePointer   // cairo_surface_t *, A8
        let pad: Int
    }

    private struct Key: Hashable {
        var width: Int, height: Int
        var radius: Double, blur: Double
    }

    private struct Entry {
        let mask: Mask
        var lastUse: Int
    }

    private var bases: [Key: Entry] = [:]
    private var masks: [Key: Entry] = [:]
    private var clock = 0
    private let capacity = 6

    deinit {
        for entry in bases.values { cairo_surface_destroy(entry.mask.surface) }
        for entry in masks.values { cairo_surface_destroy(entry.mask.surface) }
    }

    /// The box radius and the padding (the blur's full reach, plus one) for a blur.
    static func boxRadius(blur: Double) -> (box: Int, pad: Int) {
        let sigma = blur / 2
        // Three boxes of width w have variance 3(w² − 1)/12; solve for w = 2·box + 1.
        let box = max(1, Int(((4 * sigma * sigma + 1).squareRoot() - 1) / 2 + 0.5))
        return (box, 3 * box + 1)
    }

    /// The blurred mask of a `width`×`height` rectangle with corners of `radius`.
    func mask(width: Int, height: Int, radius: Double, blur: Double) -> Mask {
        let key = Key(width: width, height: height, radius: radius, blur: blur)
        clock += 1
        if let hit = masks[key] {
            masks[key]?.lastUse = clock
            return hit.mask
        }
        let (_, pad) = Self.boxRadius(blur: blur)
        // Beyond `corner` from an edge the profile no longer depends on the corners.
        let corner = Int(radius.rounded(.up)) + pad
        let side = 2 * corner + 1
        let baseKey = Key(width: min(width, side), height: min(height, side), radius: radius, blur: blur)
        let base: Mask
        if let hit = bases[baseKey] {
            bases[baseKey]?.lastUse = clock
            base = hit.mask
        } else {
            base = Self.makeBase(width: baseKey.width, height: baseKey.height, radius: radius, blur: blur)
            insert(base, for: baseKey, into: &bases)
        }
        if baseKey.width == width && baseKey.height == height { return base }
        let mask = Self.stretch(base, toWidth: width, height: height, split: pad + corner)
        insert(mask, for: key, into: &masks)
        return mask
    }

    private func insert(_ mask: Mask, for key: Key, into table: inout [Key: Entry]) {
        if table.count >= capacity, let oldest = table.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            cairo_surface_destroy(oldest.value.mask.surface)
            table[oldest.key] = nil
        }
        table[key] = Entry(mask: mask, lastUse: clock)
    }

    /// Draws the rounded rectangle antialiased into an A8 surface and blurs it.
    private static func makeBase(width: Int, height: Int, radius: Double, blur: Double) -> Mask {
        let (box, pad) = boxRadius(blur: blur)
        let w = width + 2 * pad, h = height + 2 * pad
        let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(w), Int32(h))!
        let cr = cairo_create(surface)!
        let r = min(max(radius, 0), Double(width) / 2, Double(height) / 2)
        let x0 = Double(pad), y0 = Double(pad), x1 = Double(pad + width), y1 = Double(pad + height)
        if r > 0 {
            let half = Double.pi / 2
            cairo_arc(cr, x1 - r, y0 + r, r, -half, 0)
            cairo_arc(cr, x1 - r, y1 - r, r, 0, half)
            cairo_arc(cr, x0 + r, y1 - r, r, half, 2 * half)
            cairo_arc(cr, x0 + r, y0 + r, r, 2 * half, 3 * half)
            cairo_close_path(cr)
        } else {
            cairo_rectangle(cr, x0, y0, Double(width), Double(height))
        }
        cairo_fill(cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)

        let stride = Int(cairo_image_surface_get_stride(surface))
        let bytes = cairo_image_surface_get_data(surface)!
        var values = [Float](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w { values[y * w + x] = Float(bytes[y * stride + x]) }
        }
        var line = [Float](repeating: 0, count: max(w, h))
        for _ in 0..<3 {
            for y in 0..<h { boxBlur(&values, start: y * w, step: 1, count: w, radius: box, scratch: &line) }
            for x in 0..<w { boxBlur(&values, start: x, step: w, count: h, radius: box, scratch: &line) }
        }
        for y in 0..<h {
            for x in 0..<w { bytes[y * stride + x] = UInt8(min(255, max(0, values[y * w + x].rounded()))) }
        }
        cairo_surface_mark_dirty(surface)
        return Mask(surface: surface, pad: pad)
    }

    /// One box-blur pass along a line of `values`; outside the line counts as zero.
    private static func boxBlur(_ values: inout [Float], start: Int, step: Int, count: Int, radius: Int,
                                scratch: inout [Float]) {
        for i in 0..<count { scratch[i] = values[start + i * step] }
        let scale = 1 / Float(2 * radius + 1)
        var sum: Float = 0
        for i in 0..<min(radius, count) { sum += scratch[i] }
        for i in 0..<count {
            if i + radius < count { sum += scratch[i + radius] }
            values[start + i * step] = sum * scale
            if i - radius >= 0 { sum -= scratch[i - radius] }
        }
    }

    /// A larger mask built from `base` by repeating its row and column at index `split`.
    private static func stretch(_ base: Mask, toWidth width: Int, height: Int, split: Int) -> Mask {
        let pad = base.pad
        let bw = Int(cairo_image_surface_get_width(base.surface))
        let bh = Int(cairo_image_surface_get_height(base.surface))
        let w = width + 2 * pad, h = height + 2 * pad
        let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(w), Int32(h))!
        cairo_surface_flush(surface)
        let source = cairo_image_surface_get_data(base.surface)!
        let sourceStride = Int(cairo_image_surface_get_stride(base.surface))
        let destination = cairo_image_surface_get_data(surface)!
        let stride = Int(cairo_image_surface_get_stride(surface))

        /// Maps a destination index to a base index along an axis of base length `b`.
        func map(_ i: Int, length d: Int, base b: Int) -> Int {
            if d == b || i < split { return i }
            let tail = b - split - 1
            return i >= d - tail ? i - (d - b) : split
        }
        for y in 0..<h {
            let row = source + map(y, length: h, base: bh) * sourceStride
            let out = destination + y * stride
            if w == bw {
                out.update(from: row, count: w)
                continue
            }
            let tail = bw - split - 1
            out.update(from: row, count: split)
            (out + split).update(repeating: row[split], count: w - split - tail)
            (out + w - tail).update(from: row + split + 1, count: tail)
        }
        cairo_surface_mark_dirty(surface)
        return Mask(surface: surface, pad: pad)
    }
}
