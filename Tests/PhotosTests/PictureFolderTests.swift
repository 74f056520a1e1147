import Foundation
import Photos
import Testing

/// Listing a folder: pictures by extension in natural order; explicit files kept; bad paths said.
@Suite struct PictureFolderTests {
    private func touch(_ path: String) {
        _ = FileManager.default.createFile(atPath: path, contents: Data([1]))
    }

    @Test func listsPicturesByExtensionInNaturalOrder() throws {
        let directory = Fixtures.temporaryDirectory()
        for name in ["img10.jpg", "img2.PNG", "IMG1.jpeg", "img2b.webp", "notes.txt", ".hidden.png", "raw.cr2", "noextension"] {
            touch(directory + "/" + name)
        }
        try FileManager.default.createDirectory(atPath: directory + "/2024.jpg", withIntermediateDirectories: false)
        let folder = try PictureFolder(directory: directory)
        #expect(folder.paths.map { ($0 as NSString).lastPathComponent } == ["IMG1.jpeg", "img2.PNG", "img2b.webp", "img10.jpg"])
        #expect(folder.title == (directory as NSString).lastPathComponent)
    }

    @Test func naturalOrderComparesNumbersByValue() {
        let names = ["a10", "a2", "a02x", "a1", "b", "A3", "a100", "a9z"]
        #expect(names.sorted(by: PictureFolder.naturalOrder) == ["a1", "a2", "a02x", "A3", "a9z", "a10", "a100", "b"])
        #expect(!PictureFolder.naturalOrder("x", "x"))
    }

    @Test func filesNamedExplicitlyAreKeptWhateverTheirExtension() throws {
        let directory = Fixtures.temporaryDirectory()
        touch(directory + "/scan.tiff")
        touch(directory + "/b.png")
        touch(directory + "/a.png")
        let folder = try PictureFolder(arguments: [directory + "/scan.tiff", directory + "/b.png", directory + "/a.png"])
        #expect(folder.paths.map { ($0 as NSString).lastPathComponent } == ["a.png", "b.png", "scan.tiff"])
    }

    /// A file manager's "Open With" hands over one file: its folder opens at that picture, so
    /// paging goes through its neighbours; two files open just those two, on the grid.
    @Test func oneFileOpensItsFolderAtThatPicture() throws {
        let directory = Fixtures.temporaryDirectory()
        for name in ["a.png", "b.png", "c.jpg", "notes.txt", "scan"] { touch(directory + "/" + name) }
        let opened = try PictureFolder.opening(arguments: [directory + "/b.png"])
        #expect(opened.folder.paths.map { ($0 as NSString).lastPathComponent } == ["a.png", "b.png", "c.jpg"])
        #expect(opened.shown == 1)
        // Named without a picture's extension, it joins its folder where it sorts.
        let scan = try PictureFolder.opening(arguments: [directory + "/scan"])
        #expect(scan.folder.paths.map { ($0 as NSString).lastPathComponent } == ["a.png", "b.png", "c.jpg", "scan"])
        #expect(scan.shown == 3)
        let two = try PictureFolder.opening(arguments: [directory + "/c.jpg", directory + "/a.png"])
        #expect(two.folder.paths.map { ($0 as NSString).lastPathComponent } == ["a.png", "c.jpg"] && two.shown == nil)
        let folder = try PictureFolder.opening(arguments: [directory])
        #expect(folder.folder.paths.count == 3 && folder.shown == nil)
    }

    @Test func aMissingPathIsAnErrorNamingIt() {
        #expect(throws: PictureFolderError.unreadable(path: "/no/such/place", reason: "no such file or directory")) {
            try PictureFolder(arguments: ["/no/such/place"])
        }
        #expect("\(PictureFolderError.unreadable(path: "/x", reason: "no such file or directory"))"
                == "cannot open '/x': no such file or directory")
    }
}
