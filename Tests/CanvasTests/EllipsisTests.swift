import Geometry
import Canvas
import Motion
import Testing

/// Single-line text cut to a width (Pango's `PANGO_ELLIPSIZE_END`): rendered, a long string
/// ends in three dots and paints nothing past its frame; a short one renders as without a limit.
@Suite("Ellipsis")
struct EllipsisTests {
    static let long = "Scale and fade: drag left from the right half to push the next page"
    static let font = Font(size: 16, weight: .medium)

    /// Renders `layout` black on white at x = 10 in a 300 × 40 surface.
    static func render(_ layout: TextLayout) -> Surface {
        let surface = Surface(width: 300, height: 40)
        surface.clear(to: .white)
        Canvas(surface: surface).drawText(layout, at: Point(x: 10, y: 8), color: .black)
        return surface
    }

    /// Columns holding ink (any channel below 0.75).
    static func inkColumns(_ surface: Surface) -> [Int] {
        (0..<surface.width).filter { x in (0..<surface.height).contains { surface.pixel(x: x, y: $0).red < 0.75 } }
    }

    /// Groups of adjacent ink columns, left to right.
    static func blobs(_ columns: [Int]) -> [ClosedRange<Int>] {
        var result: [ClosedRange<Int>] = []
        for x in columns {
            if let last = result.last, last.upperBound + 1 == x {
                result[result.count - 1] = last.lowerBound...x
            } else {
                result.append(x...x)
            }
        }
        return result
    }

    /// The rows holding ink within columns `range`.
    static func inkRows(_ surface: Surface, _ range: ClosedRange<Int>) -> [Int] {
        (0..<surface.height).filter { y in range.contains { surface.pixel(x: $0, y: y).red < 0.75 } }
    }

    @Test func aLongStringInANarrowFrameEndsWithAnEllipsisAndStaysInside() {
        let frameWidth = 120.0
        let layout = TextLayout(text: Self.long, font: Self.font, maxWidth: frameWidth, maxLines: 1)
        #expect(layout.lineCount == 1)
        #expect(layout.isEllipsized)
        #expect(layout.size.width <= frameWidth)
        let surface = Self.render(layout)
        let ink = Self.inkColumns(surface)
        // Nothing past the frame (x 10 … 130).
        #expect(ink.first! >= 10 && ink.last! < 10 + Int(frameWidth), "ink columns \(ink.first!)…\(ink.last!)")
        // It fills the frame: the cut is near its right edge.
        #expect(ink.last! > 10 + Int(frameWidth) - 16)

        // The last three marks are dots: small, equal-height, on one line at the baseline, as
        // "…" drawn alone in the same font.
        let marks = Self.blobs(ink)
        let dots = marks.suffix(3)
        #expect(marks.count > 6)
        let dotRows = dots.map { Self.inkRows(surface, $0) }
        let alone = Self.render(TextLayout(text: "…", font: Self.font))
        let aloneMarks = Self.blobs(Self.inkColumns(alone))
        #expect(aloneMarks.count == 3, "an ellipsis is three dots: \(aloneMarks)")
        let aloneRows = Self.inkRows(alone, aloneMarks[0])
        for (mark, rows) in zip(dots, dotRows) {
            #expect(mark.count <= aloneMarks[0].count + 1, "mark \(mark) wider than a dot")
            #expect(abs(rows.count - aloneRows.count) <= 1 && abs(rows.first! - aloneRows.first!) <= 1,
                    "mark \(mark) rows \(rows.first!)…\(rows.last!), a dot's \(aloneRows.first!)…\(aloneRows.last!)")
        }
        // A letter before them reaches higher than a dot.
        let before = Self.inkRows(surface, marks[marks.count - 4])
        #expect(before.first! < aloneRows.first! - 3)
    }

    @Test func aShortStringIsUnchanged() {
        for text in ["Inbox", "Navigation"] {
            let free = Self.render(TextLayout(text: text, font: Self.font))
            let limited = TextLayout(text: text, font: Self.font, maxWidth: 120, maxLines: 1)
            #expect(!limited.isEllipsized)
            let cut = Self.render(limited)
            #expect(free.isPixelEqual(to: cut), "\(text) renders differently with a width it fits in")
        }
    }

    @Test func aFewLinesThenAnEllipsis() {
        let layout = TextLayout(text: Self.long + " " + Self.long, font: Font(size: 14), maxWidth: 140, maxLines: 2)
        #expect(layout.lineCount == 2)
        #expect(layout.isEllipsized)
        #expect(layout.size.width <= 140)
        let unlimited = TextLayout(text: Self.long + " " + Self.long, font: Font(size: 14), maxWidth: 140)
        #expect(unlimited.lineCount > 2 && !unlimited.isEllipsized)
    }
}
