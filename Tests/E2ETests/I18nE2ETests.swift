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

    /// How wide `text` is in ink when Pango draws it black on white in DejaVu Sans (the
    /// family the tests pin) at `size` px and `weight`: Pango called directly
    /// (meson-helpers' segue-pango-measure), not the toolkit's TextLayout.
    static func pangoInkWidth(_ text: String, size: Double, weight: Int = 400) throws -> Int {
        try PangoText(text, weight: weight, size: size).inkColumns(isInk)
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
        let expected = try Self.pangoInkWidth(title, size: 17, weight: 700)
        let english = try Self.pangoInkWidth("Navigation", size: 17, weight: 700)
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
        let backWidth = try Self.pangoInkWidth("\u{200F}‹ " + back, size: 16)
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

    /// Right to left, Alt+Right is Back and Alt+Left is not. Keys reach the app in order, so
    /// what Alt+Left did is known once a later key's effect is traced: Ctrl+Tab's tab switch,
    /// with no pop before it (a pop would run first, or keep Ctrl+Tab from switching while it
    /// ran). Then Ctrl+Shift+Tab back, and Alt+Right: the trace's transitions, in order, are the
    /// push, the two tab switches and the pop, each begun and completed before the next.
    @Test func hebrewAltRightPops() throws {
        let session = try start(Self.hebrew)
        defer { session.stop() }
        try session.click(at: DemoLayout.row(0))
        try session.waitForTrace([.complete], count: 1)
        _ = try session.parkedScreenshot()
        try session.type(.left, holding: [.leftAlt])
        try session.type(.tab, holding: [.leftControl])
        try session.waitForTrace([.complete], count: 2)
        let afterAltLeft = session.trace.filter { $0.event == .begin || $0.event == .complete }.map { "\($0.event.rawValue):\($0.kind.rawValue)" }
        #expect(afterAltLeft == ["begin:push", "complete:push", "begin:tab", "complete:tab"],
                "Alt+Left must not pop right to left: \(afterAltLeft)")
        try session.type(.tab, holding: [.leftControl, .leftShift])
        try session.waitForTrace([.complete], count: 3)
        try session.type(.right, holding: [.leftAlt])
        try session.waitForTrace([.complete], count: 4)
        let transitions = session.trace.filter { $0.event == .begin || $0.event == .complete }.map { "\($0.event.rawValue):\($0.kind.rawValue)" }
        #expect(transitions == ["begin:push", "complete:push", "begin:tab", "complete:tab", "begin:tab", "complete:tab",
                                "begin:pop", "complete:pop"], "\(transitions)")
        #expect(session.trace.filter { $0.event == .complete }.allSatisfy { $0.completed == true }, "a transition was cancelled")
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

    /// Waits for the gesture's update at `progress` in the trace: the held drag has reached the
    /// transition (the screenshot after it is then stable once the frame is drawn).
    private static func waitForHeld(_ session: HeadlessSession, at progress: Double) throws {
        try session.waitFor("an update at \(progress) in the trace", timeout: 10) {
            session.trace.contains { $0.event == .update && abs($0.progress - progress) < 0.01 }
        }
    }

    /// Column `x` mirrored in a `width` px window: pixel column x ↔ width − 1 − x.
    static func mirror(_ x: Double, width: Double = Double(width)) -> Double { width - 1 - x }

    /// The tutorials' scenes right to left, each caught mid-way and checked against its left to
    /// right geometry mirrored (x → width − x). Left to right geometry comes from the tutorials
    /// (the expand's and the flip's formulas, as ModalScenesE2ETests derives them) or is measured
    /// here in English (the gallery's cells, the container's held swipe):
    /// - the expand (004) grows from the icon where it is, at the right: held at 30 %, the
    ///   page's rect is the left to right rect mirrored;
    /// - the card flip (002) turns the other way: held at 50 % by a pan from the right edge, the
    ///   turned page's edges are the left to right ones mirrored, its near (taller) edge at the right;
    /// - the gallery fills from the right: each cell's picture where its left to right cell is,
    ///   mirrored;
    /// - the custom container's drag to the right heads for its next tab: held, row by row the
    ///   left to right held swipe (a drag to the left) mirrored.
    @Test func hebrewTutorialScenesAreMirrored() throws {
        let w = Double(Self.width), h = Double(Self.height)
        let near = { (c: Color, e: Color) in ModalScenesE2ETests.near(c, e) }
        let session = try start(Self.hebrew)
        defer { session.stop() }
        try session.click(at: DemoLayout.mirrored(DemoLayout.tabButton(.modal)))
        try session.waitForTrace([.complete], count: 1)
        let modal = try session.parkedScreenshot()
        session.keep(modal, as: "i18n-he-modal")

        // Expand, held at 30 % (a drag down by 180 of 600). Left to right the page's rect goes
        // from the window to the icon's (256, 200, 96 × 96): at t, x = 256 t, width = 800 +
        // (96 − 800) t (y and height likewise). Mirrored, its left edge is at 800 − (x + width).
        try session.click(at: DemoLayout.mirrored(DemoLayout.modalIcon))
        try session.waitForTrace([.complete], count: 2)
        _ = try session.parkedScreenshot()
        try session.move(to: Point(x: 400, y: 150), afterMs: 100)
        try session.press()
        try session.drag(to: Point(x: 400, y: 330))
        try Self.waitForHeld(session, at: 0.3)
        let expand = try session.stableScreenshot()
        session.keep(expand, as: "i18n-he-expand-held-30")
        let icon = ModalScenesE2ETests.icon, t = 0.3
        let ltr = (x: icon.x * t, y: icon.y * t, width: w + (icon.width - w) * t, height: h + (icon.height - h) * t)
        let expandLeft = w - (ltr.x + ltr.width), expandRight = w - ltr.x - 1
        let expandRow = Int(ltr.y + ltr.height - 10)
        let across = ModalScenesE2ETests.span(expand, row: expandRow, of: ModalScenesE2ETests.detailBackground)
        #expect(ModalScenesE2ETests.within(across, (expandLeft, expandRight)),
                "expand at 30 %, row \(expandRow): \(String(describing: across)), expected \(expandLeft)…\(expandRight) (left to right \(ltr.x)…\(ltr.x + ltr.width - 1) mirrored)")
        // Its top edge, in a column 12 px inside its (mirrored) left edge.
        let expandColumn = Int(Self.mirror(ltr.x + ltr.width - 12))
        let top = (0..<Self.height).first { !near(expand.pixel(x: expandColumn, y: $0), ModalScenesE2ETests.modalBackground) }
        #expect(top.map { abs(Double($0) - ltr.y) <= 2 } == true, "expand's top edge at \(String(describing: top)), expected \(ltr.y)")
        try session.release(afterMs: 120)
        try session.waitForTrace([.cancel, .finish], count: 1)
        try session.waitForTrace([.complete], count: 3)
        try session.type(.escape)
        try session.waitForTrace([.complete], count: 4)
        _ = try session.parkedScreenshot()

        // Card flip, held at 50 % (a pan by 100 of 200 from the right edge): half-way the page
        // is in the card's rect (300, 200, 200 × 280), turned by θ = 90° × ease(0.5) about its
        // vertical centre line and seen with m34 = −1/500 from (400, 300). Left to right, u right
        // of the axis lands at x = 400 + (axis − 400 + u cos θ) / w(u), w(u) = 1 + u sin θ / 500:
        // the left edge is near (taller). Mirrored: the edges at 799 − x, the right edge near.
        try session.click(at: DemoLayout.mirrored(DemoLayout.modalCard))
        try session.waitForTrace([.complete], count: 5)
        _ = try session.parkedScreenshot()
        try session.click(at: DemoLayout.flipCard)
        try session.waitForTrace([.complete], count: 6)
        _ = try session.parkedScreenshot()
        try session.move(to: Point(x: Self.mirror(4), y: 300), afterMs: 100)
        try session.press()
        try session.drag(to: Point(x: Self.mirror(104), y: 300), steps: 12)
        try Self.waitForHeld(session, at: 0.5)
        let flip = try session.stableScreenshot()
        session.keep(flip, as: "i18n-he-flip-held-50")
        let card = ModalScenesE2ETests.flipCard
        let theta = Double.pi / 2 * TimingCurve.easeInOut.value(at: 0.5)
        let eye = (x: w / 2, y: h / 2), axis = card.x + card.width / 2
        func depth(_ u: Double) -> Double { 1 + u * sin(theta) / 500 }
        func projectedX(_ u: Double) -> Double { eye.x + (axis - eye.x + u * cos(theta)) / depth(u) }
        let ltrEdges = (projectedX(-card.width / 2), projectedX(card.width / 2) - 1)
        let flipEdges = (Self.mirror(ltrEdges.1), Self.mirror(ltrEdges.0))
        let flipSpan = ModalScenesE2ETests.span(flip, row: 400, of: ModalScenesE2ETests.revealBackground)
        #expect(ModalScenesE2ETests.within(flipSpan, flipEdges),
                "flip at 50 %, row 400: \(String(describing: flipSpan)), expected \(flipEdges) (left to right \(ltrEdges) mirrored)")
        // Columns 20 px inside each edge (clear of the rounded corners): left to right the
        // column at x shows u = (p − (axis − 400)) / (cos θ − p sin θ / 500), p = x − 400,
        // scaled by 1 / w(u) about y = 300; right to left the same at 799 − x. So the near
        // (taller) edge is at the right.
        for ltrColumn in [Int(ltrEdges.0.rounded(.up)) + 20, Int(ltrEdges.1.rounded(.down)) - 20] {
            let p = Double(ltrColumn) + 0.5 - eye.x
            let scale = 1 / depth((p - (axis - eye.x)) / (cos(theta) - p * sin(theta) / 500))
            let expected = (eye.y + (card.y - eye.y) * scale, eye.y + (card.y + card.height - eye.y) * scale - 1)
            let column = Int(Self.mirror(Double(ltrColumn)))
            let span = ModalScenesE2ETests.span(flip, column: column, of: ModalScenesE2ETests.revealBackground)
            #expect(ModalScenesE2ETests.within(span, expected, 3),
                    "flip column \(column): \(String(describing: span)), expected \(expected) (left to right column \(ltrColumn) mirrored)")
        }
        try session.release(afterMs: 120)
        try session.waitForTrace([.cancel, .finish], count: 2)
        try session.waitForTrace([.complete], count: 7)
        _ = try session.parkedScreenshot()
        // Close the reveal page and the card page under it (Esc each) and go on to the gallery.
        for count in [8, 9] {
            try session.type(.escape)
            try session.waitForTrace([.complete], count: count)
        }
        _ = try session.parkedScreenshot()

        try session.click(at: DemoLayout.mirrored(DemoLayout.tabButton(.gallery)))
        try session.waitForTrace([.complete], count: 10)
        let gallery = try session.parkedScreenshot()
        session.keep(gallery, as: "i18n-he-gallery")

        // Left to right, in English: the same gallery.
        let english = try start([:])
        defer { english.stop() }
        try english.click(at: DemoLayout.tabButton(.gallery))
        try english.waitForTrace([.complete], count: 1)
        let ltrGallery = try english.parkedScreenshot()
        session.keep(ltrGallery, as: "i18n-en-gallery")
        // The cells are the runs of non-background columns through each row of pictures, left
        // to right; each one's picture must be found at its mirrored place.
        let background = ltrGallery.pixel(x: Self.width / 2, y: Self.height - 80)
        var cells = 0
        var misplaced: [String] = []
        for y in stride(from: 80, to: Self.height - 80, by: 40) {
            let columns = (0..<Self.width).filter { !near(ltrGallery.pixel(x: $0, y: y), background) }
            for run in Self.runs(columns) where run.count >= 40 {
                cells += 1
                let mirroredX = Int(Self.mirror(Double(run.upperBound)))
                var differing = 0
                for x in run { for dy in -10...10 where Surface.channelDistance(ltrGallery.pixel(x: x, y: y + dy),
                                                                          gallery.pixel(x: mirroredX + (x - run.lowerBound), y: y + dy)) > 3 {
                    differing += 1
                } }
                if Double(differing) >= 0.02 * Double(run.count * 21) { misplaced.append("row \(y): \(run) → \(mirroredX)… (\(differing) px differ)") }
            }
        }
        #expect(misplaced.isEmpty, "gallery: pictures not at their left to right place mirrored: \(misplaced.prefix(6)) (\(misplaced.count) of \(cells))")
        #expect(cells >= 6, "only \(cells) picture runs found in the gallery")

        // The custom container: a drag to the right by 320 (40 %), held; left to right, the
        // same drag mirrored (to the left from 599 to 279).
        try session.click(at: DemoLayout.mirrored(DemoLayout.tabButton(.container)))
        try session.waitForTrace([.complete], count: 11)
        session.keep(try session.parkedScreenshot(), as: "i18n-he-container")
        try session.move(to: Point(x: 200, y: h / 2), afterMs: 100)
        try session.press()
        try session.drag(to: Point(x: 520, y: h / 2))
        // (Not thrown: a swipe that heads the wrong way never reaches 0.4, and the rows below say how.)
        #expect((try? Self.waitForHeld(session, at: 0.4)) != nil, "no update at 40 % for a drag to the right by 320 px: \(session.trace.suffix(3))")
        let held = try session.stableScreenshot()
        session.keep(held, as: "i18n-he-container-held")
        try session.release(afterMs: 120)
        try english.click(at: DemoLayout.tabButton(.container))
        try english.waitForTrace([.complete], count: 2)
        _ = try english.parkedScreenshot()
        try english.move(to: Point(x: Self.mirror(200), y: h / 2), afterMs: 100)
        try english.press()
        try english.drag(to: Point(x: Self.mirror(520), y: h / 2))
        try Self.waitForHeld(english, at: 0.4)
        let ltrHeld = try english.stableScreenshot()
        session.keep(ltrHeld, as: "i18n-en-container-held")
        try english.release(afterMs: 120)

        // Container: a row of the pages below their text, right to left = left to right mirrored.
        for y in [420, 500] {
            let differing = (0..<Self.width).filter {
                Surface.channelDistance(held.pixel(x: $0, y: y), ltrHeld.pixel(x: Int(Self.mirror(Double($0))), y: y)) > 3
            }
            #expect(differing.count <= 4, "container held, row \(y): \(differing.count) columns differ from left to right mirrored (first \(differing.prefix(5)))")
        }
        // And the held swipe is a swipe: two pages side by side in that row.
        #expect(Surface.channelDistance(held.pixel(x: 100, y: 500), held.pixel(x: 700, y: 500)) > 20,
                "the held container shows one page, not two side by side")
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
            let expected = try Self.pangoInkWidth(title, size: 11.5, weight: slot == 0 ? 700 : 500)
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
        let headingWidth = try Self.pangoInkWidth(heading, size: 15)
        #expect(headingWidth <= 272, "'\(heading)' needs \(headingWidth) px of 272")
        #expect(abs((headingInk.last ?? 0) - (headingInk.first ?? 0) + 1 - headingWidth) <= 2, "the heading is cut: \(headingInk.count) columns")
        for (message, y) in [("Sheet (slide up)", 88), ("Overlay (custom presentation)", 152)] {
            let title = try Self.catalogue("fr", message)
            let ink = Self.inkColumns(modal, x0: 24, x1: 296, rows: (y - 9)..<(y + 9), ink: { $0.red > 0.8 && $0.blue > 0.8 })
            let width = try Self.pangoInkWidth(title, size: 16, weight: 500)
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
        let back = try Self.pangoInkWidth("‹ " + (try Self.catalogue("fr", "Back", domain: "segue")), size: 16)
        let title = try Self.pangoInkWidth(try Self.catalogue("fr", "Slide"), size: 17, weight: 700)
        // Back is every run left of the title's ("‹" and "Retour" are apart by more than a
        // word gap): from its first ink to its last, as wide as Pango draws "‹ Retour", and it
        // starts at the bar's leading margin (not cut at the window's edge).
        let runs = Self.runs(ink)
        let titleRun = runs.first { $0.lowerBound >= 100 }
        let backRuns = runs.filter { $0.upperBound < (titleRun?.lowerBound ?? 0) }
        #expect(!backRuns.isEmpty && titleRun != nil, "Back and the title should be apart: \(runs)")
        if let first = backRuns.first, let last = backRuns.last, let titleRun {
            let backSeen = last.upperBound - first.lowerBound + 1
            #expect(abs(backSeen - back) <= 1, "Back's ink \(first.lowerBound)…\(last.upperBound) is \(backSeen) px wide; Pango draws '‹ Retour' \(back) px")
            #expect(first.lowerBound >= 4, "Back's ink starts at \(first.lowerBound): cut at the window's edge")
            #expect(titleRun.lowerBound - last.upperBound >= 12, "Back \(last.upperBound) and the title \(titleRun.lowerBound) nearly touch")
            let titleWidth = titleRun.upperBound - titleRun.lowerBound + 1
            #expect(abs(titleWidth - title) <= 2, "the title's ink \(titleRun) against Pango's \(title) px")
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
