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
    @Test(arguments: [(120, 90, 123.5, 91.25), (120, 90, 110.2, 84.6), (61, 37, 163.0, 98.7), (45, 30, 120.0, 80.0)])
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
}
