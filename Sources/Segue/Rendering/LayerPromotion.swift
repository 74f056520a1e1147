import Geometry
import Canvas
import Motion

/// A flattened layer that the platform may show in a surface of its own (a Wayland
/// subsurface), moved by the compositor, as Core Animation moves layers: the window's own
/// frame then leaves it out. See ``Window/promotesLayers``.
///
/// Showing ``surface`` with its top-left pixel at ``rect``'s origin, cropped to
/// ``visibleRect``, above the window's frame and above every promoted layer with a smaller
/// ``paintOrder``, gives exactly the pixels the window would have drawn itself.
package struct PromotedLayer {
    /// Stable for as long as the view lives: the platform keeps one surface per id.
    package let id: Int
    /// The subtree's pixels (premultiplied ARGB32, `rect.size`). Read them before the next
    /// frame: the window may re-render or recycle the surface then.
    package let surface: Surface
    /// Changes whenever the pixels of ``surface`` change; equal generations, equal pixels.
    package let generation: Int
    /// Where the whole layer lands, in device pixels (whole pixels, the size of ``surface``).
    package let rect: Rect
    /// The part of ``rect`` that shows (inside the window and every ancestor's clip), in
    /// device pixels; whole pixels, never empty.
    package let visibleRect: Rect
    /// Painter's order: a larger one is above.
    package let paintOrder: Int
    /// Every pixel of ``surface`` is opaque (an opaque background fills the layer).
    package let isOpaque: Bool
}

/// Decides, per frame, which flattened layers the platform shows itself: a moving page's, or
/// that of a view standing still that asks for one while layers are promoted (the tab bar
/// during a switch, ``View/ownsLayerWhenPromoted``).
///
/// A layer is promoted only where that is exactly equivalent on screen:
/// - it is the outermost layer on its path (no ancestor composites as a layer, a transparency
///   group or a perspective flip) and its alpha is 1 (subsurfaces have no opacity here);
/// - it lands at whole device pixels, one layer pixel per device pixel (``View`` uses a layer
///   only for a translation at device scale), and its size is whole device pixels;
/// - every ancestor's clip is a rectangle on whole device pixels (no rounded corners, no rotation);
/// - nothing the window itself paints later in paint order overlaps its visible rectangle
///   (the platform shows promoted layers above the window's surface); later promoted layers
///   may, the platform stacks them in paint order;
/// - at a device scale above 1, its visible rectangle and origin are whole logical pixels
///   (Wayland positions subsurfaces in logical pixels). At a fractional scale a translated view
///   moves in steps that are whole logical and device pixels alike (View+MotionSteps.swift), so
///   a moving page stays promoted in every frame of a move.
///
/// The window's frame then draws everything else, including what lies under promoted
/// layers (they hide nothing), and its damage leaves out what promoted subtrees did: a pure
/// move of a promoted layer damages nothing at all. A layer that becomes promoted damages its
/// old and new rectangles once (the window stops drawing it); one that stops being promoted
/// damages its rectangle (the window draws it again).
@MainActor
final class LayerPromotion {
    private enum Item {
        /// Pixels the window itself paints.
        case content(Rect)
        /// A layer that may be promoted, with its visible rectangle.
        case candidate(View, Rect)
    }

    private(set) var layers: [PromotedLayer] = []
    /// This frame's promoted views (paint order) with their visible rectangles.
    private var promoted: [(view: View, visible: Rect)] = []
    private var items: [Item] = []
    private var later: [Rect] = []
    private static var nextID = 0

