import Foundation
import Geometry
import Canvas
import PhotoDecoding
import SegueTestKit
import Testing

/// Segue Photos with real input, in weston and mutter, on a folder of one magenta PNG (a
/// marker the screenshots can find) and twenty 2000 × 1500 JPEGs the decoder's generator made:
/// a click zooms the marker open, fitted 4 : 3 in the page; held 40 px right and 140 px down it
/// is where the zoom's curve puts it (docs/MOTION.md target 11); let go near where it started it
/// springs back exactly; Ctrl and the wheel zoom into it and a double-click zooms back out; two
/// fingers on the touchscreen pinch it to twice its size and back, and pinched in it closes
/// into its cell; the Right arrow pages to a JPEG; a drag down closes the page into the grid. Four bad files at
/// the end of the folder each give one line on standard error, and nothing waits for them.
@Suite(.serialized)
struct PhotosE2ETests {
    static let marker = Color(red: 1, green: 0, blue: 1)

    /// The folder, made once per run.
    static let folder: String = {
        // One fixed place, written again each run (the generator is seeded): nothing piles up.
        let directory = NSTemporaryDirectory() + "segue-photos-e2e"
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let surface = Surface(width: 1600, height: 1200)
        surface.clear(to: marker)
        try? surface.writePNG(to: directory + "/a-marker.png")
        _ = try? PictureFolderGenerator.make(directory: directory, count: 20, width: 2000, height: 1500, seed: 7)
        // Bad files, sorted last: empty, cut short, text named as a picture, and a whole JPEG
        // whose start-of-frame declares 30000 × 30000.
        FileManager.default.createFile(atPath: directory + "/z-empty.jpg", contents: Data())
        if let jpeg = FileManager.default.contents(atPath: directory + "/picture-0001.jpg") {
            FileManager.default.createFile(atPath: directory + "/z-truncated.jpg", contents: jpeg.prefix(jpeg.count / 3))
            var huge = [UInt8](jpeg)
            if let sof = (0..<huge.count - 9).first(where: { huge[$0] == 0xFF && (huge[$0 + 1] == 0xC0 || huge[$0 + 1] == 0xC2) }) {
                // Segment length (2), precision (1), then height and width, big-endian.
                huge.replaceSubrange(sof + 5..<sof + 9, with: [0x75, 0x30, 0x75, 0x30])
            }
            FileManager.default.createFile(atPath: directory + "/z-huge.jpg", contents: Data(huge))
        }
        FileManager.default.createFile(atPath: directory + "/z-text.jpg", contents: Data("not a picture\n".utf8))
        return directory
    }()

    /// Each bad file: one line on standard error naming it, whatever the grid did meanwhile.
    static let badFiles = ["z-empty.jpg", "z-truncated.jpg", "z-text.jpg", "z-huge.jpg"]

    static func isMarker(_ c: Color) -> Bool { Surface.channelDistance(c, marker) <= 24 }
    /// The page's dark background (0.06 grey).
    static func isPage(_ c: Color) -> Bool { abs(c.red - 0.06) < 0.03 && abs(c.green - 0.06) < 0.03 && abs(c.blue - 0.06) < 0.03 }

    static func largestBlob(_ shot: Surface, where predicate: (Color) -> Bool) -> Rect? {
        shot.blobs(grid: 4, where: predicate).max { $0.count < $1.count }
            .map { Rect(x: Double($0.minX), y: Double($0.minY), width: Double($0.width), height: Double($0.height)) }
    }

    static func edgeError(_ a: Rect, _ b: Rect) -> Double {
        max(abs(a.minX - b.minX), abs(a.minY - b.minY), abs(a.maxX - b.maxX), abs(a.maxY - b.maxY))
    }

    @Test func weston() throws {
        var options = HeadlessSession.Options()
        options.program = Paths.photos
        options.arguments = [Self.folder]
        let session = try HeadlessSession(width: 800, height: 600, options: options)
        defer { session.stop() }
        try session.waitForApp()
        try Self.check(session, label: "weston", parked: session.parkedScreenshot, stable: { try session.stableScreenshot() })
    }

