import Foundation
import PhotoDecoding
import SegueKit

/// Segue Photos put together: what the executable opens and shows.
@MainActor
public enum PhotosApp {
    /// The desktop app id (the `.desktop` file's name).
    public static let appID = "org.segue.Photos"

    /// The gettext text domain of the app's own strings (its catalogues are
    /// `po/segue-photos/LANG.po`); the executable installs it beside the toolkit's.
    nonisolated public static let textDomain = "segue-photos"

    /// The navigation stack of a grid of `folder`, decoded by `source`.
    public static func makeRoot(folder: PictureFolder, source: ThumbnailSource) -> NavigationController {
        NavigationController(rootViewController: PhotoGridController(folder: folder, source: source))
    }

    /// The navigation stack of a grid of `folder`, decoded on low-priority worker threads
    /// (``DecodeQueue/defaultWorkerCount``) whose results come back through the main loop
    /// (``SegueApplication/mainThread``); with `shown`, that picture's page is open on it from
    /// the start (Back goes to the grid).
    public static func makeRoot(folder: PictureFolder, shown: Int? = nil) -> NavigationController {
        let navigation = makeRoot(folder: folder, source: QueuedThumbnailSource(queue: DecodeQueue(deliver: SegueApplication.mainThread)))
        if let shown, let grid = navigation.topViewController as? PhotoGridController { grid.open(shown, animated: false) }
        return navigation
    }

    /// What opens without arguments: the desktop's pictures folder if it has pictures, else the
    /// samples (else the empty pictures folder, which says so).
    public nonisolated static func defaultFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> PictureFolder {
        let directory = PicturesDirectory.locate(environment: environment)
        if let folder = try? PictureFolder(directory: directory), !folder.paths.isEmpty { return folder }
        return SamplePictures.folder(environment: environment) ?? PictureFolder(title: directory.fileName, paths: [])
    }
}
