import Foundation
import Photos
import SegueKit
import SegueTesting
import Testing

/// Segue Photos in French and in Hebrew, and in English without a catalogue: the sample
/// folder's title (on the folder, its grid's page and the navigation bar), the empty grid's
/// message and a path that cannot be opened. Each catalogue is `po/segue-photos/LANG.po`
/// compiled by `msgfmt --check`, as `make translations` compiles it, and read back from the
/// `.mo`; what the text should be is read from the `.po` itself, so the catalogues are the
/// reference and the code is what is checked against them.
///
/// The catalogue applies to the test's own task only (``TestCatalogue/active``): the other
/// suites, running at the same time in the same process, keep reading English.
@MainActor
@Suite struct PhotosTranslationTests {
    nonisolated static let languages = ["fr", "he"]
    /// One folder of samples for every test, drawn once before any test reads it (tests
    /// drawing into the same folder at the same time would trip over each other's files).
    nonisolated static let runtimeDirectory: String = {
        let directory = Fixtures.temporaryDirectory()
        _ = SamplePictures.folder(environment: ["XDG_RUNTIME_DIR": directory])
        return directory
    }()

    init() { TestCatalogue.installOnce() }

    @Test(arguments: languages)
    func theSampleFolderIsTitledInTheLanguage(_ language: String) throws {
        let expected = try PoFile(language: language).translation(of: "Samples")
        #expect(expected != "Samples", "the \(language) catalogue translates it")
        try TestCatalogue.$active.withValue(TestCatalogue(language: language)) {
            let folder = try #require(SamplePictures.folder(environment: ["XDG_RUNTIME_DIR": Self.runtimeDirectory]))
            #expect(folder.title == expected)
            let grid = PhotoGridController(folder: folder, source: FakeThumbnailSource())
            let navigation = NavigationController(rootViewController: grid)
            let host = OffscreenWindow(root: navigation, size: Size(width: 400, height: 600))
            host.layout()
            #expect(grid.title == expected)
            #expect(navigation.navigationBar.title == expected)
        }
    }

    @Test(arguments: languages)
    func anEmptyFolderSaysSoInTheLanguage(_ language: String) throws {
        let expected = try PoFile(language: language).translation(of: "No pictures here")
        try TestCatalogue.$active.withValue(TestCatalogue(language: language)) {
            let grid = PhotoGridView(folder: PictureFolder(title: "empty", paths: []), source: FakeThumbnailSource())
            #expect(grid.subviews.compactMap { ($0 as? Label)?.text } == [expected])
        }
    }

    @Test(arguments: languages)
    func aPathThatCannotBeOpenedIsSaidInTheLanguage(_ language: String) throws {
        let po = try PoFile(language: language)
        let template = try po.translation(of: "cannot open '%s': %s")
        let reason = try po.translation(of: "no such file or directory")
        // The catalogue's sentence with the path and the reason put in, the path as given.
        let expected = template.replacing("%s", with: "/no/such/place", maxReplacements: 1)
            .replacing("%s", with: reason, maxReplacements: 1)
        #expect(!template.contains("cannot open") && !reason.contains("no such"), "the \(language) catalogue translates them")
        try TestCatalogue.$active.withValue(TestCatalogue(language: language)) {
            let error = try #require(throws: PictureFolderError.self) { try PictureFolder(arguments: ["/no/such/place"]) }
            // The value stays the English one; only its description is in the language.
            #expect(error == .unreadable(path: "/no/such/place", reason: "no such file or directory"))
            #expect("\(error)" == expected)
        }
    }

    @Test func withoutACatalogueEverythingStaysEnglish() throws {
        let folder = try #require(SamplePictures.folder(environment: ["XDG_RUNTIME_DIR": Self.runtimeDirectory]))
        #expect(folder.title == "Samples")
        #expect(PhotoGridController(folder: folder, source: FakeThumbnailSource()).title == "Samples")
        let grid = PhotoGridView(folder: PictureFolder(title: "empty", paths: []), source: FakeThumbnailSource())
        #expect(grid.subviews.compactMap { ($0 as? Label)?.text } == ["No pictures here"])
        let error = try #require(throws: PictureFolderError.self) { try PictureFolder(arguments: ["/no/such/place"]) }
        #expect("\(error)" == "cannot open '/no/such/place': no such file or directory")
        #expect(try PictureFolder(arguments: [folder.paths[0], folder.paths[1]]).title == "Photos")
    }

    /// A translation may put the path and the reason the other way round (`%2$s`, `%1$s`),
    /// and a `%s` in the path is never read as a placeholder.
    @Test func aTranslationMayReorderThePlaceholders() throws {
        let reordered = TestCatalogue(domain: PhotosApp.textDomain, messages: [
            "cannot open '%s': %s": "%2$s — %1$s (100%%)",
            "permission denied": "denied",
        ])
        TestCatalogue.$active.withValue(reordered) {
            let error = PictureFolderError.unreadable(path: "/a/%s.png", reason: "permission denied")
            #expect("\(error)" == "denied — /a/%s.png (100%)")
        }
    }
}

