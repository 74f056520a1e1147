import Geometry
import Canvas
import Motion
import RealModule

/// The demo's pictures, drawn here from a seed: a sky gradient, a sun and layered hills.
/// Deterministic, so screenshots and reference renders are stable.
@MainActor
public enum Artwork {
    /// A palette per picture: sky top, sky bottom, sun, near hill, far hill.
    static let palettes: [(UInt32, UInt32, UInt32, UInt32, UInt32)] = [
        (0x1E3C72, 0x8AB6E8, 0xFFE08A, 0x2E6B3F, 0x4E8C5A),
        (0xF2709C, 0xFFB88C, 0xFFF3B0, 0x6B2E5E, 0x9B4D7A),
        (0x0F2027, 0x2C5364, 0xE0E6F0, 0x1B2A33, 0x2F4756),
        (0xFF7E5F, 0xFEB47B, 0xFFFFFF, 0x7A3B2E, 0xA4583E),
        (0x56CCF2, 0x2F80ED, 0xFFF9C4, 0x1D5E3A, 0x2F8F57),
        (0x8E2DE2, 0xD38CFF, 0xFFE6FA, 0x3E1A5B, 0x5E2D85),
        (0x134E5E, 0x71B280, 0xF5F7C6, 0x0E3B36, 0x1F6A55),
        (0xFC5C7D, 0x6A82FB, 0xFFF0F5, 0x2A2D6E, 0x474C9E),
        (0xF7971E, 0xFFD200, 0xFFFFFF, 0x7F4F00, 0xB07A10),
    ]

    public static var count: Int { palettes.count }

    private static var cache: [Int: Surface] = [:]

    /// Picture `index` at `size` pixels (cached per index; the gallery uses one size).
    public static func image(_ index: Int, width: Int = 480, height: Int = 360) -> Surface {
        if let cached = cache[index], cached.width == width, cached.height == height { return cached }
        let surface = Surface(width: width, height: height)
        draw(index, into: Canvas(surface: surface), size: Size(width: Double(width), height: Double(height)))
        cache[index] = surface
        return surface
    }

    static func draw(_ index: Int, into canvas: Canvas, size: Size) {
        let palette = palettes[index % palettes.count]
        let w = size.width, h = size.height
        canvas.fillLinearGradient(Rect(size: size), from: .zero, to: Point(x: 0, y: h),
                                  stops: [(0, Color(hex: palette.0)), (1, Color(hex: palette.1))])
        let sunX = w * (0.25 + 0.5 * Double((index * 37) % 10) / 10)
        canvas.fillEllipse(in: Rect(x: sunX - h * 0.12, y: h * 0.18, width: h * 0.24, height: h * 0.24),
                           color: Color(hex: palette.2))
        for (layer, colour) in [(0, palette.4), (1, palette.3)] {
            var hill = Path()
            let base = h * (layer == 0 ? 0.62 : 0.75)
            hill.move(to: Point(x: 0, y: h))
            hill.addLine(to: Point(x: 0, y: base))
            let steps = 24
            for step in 0...steps {
                let x = w * Double(step) / Double(steps)
                let phase = Double(index * 3 + layer * 5)
                let y = base - h * 0.08 * Double.sin(x / w * .pi * (2 + Double(layer)) + phase)
                hill.addLine(to: Point(x: x, y: y))
            }
            hill.addLine(to: Point(x: w, y: h))
            hill.close()
            canvas.fill(hill, color: Color(hex: colour))
        }
    }
}
