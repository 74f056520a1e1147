import Geometry
import Canvas
import Motion

/// Which render optimisations are on. All are on by default; `segue-bench` turns them off
/// one at a time to show what each buys, measured in the same run.
package struct RenderFeatures: OptionSet, Sendable {
    /// The features as bits, in the order of the static members below.
    package let rawValue: Int
    /// Features from their bits (see ``rawValue``).
    package init(rawValue: Int) { self.rawValue = rawValue }

    /// Repaint only what changed (otherwise every frame repaints the whole window).
    package static let damage = RenderFeatures(rawValue: 1 << 0)
    /// Composite a translated subtree from one cached image of it.
    package static let layers = RenderFeatures(rawValue: 1 << 1)
    /// Skip what opaque views painted later hide.
    package static let occlusion = RenderFeatures(rawValue: 1 << 2)
    /// Opaque images at whole-pixel offsets replace instead of blending (a row copy).
    package static let opaqueCopy = RenderFeatures(rawValue: 1 << 3)

    /// Every optimisation (the default).
    package static let all: RenderFeatures = [.damage, .layers, .occlusion, .opaqueCopy]
}

/// What one ``Window/draw(into:region:)`` did: how much it painted and what it re-rendered.
package struct FrameReport: Sendable {
    /// Device pixels of the region repainted.
    package var regionPixels = 0.0
    /// Device pixels painted by views and the background (at most; clipped to the region):
    /// over `regionPixels`, the overdraw.
    package var paintedPixels = 0.0
    /// Views whose cached content was composited, and those skipped as hidden by opaque ones.
    package var contentsDrawn = 0
    /// Views whose content was skipped because opaque views painted later hide it.
    package var contentsHidden = 0
    /// Flattened layers composited, and those re-rendered first.
    package var layersDrawn = 0
    /// Flattened layers re-rendered before they were composited (their subtree changed).
    package var layersRendered = 0
    /// Layers the platform shows in surfaces of their own (``Window/promotedLayers``): left
    /// out of this frame.
    package var layersPromoted = 0
}

/// What one frame's render knows about a view; filled by the geometry pass
/// (``View/updateGeometry(parent:clip:canOcclude:pass:)``), read while compositing.
struct RenderState {
    /// Something about the view changed since the last frame: damage its old and new rectangles.
    var needsDamage = true
    /// The flattened layer still shows the subtree as it is.
    var layerIsValid = false
    /// The subtree drawn flat, while the view moves by a translation.
    var layer: Surface?
    var layerScale = 0.0
    /// Bumped whenever the layer's pixels are re-rendered (unique across layers).
    var layerGeneration = 0
    var usesLayer = false
    /// The platform shows the layer in a surface of its own this frame: the window's own
    /// frame leaves the subtree out (see ``LayerPromotion``).
    var isPromoted = false
    /// An identity for the platform's surface of this layer, given at the first promotion.
    var layerID = 0
    /// The transform to device pixels has no rotation or skew: ``ownRect`` is exact, not a
    /// bounding box.
    var isAxisAligned = false
    /// Opaque background, square corners, alpha 1: nothing below shows through its bounds.
    var isOpaque = false
    /// The bounds on screen, in device pixels (bounding box); nil when not drawn.
    var ownRect: Rect?
    /// Everything the subtree may paint, clipped, in device pixels; nil when nothing.
    var subtreeRect: Rect?
    /// ``subtreeRect`` as it was in the frame before.
    var previousSubtreeRect: Rect?
    /// Painter's order of the view's own content, and one past its last descendant's.
    var paintIndex = 0
    var subtreeEnd = 0
    /// This frame, the part of the view's fill (device pixels, whole) already blended into the
    /// still page below it (``View/compositeDimmed(by:into:pass:)``): its own paint leaves it out.
    var fusedRect: Rect?
    /// How many times this view's content was drawn (tests count them).
    var contentDraws = 0
    /// Something below this view changed since its subviews were last walked (a descendant's
    /// geometry or content, or the subview list itself): their measured geometry is stale.
    var descendantsChanged = true
    /// ``subtreeRect`` before the clip: what the subtree would paint with nothing cut away.
    var unclippedSubtreeRect: Rect?
    /// This view or one below it turns in perspective (``View/rotationY``).
    var subtreeTurns = false
    /// What the latest full walk of the subviews left for the frames that skip them.
    var childWalk: ChildWalk?
}

/// What walking a layered view's subviews measured, kept so that a frame in which nothing below
/// the view changed skips them (``View/updateGeometry(parent:clip:canOcclude:pass:)``): a
/// moving page's hundreds of rows are then not visited every frame of a swipe.
struct ChildWalk {
    /// The view's transform to device pixels (its translation) at the walk: the subviews'
    /// rectangles move with it, by whole device pixels.
    var origin: Point
    var deviceScale: Double
    var features: RenderFeatures
    var canOcclude: Bool
    /// Paint indices the subviews took.
    var paintCount: Int
    /// The subviews' opaque rectangles, relative to ``origin`` and to the view's paint index.
    var occluders: [(rect: Rect, indexOffset: Int)]
    /// Every subview's unclipped subtree lay inside the view's bounds, wherever it moves.
    var contained: Bool
    /// Frames have skipped the subviews since: their own render state is out of date.
    var skipped = false
}

