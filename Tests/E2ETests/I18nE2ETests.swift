import Geometry
import Canvas
import Foundation
import Motion
import Segue
import SegueTestKit
import Testing

/// segue-demo in the user's language, in headless weston (issue 22): Hebrew, right to left, and
/// French (longer strings) from the catalogues `make translations` compiles into `.build/locale`;
/// English for a language without a catalogue. The locales are named by `LANG` alone and are
/// not generated on the machine (the app reads its messages in C.UTF-8 then). Expected text
/// comes from the catalogues in `po/`, drawn by Pango here in the design's fonts; positions and
/// motion from the issue (Back at the right, the push from the left, the pop from the right edge).
@Suite(.serialized)
struct I18nE2ETests {
    static let width = 800, height = 600
    static let hebrew = ["LANG": "he_IL.UTF-8"]
    static let french = ["LANG": "fr_FR.UTF-8"]
    /// A row of page background below the list's rows and the detail page's text.
    static let backgroundRow = 500

    /// The detail page's tint (white mixed 12 % towards #3478F6) against the list's white.
    static func isDetailTint(_ c: Color) -> Bool { c.red < 0.95 && c.blue > 0.97 }
    static func isWhite(_ c: Color) -> Bool { c.red > 0.99 && c.green > 0.99 && c.blue > 0.99 }
    /// Text ink on the light bars: the title's near-black, the accent's blue.
    static func isInk(_ c: Color) -> Bool { c.red < 0.6 }

    private func start(_ environment: [String: String], width: Int = width, height: Int = height,
                       arguments: [String] = []) throws -> HeadlessSession {
        var options = HeadlessSession.Options(environment: environment)
        options.arguments = arguments
        let session = try HeadlessSession(width: width, height: height, options: options)
        try session.waitForApp()
        return session
    }

    /// The translation of `message` in `po/DOMAIN/LANG.po` (the catalogue, not the code).
    static func catalogue(_ language: String, _ message: String, domain: String = "segue-demo") throws -> String {
        let text = try String(contentsOfFile: Paths.root + "/po/\(domain)/\(language).po", encoding: .utf8)
        let lines = text.split(separator: "\n").map(String.init)
        guard let index = lines.firstIndex(of: "msgid \"\(message)\""), index + 1 < lines.count,
              lines[index + 1].hasPrefix("msgstr \"") else { throw HarnessError("'\(message)' is not in \(language).po") }
        return String(lines[index + 1].dropFirst("msgstr \"".count).dropLast())
    }

    /// The columns in `rows` of `shot` between `x0` and `x1` that hold ink.
    static func inkColumns(_ shot: Surface, x0: Int, x1: Int, rows: Range<Int>, ink: (Color) -> Bool = isInk) -> [Int] {
        (x0..<x1).filter { x in rows.contains { y in ink(shot.pixel(x: x, y: y)) } }
    }

    /// How wide `text` is in ink when Pango draws it in `font`, black on white.
    static func pangoInkWidth(_ text: String, _ font: Font) -> Int {
        // At the design's size whatever another test left as the user's text scale.
        let layout = TextLayout(text: text, font: font, textScale: 1)
        let surface = Surface(width: Int(layout.size.width) + 20, height: Int(layout.size.height) + 10)
        let canvas = Canvas(surface: surface)
        canvas.fill(Rect(x: 0, y: 0, width: Double(surface.width), height: Double(surface.height)), color: .white)
        canvas.drawText(layout, at: Point(x: 10, y: 5), color: .black)
        let columns = inkColumns(surface, x0: 0, x1: surface.width, rows: 0..<surface.height)
        return (columns.last ?? 0) - (columns.first ?? 0) + 1
    }

    // MARK: Hebrew

