import PhotoDecoding
import SegueKit

/// Where the views get decoded pictures from: a ``DecodeQueue`` in the app
/// (``QueuedThumbnailSource``), a fake in the tests that completes when the test says so.
///
/// Completions run on the main actor. A request that was cancelled may still complete (a
/// decode already running); the views check their own request before using a result.
@MainActor
public protocol ThumbnailSource: AnyObject {
    /// Asks for the picture at `path` decoded to cover `fitting` pixels, or to fit exactly
    /// inside them (`fit`; nil `fitting`: full size).
    func request(path: String, fitting: Size?, fit: PictureFit,
                 completion: @escaping @MainActor (Result<DecodedPicture, PictureDecodeError>) -> Void) -> ThumbnailRequest
}

extension ThumbnailSource {
    /// Asks for the picture at `path` decoded to cover `fitting` pixels (nil: full size): a
    /// grid cell's thumbnail.
    public func request(path: String, fitting: Size?,
                        completion: @escaping @MainActor (Result<DecodedPicture, PictureDecodeError>) -> Void) -> ThumbnailRequest {
        request(path: path, fitting: fitting, fit: .cover, completion: completion)
    }
}

/// One pending decode; cancelling it tells the source the picture is no longer wanted.
@MainActor
public protocol ThumbnailRequest: AnyObject {
    /// Gives up the request (a cell scrolled out of the margin, a page paged away).
    func cancel()
}

/// The app's source: a ``DecodeQueue`` whose completions are delivered to the main thread.
@MainActor
public final class QueuedThumbnailSource: ThumbnailSource {
    private let queue: DecodeQueue

    /// Decodes on `queue`, whose `deliver` must run closures on the main thread
    /// (``SegueApplication/mainThread``).
    public init(queue: DecodeQueue) {
        self.queue = queue
    }

    public func request(path: String, fitting: Size?, fit: PictureFit,
                        completion: @escaping @MainActor (Result<DecodedPicture, PictureDecodeError>) -> Void) -> ThumbnailRequest {
        // The queue calls completions only through `deliver`, which runs them on the main
        // thread; assumeIsolated checks that it does.
        let ticket = queue.enqueue(path: path, fitting: fitting, fit: fit) { result in
            MainActor.assumeIsolated { completion(result) }
        }
        return TicketRequest(ticket: ticket)
    }
}

/// A ``DecodeTicket`` as a ``ThumbnailRequest``.
@MainActor
private final class TicketRequest: ThumbnailRequest {
    let ticket: DecodeTicket
    init(ticket: DecodeTicket) { self.ticket = ticket }
    func cancel() { ticket.cancel() }
}