/// One frame's render: the damage collected by the geometry pass, the region being
/// repaired, and the opaque rectangles later views paint. Owned by the window and reused,
/// so a steady frame allocates nothing.
@MainActor
final class FramePass {
    enum Visibility { case hidden, whole, partial }

    private struct Occluder {
        var rect: Rect
        var paintIndex: Int
    }

    var features = RenderFeatures.all
    var deviceScale = 1.0
    var windowRect = Rect.zero
    /// The region being repainted this frame, in device pixels.
    var region = Rect.zero
    /// The union of what changed, in device pixels.
    private(set) var damage = Rect.zero
    /// Each damaged rectangle with the paint index of the view that reported it, so that what
    /// promoted layers did can be taken out again (``excludeDamage(paintedIn:adding:)``).
    private var damageEntries: [(rect: Rect, paintIndex: Int)] = []
    private var isFullDamage = false
    var nextIndex = 0
    /// How many views the latest frame's geometry walk visited: what a frame pass that skips
    /// unchanged subtrees (issue 30, item 2) is to keep independent of the page's size.
    package private(set) var viewsVisited = 0
    /// What this frame painted (for tests and the bench).
    var report = FrameReport()
    private var occluders: [Occluder] = []
    /// After a `.partial` answer from ``visibility(of:paintedAt:)``: the visible pieces.
    private(set) var visiblePieces: [Rect] = []
    private var scratch: [Rect] = []

    /// Counts one view the geometry walk entered.
    func visit() { viewsVisited += 1 }

    func begin(deviceScale: Double, windowRect: Rect) {
        self.deviceScale = deviceScale
        self.windowRect = windowRect
        damage = .zero
        viewsVisited = 0
        damageEntries.removeAll(keepingCapacity: true)
        isFullDamage = false
        nextIndex = 0
        report = FrameReport()
        occluders.removeAll(keepingCapacity: true)
    }

    /// Layer surfaces no view uses any more, kept for the next layer of the same size: a
    /// transition then neither allocates nor faults in fresh pages. At most two are kept, and
    /// only until the window is idle (``dropSpareSurfaces()``).
    private var spareSurfaces: [Surface] = []

    /// Whether spare layer surfaces hold memory.
    var hasSpareSurfaces: Bool { !spareSurfaces.isEmpty }

    /// Frees the spare layer surfaces (a full-window layer is megabytes; their memory goes
    /// back to the system, see `Surface`).
    func dropSpareSurfaces() { spareSurfaces.removeAll() }

    func recycle(_ surface: Surface) {
        if spareSurfaces.count >= 2 { spareSurfaces.removeFirst() }
        spareSurfaces.append(surface)
    }

    /// A surface for a layer: a spare one of that size (old pixels left in it), or a new one.
    func layerSurface(width: Int, height: Int) -> Surface {
        if let index = spareSurfaces.firstIndex(where: { $0.width == width && $0.height == height }) {
            return spareSurfaces.remove(at: index)
        }
        return Surface(width: width, height: height)
    }

    /// `rect` changed on screen; `paintIndex` names the view that says so (see ``damageEntries``).
    func damage(_ rect: Rect, by paintIndex: Int) {
        let clipped = rect.intersection(windowRect)
        guard !clipped.isEmpty else { return }
        damage = damage.union(clipped.roundedOut)
        damageEntries.append((clipped.roundedOut, paintIndex))
    }

    func damageAll() {
        damage = windowRect
        isFullDamage = true
    }

    /// Recomputes ``damage`` without what views painted in `ranges` (paint indices of promoted
    /// subtrees, which the platform moves and updates itself), plus `extra` rectangles.
    func excludeDamage(paintedIn ranges: [Range<Int>], adding extra: [Rect]) {
        guard !isFullDamage else { return }
        damage = .zero
        for entry in damageEntries where !ranges.contains(where: { $0.contains(entry.paintIndex) }) {
            damage = damage.union(entry.rect)
        }
        for rect in extra {
            let clipped = rect.intersection(windowRect)
            if !clipped.isEmpty { damage = damage.union(clipped.roundedOut) }
        }
    }

    /// Forgets the occluders painted in `ranges`: promoted layers hide nothing in the window's
    /// own frame, which must hold the right pixels under them.
    func removeOccluders(paintedIn ranges: [Range<Int>]) {
        occluders.removeAll { occluder in ranges.contains { $0.contains(occluder.paintIndex) } }
    }

    /// A new value for ``RenderState/layerGeneration``.
    func nextLayerGeneration() -> Int {
        FramePass.layerGenerations += 1
        return FramePass.layerGenerations
    }
    private static var layerGenerations = 0

    /// How many occluders this frame has so far: where a subtree's own begin.
    var occluderCount: Int { occluders.count }