    @Test func hebrewDrawsTheTranslatedTitleAndBackAtTheRight() throws {
        let session = try start(Self.hebrew)
        defer { session.stop() }
        let list = try session.parkedScreenshot()
        session.keep(list, as: "i18n-he-list")
        // The bar's title is the catalogue's "Navigation", as wide as Pango draws it in the
        // title's 17 px bold (the English word is far wider).
        let title = try Self.catalogue("he", "Navigation")
        let columns = Self.inkColumns(list, x0: 100, x1: 700, rows: 12..<42)
        let expected = Self.pangoInkWidth(title, Font(size: 17, weight: .bold))
        let english = Self.pangoInkWidth("Navigation", Font(size: 17, weight: .bold))
        let seen = (columns.last ?? 0) - (columns.first ?? 0) + 1
        #expect(abs(seen - expected) <= 1, "the title's ink is \(seen) px wide; Pango draws '\(title)' \(expected) px")
        #expect(abs(seen - english) > 3, "the title is as wide as the English one")
        // The first row's dot is at the right, its chevron at the left.
        let dot = list.pixel(x: Self.width - DemoLayout.rowDot(0).x, y: DemoLayout.rowDot(0).y)
        #expect(Surface.channelDistance(dot, Color(hex: 0x3478F6)) <= 3, "no dot at the right end of the first row: \(dot)")

        try session.click(at: DemoLayout.row(0))
        try session.waitForTrace([.complete], count: 1)
        let pushed = try session.parkedScreenshot()
        session.keep(pushed, as: "i18n-he-pushed")
        // Back (accent ink) lies in the bar's right 100 px, none in its left 100.
        let accent: (Color) -> Bool = { $0.blue > 0.6 && $0.red < 0.4 }
        let right = Self.inkColumns(pushed, x0: Self.width - 100, x1: Self.width, rows: 8..<44, ink: accent)
        let left = Self.inkColumns(pushed, x0: 0, x1: 100, rows: 8..<44, ink: accent)
        #expect(!right.isEmpty && left.isEmpty, "Back should be at the right: \(right.count) columns right, \(left.count) left")
        // "‹ " and the catalogue's "Back", as wide as Pango draws them in the button's 16 px.
        let back = try Self.catalogue("he", "Back", domain: "segue")
        let backWidth = Self.pangoInkWidth("\u{200F}‹ " + back, Font(size: 16))
        let seenBack = (right.last ?? 0) - (right.first ?? 0) + 1
        #expect(abs(seenBack - backWidth) <= 1, "Back's ink is \(seenBack) px wide; Pango draws it \(backWidth) px")
    }

    @Test func hebrewPushEntersFromTheLeftMidWay() throws {
        // Ten times slower: the 0.5 s push takes 5 s, caught about a third of the way.
        let session = try start(Self.hebrew, arguments: ["--slow", "10"])
        defer { session.stop() }
        try session.click(at: DemoLayout.row(0))
        try session.waitUntil(1.5, afterLatestBegin: 10)
        let mid = try session.screenshot()
        session.keep(mid, as: "i18n-he-push-mid")
        #expect(session.trace.filter { $0.event == .complete }.isEmpty, "the push should still run")
        // The new page covers the left part of the window, the list the right part.
        let edge = mid.firstColumn(inRow: Self.backgroundRow) { !Self.isDetailTint($0) }
        #expect(Self.isDetailTint(mid.pixel(x: 5, y: Self.backgroundRow)), "the pushed page is not at the left")
        #expect(Self.isWhite(mid.pixel(x: Self.width - 5, y: Self.backgroundRow)), "the list is not at the right")
        #expect(edge.map { $0 > 20 && $0 < Self.width - 20 } == true, "the pushed page's right edge is at \(String(describing: edge))")
    }

    @Test func hebrewRightEdgeDragHeldAt40PercentThenPops() throws {
        let session = try start(Self.hebrew)
        defer { session.stop() }
        let listShot = try session.parkedScreenshot()
        try session.click(at: DemoLayout.row(0))
        try session.waitForTrace([.complete], count: 1)
        _ = try session.parkedScreenshot()

        // Press 5 px from the right edge, drag to 40 % of the width from it and hold (the page's
        // edge stays under the pointer, as left to right).
        let y = 300.0, w = Double(Self.width)
        try session.move(to: Point(x: w - 5, y: y), afterMs: 100)
        try session.press()
        try session.drag(to: Point(x: 0.6 * w, y: y))
        let held = try session.stableScreenshot()
        session.keep(held, as: "i18n-he-pop-held-40")
        // The page is 40 % to the left: its right edge at 480, the list showing from there.
        let edge = held.firstColumn(inRow: Self.backgroundRow) { !Self.isDetailTint($0) }
        #expect(edge.map { abs($0 - 480) <= 2 } == true, "the page's right edge at \(String(describing: edge)), expected 480 ± 2")
        #expect(Self.isWhite(held.pixel(x: 600, y: Self.backgroundRow)), "the list is not visible right of the page")
        let updates = session.trace.filter { $0.event == .update }.map(\.progress)
        #expect(updates.contains { abs($0 - 0.4) < 0.01 }, "the trace should hold the 40 % update")

        // On to 70 % and released: the pop finishes, the list is back as at launch.
        try session.drag(to: Point(x: 0.3 * w, y: y))
        try session.release(afterMs: 120)
        let popped = try session.parkedScreenshot()
        #expect(popped.fractionDiffering(from: listShot) < 0.001, "after the pop the list is back as at launch")
        let events = session.trace.map { "\($0.event.rawValue):\($0.kind.rawValue)" }
        #expect(events.contains("finish:pop"), "\(events)")
    }

