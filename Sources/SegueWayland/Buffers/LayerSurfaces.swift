import Geometry
import Canvas
import CWayland
import CWaylandProtocols
import Glibc
import Motion
import Segue

/// The window's promoted layers (``Segue/PromotedLayer``), each shown in a `wl_subsurface` of
/// the window's surface with a buffer of its own, so that moving a layer is a
/// `wl_subsurface.set_position` and the compositor moves the pixels, as Core Animation does.
///
/// - Sync mode (the default): everything set here is applied by the parent's next commit,
///   together with the window's own frame, atomically.
/// - A layer's pixels are copied into one of its buffers only when its generation changes;
///   a pure move copies nothing.
/// - `wp_viewport` crops the buffer to the layer's visible rectangle (its ancestors' clip) and
///   gives its logical size: at a fractional scale the buffer is the layer's device pixels at
///   buffer scale 1, like the window's own (``LayerPlacement``).
/// - Layers are stacked in paint order above the window's surface (`place_above`).
/// - An empty input region: input keeps going to the window's surface, coordinates unchanged.
/// - A layer no longer promoted is hidden by attaching no buffer (applied with the parent's
///   commit, so it never vanishes a frame early); up to ``maximumSpares`` hidden ones are kept
///   for the next transition's layers, the others destroyed one update later.
@MainActor
final class LayerSurfaces {
    static let maximumSpares = 2

    @MainActor
    private final class Entry {
        let surface: OpaquePointer
        let subsurface: OpaquePointer
        let viewport: OpaquePointer
        let pool: ShmBufferPool
        var id = 0
        var generation = -1
        var scale: SurfaceScale?
        var placement: LayerPlacement?
        var isOpaque: Bool?

        init(surface: OpaquePointer, subsurface: OpaquePointer, viewport: OpaquePointer, pool: ShmBufferPool) {
            self.surface = surface
            self.subsurface = subsurface
            self.viewport = viewport
            self.pool = pool
        }

        func destroy() {
            wp_viewport_destroy(viewport)
            wl_subsurface_destroy(subsurface)
            wl_surface_destroy(surface)
            pool.retireAll()
        }
    }

    private let compositor: OpaquePointer
    private let subcompositor: OpaquePointer
    private let viewporter: OpaquePointer
    private let shm: OpaquePointer
    private let parent: OpaquePointer
    /// Shown in the last update, bottom to top.
    private var shown: [Entry] = []
    private var spares: [Entry] = []
    /// Hidden by the last update beyond the spares: destroyed at the next one, after the
    /// parent's commit applied the hiding.
    private var retiring: [Entry] = []
    /// Pools of destroyed subsurfaces whose last buffer the compositor has not released yet.
    private var draining: [ShmBufferPool] = []

    /// Counters for the stats: bytes copied into layer buffers, and how many copies.
    private(set) var bytesCopied = 0
    private(set) var uploads = 0
    /// Subsurfaces alive now (shown, spare or retiring): tests check that they do not pile up.
    var surfaceCount: Int { shown.count + spares.count + retiring.count }
    /// Their shm buffers.
    var bufferCount: Int { (shown + spares + retiring).reduce(0) { $0 + $1.pool.allocatedCount } }

    init(compositor: OpaquePointer, subcompositor: OpaquePointer, viewporter: OpaquePointer, shm: OpaquePointer,
         parent: OpaquePointer) {
        self.compositor = compositor
        self.subcompositor = subcompositor
        self.viewporter = viewporter
        self.shm = shm
        self.parent = parent
    }

    /// Destroys every subsurface (viewport, subsurface, surface) and every buffer, those the
    /// compositor still holds too: the parent surface goes next.
    func destroy() {
        for entry in shown + spares + retiring {
            entry.destroy()
            entry.pool.destroyAll()
        }
        for pool in draining { pool.destroyAll() }
        shown.removeAll()
        spares.removeAll()
        retiring.removeAll()
        draining.removeAll()
        shownIDs.removeAll()
    }

    /// The surface of the topmost shown layer that covers all of `rect` (device pixels of the
    /// parent's buffer) with opaque pixels, if any: the parent is hidden under it then.
    func surfaceHiding(_ rect: Rect, among layers: [PromotedLayer]) -> OpaquePointer? {
        guard let layer = layers.filter({ $0.isOpaque }).max(by: { $0.paintOrder < $1.paintOrder }),
              layer.visibleRect.minX <= rect.minX, layer.visibleRect.minY <= rect.minY,
              layer.visibleRect.maxX >= rect.maxX, layer.visibleRect.maxY >= rect.maxY else { return nil }
        return shown.last { $0.id == layer.id }?.surface
    }