    /// The occluders added since `start`, relative to `origin` and paint index `base`.
    func occluders(since start: Int, origin: Point, base: Int) -> [(rect: Rect, indexOffset: Int)] {
        occluders[start...].map { (rect: $0.rect.offsetBy(dx: -origin.x, dy: -origin.y), indexOffset: $0.paintIndex - base) }
    }

    /// Adds occluders recorded by ``occluders(since:origin:base:)`` again at `origin` and
    /// `base`, cut to `clip` (a part the clip cut off before stays off: less hidden, never wrong).
    func replayOccluders(_ recorded: [(rect: Rect, indexOffset: Int)], origin: Point, base: Int, clip: Rect) {
        for occluder in recorded {
            let rect = occluder.rect.offsetBy(dx: origin.x, dy: origin.y).intersection(clip)
            if !rect.isEmpty { addOccluder(rect, paintedAt: base + occluder.indexOffset) }
        }
    }

    func addOccluder(_ rect: Rect, paintedAt index: Int) {
        guard features.contains(.occlusion) else { return }
        occluders.append(Occluder(rect: rect, paintIndex: index))
    }

    /// How much of `rect` (device pixels) is left to see inside ``region`` once everything
    /// opaque painted after `index` covers it. `.partial` leaves the pieces in ``visiblePieces``.
    func visibility(of rect: Rect, paintedAt index: Int) -> Visibility {
        let answer = computeVisibility(of: rect, paintedAt: index)
        switch answer {
        case .hidden: report.contentsHidden += 1
        case .whole: report.paintedPixels += rect.intersection(region).area
        case .partial: for piece in visiblePieces { report.paintedPixels += piece.area }
        }
        return answer
    }

    private func computeVisibility(of rect: Rect, paintedAt index: Int) -> Visibility {
        let target = rect.intersection(region)
        guard !target.isEmpty else { return .hidden }
        visiblePieces.removeAll(keepingCapacity: true)
        visiblePieces.append(target)
        var cut = false
        for occluder in occluders where occluder.paintIndex > index && occluder.rect.intersects(target) {
            scratch.removeAll(keepingCapacity: true)
            for piece in visiblePieces {
                piece.subtracting(occluder.rect, into: &scratch)
            }
            swap(&visiblePieces, &scratch)
            cut = true
            if visiblePieces.isEmpty { return .hidden }
            // Many small pieces cost more to clip than the overdraw they save.
            if visiblePieces.count > 16 { return .whole }
        }
        return cut ? .partial : .whole
    }
}

extension Rect {
    var area: Double { isEmpty ? 0 : width * height }

    /// Whether the two overlap in an area.
    func intersects(_ other: Rect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    /// Whether `other` lies inside this rectangle.
    func containsRect(_ other: Rect) -> Bool {
        other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
    }

    /// The smallest whole-pixel rectangle containing this one.
    var roundedOut: Rect {
        let x0 = minX.rounded(.down), y0 = minY.rounded(.down)
        return Rect(x: x0, y: y0, width: maxX.rounded(.up) - x0, height: maxY.rounded(.up) - y0)
    }

    /// Appends this rectangle minus `hole` as up to four non-overlapping pieces.
    func subtracting(_ hole: Rect, into pieces: inout [Rect]) {
        guard intersects(hole) else { pieces.append(self); return }
        let top = max(minY, hole.minY), bottom = min(maxY, hole.maxY)
        if hole.minY > minY { pieces.append(Rect(x: minX, y: minY, width: width, height: hole.minY - minY)) }
        if hole.maxY < maxY { pieces.append(Rect(x: minX, y: hole.maxY, width: width, height: maxY - hole.maxY)) }
        if hole.minX > minX { pieces.append(Rect(x: minX, y: top, width: hole.minX - minX, height: bottom - top)) }
        if hole.maxX < maxX { pieces.append(Rect(x: hole.maxX, y: top, width: maxX - hole.maxX, height: bottom - top)) }
    }
}

extension AffineTransform {
    /// The bounding box of `rect` under this transform.
    func boundingBox(of rect: Rect) -> Rect {
        if b == 0, c == 0 {
            let x0 = a * rect.minX + tx, x1 = a * rect.maxX + tx
            let y0 = d * rect.minY + ty, y1 = d * rect.maxY + ty
            return Rect(x: min(x0, x1), y: min(y0, y1), width: abs(x1 - x0), height: abs(y1 - y0))
        }
        let corners = (apply(to: Point(x: rect.minX, y: rect.minY)), apply(to: Point(x: rect.maxX, y: rect.minY)),
                       apply(to: Point(x: rect.minX, y: rect.maxY)), apply(to: Point(x: rect.maxX, y: rect.maxY)))
        let x0 = min(corners.0.x, corners.1.x, corners.2.x, corners.3.x)
        let x1 = max(corners.0.x, corners.1.x, corners.2.x, corners.3.x)
        let y0 = min(corners.0.y, corners.1.y, corners.2.y, corners.3.y)
        let y1 = max(corners.0.y, corners.1.y, corners.2.y, corners.3.y)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
