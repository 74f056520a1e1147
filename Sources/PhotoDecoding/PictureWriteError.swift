/// Why ``PictureFolderGenerator`` could not write a picture: a file or directory error in the
/// C library's words, or an encoder's.
public struct PictureWriteError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
