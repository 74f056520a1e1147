import Geometry
import Canvas
import Foundation
import Motion
import SegueTestKit
import Testing

/// The Modal tab's tutorial presentations in a real compositor (headless weston, 800×600):
/// the overlay's dimming and panel rect; the card flip (on the card page the Modal page's card
/// opens) held by a left-edge pan at 25 % and 50 % (the page's rect, then its perspective
/// edges about the container's centre); the expand-from-icon page held by a
/// drag down at 30 %; then releases both ways, the settled screens and the trace.
///
/// Geometry (window coordinates; the Modal page starts at the window's top, the tab bar is
/// 60 px at the bottom): Overlay button y 128…176; card (24, 200, 200 × 280); icon
/// (256, 200, 96 × 96).
@Suite(.serialized)
struct ModalScenesE2ETests {
    static let width = 800.0, height = 600.0
    static let modalBackground = Color(hex: 0xFFF7E8)
    static let revealBackground = Color(hex: 0x1D3557)
    static let detailBackground = Color(hex: 0x0E3B43)
    static let card = (x: 24.0, y: 200.0, width: 200.0, height: 280.0)
    static let cardPageBackground = Color(hex: 0xE9F5F2)
    /// The card on the card page (FlipCardPage), 800 × 600.
    static let flipCard = (x: 300.0, y: 200.0, width: 200.0, height: 280.0)
    static let icon = (x: 256.0, y: 200.0, width: 96.0, height: 96.0)

    static func near(_ c: Color, _ expected: Color, _ tolerance: Int = 3) -> Bool {
        Surface.channelDistance(c, expected) <= tolerance
    }

    /// Starts the app and switches to the Modal tab; returns its settled screen.
    static func openModalTab(_ session: HeadlessSession) throws -> Surface {
        try session.waitForApp()
        try session.click(at: DemoLayout.tabButton(.modal))
        try session.waitForTrace([.begin], count: 1)
        return try session.parkedScreenshot()
    }

    static func completions(_ session: HeadlessSession) -> [String] {
        session.trace.filter { $0.event == .complete }.map {
            "\($0.kind.rawValue):\($0.completed ?? false)"
        }
    }

    /// The first and last columns of row `y` whose pixel is within 3/255 of `color`.
    static func span(_ shot: Surface, row y: Int, of color: Color) -> (Int, Int)? {
        let columns = (0..<shot.width).filter { near(shot.pixel(x: $0, y: y), color) }
        guard let first = columns.first, let last = columns.last else { return nil }
        return (first, last)
    }

    /// The first and last rows of column `x` whose pixel is within 3/255 of `color`.
    static func span(_ shot: Surface, column x: Int, of color: Color) -> (Int, Int)? {
        let rows = (0..<shot.height).filter { near(shot.pixel(x: x, y: $0), color) }
        guard let first = rows.first, let last = rows.last else { return nil }
        return (first, last)
    }

    static func within(_ a: (Int, Int)?, _ b: (Double, Double), _ tolerance: Double = 2) -> Bool {
        guard let a else { return false }
        return abs(Double(a.0) - b.0) <= tolerance && abs(Double(a.1) - b.1) <= tolerance
    }

    // MARK: overlay (000)

