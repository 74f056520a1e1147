import Geometry

/// Where a translated view may land at a fractional device scale.
///
/// A platform shows a promoted layer in a surface of its own placed at whole logical pixels
/// (a Wayland subsurface's position is an integer), and only a layer on whole device pixels
/// shows one layer pixel per device pixel. At 1.5 a whole logical pixel is a whole device pixel
/// only every 2 logical (3 device) pixels: a page translated by an odd number of logical pixels
/// could not be shown by its surface, the window would draw it itself that frame and hand it
/// back the next, copying it each time. So at such a scale a view's translation moves in steps
/// of that many logical pixels, in every drawing (frame, layer, snapshot) alike, whether or not
/// the platform promotes it: a moving page is always where its surface can be, and it looks
/// the same either way. A view without a translation is untouched; one left translated is at
/// most half a step from where its translation puts it, hit testing unchanged.
extension View {
    /// The logical pixels a translation moves by at `deviceScale`: the fewest whole logical
    /// pixels that are whole device pixels (2 at 1.5, 4 at 1.25, 3 at 4/3). 1 at a whole scale,
    /// and at a scale that would need more than 4 (its layers are then promoted only where
    /// they happen to land on such a pixel).
    static func translationStep(deviceScale: Double) -> Double {
        guard deviceScale != deviceScale.rounded() else { return 1 }
        for step in 2...4 {
            let device = Double(step) * deviceScale
            if abs(device - device.rounded()) < 1e-9 { return Double(step) }
        }
        return 1
    }

    /// What to add to this view's translation (logical pixels) so that it moves in whole
    /// ``translationStep(deviceScale:)``s: zero but for a pure translation at a fractional scale.
    func translationCorrection(deviceScale: Double) -> Point {
        let step = View.translationStep(deviceScale: deviceScale)
        let t = transform
        guard step > 1, t.a == 1, t.b == 0, t.c == 0, t.d == 1, t.tx != 0 || t.ty != 0 else { return .zero }
        return Point(x: View.snapped(t.tx / step) * step - t.tx, y: View.snapped(t.ty / step) * step - t.ty)
    }
}