    @Test func mutter() throws {
        var options = MutterSession.Options()
        options.program = Paths.photos
        options.arguments = [Self.folder]
        let session = try MutterSession(options: options)
        defer { session.stop() }
        _ = try session.waitForApp { shot in
            Self.largestBlob(shot, where: Self.isMarker).flatMap { $0.width > 40 ? $0.center : nil }
        }
        try Self.check(session, label: "mutter", parked: session.parkedScreenshot, stable: { try session.stableScreenshot() })
    }

    static func check(_ session: some CompositorSession, label: String,
                      parked: () throws -> Surface, stable: () throws -> Surface) throws {
        let grid = try parked()
        session.keep(grid, as: "\(label)-photos-grid")
        let cell = try #require(largestBlob(grid, where: isMarker), "no marker cell on the grid")
        #expect(abs(cell.width - cell.height) <= 2, "square cells: \(cell)")
        // The bad files' cells are within the grid's margin: each is tried once and said once.
        try session.waitFor("a line for each bad file", timeout: 10) {
            badFiles.allSatisfy { name in session.appLog.contains("/\(name): ") }
        }
        for name in badFiles {
            let lines = session.appLog.split(separator: "\n").filter { $0.hasPrefix("segue-photos: ") && $0.contains("/\(name): ") }
            #expect(lines.count == 1, "\(name): \(lines)")
        }
        #expect(session.appLog.contains("z-empty.jpg: empty file"))
        #expect(session.appLog.contains("z-huge.jpg: picture too large: 30000×30000"))

        // Opened: the page's dark area, the marker fitted 4 : 3 in it, centred.
        try session.click(at: cell.center)
        let page = try parked()
        session.keep(page, as: "\(label)-photos-open")
        let picture = try #require(largestBlob(page, where: isMarker), "no marker on the page")
        // The page: its dark margins (one each side of a picture as tall as the page) with the picture.
        let margins = page.blobs(grid: 4, where: isPage).filter { $0.count > 500 }
        try #require(!margins.isEmpty, "no picture page")
        let area = margins.reduce(picture) { union, m in
            let x0 = min(union.minX, Double(m.minX)), y0 = min(union.minY, Double(m.minY))
            let x1 = max(union.maxX, Double(m.maxX + 1)), y1 = max(union.maxY, Double(m.maxY + 1))
            return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        }
        let fit = min(area.width / 4, area.height / 3)
        let expected = Rect(x: area.midX - 2 * fit, y: area.midY - 1.5 * fit, width: 4 * fit, height: 3 * fit)
        #expect(edgeError(picture, expected) <= 3, "the marker at \(picture), fitted \(expected) in \(area)")
        #expect(session.trace.contains { $0.event == .complete && $0.kind == .push && $0.completed == true })

        // Held 40 px right and 140 px down from the middle: scaled by 0.4 + 0.6·e^(−d / (0.5·H))
        // about the point taken, moved with the pointer.
        let grab = area.center, dx = 40.0, dy = 140.0
        try session.move(to: grab, afterMs: 100)
        try session.press()
        try session.drag(to: Point(x: grab.x + dx, y: grab.y + dy))
        let held = try stable()
        session.keep(held, as: "\(label)-photos-held")
        let s = 0.4 + 0.6 * exp(-(dx * dx + dy * dy).squareRoot() / (0.5 * area.height))
        func moved(_ p: Point) -> Point { Point(x: grab.x + s * (p.x - grab.x) + dx, y: grab.y + s * (p.y - grab.y) + dy) }
        let a = moved(picture.origin), b = moved(Point(x: picture.maxX, y: picture.maxY))
        let heldExpected = Rect(x: a.x, y: a.y, width: b.x - a.x, height: b.y - a.y)
        let heldFound = try #require(largestBlob(held, where: isMarker))
        // Its bottom may lie past the window's, which cuts it there.
        let visibleError = max(abs(heldFound.minX - heldExpected.minX), abs(heldFound.minY - heldExpected.minY),
                               abs(heldFound.maxX - heldExpected.maxX),
                               abs(heldFound.maxY - min(heldExpected.maxY, area.maxY)))
        #expect(visibleError <= 3, "held at \(heldFound), expected \(heldExpected)")
        try session.drag(to: Point(x: grab.x + 3, y: grab.y + 5), steps: 12, intervalMs: 16)
        try session.release(afterMs: 300)
        let back = try parked()
        #expect(back.fractionDiffering(from: page) < 0.001, "let go short: the page as it was")

        // Ctrl and ten wheel clicks up (100 px: twice the size) zoom into the picture: the
        // marker covers the whole page; a double-click zooms back out.
        try session.move(to: grab, afterMs: 100)
        try session.key(EvdevKey.leftControl, down: true)
        try session.wheel(clicks: -10)
        try session.key(EvdevKey.leftControl, down: false)
        let zoomed = try parked()
        session.keep(zoomed, as: "\(label)-photos-zoomed")
        let inner = area.insetBy(dx: 4, dy: 4)
        let covered = (0..<20).allSatisfy { i in
            isMarker(zoomed.pixel(x: Int(inner.minX + inner.width * Double(i) / 19), y: Int(inner.midY)))
        }
        #expect(covered, "zoomed twice, the marker covers the page's width")
        try session.click(at: grab)
        try session.click(at: grab)
        let unzoomed = try parked()
        #expect(unzoomed.fractionDiffering(from: page) < 0.001, "a double-click: whole again")

        // Two fingers on the touchscreen, 100 px apart, spread to 200: twice the size again,
        // the marker across the page; closed from 200 to 100, whole again.
        try session.reachAppTouch(at: Point(x: area.midX + area.width / 4, y: area.minY - 20))
        try session.pinch(around: grab, from: 100, to: 200)
        let pinched = try parked()
        session.keep(pinched, as: "\(label)-photos-pinched")
        let pinchCovered = (0..<20).allSatisfy { i in
            isMarker(pinched.pixel(x: Int(inner.minX + inner.width * Double(i) / 19), y: Int(inner.midY)))
        }
        #expect(pinchCovered, "pinched out to twice the size, the marker covers the page's width")
        #expect(!session.trace.contains { $0.event == .complete && $0.kind == .pop && $0.completed == true }, "a pinch is no close")
        try session.pinch(around: grab, from: 200, to: 100)
        let unpinched = try parked()
        #expect(unpinched.fractionDiffering(from: page) < 0.001, "pinched back in: whole again")
        // Whole, a pinch in from 200 to 80 px is the page's: it closes into the marker's cell.
        try session.pinch(around: grab, from: 200, to: 80)
        let pinchedShut = try parked()
        session.keep(pinchedShut, as: "\(label)-photos-pinched-shut")
        let cellAfterPinch = try #require(largestBlob(pinchedShut, where: isMarker), "the marker cell after the pinch")
        // The grid's focus comes back to the picture that was open, and Ctrl was pressed for
        // the zoom above, so the cell wears its 4 px focus ring, inside its edges.
        #expect(edgeError(cellAfterPinch, cell) <= 5 && cell.insetBy(dx: -1, dy: -1).intersection(cellAfterPinch) == cellAfterPinch,
                "pinched in, the page closes into its cell: \(cellAfterPinch) in \(cell)")
        try session.click(at: cell.center)
        let reopened = try parked()
        #expect(reopened.fractionDiffering(from: page) < 0.001, "opened again as before")