/// One language's messages of one text domain, installed for the task of the test that sets
/// ``active``: lookups in other domains, and lookups from other tasks, go to the localization
/// that was installed before (English in the tests).
struct TestCatalogue: Sendable {
    /// The catalogue of the test running, if it set one.
    @TaskLocal static var active: TestCatalogue?

    let domain: String
    let messages: [String: String]

    init(domain: String, messages: [String: String]) {
        self.domain = domain
        self.messages = messages
    }

    /// `po/segue-photos/LANG.po` compiled by msgfmt and read back.
    init(language: String) throws {
        let directory = Fixtures.temporaryDirectory()
        let mo = directory + "/\(PhotosApp.textDomain).mo"
        let msgfmt = Process()
        msgfmt.executableURL = URL(fileURLWithPath: "/usr/bin/msgfmt")
        msgfmt.arguments = ["--check", "-o", mo, PoFile.path(language: language)]
        try msgfmt.run()
        msgfmt.waitUntilExit()
        guard msgfmt.terminationStatus == 0 else { throw CatalogueError("msgfmt --check rejects \(language).po") }
        self.init(domain: PhotosApp.textDomain, messages: try Self.messages(mo: Data(contentsOf: URL(fileURLWithPath: mo))))
    }

    private static let installed: Void = {
        let previous = Localization.current
        Localization.current = Localization(
            translate: { message, domain in
                if let catalogue = TestCatalogue.active, catalogue.domain == domain, let text = catalogue.messages[message] {
                    return text
                }
                return previous.translate(message, domain)
            },
            translatePlural: { singular, plural, count, domain in previous.translatePlural(singular, plural, count, domain) })
    }()

    /// Puts the task-aware lookup in place, once for the whole process.
    static func installOnce() { _ = installed }

    /// The messages of a GNU `.mo` file: a magic number, the count, and two tables of (length,
    /// offset) pairs, originals then translations, in the byte order the magic number shows.
    static func messages(mo: Data) throws -> [String: String] {
        let bytes = [UInt8](mo)
        func word(_ at: Int, bigEndian: Bool) throws -> Int {
            guard at + 4 <= bytes.count else { throw CatalogueError("the .mo is cut short") }
            let value = bytes[at..<at + 4].reduce(0) { $0 << 8 | UInt32($1) }
            return Int(bigEndian ? value : value.byteSwapped)
        }
        let bigEndian = try word(0, bigEndian: true) == 0x9504_12DE
        let littleEndian = try word(0, bigEndian: false) == 0x9504_12DE
        guard bigEndian || littleEndian else { throw CatalogueError("not a .mo file") }
        let count = try word(8, bigEndian: bigEndian)
        let originals = try word(12, bigEndian: bigEndian), translations = try word(16, bigEndian: bigEndian)
        func string(table: Int, index: Int) throws -> String {
            let length = try word(table + 8 * index, bigEndian: bigEndian)
            let offset = try word(table + 8 * index + 4, bigEndian: bigEndian)
            guard offset + length <= bytes.count else { throw CatalogueError("a string lies outside the .mo") }
            return String(decoding: bytes[offset..<offset + length], as: UTF8.self)
        }
        var messages: [String: String] = [:]
        for index in 0..<count {
            messages[try string(table: originals, index: index)] = try string(table: translations, index: index)
        }
        return messages
    }
}

/// A catalogue's source, `po/segue-photos/LANG.po`, read line by line: each message is one
/// `msgid` line followed by its `msgstr` line.
struct PoFile {
    let lines: [String]

    static func path(language: String) -> String {
        // Tests/PhotosTests/this file → the repository root.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return root.path + "/po/\(PhotosApp.textDomain)/\(language).po"
    }

    init(language: String) throws {
        lines = try String(contentsOfFile: Self.path(language: language), encoding: .utf8)
            .split(separator: "\n").map(String.init)
    }

    /// The `msgstr` of `message`.
    func translation(of message: String) throws -> String {
        guard let index = lines.firstIndex(of: "msgid \(Self.quoted(message))"), index + 1 < lines.count,
              lines[index + 1].hasPrefix("msgstr \""), lines[index + 1].hasSuffix("\"") else {
            throw CatalogueError("'\(message)' has no one-line msgstr in the catalogue")
        }
        return Self.unquoted(lines[index + 1].dropFirst("msgstr \"".count).dropLast())
    }

    private static func quoted(_ text: String) -> String {
        "\"" + text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
    }

    private static func unquoted(_ text: Substring) -> String {
        var result = "", escaped = false
        for character in text {
            if escaped { result.append(character); escaped = false } else if character == "\\" { escaped = true } else { result.append(character) }
        }
        return result
    }
}

struct CatalogueError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