    /// Decides this frame's promoted layers after the geometry pass, takes their damage and
    /// occlusion out of `pass`, and renders the layers that changed. `roots` in paint order.
    func update(roots: [View], enabled: Bool, pass: FramePass) {
        let previous = promoted.map(\.view)
        for view in previous { view.render.isPromoted = false }
        promoted.removeAll(keepingCapacity: true)
        layers.removeAll(keepingCapacity: true)
        guard enabled || !previous.isEmpty else { return }

        if enabled {
            items.removeAll(keepingCapacity: true)
            for root in roots {
                collect(root, clip: pass.windowRect, clipIsExact: true, scale: pass.deviceScale)
            }
            // Back to front: a candidate is promoted when nothing the window paints later overlaps it.
            later.removeAll(keepingCapacity: true)
            for item in items.reversed() {
                switch item {
                case .content(let rect):
                    later.append(rect)
                case .candidate(let view, let visible):
                    if later.contains(where: { $0.intersects(visible) }) {
                        later.append(view.render.subtreeRect ?? visible)
                    } else {
                        view.render.isPromoted = true
                        promoted.append((view, visible))
                    }
                }
            }
            promoted.reverse()
        }

        var extra: [Rect] = []
        for (view, _) in promoted where !previous.contains(where: { $0 === view }) {
            // The window drew it last frame: that goes, and what lies under it is drawn now.
            if let old = view.render.previousSubtreeRect { extra.append(old) }
            if let new = view.render.subtreeRect { extra.append(new) }
        }
        for view in previous where !promoted.contains(where: { $0.view === view }) {
            // The window draws it again where it is now (its old place shows what lies under it).
            if let rect = view.render.subtreeRect { extra.append(rect) }
        }
        let ranges = promoted.map { $0.view.render.paintIndex..<$0.view.render.subtreeEnd }
        pass.excludeDamage(paintedIn: ranges, adding: extra)
        pass.removeOccluders(paintedIn: ranges)
        pass.report.layersPromoted = promoted.count

        for (view, visible) in promoted {
            view.prepareLayer(deviceScale: pass.deviceScale, pass: pass)
            guard let surface = view.render.layer, let rect = view.render.ownRect else { continue }
            if view.render.layerID == 0 {
                LayerPromotion.nextID += 1
                view.render.layerID = LayerPromotion.nextID
            }
            // A layer that stands still (the tab bar) is not declared opaque: with the moving
            // pages it would cover the window's whole surface, and a compositor may then treat
            // that surface as hidden and throttle its frame callbacks (mutter 48 fullscreen: one
            // frame a second).
            layers.append(PromotedLayer(id: view.render.layerID, surface: surface, generation: view.render.layerGeneration,
                                        rect: rect, visibleRect: visible, paintOrder: view.render.paintIndex,
                                        isOpaque: view.render.isOpaque && !view.ownsLayerWhenPromoted))
        }
    }

    /// Lists, in paint order, what the window paints and which layers could be promoted.
    private func collect(_ view: View, clip: Rect, clipIsExact: Bool, scale: Double) {
        guard let subtree = view.render.subtreeRect, let own = view.render.ownRect else { return }
        if view.render.usesLayer {
            let visible = own.intersection(clip)
            if clipIsExact, view.alpha >= 1, view.render.isAxisAligned, !visible.isEmpty,
               own.isWhole(scale: 1), visible.isWhole(scale: scale), own.origin.isWhole(scale: scale),
               DevicePixels.surfaceSize(view.frame.size, scale: scale) == (Int(own.width), Int(own.height)) {
                // subtreeRect is own ∩ clip for a layer (it clips or contains its subtree).
                items.append(.candidate(view, visible))
            } else {
                items.append(.content(subtree))
            }
            return
        }
        if view.rotationY != 0 || (view.alpha < 1 && !view.subviews.isEmpty) {
            // A perspective flip or a transparency group: drawn as a whole by the window.
            items.append(.content(subtree))
            return
        }
        if view.hasContent {
            let rect = own.intersection(clip)
            if !rect.isEmpty { items.append(.content(rect)) }
        }
        var childClip = clip, childClipIsExact = clipIsExact
        if view.clipsToBounds {
            childClip = clip.intersection(own)
            childClipIsExact = clipIsExact && view.cornerRadius == 0 && view.render.isAxisAligned && own.isWhole(scale: 1)
        }
        for subview in view.subviews {
            collect(subview, clip: childClip, clipIsExact: childClipIsExact, scale: scale)
        }
    }
}

extension Rect {
    /// Origin and size are whole multiples of `scale`.
    fileprivate func isWhole(scale: Double) -> Bool {
        origin.isWhole(scale: scale) && (width / scale).rounded() == width / scale
            && (height / scale).rounded() == height / scale
    }
}

extension Point {
    fileprivate func isWhole(scale: Double) -> Bool {
        (x / scale).rounded() == x / scale && (y / scale).rounded() == y / scale
    }
}
