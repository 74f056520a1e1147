import Canvas
import Geometry

/// Folders of photo-like JPEGs for benchmarks: soft gradients, overlapping shapes and sensor-
/// like noise, so files compress about as much as camera pictures do at quality 85.
///
/// ```swift
/// let files = try PictureFolderGenerator.make(directory: "/tmp/photos", count: 500,
///                                            width: 4000, height: 3000, seed: 1)
/// ```
public enum PictureFolderGenerator {
    /// The JPEG quality the files are written at: a common camera and export setting.
    public static let quality = 85

    /// Writes `count` JPEGs of `width` × `height` into `directory` (made if missing, its parent
    /// must exist) as `picture-0001.jpg`, `picture-0002.jpg`, …, and returns their paths.
    ///
    /// The same seed writes the same bytes: picture `i` depends only on `seed` and `i`.
    @discardableResult
    public static func make(directory: String, count: Int, width: Int, height: Int, seed: UInt64) throws(PictureWriteError) -> [String] {
        precondition(count >= 0 && width > 0 && height > 0, "make(count: \(count), width: \(width), height: \(height))")
        try PictureFile.makeDirectory(directory)
        var paths: [String] = []
        for index in 0..<count {
            var random = SeededRandom(seed: seed &+ UInt64(index) &* 0x9E37_79B9_7F4A_7C15)
            let pixels = draw(width: width, height: height, random: &random)
            let path = directory + "/picture-" + String(index + 1).leftPadded(to: 4) + ".jpg"
            try PictureFile.write(try PictureEncoder.jpeg(pixels, quality: quality), to: path)
            paths.append(path)
        }
        return paths
    }

    static func draw(width: Int, height: Int, random: inout SeededRandom) -> PixelBuffer {
        let pixels = PixelBuffer(width: width, height: height)
        let w = Double(width), h = Double(height)
        do {
            let canvas = Canvas(surface: pixels.surface)
            let bounds = Rect(x: 0, y: 0, width: w, height: h)
            canvas.fillLinearGradient(bounds,
                                      from: Point(x: random.unit() * w, y: 0),
                                      to: Point(x: random.unit() * w, y: h),
                                      stops: [(0, random.color(alpha: 1)), (1, random.color(alpha: 1))])
            for _ in 0..<(6 + random.below(10)) {
                let rect = Rect(x: random.unit() * w - w / 8, y: random.unit() * h - h / 8,
                                width: (0.05 + random.unit() * 0.5) * w, height: (0.05 + random.unit() * 0.5) * h)
                let color = random.color(alpha: 0.35 + random.unit() * 0.65)
                switch random.below(3) {
                case 0: canvas.fill(rect, color: color)
                case 1: canvas.fillEllipse(in: rect, color: color)
                default: canvas.fill(roundedRect: rect, radius: min(rect.width, rect.height) / 4, color: color)
                }
            }
        }
        addNoise(to: pixels, amplitude: 12, random: &random)
        return pixels
    }

    /// Adds an independent ±`amplitude` to each colour channel: the grain that keeps a JPEG of
    /// a smooth drawing from compressing far better than a photo would.
    private static func addNoise(to pixels: PixelBuffer, amplitude: Int, random: inout SeededRandom) {
        let span = UInt64(2 * amplitude + 1)
        for y in 0..<pixels.height {
            let row = (pixels.bytes + y * pixels.stride).assumingMemoryBound(to: UInt8.self)
            for x in 0..<pixels.width {
                var bits = random.next()
                // Blue, green, red; byte 3 is alpha (opaque) and keeps its 255.
                for channel in 0..<3 {
                    let delta = Int(bits % span) - amplitude
                    bits /= span
                    let value = Int(row[4 * x + channel]) + delta
                    row[4 * x + channel] = UInt8(clamping: value)
                }
            }
        }
    }
}

private extension String {
    func leftPadded(to length: Int) -> String {
        String(repeating: "0", count: max(0, length - count)) + self
    }
}