        // The Right arrow pages to the first JPEG; a drag down closes it into the grid.
        try session.type(.right)
        let jpeg = try parked()
        session.keep(jpeg, as: "\(label)-photos-jpeg")
        #expect(largestBlob(jpeg, where: isMarker) == nil, "paged to a JPEG")
        #expect(jpeg.fractionDiffering(from: page) > 0.1)
        try session.move(to: Point(x: grab.x, y: grab.y - 120), afterMs: 100)
        try session.press()
        try session.drag(to: Point(x: grab.x, y: grab.y + 120))
        try session.release(afterMs: 16)
        let closed = try parked()
        session.keep(closed, as: "\(label)-photos-closed")
        let cellAgain = try #require(largestBlob(closed, where: isMarker), "the marker cell is back")
        #expect(edgeError(cellAgain, cell) <= 1, "the grid where it was")
        let pops = session.trace.filter { $0.event == .complete && $0.kind == .pop }.map(\.completed)
        #expect(pops == [false, true, true], "held and let go short, pinched shut, dragged shut: \(pops)")
        for name in badFiles {
            let lines = session.appLog.split(separator: "\n").filter { $0.contains("/\(name): ") }
            #expect(lines.count == 1, "still one line for \(name) after opening, paging and closing: \(lines)")
        }
    }
}
