import Geometry
@testable import Segue
import Testing

/// The steps a translated view moves in at a fractional scale: the fewest whole logical pixels
/// that are whole device pixels (where a Wayland subsurface, positioned in whole logical pixels,
/// can show a layer exactly). Expected values: n logical pixels are n × scale device pixels.
@MainActor
@Suite struct TranslationStepTests {
    @Test func stepsAreTheFewestLogicalPixelsThatAreWholeDevicePixels() {
        #expect(View.translationStep(deviceScale: 1) == 1)
        #expect(View.translationStep(deviceScale: 2) == 1)
        #expect(View.translationStep(deviceScale: 1.5) == 2)    // 2 × 1.5 = 3
        #expect(View.translationStep(deviceScale: 2.5) == 2)    // 2 × 2.5 = 5
        #expect(View.translationStep(deviceScale: 1.25) == 4)   // 4 × 1.25 = 5
        #expect(View.translationStep(deviceScale: 160.0 / 120) == 3)  // 3 × 4/3 = 4
        // 1.1 needs 10 logical pixels (11 device): too coarse a step, so none.
        #expect(View.translationStep(deviceScale: 1.1) == 1)
    }

    @Test func aTranslationMovesToTheNearestStepAndAViewAtRestStays() {
        let view = View()
        view.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        #expect(view.translationCorrection(deviceScale: 1.5) == .zero)
        view.transform = AffineTransform(translationX: -301, y: 0)
        #expect(view.translationCorrection(deviceScale: 1.5) == Point(x: 1, y: 0))   // −300: 450 device px
        view.transform = AffineTransform(translationX: -302.5, y: 7)
        #expect(view.translationCorrection(deviceScale: 1.5) == Point(x: 0.5, y: 1))  // −302, 8
        #expect(view.translationCorrection(deviceScale: 2) == .zero, "whole scales keep every device pixel")
        view.transform = AffineTransform(a: 0.9, b: 0, c: 0, d: 0.9, tx: -301, ty: 0)
        #expect(view.translationCorrection(deviceScale: 1.5) == .zero, "only a pure translation")
    }
}