    @Test func overlayDimsAtHalfCentresTheTwoThirdsPanelAndDismissesThreeWays() throws {
        let session = try HeadlessSession(width: Int(Self.width), height: Int(Self.height))
        defer { session.stop() }
        let rest = try Self.openModalTab(session)

        try session.click(at: DemoLayout.overlayButton)
        let presented = try session.parkedScreenshot()
        session.keep(presented, as: "e2e-overlay-presented")
        // 50 % black over the page's known colour: each channel half its value.
        for (x, y) in [(760, 300), (700, 20), (60, 520)] {
        let dimmed = presented.pixel(x: x, y: y)
        for (got, page) in [(dimmed.red, Self.modalBackground.red), (dimmed.green, Self.modalBackground.green),
                            (dimmed.blue, Self.modalBackground.blue)] {
            #expect(abs(got - page / 2) <= 2.0 / 255 + 1e-9, "dimmed channel at (\(x), \(y)): \(got * 255), expected \(page * 255 / 2) ± 2")
        }
        }
        // The white panel: centred, 2/3 × 2/3 (533.3 × 400 at 133.3, 100).
        let across = Self.span(presented, row: 300, of: .white)
        let down = Self.span(presented, column: 150, of: .white)
        #expect(Self.within(across, (Self.width / 6, Self.width * 5 / 6 - 1)), "panel columns \(String(describing: across))")
        #expect(Self.within(down, (Self.height / 6, Self.height * 5 / 6 - 1)), "panel rows \(String(describing: down))")

        // A click on the dimming dismisses; the page is exactly as before.
        try session.click(at: Point(x: 760, y: 300))
        var back = try session.parkedScreenshot()
        #expect(back.fractionDiffering(from: rest) < 0.001, "dismissed by a click on the dimming")
        // Esc.
        try session.click(at: DemoLayout.overlayButton)
        _ = try session.parkedScreenshot()
        try session.type(.escape)
        back = try session.parkedScreenshot()
        #expect(back.fractionDiffering(from: rest) < 0.001, "dismissed by Esc")
        // The panel's Close button (centred, 28…72 px above the panel's bottom).
        try session.click(at: DemoLayout.overlayButton)
        _ = try session.parkedScreenshot()
        try session.click(at: Point(x: 400, y: 450))
        back = try session.parkedScreenshot()
        #expect(back.fractionDiffering(from: rest) < 0.001, "dismissed by Close")
        #expect(Self.completions(session) == ["tab:true", "present:true", "dismiss:true", "present:true", "dismiss:true",
                                              "present:true", "dismiss:true"])
    }

    // MARK: card flip (002)

    /// The Modal page's card opens tutorial 002's card page (a sheet); its card (centred
    /// horizontally, 40 px below the centre: 300, 200, 200 × 280) flips the page over.
    @Test func cardFlipEdgePanHeldAtQuarterAndHalfThenCancelsAtHalfAndFinishesPastIt() throws {
        let session = try HeadlessSession(width: Int(Self.width), height: Int(Self.height))
        defer { session.stop() }
        _ = try Self.openModalTab(session)
        try session.click(at: Point(x: Self.card.x + 100, y: Self.card.y + 140))
        try session.waitForTrace([.begin], count: 2)
        let cardPage = try session.parkedScreenshot()
        session.keep(cardPage, as: "e2e-cardflip-card-page")
        #expect(Self.near(cardPage.pixel(x: 20, y: 300), Self.cardPageBackground), "the card page fills the window")
        try session.click(at: Point(x: Self.flipCard.x + 100, y: Self.flipCard.y + 140))
        try session.waitForTrace([.begin], count: 3)
        let presented = try session.parkedScreenshot()
        session.keep(presented, as: "e2e-cardflip-presented")
        #expect(Self.near(presented.pixel(x: 100, y: 300), Self.revealBackground), "the reveal page fills the window")

        // 25 %: dx = 50 px of 200. Phase 1 (shrink) at 0.75 of its third, eased.
        try session.move(to: Point(x: 4, y: 300), afterMs: 100)
        try session.press()
        try session.drag(to: Point(x: 54, y: 300))
        let quarter = try session.stableScreenshot()
        session.keep(quarter, as: "e2e-cardflip-held-25")
        let card = Self.flipCard
        let e = TimingCurve.easeInOut.value(at: 0.75)
        let rect = (x: card.x * e, y: card.y * e,
                    width: Self.width + (card.width - Self.width) * e, height: Self.height + (card.height - Self.height) * e)
        // A row 70 % down the page: beside the picture, the page's own colour reaches its edges.
        let quarterRow = Int(rect.y + rect.height * 0.7)
        let quarterSpan = Self.span(quarter, row: quarterRow, of: Self.revealBackground)
        #expect(Self.within(quarterSpan, (rect.x, rect.x + rect.width - 1)),
                "page at row \(quarterRow): \(String(describing: quarterSpan)), expected \(rect.x)…\(rect.x + rect.width - 1)")

        // 50 %: dx = 100 px. Phase 2 half-way: the page in the card's rect, turned by
        // θ = 90° × ease(0.5) about its vertical centre line, seen with m34 = −1/500 from the
        // container's centre (400, 300): u right of the axis lands at
        // x = 400 + (axis − 400 + u cos θ) / w, y = 300 + (y − 300) / w, w = 1 + u sin θ / 500.
        try session.drag(to: Point(x: 104, y: 300), steps: 6)
        let half = try session.stableScreenshot()
        session.keep(half, as: "e2e-cardflip-held-50")
        let theta = Double.pi / 2 * TimingCurve.easeInOut.value(at: 0.5)
        let eye = (x: Self.width / 2, y: Self.height / 2)
        let axis = card.x + card.width / 2
        func w(_ u: Double) -> Double { 1 + u * sin(theta) / 500 }
        func projectedX(_ u: Double) -> Double { eye.x + (axis - eye.x + u * cos(theta)) / w(u) }
        // Row 400 is 70 % down the card: beside the picture on both sides.
        let row = 400.0
        func rowU(_ x: Double) -> Double {
            // The u whose column is at x: solve x − eye.x = (axis − eye.x + u cos θ) / w(u).
            let p = x - eye.x
            return (p - (axis - eye.x)) / (cos(theta) - p * sin(theta) / 500)
        }
        let expectedEdges = (projectedX(-card.width / 2), projectedX(card.width / 2) - 1)
        let halfSpan = Self.span(half, row: Int(row), of: Self.revealBackground)
        #expect(Self.within(halfSpan, expectedEdges),
                "turned page at row \(Int(row)): \(String(describing: halfSpan)), expected \(expectedEdges) (θ = \(theta))")
        // The near (left) edge is taller than the far one, each scaled by 1 / w about y = 300.
        // Columns 20 px in from the edges: clear of the rounded corners (radius 16), beside the picture.
        let nearColumn = Int(expectedEdges.0.rounded(.up)) + 20, farColumn = Int(expectedEdges.1.rounded(.down)) - 20
        for column in [nearColumn, farColumn] {
            let scale = 1 / w(rowU(Double(column) + 0.5))
            let top = eye.y + (card.y - eye.y) * scale, bottom = eye.y + (card.y + card.height - eye.y) * scale
            let span = Self.span(half, column: column, of: Self.revealBackground)
            #expect(Self.within(span, (top, bottom - 1), 3),
                    "column \(column): \(String(describing: span)), expected \(top)…\(bottom - 1)")
        }

        // Released at exactly one half: the rule is "> 0.5", so the flip plays back.
        try session.release(afterMs: 120)
        try session.waitForTrace([.cancel, .finish], count: 1)
        let cancelled = try session.parkedScreenshot()
        #expect(cancelled.fractionDiffering(from: presented) < 0.001, "released at 50 % the reveal page returns whole")

        // 75 % and release: dismissed, the card page exactly as before (upright, whole).
        try session.move(to: Point(x: 4, y: 300), afterMs: 100)
        try session.press()
        try session.drag(to: Point(x: 154, y: 300))
        try session.release(afterMs: 120)
        try session.waitForTrace([.cancel, .finish], count: 2)
        let dismissed = try session.parkedScreenshot()
        session.keep(dismissed, as: "e2e-cardflip-dismissed")
        #expect(dismissed.fractionDiffering(from: cardPage) < 0.001, "released at 75 % the card page is back")

        #expect(Self.completions(session) == ["tab:true", "present:true", "present:true", "dismiss:false", "dismiss:true"])
        let ends = session.trace.filter { [.cancel, .finish].contains($0.event) }
        #expect(ends.map(\.event) == [.cancel, .finish])
        let endProgress = ends.map(\.progress)
        #expect(endProgress.count == 2 && abs(endProgress[0] - 0.5) < 0.01 && abs(endProgress[1] - 0.75) < 0.01, "\(endProgress)")
    }

    // MARK: expand from icon (004)

    @Test func expandDragDownHeldAtThirtyPercentThenCancelsAndFinishesAtHalf() throws {
        let session = try HeadlessSession(width: Int(Self.width), height: Int(Self.height))
        defer { session.stop() }
        let rest = try Self.openModalTab(session)
        try session.click(at: Point(x: Self.icon.x + 48, y: Self.icon.y + 48))
        try session.waitForTrace([.begin], count: 2)
        let presented = try session.parkedScreenshot()
        session.keep(presented, as: "e2e-expand-presented")
        #expect(Self.near(presented.pixel(x: 400, y: 580), Self.detailBackground), "the detail page fills the window")

        // 30 %: dy = 180 of 600. A drag scrubs linearly from the window to the icon's rect.
        try session.move(to: Point(x: 400, y: 150), afterMs: 100)
        try session.press()
        try session.drag(to: Point(x: 400, y: 330))
        let held = try session.stableScreenshot()
        session.keep(held, as: "e2e-expand-held-30")
        let t = 0.3
        let rect = (x: Self.icon.x * t, y: Self.icon.y * t,
                    width: Self.width + (Self.icon.width - Self.width) * t, height: Self.height + (Self.icon.height - Self.height) * t)
        // Sides: a row near the bottom, below the text; top and bottom: a column right of the text.
        let row = Int(rect.y + rect.height - 10)
        let across = Self.span(held, row: row, of: Self.detailBackground)
        #expect(Self.within(across, (rect.x, rect.x + rect.width - 1)),
                "detail page at row \(row): \(String(describing: across)), expected \(rect.x)…\(rect.x + rect.width - 1)")
        let column = Int(rect.x + rect.width - 12)
        let top = (0..<Int(Self.height)).first { !Self.near(held.pixel(x: column, y: $0), Self.modalBackground) }
        #expect(top.map { abs(Double($0) - rect.y) <= 2 } == true, "top edge at \(String(describing: top)), expected \(rect.y)")
        let bottom = Self.span(held, column: column, of: Self.detailBackground)?.1
        #expect(bottom.map { abs(Double($0) - (rect.y + rect.height - 1)) <= 2 } == true,
                "bottom edge at \(String(describing: bottom)), expected \(rect.y + rect.height - 1)")

        try session.release(afterMs: 120)
        try session.waitForTrace([.cancel, .finish], count: 1)
        let cancelled = try session.parkedScreenshot()
        #expect(cancelled.fractionDiffering(from: presented) < 0.001, "released at 30 % the detail page returns")

        // Exactly one half: "≥ 0.5" finishes.
        try session.move(to: Point(x: 400, y: 100), afterMs: 100)
        try session.press()
        try session.drag(to: Point(x: 400, y: 400))
        try session.release(afterMs: 120)
        try session.waitForTrace([.cancel, .finish], count: 2)
        let dismissed = try session.parkedScreenshot()
        session.keep(dismissed, as: "e2e-expand-dismissed")
        #expect(dismissed.fractionDiffering(from: rest) < 0.001, "released at 50 % the page shrinks back onto the icon")

        #expect(Self.completions(session) == ["tab:true", "present:true", "dismiss:false", "dismiss:true"])
        let ends = session.trace.filter { [.cancel, .finish].contains($0.event) }
        let endProgress = ends.map(\.progress)
        #expect(ends.map(\.event) == [.cancel, .finish])
        #expect(endProgress.count == 2 && abs(endProgress[0] - 0.3) < 0.01 && abs(endProgress[1] - 0.5) < 0.01, "\(endProgress)")
    }
}