    /// Shows `layers` (paint order, device pixels of a buffer the parent shows at `scale`) from
    /// the parent's next commit. Returns whether anything on screen changes with it.
    func update(_ layers: [PromotedLayer], scale: SurfaceScale) throws -> Bool {
        for entry in retiring {
            entry.destroy()
            if entry.pool.hasBuffersInFlight { draining.append(entry.pool) }
        }
        retiring.removeAll()
        draining.removeAll { !$0.hasBuffersInFlight }
        var changed = false
        var failure: Error?
        var next: [Entry] = []
        next.reserveCapacity(layers.count)
        for layer in layers {
            let entry: Entry
            if let index = shown.firstIndex(where: { $0.id == layer.id }) {
                entry = shown.remove(at: index)
            } else if !spares.isEmpty {
                entry = spares.removeLast()
                entry.generation = -1
            } else {
                entry = makeEntry()
            }
            entry.id = layer.id
            // Kept in `next` even when showing fails, so that no subsurface is lost track of.
            next.append(entry)
            do {
                if try show(layer, in: entry, scale: scale) { changed = true }
            } catch {
                failure = error
            }
        }
        // What is left was promoted last frame and is not now: hide it with this commit.
        for entry in shown {
            wl_surface_attach(entry.surface, nil, 0, 0)
            wl_surface_commit(entry.surface)
            entry.generation = -1
            entry.placement = nil
            changed = true
            if spares.count < LayerSurfaces.maximumSpares { spares.append(entry) } else { retiring.append(entry) }
        }
        // Paint order, bottom to top, all above the window's own surface.
        if next.map(\.id) != shownIDs {
            var below = parent
            for entry in next {
                wl_subsurface_place_above(entry.subsurface, below)
                below = entry.surface
            }
            changed = true
        }
        shown = next
        shownIDs = next.map(\.id)
        if let failure { throw failure }
        return changed
    }

    private var shownIDs: [Int] = []

    /// Brings one subsurface up to date with `layer`; true when anything changed.
    private func show(_ layer: PromotedLayer, in entry: Entry, scale: SurfaceScale) throws -> Bool {
        var committed = false
        if entry.generation != layer.generation || entry.scale != scale {
            let width = layer.surface.width, height = layer.surface.height
            // Nil when every buffer is still on screen: cannot happen with one attached at a
            // time (the compositor releases the last one when the next is committed).
            guard let buffer = try entry.pool.acquire(width: width, height: height) else {
                throw WaylandError.system("no free buffer for a \(width)×\(height) layer")
            }
            buffer.surface.copy(from: layer.surface)
            bytesCopied += buffer.surface.stride * height
            uploads += 1
            let whole = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
            wl_surface_set_buffer_scale(entry.surface, scale.bufferScale)
            wl_surface_attach(entry.surface, buffer.buffer, 0, 0)
            wl_surface_damage_buffer(entry.surface, 0, 0, Int32(width), Int32(height))
            entry.pool.markAttached(buffer, damage: whole)
            entry.generation = layer.generation
            entry.scale = scale
            committed = true
        }
        if entry.isOpaque != layer.isOpaque {
            // Opaque: the compositor can skip what lies under it (the pixels are opaque anyway).
            if layer.isOpaque {
                let region = wl_compositor_create_region(compositor)
                wl_region_add(region, 0, 0, Int32.max / 2, Int32.max / 2)
                wl_surface_set_opaque_region(entry.surface, region)
                wl_region_destroy(region)
            } else {
                wl_surface_set_opaque_region(entry.surface, nil)
            }
            entry.isOpaque = layer.isOpaque
            committed = true
        }
        let placement = LayerPlacement(layerRect: layer.rect, visibleRect: layer.visibleRect, scale: scale)
        let old = entry.placement
        if old?.source != placement.source || old?.destinationWidth != placement.destinationWidth
            || old?.destinationHeight != placement.destinationHeight {
            let source = placement.source
            wp_viewport_set_source(entry.viewport, wl_fixed_from_double(source.minX), wl_fixed_from_double(source.minY),
                                   wl_fixed_from_double(source.width), wl_fixed_from_double(source.height))
            // Where the crop is the logical size already, no destination: the size then is the
            // source's, one request, so no compositor can show a new crop at an old size.
            if placement.needsDestination {
                wp_viewport_set_destination(entry.viewport, placement.destinationWidth, placement.destinationHeight)
            } else if old == nil || old?.needsDestination == true {
                wp_viewport_set_destination(entry.viewport, -1, -1)
            }
            committed = true
        }
        entry.placement = placement
        // Surface state (buffer, crop) is cached by the sync subsurface until the parent commits.
        if committed { wl_surface_commit(entry.surface) }
        if old?.x != placement.x || old?.y != placement.y {
            wl_subsurface_set_position(entry.subsurface, placement.x, placement.y)
            return true
        }
        return committed
    }

    private func makeEntry() -> Entry {
        let surface = wl_compositor_create_surface(compositor)!
        let subsurface = wl_subcompositor_get_subsurface(subcompositor, surface, parent)!
        let viewport = wp_viewporter_get_viewport(viewporter, surface)!
        // No input: pointer and touch keep going to the window's surface, in its coordinates.
        let empty = wl_compositor_create_region(compositor)
        wl_surface_set_input_region(surface, empty)
        wl_region_destroy(empty)
        return Entry(surface: surface, subsurface: subsurface, viewport: viewport, pool: ShmBufferPool(shm: shm))
    }
}
