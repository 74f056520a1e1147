// PLACEHOLDER for the photos-app branch only. The `photos-decode` branch builds the real
// PhotoDecoding library (JPEG, PNG, WebP; EXIF orientation; a proper worker pool) and replaces
// this whole target at merge. It keeps exactly the agreed contract's signatures so that the
// Photos library and its tests build against either; it decodes PNG only (through Cairo,
// `Surface.loadPNG`) and says `.unsupportedFormat` for everything else.
import Canvas
import Foundation
import Geometry

/// The file formats the decoder knows.
public enum PictureFormat: Sendable, Equatable { case jpeg, png, webp }

/// What a picture's header says, without decoding its pixels.
public struct PictureInfo: Sendable, Equatable {
    /// The container's format.
    public let format: PictureFormat
    /// The stored width, before orientation.
    public let pixelWidth: Int
    /// The stored height, before orientation.
    public let pixelHeight: Int
    /// The EXIF orientation (1 = upright).
    public let orientation: Int
}

/// A decoded picture, upright, with its header and mean colour.
public struct DecodedPicture: @unchecked Sendable {
    /// The pixels (premultiplied ARGB32).
    public let surface: Surface
    /// The header it came from.
    public let info: PictureInfo
    /// The mean colour of the pixels: a placeholder's colour while a larger decode runs.
    public let averageColor: Color
}

/// Why a picture could not be decoded.
public enum PictureDecodeError: Error, Sendable, Equatable, CustomStringConvertible {
    case unreadable(String), empty, unsupportedFormat, truncated, corrupt(String), tooLarge(width: Int, height: Int), cancelled

    /// A short sentence for a log line.
    public var description: String {
        switch self {
        case .unreadable(let reason): "cannot be read (\(reason))"
        case .empty: "is empty"
        case .unsupportedFormat: "is not in a supported format"
        case .truncated: "is truncated"
        case .corrupt(let reason): "is corrupt (\(reason))"
        case .tooLarge(let width, let height): "is too large (\(width)×\(height))"
        case .cancelled: "was cancelled"
        }
    }
}

/// Reads headers and decodes pictures; callable from any thread.
public enum PictureDecoder {
    /// The most pixels a picture may have before it is refused as ``PictureDecodeError/tooLarge(width:height:)``.
    public static let maximumPixelCount = 100_000_000

    /// Reads the format and size from the file's first bytes.
    public static func probe(path: String) throws(PictureDecodeError) -> PictureInfo {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .unreadable(String(cString: strerror(errno)))
        }
        defer { try? handle.close() }
        let head = [UInt8](handle.readData(ofLength: 32))
        if head.isEmpty { throw .empty }
        if head.starts(with: [0xFF, 0xD8, 0xFF]) || (head.count >= 12 && head[0..<4] == [0x52, 0x49, 0x46, 0x46]
                                                      && head[8..<12] == [0x57, 0x45, 0x42, 0x50]) {
            throw .unsupportedFormat
        }
        guard head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { throw .unsupportedFormat }
        guard head.count >= 24 else { throw .truncated }
        // The first chunk must be the header; anything else is not a PNG's start.
        guard head[12..<16].elementsEqual("IHDR".utf8) else { throw .corrupt("no IHDR chunk") }
        func bigEndian(_ at: Int) -> Int { head[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return PictureInfo(format: .png, pixelWidth: bigEndian(16), pixelHeight: bigEndian(20), orientation: 1)
    }

    /// Decodes upright at the smallest size covering `fitting` (aspect kept, never upscaled); nil = full size.
    public static func decode(path: String, fitting: Size?) throws(PictureDecodeError) -> DecodedPicture {
        let info = try probe(path: path)
        guard info.pixelWidth * info.pixelHeight <= maximumPixelCount else {
            throw .tooLarge(width: info.pixelWidth, height: info.pixelHeight)
        }
        let full: Surface
        do { full = try Surface.loadPNG(from: path) } catch { throw .corrupt("\(error)") }
        var surface = full
        if let fitting, fitting.width > 0, fitting.height > 0 {
            let scale = min(1, max(fitting.width / Double(full.width), fitting.height / Double(full.height)))
            if scale < 1 {
                let width = max(1, Int((Double(full.width) * scale).rounded(.up)))
                let height = max(1, Int((Double(full.height) * scale).rounded(.up)))
                surface = Surface(width: width, height: height)
                Canvas(surface: surface).draw(full, in: Rect(x: 0, y: 0, width: Double(width), height: Double(height)))
            }
        }
        return DecodedPicture(surface: surface, info: info, averageColor: averageColor(of: surface))
    }

    /// The mean of a grid of at most 16 × 16 samples: enough for a placeholder's colour.
    private static func averageColor(of surface: Surface) -> Color {
        let stepsX = min(16, surface.width), stepsY = min(16, surface.height)
        var red = 0.0, green = 0.0, blue = 0.0, alpha = 0.0
        for row in 0..<stepsY {
            for column in 0..<stepsX {
                let pixel = surface.pixel(x: column * surface.width / stepsX, y: row * surface.height / stepsY)
                red += pixel.red; green += pixel.green; blue += pixel.blue; alpha += pixel.alpha
            }
        }
        let count = Double(max(1, stepsX * stepsY))
        return Color(red: red / count, green: green / count, blue: blue / count, alpha: alpha / count)
    }
}

/// A handle on one queued decode.
public final class DecodeTicket: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false

