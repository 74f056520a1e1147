import Canvas
import Geometry
import Foundation

/// What Pango itself makes of a string in a font: `meson-helpers/build/segue-pango-measure`, a
/// few lines of C that call Pango and cairo directly. Tests compare the text on screen with
/// this, never with the toolkit's own `TextLayout` (the code under test).
public struct PangoText {
    /// The logical size in pixels (advance widths and line height).
    public var logicalWidth: Double
    public var logicalHeight: Double
    /// The ink rectangle's left and width in pixels (the glyphs' outlines).
    public var inkX: Double
    public var inkWidth: Double
    /// The text drawn black on white at (10, 5), with 20 px more width and 10 px more height
    /// than its logical size.
    public var drawn: Surface

    /// The helper's path (built with the other test helpers).
    public static var helper: String { Paths.root + "/meson-helpers/build/segue-pango-measure" }

    /// Lays out and draws `text` in `family` (default: DejaVu Sans, the family the tests pin),
    /// `weight` (400 regular, 500 medium, 700 bold) at `size` pixels.
    public init(_ text: String, family: String = "DejaVu Sans", weight: Int = 400, size: Double) throws {
        try Paths.requireBuilt([Self.helper], demo: nil)
        let png = NSTemporaryDirectory() + "segue-pango-\(getpid())-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: png) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.helper)
        process.arguments = [family, String(weight), String(size), text, png]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let fields = String(decoding: data, as: UTF8.self).split(separator: " ").compactMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        guard process.terminationStatus == 0, fields.count == 4 else {
            throw HarnessError("segue-pango-measure '\(text)' failed (\(process.terminationStatus)): \(String(decoding: data, as: UTF8.self))")
        }
        logicalWidth = fields[0]
        logicalHeight = fields[1]
        inkX = fields[2]
        inkWidth = fields[3]
        drawn = try Surface.loadPNG(from: png)
    }

    /// How many columns of ``drawn`` hold ink by `ink`, first to last inclusive.
    public func inkColumns(_ ink: (Color) -> Bool) -> Int {
        let columns = (0..<drawn.width).filter { x in (0..<drawn.height).contains { y in ink(drawn.pixel(x: x, y: y)) } }
        guard let first = columns.first, let last = columns.last else { return 0 }
        return last - first + 1
    }
}