    @Test func hebrewAltRightPops() throws {
        let session = try start(Self.hebrew)
        defer { session.stop() }
        try session.click(at: DemoLayout.row(0))
        try session.waitForTrace([.complete], count: 1)
        _ = try session.parkedScreenshot()
        for (key, down) in [(EvdevKey.leftAlt, true), (.left, true), (.left, false), (.leftAlt, false)] {
            try session.key(key, down: down)
        }
        Thread.sleep(forTimeInterval: 0.5)
        #expect(session.trace.filter { $0.event == .begin }.count == 1, "Alt+Left must not pop right to left")
        for (key, down) in [(EvdevKey.leftAlt, true), (.right, true), (.right, false), (.leftAlt, false)] {
            try session.key(key, down: down)
        }
        try session.waitForTrace([.complete], count: 2)
        let kinds = session.trace.filter { $0.event == .complete }.map(\.kind)
        #expect(kinds == [.push, .pop])
    }

    /// The mouse's back button (evdev BTN_SIDE, 0x113: GTK's button 8) pops in both directions.
    @Test func theMouseBackButtonPopsInHebrewAndInEnglish() throws {
        for environment in [Self.hebrew, [:]] {
            let session = try start(environment)
            defer { session.stop() }
            try session.click(at: DemoLayout.row(0))
            try session.waitForTrace([.complete], count: 1)
            _ = try session.parkedScreenshot()
            for down in [true, false] {
                session.advance(ms: 60)
                _ = try session.send("button \(0x113) \(down ? "down" : "up") \(session.clock)")
            }
            try session.waitForTrace([.complete], count: 2)
            let kinds = session.trace.filter { $0.event == .complete }.map(\.kind)
            #expect(kinds == [.push, .pop], "\(environment): \(kinds)")
        }
    }

    @Test func hebrewTabSwipeGoesToTheNextTabWithADragToTheRight() throws {
        let session = try start(Self.hebrew)
        defer { session.stop() }
        let y = 300.0
        try session.move(to: Point(x: 150, y: y), afterMs: 100)
        try session.press()
        try session.drag(to: Point(x: 150 + 0.7 * Double(Self.width), y: y))
        try session.release(afterMs: 16)
        try session.waitForTrace([.complete], count: 1)
        let shot = try session.parkedScreenshot()
        session.keep(shot, as: "i18n-he-tab-swiped")
        let complete = try #require(session.trace.first { $0.event == .complete })
        #expect(complete.kind == .tab && complete.completed == true)
        // The selected (accent) tab is the second from the right: the Modal tab.
        let accent: (Color) -> Bool = { $0.blue > 0.6 && $0.red < 0.4 }
        let bar = (Self.height - 56)..<(Self.height - 4)
        let slots = (0..<4).map { slot in !Self.inkColumns(shot, x0: slot * 200, x1: slot * 200 + 200, rows: bar, ink: accent).isEmpty }
        #expect(slots == [false, false, true, false], "accent ink per slot, left to right: \(slots)")
    }

    /// The tutorials' scenes right to left, kept for the README and looked at: the modal page
    /// mirrored (the card at the right, the icon to its left), the expand caught growing from the
    /// icon where it is, the card flip caught turning, the gallery filling from the right, the
    /// custom container's bar in reverse order with a reversed drag held between two tabs.
    @Test func hebrewTutorialScenesAreMirrored() throws {
        let session = try start(Self.hebrew)
        defer { session.stop() }
        let size = DemoLayout.windowSize
        try session.click(at: DemoLayout.mirrored(DemoLayout.tabButton(.modal)))
        let modal = try session.parkedScreenshot()
        session.keep(modal, as: "i18n-he-modal")
        // The card (tutorial 002) sits at the right: x 576…776 mirrored from 24…224.
        let card = DemoLayout.mirrored(DemoLayout.modalCard)
        #expect(modal.pixel(x: Int(card.x), y: Int(card.y)) != modal.pixel(x: Int(DemoLayout.modalCard.x), y: Int(DemoLayout.modalCard.y)),
                "the card should be at the right and only there")

