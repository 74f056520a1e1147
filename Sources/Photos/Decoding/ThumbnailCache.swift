import PhotoDecoding
import SegueKit

/// Thumbnails the grid keeps beyond the cells that exist, least recently used first out, within
/// a budget of pixel memory (4 bytes a pixel). The cells on screen hold their own pictures;
/// this only saves a decode when one scrolls back, so the grid's memory stays bounded whatever
/// the folder's size. Average colours are kept for every picture seen (a few bytes each): a
/// cell whose thumbnail was evicted shows its colour instead of grey while it decodes again.
@MainActor
public final class ThumbnailCache {
    /// The most pixel memory held, in bytes.
    public let budget: Int
    /// The pixel memory held now, in bytes.
    public private(set) var usedBytes = 0
    private var entries: [String: DecodedPicture] = [:]
    /// Paths from least to most recently used.
    private var order: [String] = []
    private var colors: [String: Color] = [:]

    /// A cache holding at most `budget` bytes of pixels (64 MB by default: 400 cells of
    /// 200 × 200 device pixels).
    public init(budget: Int = 64 << 20) {
        self.budget = budget
    }

    /// The number of thumbnails held.
    public var count: Int { entries.count }

    /// The thumbnail for `path` if held, marking it recently used.
    public func picture(for path: String) -> DecodedPicture? {
        guard let picture = entries[path] else { return nil }
        touch(path)
        return picture
    }

    /// The average colour of `path`, if any decode of it finished.
    public func averageColor(for path: String) -> Color? { colors[path] }

    /// Keeps `picture` for `path`, dropping the least recently used past the budget (a picture
    /// larger than the whole budget is not kept, but its colour is).
    public func insert(_ picture: DecodedPicture, for path: String) {
        colors[path] = picture.averageColor
        remove(path)
        let bytes = Self.bytes(of: picture)
        guard bytes <= budget else { return }
        entries[path] = picture
        order.append(path)
        usedBytes += bytes
        while usedBytes > budget, let oldest = order.first { remove(oldest) }
    }

    /// Drops every thumbnail (the colours stay).
    public func removeAll() {
        entries.removeAll()
        order.removeAll()
        usedBytes = 0
    }

    private func remove(_ path: String) {
        guard let picture = entries.removeValue(forKey: path) else { return }
        order.removeAll { $0 == path }
        usedBytes -= Self.bytes(of: picture)
    }

    private func touch(_ path: String) {
        if let index = order.firstIndex(of: path) { order.remove(at: index) }
        order.append(path)
    }

    private static func bytes(of picture: DecodedPicture) -> Int {
        picture.surface.width * picture.surface.height * 4
    }
}
