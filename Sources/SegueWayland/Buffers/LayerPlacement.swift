import Geometry

/// How the window's surface maps its buffer to logical (surface) coordinates, which its layer
/// subsurfaces must share so that a layer lands on the window's own pixels.
enum SurfaceScale: Equatable {
    /// `wl_surface.set_buffer_scale(n)`: n buffer pixels per logical pixel.
    case integer(Int32)
    /// `wp_fractional_scale_v1.preferred_scale` (the scale × 120): buffers at buffer scale 1,
    /// exactly ⌈scale × size⌉ pixels, shown at their logical size through a `wp_viewport`.
    case fractional(numerator: UInt32)

    /// Device pixels per logical pixel.
    var devicePixelsPerLogical: Double {
        switch self {
        case .integer(let scale): Double(scale)
        case .fractional(let numerator): Double(numerator) / 120
        }
    }

    /// What `wl_surface.set_buffer_scale` gets: the viewport does the scaling when fractional.
    var bufferScale: Int32 {
        switch self {
        case .integer(let scale): scale
        case .fractional: 1
        }
    }
}

/// The requests that show one promoted layer in its subsurface: its buffer scale, the
/// `wp_viewport` source crop (the layer's visible part) and destination (its logical size),
/// and the `wl_subsurface.set_position` in the parent surface's logical coordinates.
///
/// The layer's rectangles are in the window buffer's device pixels. A subsurface's position and
/// its destination size are whole logical pixels (wl_subsurface and wp_viewport take integers),
/// so the visible rectangle's edges are rounded to the nearest logical pixel, each edge on its
/// own: layers that touch in device pixels still touch on screen. Where the edges already are
/// whole logical pixels — every edge at scale 1, and what ``Segue/Window`` promotes at any
/// other scale — the layer lands exactly on the device pixels the window would have drawn it
/// on, one buffer pixel per device pixel, and the compositor resamples nothing. At
/// preferred scale 120 (1.0) the requests are those of integer scale 1.
struct LayerPlacement: Equatable {
    /// `wl_surface.set_buffer_scale` of the layer's surface.
    var bufferScale: Int32
    /// `wp_viewport.set_source`: the visible part of the buffer, in the layer surface's
    /// coordinates (buffer pixels ÷ buffer scale).
    var source: Rect
    /// `wp_viewport.set_destination`, logical pixels.
    var destinationWidth: Int32
    var destinationHeight: Int32
    /// `wl_subsurface.set_position`, logical pixels of the parent surface.
    var x: Int32
    var y: Int32

    /// Whether the viewport needs a destination at all: not where the source crop already is
    /// the logical size (integer scales, and preferred scale 120). There the layer unsets it
    /// (`set_destination(-1, -1)`), and the surface's size is the source's by the protocol,
    /// so no compositor can pair a new crop with an old size: mutter 48 showed frames with
    /// a layer's new source and position but its previous destination (issue 33).
    var needsDestination: Bool {
        source.width != Double(destinationWidth) || source.height != Double(destinationHeight)
    }

    /// The placement of a layer drawn at `layerRect` with `visibleRect` showing (device pixels
    /// of a buffer that the window's surface shows at `scale`).
    init(layerRect: Rect, visibleRect visible: Rect, scale: SurfaceScale) {
        let perLogical = scale.devicePixelsPerLogical
        let bufferScale = Double(scale.bufferScale)
        self.bufferScale = scale.bufferScale
        source = Rect(x: (visible.minX - layerRect.minX) / bufferScale, y: (visible.minY - layerRect.minY) / bufferScale,
                      width: visible.width / bufferScale, height: visible.height / bufferScale)
        let left = LayerPlacement.logical(visible.minX, perLogical), right = LayerPlacement.logical(visible.maxX, perLogical)
        let top = LayerPlacement.logical(visible.minY, perLogical), bottom = LayerPlacement.logical(visible.maxY, perLogical)
        x = left
        y = top
        // A destination of 0 is a protocol error (bad_value): a sliver keeps one logical pixel.
        destinationWidth = max(1, right - left)
        destinationHeight = max(1, bottom - top)
    }

    /// The nearest logical pixel to device pixel `device`.
    private static func logical(_ device: Double, _ perLogical: Double) -> Int32 {
        Int32((device / perLogical).rounded())
    }
}
