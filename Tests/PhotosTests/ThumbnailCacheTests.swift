import PhotoDecoding
import Photos
import SegueKit
import Testing

/// The thumbnails kept beyond the cells: least recently used out, within the byte budget.
@MainActor
@Suite struct ThumbnailCacheTests {
    @Test func staysWithinItsBudgetDroppingTheLeastRecentlyUsed() throws {
        let picture = try Fixtures.picture(.white, width: 10, height: 10)  // 400 bytes
        let cache = ThumbnailCache(budget: 1000)
        cache.insert(picture, for: "a")
        cache.insert(picture, for: "b")
        #expect(cache.usedBytes == 800)
        #expect(cache.picture(for: "a") != nil)  // a is now the most recent
        cache.insert(picture, for: "c")
        #expect(cache.usedBytes == 800)
        #expect(cache.count == 2)
        #expect(cache.picture(for: "b") == nil)
        #expect(cache.picture(for: "a") != nil)
        #expect(cache.picture(for: "c") != nil)
        // Colours outlive the pixels.
        #expect(cache.averageColor(for: "b") == picture.averageColor)
    }

    @Test func aPictureLargerThanTheBudgetIsNotKept() throws {
        let cache = ThumbnailCache(budget: 100)
        let picture = try Fixtures.picture(.white, width: 10, height: 10)
        cache.insert(picture, for: "big")
        #expect(cache.count == 0)
        #expect(cache.usedBytes == 0)
        #expect(cache.averageColor(for: "big") != nil)
    }
}
