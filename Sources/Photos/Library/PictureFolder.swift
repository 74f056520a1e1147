import Foundation

/// The pictures the app browses: a directory's picture files and any files named on the
/// command line, sorted by name in natural order ("img2" before "img10"). Listing reads the
/// directory, never the files' contents, so a folder of thousands opens at once.
public struct PictureFolder: Sendable, Equatable {
    /// The extensions taken as pictures (compared without regard to case).
    public static let pictureExtensions: Set<String> = ["jpg", "jpeg", "png", "webp"]

    /// What the window's title says: the directory's name, or the first file's.
    public let title: String
    /// The pictures' paths, in order.
    public let paths: [String]

    /// A folder of the given pictures, sorted; `title` names it.
    public init(title: String, paths: [String]) {
        self.title = title
        // Each name's characters are read once, not at every comparison: a folder of 10,000
        // took most of a second to sort with naturalOrder building them each time.
        self.paths = paths.map { (path: $0, key: NaturalSortKey($0.fileName)) }
            .sorted { $0.key < $1.key }
            .map(\.path)
    }

    /// The picture files directly in `directory` (hidden files and subdirectories left out).
    public init(directory: String) throws(PictureFolderError) {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            throw .unreadable(path: directory, reason: (error as NSError).localizedFailureReason ?? "cannot list it")
        }
        // Only the names are looked at, plus one stat each for the few that look like
        // pictures (a folder may be called "2024.jpg").
        let pictures = names.filter { !$0.hasPrefix(".") && PictureFolder.isPicture($0) }
            .map { (directory as NSString).appendingPathComponent($0) }
            .filter { path in
                var isDirectory: ObjCBool = false
                return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
            }
        self.init(title: (directory as NSString).lastPathComponent, paths: pictures)
    }

    /// What the command line names: each directory's pictures and each file as given (a file
    /// named explicitly is shown whatever its extension). Throws for the first path that does
    /// not exist or cannot be read.
    public init(arguments: [String]) throws(PictureFolderError) {
        var paths: [String] = []
        for argument in arguments {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory) else {
                throw .unreadable(path: argument, reason: "no such file or directory")
            }
            if isDirectory.boolValue {
                paths += try PictureFolder(directory: argument).paths
            } else {
                guard FileManager.default.isReadableFile(atPath: argument) else {
                    throw .unreadable(path: argument, reason: "permission denied")
                }
                paths.append(argument)
            }
        }
        let title = arguments.count == 1 ? (arguments[0] as NSString).lastPathComponent : localized("Photos")
        self.init(title: title, paths: paths)
    }

    /// What the command line opens: one picture file opens its folder at that picture, as an
    /// image viewer launched from a file manager does (paging goes through its neighbours);
    /// anything else is ``init(arguments:)``'s folder, opened on its grid (`shown` nil).
    public static func opening(arguments: [String]) throws(PictureFolderError) -> (folder: PictureFolder, shown: Int?) {
        var isDirectory: ObjCBool = false
        guard arguments.count == 1, FileManager.default.fileExists(atPath: arguments[0], isDirectory: &isDirectory),
              !isDirectory.boolValue else {
            return (try PictureFolder(arguments: arguments), nil)
        }
        let file = arguments[0]
        guard FileManager.default.isReadableFile(atPath: file) else { throw .unreadable(path: file, reason: "permission denied") }
        let directory = (file as NSString).deletingLastPathComponent
        var folder = try PictureFolder(directory: directory.isEmpty ? "." : directory)
        let name = (file as NSString).lastPathComponent
        var shown = folder.paths.firstIndex { ($0 as NSString).lastPathComponent == name }
        if shown == nil {
            // A picture whose name does not say so (no extension): it joins its folder where it sorts.
            var paths = folder.paths
            let path = directory.isEmpty ? name : (directory as NSString).appendingPathComponent(name)
            let index = paths.firstIndex { Self.naturalOrder(name, ($0 as NSString).lastPathComponent) } ?? paths.count
            paths.insert(path, at: index)
            folder = PictureFolder(title: folder.title, paths: paths)
            shown = index
        }
        return (folder, shown)
    }

    /// Whether `name` has a picture's extension.
    public static func isPicture(_ name: String) -> Bool {
        pictureExtensions.contains((name as NSString).pathExtension.lowercased())
    }

    /// Natural order: runs of digits compare by value, the rest without regard to case, so
    /// that a camera's "IMG_2" comes before "IMG_10". Ties fall back to plain comparison so
    /// the order is total.
    public static func naturalOrder(_ a: String, _ b: String) -> Bool {
        NaturalSortKey(a) < NaturalSortKey(b)
    }
}

/// A name read once for natural order (``PictureFolder/naturalOrder(_:_:)``): its characters
/// without regard to case, each marked as a decimal digit or not.
struct NaturalSortKey: Comparable {
    let name: String
    let scalars: [Unicode.Scalar]
    let isDigit: [Bool]

    init(_ name: String) {
        self.name = name
        scalars = Array(name.lowercased().unicodeScalars)
        isDigit = scalars.map { $0.properties.numericType == .decimal }
    }

    static func == (a: NaturalSortKey, b: NaturalSortKey) -> Bool { a.name == b.name }

    static func < (a: NaturalSortKey, b: NaturalSortKey) -> Bool {
        var i = 0, j = 0
        let left = a.scalars, right = b.scalars
        while i < left.count, j < right.count {
            if a.isDigit[i], b.isDigit[j] {
                // Runs of digits compare by value: fewer significant digits first, then digit by digit.
                var iEnd = i, jEnd = j
                while iEnd < left.count, a.isDigit[iEnd] { iEnd += 1 }
                while jEnd < right.count, b.isDigit[jEnd] { jEnd += 1 }
                var iStart = i, jStart = j
                while iStart < iEnd, left[iStart] == "0" { iStart += 1 }
                while jStart < jEnd, right[jStart] == "0" { jStart += 1 }
                if iEnd - iStart != jEnd - jStart { return iEnd - iStart < jEnd - jStart }
                for (l, r) in zip(left[iStart..<iEnd], right[jStart..<jEnd]) where l != r { return l.value < r.value }
                i = iEnd
                j = jEnd
                continue
            }
            if left[i] != right[j] { return String(left[i]) < String(right[j]) }
            i += 1
            j += 1
        }
        if (i == left.count) != (j == right.count) { return i == left.count }
        return a.name < b.name
    }
}

/// A path the app was asked to open that it cannot.
public enum PictureFolderError: Error, Equatable, CustomStringConvertible {
    /// `path` cannot be opened, for `reason`: in English, one of the app's own reasons (each a
    /// message of its catalogue) or Foundation's, translated only when the error is described,
    /// so that the value is the same whatever the language.
    case unreadable(path: String, reason: String)

    /// One line in the user's language: "cannot open 'PATH': REASON" in English. The path is
    /// left as it is; the reason is looked up in the app's catalogue too (Foundation's own
    /// reasons included, as Foundation on Linux gives them in English only).
    public var description: String {
        switch self {
        case .unreadable(let path, let reason): localized("cannot open '%s': %s", path, localized(reason))
        }
    }
}

extension String {
    /// The last path component.
    var fileName: String { (self as NSString).lastPathComponent }
}
