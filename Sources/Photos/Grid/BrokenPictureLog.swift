import Foundation
import PhotoDecoding

/// Says once per file, on standard error, that a picture could not be decoded: a folder
/// scrolled up and down must not repeat the same complaint, nor a folder of broken files
/// drown the terminal in more than one line each.
@MainActor
public final class BrokenPictureLog {
    /// Where the lines go (standard error by default; tests collect them).
    public var write: (String) -> Void
    private var reported: Set<String> = []

    /// A log writing through `write`.
    public init(write: @escaping (String) -> Void = BrokenPictureLog.standardError) {
        self.write = write
    }

    /// Whether `path` was reported broken.
    public func isBroken(_ path: String) -> Bool { reported.contains(path) }

    /// Reports `path`'s `error`, unless it was reported before.
    public func report(_ path: String, _ error: PictureDecodeError) {
        guard reported.insert(path).inserted else { return }
        write("segue-photos: \(path): \(error)")
    }

    /// Writes `line` and a newline to standard error.
    public nonisolated static func standardError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
