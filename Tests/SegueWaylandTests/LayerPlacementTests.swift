import Geometry
@testable import SegueWayland
import Testing

/// Where a promoted layer's subsurface goes, offscreen: the requests' arithmetic against the
/// protocols' definitions. wp_fractional_scale_v1: the preferred scale is N/120, the buffer is
/// ⌈scale × size⌉ pixels at buffer scale 1. wp_viewport: the source is in surface-local
/// coordinates (buffer pixels ÷ buffer scale), the destination the surface's logical size.
/// wl_subsurface.set_position: whole logical pixels of the parent surface.
@Suite struct LayerPlacementTests {
    private let oneAndAHalf = SurfaceScale.fractional(numerator: 180)

    private func placement(_ rect: Rect, visible: Rect? = nil, _ scale: SurfaceScale) -> LayerPlacement {
        LayerPlacement(layerRect: rect, visibleRect: visible ?? rect, scale: scale)
    }

    @Test func atOneAndAHalfALayerShowsItsWholeBufferAtItsLogicalSize() {
        // A 1280×800 logical layer at logical (200, 100): ⌈1.5 × 1280⌉ × ⌈1.5 × 800⌉ = 1920×1200
        // buffer pixels from device pixel (300, 150).
        let p = placement(Rect(x: 300, y: 150, width: 1920, height: 1200), oneAndAHalf)
        #expect(p.bufferScale == 1)
        #expect(p.source == Rect(x: 0, y: 0, width: 1920, height: 1200))
        #expect(p.destinationWidth == 1280 && p.destinationHeight == 800)
        #expect(p.x == 200 && p.y == 100)
    }

    @Test func atOneAndAHalfACropIsInBufferPixelsAndItsDestinationInLogicalOnes() {
        // The left 30 device pixels (20 logical) and bottom 150 (100 logical) clipped away.
        let layer = Rect(x: 300, y: 150, width: 1920, height: 1200)
        let p = placement(layer, visible: Rect(x: 330, y: 150, width: 1890, height: 1050), oneAndAHalf)
        #expect(p.source == Rect(x: 30, y: 0, width: 1890, height: 1050))
        #expect(p.destinationWidth == 1260 && p.destinationHeight == 700)
        #expect(p.x == 220 && p.y == 100)
    }

    @Test func atIntegerScaleTwoTheSourceIsInSurfaceCoordinates() {
        let layer = Rect(x: 100, y: 40, width: 2048, height: 1200)
        let p = placement(layer, visible: Rect(x: 140, y: 40, width: 2008, height: 1000), .integer(2))
        #expect(p.bufferScale == 2)
        #expect(p.source == Rect(x: 20, y: 0, width: 1004, height: 500))
        #expect(p.destinationWidth == 1004 && p.destinationHeight == 500)
        #expect(p.x == 70 && p.y == 20)
    }

    @Test func preferredScale120MakesTheRequestsOfIntegerScaleOne() {
        let cases: [(Rect, Rect)] = [
            (Rect(x: 0, y: 0, width: 1024, height: 651), Rect(x: 0, y: 0, width: 1024, height: 651)),
            (Rect(x: -337, y: 70, width: 1024, height: 651), Rect(x: 0, y: 70, width: 687, height: 600)),
            (Rect(x: 711, y: 95, width: 1024, height: 651), Rect(x: 711, y: 95, width: 313, height: 599)),
            (Rect(x: 24, y: 24, width: 1, height: 1), Rect(x: 24, y: 24, width: 1, height: 1)),
        ]
        for (layer, visible) in cases {
            let fractional = placement(layer, visible: visible, .fractional(numerator: 120))
            let integer = placement(layer, visible: visible, .integer(1))
            #expect(fractional == integer, "\(layer) showing \(visible)")
            #expect(fractional.x == Int32(visible.minX) && fractional.destinationWidth == Int32(visible.width))
        }
    }

    @Test func offTheLogicalGridEachEdgeGoesToTheNearestLogicalPixel() {
        // Device pixel 301 is logical 200.67 at 1.5 (no whole logical pixel lands there): the
        // nearest, 201. Two layers that touch at device pixel 301 still touch on screen.
        let left = placement(Rect(x: -1235, y: 0, width: 1536, height: 900),
                             visible: Rect(x: 0, y: 0, width: 301, height: 900), oneAndAHalf)
        let right = placement(Rect(x: 301, y: 0, width: 1536, height: 900),
                              visible: Rect(x: 301, y: 0, width: 1235, height: 900), oneAndAHalf)
        #expect(left.x == 0 && left.destinationWidth == 201)
        #expect(right.x == 201 && right.destinationWidth == 1024 - 201)
        #expect(left.x + left.destinationWidth == right.x)
    }

    @Test func aSliverKeepsOneLogicalPixelAsWpViewportForbidsZero() {
        // Device pixels 301..302 are logical 200.67..201.33: both edges round to 201.
        let p = placement(Rect(x: 0, y: 0, width: 600, height: 600),
                          visible: Rect(x: 301, y: 0, width: 1, height: 600), oneAndAHalf)
        #expect(p.destinationWidth == 1 && p.destinationHeight == 400)
    }

    @Test func atOneAndAQuarterFiveDevicePixelsAreFourLogicalOnes() {
        let p = placement(Rect(x: 25, y: 50, width: 1280, height: 1000), .fractional(numerator: 150))
        #expect(p.source == Rect(x: 0, y: 0, width: 1280, height: 1000))
        #expect(p.destinationWidth == 1024 && p.destinationHeight == 800)
        #expect(p.x == 20 && p.y == 40)
    }

    /// wp_viewport: with no destination set, the surface's size is the source rectangle's
    /// (which must then be whole). Wherever the crop in surface coordinates already is the
    /// logical size — integer buffer scales, and preferred scale 120 — the layer needs no
    /// destination; at 1.5 the crop is in device pixels and the size in logical ones.
    @Test func aDestinationIsNeededOnlyWhereTheCropIsNotTheLogicalSize() {
        let layer = Rect(x: 0, y: 0, width: 1200, height: 800), visible = Rect(x: 300, y: 0, width: 900, height: 600)
        let atTwo = placement(layer, visible: visible, .integer(2))
        #expect(atTwo.source.width == 450 && atTwo.destinationWidth == 450 && !atTwo.needsDestination)
        let at120 = placement(layer, visible: visible, .fractional(numerator: 120))
        #expect(at120.source.width == 900 && at120.destinationWidth == 900 && !at120.needsDestination)
        let atOneAndAHalf = placement(layer, visible: visible, oneAndAHalf)
        #expect(atOneAndAHalf.source.width == 900 && atOneAndAHalf.destinationWidth == 600 && atOneAndAHalf.needsDestination)
    }
}