        // The expand grows from the icon, now at the right: mid-way the detail page's left edge
        // is right of the window's middle.
        try session.click(at: DemoLayout.mirrored(DemoLayout.modalIcon))
        try session.waitForTrace([.complete], count: 1)
        session.keep(try session.parkedScreenshot(), as: "i18n-he-expanded")
        try session.key(.escape, down: true)
        try session.key(.escape, down: false)
        try session.waitForTrace([.complete], count: 2)
        session.keep(try session.parkedScreenshot(), as: "i18n-he-expand-dismissed")

        try session.click(at: DemoLayout.mirrored(DemoLayout.tabButton(.gallery)))
        let gallery = try session.parkedScreenshot()
        session.keep(gallery, as: "i18n-he-gallery")
        try session.click(at: DemoLayout.mirrored(DemoLayout.tabButton(.container)))
        let container = try session.parkedScreenshot()
        session.keep(container, as: "i18n-he-container")
        // A drag to the right in the custom container heads for its next tab; held mid-way.
        try session.move(to: Point(x: 200, y: size.height / 2), afterMs: 100)
        try session.press()
        try session.drag(to: Point(x: 520, y: size.height / 2))
        let held = try session.stableScreenshot()
        session.keep(held, as: "i18n-he-container-held")
        try session.release(afterMs: 120)
    }

    /// On weston's desktop shell the app draws its header bar: right to left its window buttons
    /// sit at the left end, close outermost (GTK mirrors the decoration layout), and the close
    /// button there ends the app.
    @Test func hebrewHeaderBarPutsCloseAtTheLeft() throws {
        let windowWidth = 1024.0   // the demo's size when the compositor lets it choose
        let session = try HeadlessSession(width: 1280, height: 800, options: .init(environment: Self.hebrew, shell: .desktop))
        defer { session.stop() }
        try session.waitForApp()
        let shot = try session.stableScreenshot()
        session.keep(shot, as: "i18n-he-desktop")
        // The first row's dot, mirrored: 26 px from the window's right end, 80 px below the header.
        let dot = try #require(shot.centroid(of: Color(hex: 0x3478F6)), "the window's first-row dot")
        let origin = Point(x: (dot.x - (windowWidth - Double(DemoLayout.rowDot(0).x))).rounded(),
                           y: (dot.y - Double(DemoLayout.rowDot(0).y) - DemoLayout.headerHeight).rounded())
        // Close: a 24 px circle 10 px from the header's left end, centred in its 46 px.
        try session.move(to: Point(x: origin.x + 22, y: origin.y + 23), afterMs: 100)
        try session.press(afterMs: 50)
        try session.release(afterMs: 60)
        let code = session.app?.waitForExit(timeout: 5)
        #expect(code == 0, "the close button at the left should end the app: \(String(describing: code))")
    }

    // MARK: French

    @Test func frenchAt320PixelsIsTranslatedAndNothingIsClippedOrOverlaps() throws {
        let session = try start(Self.french, width: 320)
        defer { session.stop() }
        let shot = try session.parkedScreenshot()
        session.keep(shot, as: "i18n-fr-320")
        // Each tab's title is the catalogue's, whole (as wide as Pango draws it: not cut), and
        // inside its own 80 px slot with room to spare on both sides.
        let titleRows = (Self.height - 24)..<(Self.height - 6)
        let grey: (Color) -> Bool = { $0.red < 0.75 }
        for (slot, message) in ["Navigation", "Modal", "Gallery", "Container"].enumerated() {
            let title = try Self.catalogue("fr", message)
            let columns = Self.inkColumns(shot, x0: slot * 80, x1: slot * 80 + 80, rows: titleRows, ink: grey)
            let seen = (columns.last ?? 0) - (columns.first ?? 0) + 1
            let expected = Self.pangoInkWidth(title, Font(size: 11.5, weight: slot == 0 ? .bold : .medium))
            #expect(abs(seen - expected) <= 2, "tab \(slot): '\(title)' is \(seen) px wide on screen, \(expected) by Pango")
            #expect((columns.first ?? 0) > slot * 80 + 1 && (columns.last ?? 999) < slot * 80 + 79, "tab \(slot)'s title touches its slot's edge")
        }

        // The modal page's heading (15 px, 272 px wide at 320) and its two buttons' titles (16 px
        // medium) are drawn whole: as wide on screen as Pango draws the catalogue's text.
        try session.click(at: DemoLayout.tabButton(.modal, in: Size(width: 320, height: Double(Self.height))))
        let modal = try session.parkedScreenshot()
        session.keep(modal, as: "i18n-fr-320-modal")
        let heading = try Self.catalogue("fr", "Four presentations. Esc closes each.")
        let headingInk = Self.inkColumns(modal, x0: 0, x1: 320, rows: 22..<42, ink: { $0.red < 0.6 })
        let headingWidth = Self.pangoInkWidth(heading, Font(size: 15))
        #expect(headingWidth <= 272, "'\(heading)' needs \(headingWidth) px of 272")
        #expect(abs((headingInk.last ?? 0) - (headingInk.first ?? 0) + 1 - headingWidth) <= 2, "the heading is cut: \(headingInk.count) columns")
        for (message, y) in [("Sheet (slide up)", 88), ("Overlay (custom presentation)", 152)] {
            let title = try Self.catalogue("fr", message)
            let ink = Self.inkColumns(modal, x0: 24, x1: 296, rows: (y - 9)..<(y + 9), ink: { $0.red > 0.8 && $0.blue > 0.8 })
            let width = Self.pangoInkWidth(title, Font(size: 16, weight: .medium))
            #expect(abs((ink.last ?? 0) - (ink.first ?? 0) + 1 - width) <= 2, "'\(title)' is cut on its button")
        }
        try session.click(at: DemoLayout.tabButton(.navigation, in: Size(width: 320, height: Double(Self.height))))
        _ = try session.parkedScreenshot()

        try session.click(at: Point(x: 160, y: DemoLayout.row(0).y))
        try session.waitForTrace([.complete], count: 1)
        let pushed = try session.parkedScreenshot()
        session.keep(pushed, as: "i18n-fr-320-pushed")
        // "‹ Retour" whole at the left, the page's title whole in the middle, a gap between.
        let ink = Self.inkColumns(pushed, x0: 0, x1: 320, rows: 12..<42)
        let back = Self.pangoInkWidth("‹ " + (try Self.catalogue("fr", "Back", domain: "segue")), Font(size: 16))
        let title = Self.pangoInkWidth(try Self.catalogue("fr", "Slide"), Font(size: 17, weight: .bold))
        let runs = Self.runs(ink)
        #expect(runs.count >= 2, "Back and the title should be apart: \(runs)")
        if runs.count >= 2 {
            let backSeen = runs[0].upperBound - runs[0].lowerBound + 1
            #expect(abs(backSeen - back) <= 1 || runs[0].lowerBound >= 4, "Back's ink \(runs[0]) against Pango's \(back) px")
            let titleRun = runs.first { $0.lowerBound >= 100 }
            let titleWidth = titleRun.map { $0.upperBound - $0.lowerBound + 1 } ?? 0
            #expect(abs(titleWidth - title) <= 2,
                    "the title's ink \(String(describing: titleRun)) against Pango's \(title) px")
        }
    }

    /// Runs of consecutive columns, split where a gap of 6 px or more lies between (words of
    /// one label are closer).
    static func runs(_ columns: [Int]) -> [ClosedRange<Int>] {
        var result: [ClosedRange<Int>] = []
        for x in columns {
            if let last = result.last, x - last.upperBound < 6 { result[result.count - 1] = last.lowerBound...x } else { result.append(x...x) }
        }
        return result
    }

    // MARK: No catalogue

    @Test func anUnknownLanguageGivesEnglish() throws {
        let english = try start([:])
        let reference = try english.parkedScreenshot()
        english.stop()
        let session = try start(["LANG": "xx_YY.UTF-8"])
        defer { session.stop() }
        let shot = try session.parkedScreenshot()
        session.keep(shot, as: "i18n-unknown-locale")
        #expect(shot.fractionDiffering(from: reference) < 0.001, "an unknown language should look exactly as English")
        #expect(session.appLog.isEmpty || !session.appLog.contains("locale"), "no word about the missing catalogue")
    }
}
