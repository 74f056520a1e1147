import Geometry
import Canvas
import CWayland
import Glibc
import Motion

/// A `wl_buffer` backed by its own memfd mapping, with a Cairo surface over the same memory.
@MainActor
final class ShmBuffer {
    let buffer: OpaquePointer
    let surface: Surface
    /// One canvas per buffer, made once: a frame allocates no Cairo context.
    let canvas: Canvas
    /// What changed on screen since this buffer was last drawn (device pixels); the whole
    /// buffer when it has never been drawn. Drawing into it must repair this much.
    var staleRegion: Rect?
    let width: Int
    let height: Int
    /// Held by the compositor between attach+commit and `wl_buffer.release`: never draw into it then.
    fileprivate(set) var isBusy = false
    fileprivate var isStale = false
    private let data: UnsafeMutableRawPointer
    private let byteCount: Int
    private var listener: ListenerOwner<ShmBuffer>!
    private var isDestroyed = false

    fileprivate init(shm: OpaquePointer, width: Int, height: Int) throws {
        let stride = Surface.stride(forWidth: width)
        byteCount = stride * height
        let fd = segue_memfd_create("segue-buffer")
        guard fd >= 0 else { throw WaylandError.system("memfd_create failed: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        guard ftruncate(fd, off_t(byteCount)) == 0 else {
            throw WaylandError.system("cannot size a \(width)×\(height) buffer: \(String(cString: strerror(errno)))")
        }
        guard let map = mmap(nil, byteCount, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), map != MAP_FAILED else {
            throw WaylandError.system("mmap failed: \(String(cString: strerror(errno)))")
        }
        data = map
        let pool = wl_shm_create_pool(shm, fd, Int32(byteCount))
        // ARGB8888 little-endian is Cairo's ARGB32: one memory layout for both sides.
        buffer = wl_shm_pool_create_buffer(pool, 0, Int32(width), Int32(height), Int32(stride),
                                           UInt32(WL_SHM_FORMAT_ARGB8888.rawValue))
        wl_shm_pool_destroy(pool)
        self.width = width
        self.height = height
        surface = Surface(wrapping: map, width: width, height: height, stride: stride)
        canvas = Canvas(surface: surface)
        staleRegion = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        listener = ListenerOwner(self)
        wl_buffer_add_listener(buffer, bufferListener, listener.data)
    }

    /// Destroys the `wl_buffer` and unmaps its memory; its pool decides when (see ``ShmBufferPool``).
    fileprivate func destroy() {
        guard !isDestroyed else { return }
        isDestroyed = true
        listener.detach()
        wl_buffer_destroy(buffer)
        munmap(data, byteCount)
    }

    fileprivate func released() {
        isBusy = false
        if isStale { destroy(); pool?.forget(self) }
    }

    fileprivate weak var pool: ShmBufferPool?
}

/// Buffers for one window: reuses a free one, grows to at most ``maximumCount`` when the
/// compositor holds the others, and reallocates only when the size changes.
@MainActor
final class ShmBufferPool {
    static let maximumCount = 3
    private let shm: OpaquePointer
    private var buffers: [ShmBuffer] = []
    private var staleBuffers: [ShmBuffer] = []
    /// The buffer holding the newest frame: the one kept when spare buffers go.
    /// The buffer the surface shows now (its whole frame: a buffer is repaired before it is attached).
    private(set) weak var lastAttached: ShmBuffer?

    init(shm: OpaquePointer) {
        self.shm = shm
    }

    /// A buffer of the given size that the compositor does not hold, or nil when all are busy.
    func acquire(width: Int, height: Int) throws -> ShmBuffer? {
        if let first = buffers.first, first.width != width || first.height != height {
            retireAll()
        }
        if let free = buffers.first(where: { !$0.isBusy }) { return free }
        guard buffers.count < ShmBufferPool.maximumCount else { return nil }
        let buffer = try ShmBuffer(shm: shm, width: width, height: height)
        buffer.pool = self
        buffers.append(buffer)
        return buffer
    }

    /// Marks a buffer as handed to the compositor, showing a frame that changed `damage`
    /// (device pixels): every other buffer now lags behind by that much.
    func markAttached(_ buffer: ShmBuffer, damage: Rect) {
        buffer.isBusy = true
        buffer.staleRegion = nil
        lastAttached = buffer
        for other in buffers where other !== buffer {
            other.staleRegion = other.staleRegion.map { $0.union(damage) } ?? damage
        }
    }

    var allocatedCount: Int { buffers.count }

    /// The buffers neither held by the compositor nor holding the newest frame.
    private var spareBuffers: [ShmBuffer] { buffers.filter { !$0.isBusy && $0 !== lastAttached } }

    /// How many buffers ``releaseSpareBuffers()`` would destroy.
    var spareCount: Int { spareBuffers.count }

    /// Destroys the spare buffers: a window that is not drawing needs only its newest frame.
    /// The next frame that finds no free buffer makes a new one, which costs its page faults
    /// and a full repaint then.
    func releaseSpareBuffers() {
        let spare = spareBuffers
        for buffer in spare { buffer.destroy() }
        buffers.removeAll { buffer in spare.contains { $0 === buffer } }
    }

    /// Retired buffers the compositor still holds: the pool must live until they are released
    /// (each one's listener finds it through an unretained pointer).
    var hasBuffersInFlight: Bool { !staleBuffers.isEmpty }

    /// Destroys every buffer; one the compositor still holds goes when it is released.
    func retireAll() {
        for buffer in buffers {
            if buffer.isBusy {
                buffer.isStale = true
                staleBuffers.append(buffer)
            } else {
                buffer.destroy()
            }
        }
        buffers.removeAll()
    }

    /// Destroys every buffer now, those the compositor still holds too: the surface they were
    /// attached to is gone, or the connection is about to close.
    func destroyAll() {
        for buffer in buffers + staleBuffers { buffer.destroy() }
        buffers.removeAll()
        staleBuffers.removeAll()
    }

    fileprivate func forget(_ buffer: ShmBuffer) {
        staleBuffers.removeAll { $0 === buffer }
    }
}

nonisolated(unsafe) private let bufferListener: UnsafeMutablePointer<wl_buffer_listener> = {
    let listener = UnsafeMutablePointer<wl_buffer_listener>.allocate(capacity: 1)
    listener.initialize(to: wl_buffer_listener(release: { data, _ in ListenerOwner<ShmBuffer>.dispatch(data) { $0.released() } }))
    return listener
}()
