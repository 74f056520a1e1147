import Geometry
import Canvas
import Testing

/// CPixelKernels' bilinear scale (``Canvas/drawOpaque(_:in:cornerRadius:)``, whichever of its
/// loops the machine runs: eight pixels at a time with AVX2, else four) against Cairo's own
/// bilinear drawing of the same opaque image into the same rectangle: every pixel within
/// 2 levels (the kernel rounds to 8 bits between its two passes, pixman does not).
@Suite("Bilinear scale kernel")
struct ScaleKernelTests {
    /// Near scale 1 (four and eight consecutive source pixels per step, with skips and
    /// repeats) and a large enlargement (pixels gathered one by one), at widths that leave
    /// row tails, at a fractional position.
    /// Shrunk to a little over half, it gathers too.
    @Test(arguments: [(120, 90, 123.5, 91.25), (120, 90, 110.2, 84.6), (61, 37, 163.0, 98.7), (45, 30, 120.0, 80.0),
                      (150, 100, 83.3, 55.7)])
    func theKernelIsCairosBilinearWithinTwoLevels(width: Int, height: Int, drawnWidth: Double, drawnHeight: Double) {
        let image = Fixture.image(width: width, height: height, seed: 31)
        let rect = Rect(x: 3.25, y: 2.5, width: drawnWidth, height: drawnHeight)
        let size = (width: Int(drawnWidth) + 8, height: Int(drawnHeight) + 8)
        let kernel = Fixture.solid(width: size.width, height: size.height, color: .white)
        Canvas(surface: kernel).drawOpaque(image, in: rect)
        let cairo = Fixture.solid(width: size.width, height: size.height, color: .white)
        Canvas(surface: cairo).draw(image, in: rect, filter: .fast)
        #expect(kernel.channelDifferences(to: cairo).max()! <= 2)
    }

    /// From a pyramid: the copy the pyramid picks, scaled by the kernel, against Cairo's
    /// bilinear fill from the same copy (``Canvas/draw(_:in:cornerRadius:alpha:)``), rounded
    /// corners included (Cairo draws those, the kernel the inside): within 3 levels, 98% of
    /// pixels within one.
    @Test(arguments: [0.8, 0.6, 0.3])
    func aPyramidDrawnOpaqueIsItsBilinearFill(scale: Double) {
        let pyramid = ImagePyramid(Fixture.image(width: 160, height: 120, seed: 41))
        let rect = Rect(x: 2.5, y: 1.25, width: 160 * scale, height: 120 * scale)
        let size = (width: Int(rect.maxX) + 4, height: Int(rect.maxY) + 4)
        let kernel = Fixture.solid(width: size.width, height: size.height, color: .white)
        Canvas(surface: kernel).drawOpaque(pyramid, in: rect, cornerRadius: 9)
        let cairo = Fixture.solid(width: size.width, height: size.height, color: .white)
        Canvas(surface: cairo).draw(pyramid, in: rect, cornerRadius: 9)
        // Shrunk, a sample's 1/128 weight can round the other way than pixman's (which steps
        // its positions along the row) on top of the kernel's own rounding between passes: on
        // this noise a few pixels are 3 levels off (3 of 7854 at 0.6), nearly all within one.
        let d = kernel.channelDifferences(to: cairo)
        #expect(d.max()! <= 3)
        #expect(d.filter { $0 <= 1 }.count * 100 >= d.count * 98,
                "within one level: \(d.filter { $0 <= 1 }.count) of \(d.count)")
    }
}
