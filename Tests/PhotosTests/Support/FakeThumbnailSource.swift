import Foundation
import PhotoDecoding
import Photos
import SegueKit

/// A source that decodes nothing by itself: each request waits until the test completes it,
/// so the order of placeholder, colour and picture is the test's to choose.
@MainActor
final class FakeThumbnailSource: ThumbnailSource {
    final class Request: ThumbnailRequest {
        let path: String
        let fitting: Size?
        let fit: PictureFit
        let completion: (Result<DecodedPicture, PictureDecodeError>) -> Void
        private(set) var isCancelled = false

        init(path: String, fitting: Size?, fit: PictureFit, completion: @escaping (Result<DecodedPicture, PictureDecodeError>) -> Void) {
            self.path = path
            self.fitting = fitting
            self.fit = fit
            self.completion = completion
        }

        func cancel() { isCancelled = true }
    }

    private(set) var requests: [Request] = []

    func request(path: String, fitting: Size?, fit: PictureFit,
                 completion: @escaping @MainActor (Result<DecodedPicture, PictureDecodeError>) -> Void) -> ThumbnailRequest {
        let request = Request(path: path, fitting: fitting, fit: fit, completion: completion)
        requests.append(request)
        return request
    }

    /// The requests for `path`, oldest first.
    func requests(for path: String) -> [Request] { requests.filter { $0.path == path } }

    /// The requests neither cancelled nor completed... as far as the fake knows: not cancelled.
    var waiting: [Request] { requests.filter { !$0.isCancelled } }
}

/// Small real PNGs decoded by `PictureDecoder` (the contract's PNG path), so the tests never
/// build a `DecodedPicture` by hand.
enum Fixtures {
    /// A solid `color` picture of `width` × `height`, decoded to cover `fitting` (nil: full size).
    static func picture(_ color: Color, width: Int = 8, height: Int = 8, fitting: Size? = nil) throws -> DecodedPicture {
        let surface = Surface(width: width, height: height)
        surface.clear(to: color)
        let path = temporaryDirectory() + "/solid.png"
        try surface.writePNG(to: path)
        return try PictureDecoder.decode(path: path, fitting: fitting)
    }

    /// A picture of 1-pixel vertical stripes, black on even columns and white on odd ones,
    /// decoded whole.
    static func stripes(width: Int, height: Int) throws -> DecodedPicture {
        let surface = Surface(width: width, height: height)
        surface.clear(to: .black)
        let canvas = Canvas(surface: surface)
        for x in stride(from: 1, to: width, by: 2) {
            canvas.fill(Rect(x: Double(x), y: 0, width: 1, height: Double(height)), color: .white)
        }
        let path = temporaryDirectory() + "/stripes.png"
        try surface.writePNG(to: path)
        return try PictureDecoder.decode(path: path, fitting: nil)
    }

    /// A fresh empty directory.
    static func temporaryDirectory() -> String {
        let path = NSTemporaryDirectory() + "photos-tests-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// A folder of `count` names that need not exist (the fake source never opens them).
    static func folder(count: Int) -> PictureFolder {
        PictureFolder(title: "Fake", paths: (0..<count).map { "/nowhere/picture-\($0).png" })
    }
}