    init() {}

    /// Cancels the decode; a job that has not started never completes.
    public func cancel() { lock.withLock { cancelled = true } }

    /// Whether ``cancel()`` was called (or the queue dropped the job).
    public var isCancelled: Bool { lock.withLock { cancelled } }
}

/// Decodes off the main thread; at most `capacity` jobs wait (over it the oldest waiting is cancelled); newest runs first; completions go through `deliver`; never a completion for a job cancelled before it ran.
public final class DecodeQueue: @unchecked Sendable {
    private struct Job {
        let path: String
        let fitting: Size?
        let ticket: DecodeTicket
        let completion: @Sendable (Result<DecodedPicture, PictureDecodeError>) -> Void
    }

    private let condition = NSCondition()
    private var waiting: [Job] = []
    private let capacity: Int
    private let deliver: @Sendable (@escaping @Sendable () -> Void) -> Void

    public init(workers: Int = 2, capacity: Int = 64, deliver: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void) {
        self.capacity = max(1, capacity)
        self.deliver = deliver
        for _ in 0..<max(1, workers) {
            let thread = Thread { [weak self] in
                while let queue = self {
                    if let job = queue.next() { queue.run(job) }
                }
            }
            thread.start()
        }
    }

    @discardableResult public func enqueue(path: String, fitting: Size?, completion: @escaping @Sendable (Result<DecodedPicture, PictureDecodeError>) -> Void) -> DecodeTicket {
        let ticket = DecodeTicket()
        condition.withLock {
            waiting.append(Job(path: path, fitting: fitting, ticket: ticket, completion: completion))
            waiting.removeAll { $0.ticket.isCancelled }
            while waiting.count > capacity { waiting.removeFirst().ticket.cancel() }
            condition.signal()
        }
        return ticket
    }

    public func cancelAll() {
        condition.withLock {
            for job in waiting { job.ticket.cancel() }
            waiting.removeAll()
        }
    }

    public var pendingCount: Int { condition.withLock { waiting.count { !$0.ticket.isCancelled } } }

    /// The newest job not cancelled; nil after a second with none. Workers hold only a weak
    /// reference between waits, so they end soon after the queue does.
    private func next() -> Job? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            waiting.removeAll { $0.ticket.isCancelled }
            if let job = waiting.popLast() { return job }
            if !condition.wait(until: Date(timeIntervalSinceNow: 1)) { return nil }
        }
    }

    private func run(_ job: Job) {
        let result: Result<DecodedPicture, PictureDecodeError>
        do { result = .success(try PictureDecoder.decode(path: job.path, fitting: job.fitting)) } catch { result = .failure(error) }
        let ticket = job.ticket, completion = job.completion
        deliver { if !ticket.isCancelled { completion(result) } }
    }
}
