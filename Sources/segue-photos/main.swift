import ArgumentParser
import Photos
import SegueCommandLine
import SegueKit
import SegueProcess

/// segue-photos: browse a folder's pictures as a grid and page through them.
struct PhotosOptions: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "segue-photos",
        abstract: "Browse pictures (JPEG, PNG, WebP) as a grid and page through them.",
        discussion: """
            Without a path, opens the desktop's pictures folder (XDG_PICTURES_DIR), or sample \
            pictures when it has none. Keys: arrows move, Return opens, Escape or Alt+Left goes back, \
            Ctrl+Q quits.
            Exit status: 0 when the window was closed, 1 when the compositor could not be reached or \
            went away, 2 for a bad command line or a path that cannot be opened.
            """,
        version: segueVersion)

    @Argument(help: ArgumentHelp("Folders and picture files to show.", valueName: "DIR|FILE"))
    var paths: [String] = []
}

let options = PhotosOptions.parseOrExitWithOneLine()
let folder: PictureFolder
if options.paths.isEmpty {
    folder = PhotosApp.defaultFolder()
} else {
    do {
        folder = try PictureFolder(arguments: options.paths)
    } catch {
        OneLine.exit("\(error)", status: 2)
    }
}
MainActor.assumeIsolated {
    SegueApplication.run(root: PhotosApp.makeRoot(folder: folder), title: folder.title, appID: PhotosApp.appID)
}
