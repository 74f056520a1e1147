import SegueKit

extension Canvas {
    /// Draws `picture` over `rect` (user space). Where it lands at its own size on the device
    /// (within a pixel: the decoder rounds), it is copied pixel for pixel with its origin on the
    /// device's pixel grid; otherwise (a zoom in motion, a picture still to come at its size) it
    /// is scaled bilinearly, as a box filter's cost in every frame would buy nothing visible.
    func drawPixelExact(_ picture: Surface, in rect: Rect) {
        let m = transform
        let device = Rect(x: m.tx + rect.minX * m.a, y: m.ty + rect.minY * m.d,
                          width: rect.width * m.a, height: rect.height * m.d)
        guard m.b == 0, m.c == 0, m.a > 0, m.d > 0,
              abs(device.width - Double(picture.width)) <= 1, abs(device.height - Double(picture.height)) <= 1 else {
            draw(picture, in: rect, filter: .fast)
            return
        }
        withSavedState {
            transform = .identity
            draw(picture, at: Point(x: device.minX.rounded(), y: device.minY.rounded()))
        }
    }
}
