import Foundation
import PhotoDecoding
import Photos
import SegueKit
import Testing

/// The app's source on a real DecodeQueue: results come back only through `deliver`, and the
/// source hands them to the view on the thread that runs the delivered closures.
@MainActor
@Suite struct QueuedThumbnailSourceTests {
    /// What a main loop would hold: closures posted from the workers, run when the test says.
    final class Mailbox: @unchecked Sendable {
        private let lock = NSCondition()
        private var posted: [@Sendable () -> Void] = []

        func post(_ work: @escaping @Sendable () -> Void) {
            lock.withLock { posted.append(work); lock.signal() }
        }

        /// Waits (10 s at most) for something posted and takes it all.
        func take() -> [@Sendable () -> Void] {
            lock.withLock {
                if posted.isEmpty { _ = lock.wait(until: Date(timeIntervalSinceNow: 10)) }
                defer { posted.removeAll() }
                return posted
            }
        }
    }

    @Test func decodedPicturesArriveThroughDeliver() throws {
        let directory = Fixtures.temporaryDirectory()
        let surface = Surface(width: 64, height: 32)
        surface.clear(to: Color(red: 0, green: 0, blue: 1))
        try surface.writePNG(to: directory + "/blue.png")
        let mailbox = Mailbox()
        let source = QueuedThumbnailSource(queue: DecodeQueue(workers: 1, deliver: { mailbox.post($0) }))
        var result: Result<DecodedPicture, PictureDecodeError>?
        _ = source.request(path: directory + "/blue.png", fitting: Size(width: 16, height: 16)) { result = $0 }
        #expect(result == nil, "nothing completes but through deliver")
        let delivered = mailbox.take()
        #expect(delivered.count == 1)
        for work in delivered { work() }
        let picture = try #require(try result?.get())
        // Covering 16 × 16 with the aspect kept, never upscaled: 32 × 16.
        #expect(picture.surface.height >= 16 && picture.surface.width >= 16)
        #expect(picture.surface.width <= 33 && picture.surface.height <= 17, "decoded at the size asked for, not in full")
        #expect(picture.info.format == .png)
    }
}
