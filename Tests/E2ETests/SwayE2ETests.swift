import Geometry
import Canvas
import Demos
import Motion
import Segue
import SegueTestKit
import SegueTesting
import Testing

/// The real `segue-demo` in a private headless sway 1.7 (wlroots 0.15, pixman): server-side
/// decorations, tiling at narrow widths, a live output scale change, and the interactive edge
/// pop driven by a zwlr_virtual_pointer_v1 (`segue-vpointer`).
///
/// Geometry comes from sway (`get_tree`): the window's content rect in layout pixels. The
/// default output, 804×629, gives a content rect of 800×600 at (2, 27) with sway's default
/// 2 px borders and its 27 px title bar (monospace 10), so the page sits where the weston kiosk
/// tests see it, offset by the content origin.
@Suite(.serialized)
struct SwayE2ETests {
    /// The list page, relative to the window's content origin (as in the kiosk tests): the
    /// navigation bar's title, the first row's accent dot (#3478F6) and the hairline under it.
    static let firstRow = DemoLayout.row(0)
    static let firstRowDot = DemoLayout.rowDot(0)
    static let firstRowHairline = 107
    static let barTitleRows = 20..<34
    /// Rows: 56 px each below a 52 px navigation bar; the chevron is stroked (2 px) from 24 to
    /// 18 px left of the right edge, centred on the row.
    static let listTop = Int(DemoLayout.navigationBarHeight), rowHeight = Int(ListPage.rowHeight)
    /// The chevron's column: from its leftmost painted pixel (the 2 px stroke from 24 px, with
    /// its anti-aliased edge: 26 px left of the right edge) to the row's right edge. Text ink
    /// must stay left of it.
    static let chevronColumn = 26
    /// The row's text: title at y 8 (16 px medium), subtitle at y 31 (12.5 px), from x 52.
    static let textLeft = 52
    static let titleFont = Font(size: 16, weight: .medium)
    static let subtitleFont = Font(size: 12.5)
    /// A row of page background below the rows and the detail page's text.
    static let backgroundRow = 500

    static func isDetailTint(_ c: Color) -> Bool { c.red < 0.95 && c.blue > 0.97 }
    static func isWhite(_ c: Color) -> Bool { c.red > 0.99 && c.green > 0.99 && c.blue > 0.99 }
    /// Text ink: a dark grey (title #1C1C1E, subtitle #6E6E73), not a colour.
    static func isInk(_ c: Color) -> Bool {
        let hi = max(c.red, c.green, c.blue), lo = min(c.red, c.green, c.blue)
        return hi < 0.6 && hi - lo < 0.12
    }
    /// Anti-aliased ink as well (small dots are mostly edge): grey, darker than the hairline.
    static func isFaintInk(_ c: Color) -> Bool {
        let hi = max(c.red, c.green, c.blue), lo = min(c.red, c.green, c.blue)
        return hi < 0.85 && hi - lo < 0.12
    }
    static func near(_ a: Color, _ b: Color, _ tolerance: Int = 3) -> Bool { Surface.channelDistance(a, b) <= tolerance }

    // MARK: a. decorations

    /// sway draws the title bar (server-side decorations through xdg-decoration): the app asks
    /// for server-side, sway configures server-side, the app draws no header bar of its own.
    @Test func serverSideDecorationsAndNoClientHeaderBar() throws {
        try Self.checkServerSideDecorations(root: .host, label: "sway")
    }

    /// ``serverSideDecorationsAndNoClientHeaderBar()`` with sway in `root` (also the Debian 13
    /// lane's, TrixieDesktopsE2ETests); the screenshot kept as `LABEL-decorations`.
    static func checkServerSideDecorations(root: CompositorRoot, label: String) throws {
        let session = try SwaySession(options: .init(waylandDebug: true, root: root))
        defer { session.stop() }
        let window = try session.waitForApp()
        let shot = try session.parkedScreenshot()
        session.keep(shot, as: "\(label)-decorations")

        // Protocol: the app's request, sway's configure (its own log), the app's handling.
        let app = session.protocolLog
        let request = app.last { $0.sent && $0.interface == "zxdg_toplevel_decoration_v1" && $0.message == "set_mode" }
        #expect(request?.int(0) == 2, "the app should request server_side (2): \(String(describing: request))")
        let decoration = request?.id ?? -1
        let configured = session.compositorProtocolLog.filter {
            $0.sent && $0.interface == "zxdg_toplevel_decoration_v1" && $0.id == decoration && $0.message == "configure"
        }
        #expect(configured.last?.int(0) == 2, "sway should configure the decoration server_side (2): \(configured)")
        // libwayland prints an event in the client only when the client listens to the object.
        let received = app.filter { !$0.sent && $0.interface == "zxdg_toplevel_decoration_v1" && $0.message == "configure" }
        #expect(received.last?.int(0) == 2,
                "the app should handle zxdg_toplevel_decoration_v1.configure (sway sent \(configured.map(\.description))); its log has none: no listener, the mode is never read")

        // sway's title bar right above the content: its background, with the title's white text.
        #expect(window.titleBar.height > 10, "no title bar in get_tree: \(window)")
        let bar = window.titleBar
        var background = 0, text = 0, total = 0
        for y in Int(bar.minY) + 2..<Int(bar.maxY) - 2 {
            for x in Int(bar.minX) + 2..<Int(bar.maxX) - 2 {
                let c = shot.pixel(x: x, y: y)
                total += 1
                if Self.near(c, SwaySession.Colors.focusedBackground) { background += 1 }
                if Self.near(c, SwaySession.Colors.focusedText, 40) { text += 1 }
            }
        }
        #expect(Double(background) > 0.8 * Double(total), "title bar: \(background)/\(total) px of #285577")
        #expect(text > 30, "no title text in sway's title bar (\(text) white px)")
        #expect(Int(bar.maxY) <= Int(window.content.minY), "the title bar overlaps the content: \(window)")
        let aboveContent = shot.pixel(x: Int(window.content.midX), y: Int(window.content.minY) - 1)
        #expect(!Self.isWhite(aboveContent), "the row above the content is not sway's title bar: \(aboveContent)")

        // The app's content starts at the top of its window rect: the list page where the
        // kiosk run has it, relative to the content origin — no header bar above it.
        let cx = Int(window.content.minX), cy = Int(window.content.minY)
        let dot = shot.pixel(x: cx + Self.firstRowDot.x, y: cy + Self.firstRowDot.y)
        #expect(Self.near(dot, Color(hex: 0x3478F6)), "first row's accent dot is \(dot), expected #3478F6 at content y 80")
        #expect(Self.near(shot.pixel(x: cx + 300, y: cy + Self.firstRowHairline), Color(hex: 0xE5E5EA)),
                "first row's hairline not at content y 107")
        let middle = cx + Int(window.content.width) / 2
        let titleInk = (middle - 20..<middle + 20).contains { x in
            Self.barTitleRows.contains { y in Self.isInk(shot.pixel(x: x, y: cy + y)) }
        }
        #expect(titleInk, "no navigation bar title at content y 20..<34")
        // Nothing of the app outside its content rect: only sway's colours there.
        let foreign = Self.foreignPixels(shot, window: window, parking: session.cursorParkingBox)
        #expect(foreign.isEmpty, "\(foreign.count) px outside the content rect that sway did not draw, first at \(foreign.first.map { "\($0)" } ?? "")")
    }

    // MARK: b. narrow tiles

    /// Tiled 640 and then 320 px wide (the output's mode changed live): every row's text keeps
    /// clear of the chevron, text that does not fit ends in an ellipsis, nothing of the app
    /// shows outside its window, and the app lives on.
    @Test func tiledNarrowTextIsEllipsizedAndNothingOverlaps() throws {
        let border = SwaySession.borderWidth
        let session = try SwaySession(options: .init(outputWidth: 640 + 2 * border, outputHeight: 629))
        defer { session.stop() }
        var window = try session.waitForApp()
        for width in [640, 320] {
            if Int(window.content.width) != width {
                try session.swaymsg("output HEADLESS-1 mode \(width + 2 * border)x629")
                try session.waitFor("the window \(width) px wide", timeout: 5) {
                    (try? session.window()).map { Int($0.content.width) == width } ?? false
                }
                window = try session.settledWindow()
            }
            #expect(Int(window.content.width) == width, "\(window)")
            let shot = try session.parkedScreenshot()
            session.keep(shot, as: "sway-tiled-\(width)")
            #expect(session.app?.isRunning == true, "segue-demo died at \(width) px: \(session.appLog.suffix(1000))")
            checkRows(shot, window: window, label: "\(width) px")
            checkNothingOutside(shot, window: window, parking: session.cursorParkingBox, label: "\(width) px")
        }
    }

    private func checkRows(_ shot: Surface, window: SwaySession.WindowGeometry, label: String,
                           sourceLocation: SourceLocation = #_sourceLocation) {
        let cx = Int(window.content.minX), cy = Int(window.content.minY), width = Int(window.content.width)
        let clearFrom = cx + width - Self.chevronColumn
        let available = Double(width - Self.chevronColumn - Self.textLeft)
        for (index, item) in DemoItem.samples.enumerated() {
            let top = cy + Self.listTop + index * Self.rowHeight
            guard top + Self.rowHeight <= Int(window.content.maxY) - 60 else { break }
            let rows = top..<top + Self.rowHeight - 1
            // No ink in the chevron's column.
            let intruding = rows.flatMap { y in (clearFrom..<cx + width).filter { Self.isInk(shot.pixel(x: $0, y: y)) } }
            #expect(intruding.isEmpty,
                    "\(label), row \(index) '\(item.title)': text reaches into the chevron column from x \(intruding.min().map { $0 - cx } ?? 0) (content x); keep clear of x ≥ \(width - Self.chevronColumn)",
                    sourceLocation: sourceLocation)
            // The chevron itself is there (#C7C7CC), not painted over.
            let mid = top + Self.rowHeight / 2
            let chevron = (mid - 7...mid + 7).flatMap { y in
                (cx + width - 26..<cx + width - 16).filter { Self.near(shot.pixel(x: $0, y: y), Color(hex: 0xC7C7CC), 12) }
            }
            #expect(chevron.count >= 6, "\(label), row \(index): no chevron", sourceLocation: sourceLocation)
            // A line wider than the room it has must end in an ellipsis.
            // How wide each line is: Pango's logical width (called directly, not TextLayout).
            for (text, font, y) in [(item.title, Self.titleFont, 8), (item.subtitle, Self.subtitleFont, 31)] {
                let pango: PangoText
                do { pango = try PangoText(text, weight: font.weight == .medium ? 500 : 400, size: font.size) } catch {
                    Issue.record(error, sourceLocation: sourceLocation)
                    continue
                }
                guard pango.logicalWidth > available else { continue }
                let band = top + y..<top + y + Int(pango.logicalHeight.rounded(.up))
                #expect(Self.endsInEllipsis(shot, rows: band, columns: cx + Self.textLeft..<clearFrom),
                        "\(label), row \(index): '\(text)' (\(Int(pango.logicalWidth)) px) does not fit \(Int(available)) px and does not end in an ellipsis",
                        sourceLocation: sourceLocation)
            }
        }
    }

    /// Outside the content rect only sway draws: its border, indicator and title bar colours,
    /// and in the title bar its white text anti-aliased on the bar's background.
    private func checkNothingOutside(_ shot: Surface, window: SwaySession.WindowGeometry, parking: Rect, label: String,
                                     sourceLocation: SourceLocation = #_sourceLocation) {
        let foreign = Self.foreignPixels(shot, window: window, parking: parking)
        #expect(foreign.isEmpty,
                "\(label): \(foreign.count) px outside the window's content rect that sway did not draw, first at \(foreign.first.map { "\($0)" } ?? "")",
                sourceLocation: sourceLocation)
    }

    /// Pixels of the window's frame outside its content rect (and the parked cursor) that are
    /// none of sway's colours.
    static func foreignPixels(_ shot: Surface, window: SwaySession.WindowGeometry, parking: Rect) -> [(Int, Int)] {
        let content = window.content, frame = window.frame, bar = window.titleBar
        let sway = [SwaySession.Colors.focusedBorder, SwaySession.Colors.focusedBackground,
                    SwaySession.Colors.focusedChildBorder, SwaySession.Colors.focusedIndicator]
        func between(_ v: Double, _ a: Double, _ b: Double) -> Bool { v >= min(a, b) - 8 / 255 && v <= max(a, b) + 8 / 255 }
        func titleBlend(_ c: Color) -> Bool {
            let bg = SwaySession.Colors.focusedBackground, fg = SwaySession.Colors.focusedText
            return between(c.red, bg.red, fg.red) && between(c.green, bg.green, fg.green) && between(c.blue, bg.blue, fg.blue)
        }
        var foreign: [(Int, Int)] = []
        for y in max(Int(frame.minY), 0)..<min(Int(frame.maxY), shot.height) {
            for x in max(Int(frame.minX), 0)..<min(Int(frame.maxX), shot.width) {
                let p = Point(x: Double(x), y: Double(y))
                if content.contains(p) || parking.contains(p) { continue }
                let c = shot.pixel(x: x, y: y)
                if sway.contains(where: { Self.near(c, $0) }) { continue }
                if bar.contains(p) && titleBlend(c) { continue }
                foreign.append((x, y))
            }
        }
        return foreign
    }

    /// Whether the ink in `rows` × `columns` ends (rightmost) in three dots on one baseline.
    static func endsInEllipsis(_ shot: Surface, rows: Range<Int>, columns: Range<Int>) -> Bool {
        let rows = max(rows.lowerBound, 0)..<min(rows.upperBound, shot.height)
        let columns = max(columns.lowerBound, 0)..<min(columns.upperBound, shot.width)
        struct Run { var left: Int, right: Int, top: Int, bottom: Int }
        var runs: [Run] = []
        var current: Run?
        for x in columns.reversed() {
            let inked = rows.filter { Self.isFaintInk(shot.pixel(x: x, y: $0)) }
            if let top = inked.first, let bottom = inked.last {
                if var run = current {
                    run.left = x
                    run.top = min(run.top, top)
                    run.bottom = max(run.bottom, bottom)
                    current = run
                } else {
                    current = Run(left: x, right: x, top: top, bottom: bottom)
                }
            } else if let run = current {
                runs.append(run)
                current = nil
                if runs.count == 4 { break }
            }
        }
        if let current, runs.count < 4 { runs.append(current) }
        guard runs.count >= 4 else { return false }
        let dots = Array(runs.prefix(3))
        let small = dots.allSatisfy { $0.right - $0.left <= 3 && $0.bottom - $0.top <= 3 }
        let baseline = dots.allSatisfy { abs($0.bottom - dots[0].bottom) <= 1 }
        let spaced = zip(dots, dots.dropFirst()).allSatisfy { $0.left - $1.right >= 2 && $0.left - $1.right <= 6 }
        // Before the dots, a glyph taller than a dot, or one reaching below their baseline (a
        // comma: Pango ellipsizes after "light, ").
        let glyph = runs[3].bottom - runs[3].top >= 5 || runs[3].bottom > dots[0].bottom + 1
        return small && baseline && spaced && glyph
    }

    /// The ellipsis detector on known renderings: text that ends in "…" and text that does not.
    @Test func ellipsisDetectorRecognisesAnEllipsis() throws {
        for (text, expected) in [("Push and pop, 0.5 s; drag\u{2026}", true), ("Push and pop, 0.5 s; drag", false),
                                 ("Another page\u{2026}", true), ("Another page.", false),
                                 ("in the evening light, \u{2026}", true), ("in the evening light,", false)] {
            let layout = TextLayout(text: text, font: Self.subtitleFont, textScale: 1)
            let surface = Surface(width: Int(layout.size.width) + 20, height: 30)
            let canvas = Canvas(surface: surface)
            canvas.fill(Rect(x: 0, y: 0, width: Double(surface.width), height: 30), color: .white)
            canvas.drawText(layout, at: Point(x: 4, y: 4), color: Color(hex: 0x6E6E73))
            #expect(Self.endsInEllipsis(surface, rows: 0..<30, columns: 0..<surface.width) == expected, "'\(text)'")
        }
    }

    // MARK: c. live scale change

    /// `output scale 2` on a running app: its next buffers are at buffer scale 2 and twice the
    /// logical size, and the settled screen equals a fresh start at scale 2 of the same logical
    /// size (1608×1258 px at scale 2 = 804×629 logical, content 800×600).
    @Test func liveScaleChangeMatchesAFreshStartAtScale2() throws {
        try Self.checkLiveScaleChange(root: .host, label: "sway")
    }

    /// ``liveScaleChangeMatchesAFreshStartAtScale2()`` with sway in `root`; screenshots kept as
    /// `LABEL-scale-live` and `LABEL-scale-fresh`.
    static func checkLiveScaleChange(root: CompositorRoot, label: String) throws {
        let live: Surface
        do {
            let session = try SwaySession(options: .init(outputWidth: 1608, outputHeight: 1258, scale: 1, waylandDebug: true, root: root))
            defer { session.stop() }
            let before = try session.waitForApp()
            let mark = session.protocolLog.count
            try session.swaymsg("output HEADLESS-1 scale 2")
            // sway's title bar and borders keep their logical size: the content is the halved
            // output less them (800×600 in sway 1.7; sway 1.10's title bar is shorter).
            let width = 1608 / 2 - (1608 - Int(before.content.width)), height = 1258 / 2 - (1258 - Int(before.content.height))
            try session.waitFor("the window at \(width)×\(height) logical", timeout: 5) {
                (try? session.window()).map { Int($0.content.width) == width && Int($0.content.height) == height } ?? false
            }
            let window = try session.settledWindow()
            let surfaceID = Self.toplevelSurface(session.protocolLog)
            // A wait, not a timing assertion: the app has up to 3 s to redraw at scale 2.
            try? session.waitFor("the app at scale 2", timeout: 3) {
                Self.drawsAtScale2(session.protocolLog.dropFirst(mark), surface: surfaceID)
            }
            live = try session.parkedScreenshot()
            session.keep(live, as: "\(label)-scale-live")
            let after = session.protocolLog.dropFirst(mark)
            let scales = after.filter { $0.sent && $0.interface == "wl_surface" && $0.id == surfaceID && $0.message == "set_buffer_scale" }
            #expect(Self.drawsAtScale2(after, surface: surfaceID), "after `output scale 2` the window's surface (wl_surface@\(surfaceID)) should set buffer scale 2 (or be told preferred_scale 240); it set \(scales.map { $0.int(0) ?? -1 })")
            let sizes = after.filter { $0.sent && $0.interface == "wl_shm_pool" && $0.message == "create_buffer" }
                .compactMap { m -> String? in m.int(2).flatMap { w in m.int(3).map { "\(w)×\($0)" } } }
            let expected = "\(2 * Int(window.content.width))×\(2 * Int(window.content.height))"
            #expect(sizes.contains(expected), "no \(expected) buffer after the scale change (twice the logical \(window.content.width)×\(window.content.height)); created \(sizes)")
        }

        let session = try SwaySession(options: .init(outputWidth: 1608, outputHeight: 1258, scale: 2, waylandDebug: true, root: root))
        defer { session.stop() }
        try session.waitForApp()
        let fresh = try session.parkedScreenshot()
        session.keep(fresh, as: "\(label)-scale-fresh")
        let surfaceID = Self.toplevelSurface(session.protocolLog)
        #expect(Self.drawsAtScale2(session.protocolLog[...], surface: surfaceID),
                "control: a fresh start at scale 2 should draw at buffer scale 2")
        #expect(live.width == fresh.width && live.height == fresh.height)
        let differing = live.fractionDiffering(from: fresh, tolerance: 0)
        #expect(differing == 0, "after a live scale change the screen differs from a fresh start at scale 2 in \(String(format: "%.2f", differing * 100)) % of pixels")
    }

    /// Whether the app went to scale 2 in `log`: buffer scale 2 on `surface` (sway 1.7), or,
    /// where sway offers fractional scale (1.10), its preferred_scale of 240 (2 × 120): the app
    /// then draws 2× buffers through a viewport at buffer scale 1 (the buffers' size is
    /// checked by the caller).
    static func drawsAtScale2(_ log: ArraySlice<SwaySession.ProtocolMessage>, surface: Int) -> Bool {
        log.contains { $0.sent && $0.id == surface && $0.message == "set_buffer_scale" && $0.int(0) == 2 }
            || log.last { !$0.sent && $0.interface == "wp_fractional_scale_v1" && $0.message == "preferred_scale" }?.int(0) == 240
    }

    /// The id of the app's toplevel wl_surface, from its get_xdg_surface request.
    static func toplevelSurface(_ log: [SwaySession.ProtocolMessage]) -> Int {
        guard let request = log.first(where: { $0.sent && $0.interface == "xdg_wm_base" && $0.message == "get_xdg_surface" }),
              request.arguments.count > 1, let at = request.arguments[1].firstIndex(of: "@"),
              let id = Int(request.arguments[1][request.arguments[1].index(after: at)...]) else { return -1 }
        return id
    }

    // MARK: c2. a tile below the minimum

    /// sway at scale 2 on a 1280×800 output tiles the window below its 480 px minimum height
    /// (sway 1.7 here, 1.10 alike: a 636 px wide tile under a 27 px title bar). The configured
    /// size wins (xdg-shell: a tiled window should not draw past its tile), so the tab bar is
    /// whole at the tile's bottom: the tile's bottom 60 px (the tab bar's height) equal the same
    /// app laid out offscreen at the tile's size, rendered at scale 2. Drawn at its minimum
    /// height instead, the tile would show list rows there and the bar would be cut off.
    @MainActor
    @Test func aTileBelowTheMinimumHeightShowsTheWholeTabBar() throws {
        try Self.checkTileBelowTheMinimum(root: .host, label: "sway-small-tile")
    }

    /// ``aTileBelowTheMinimumHeightShowsTheWholeTabBar()`` with sway from `root` (also sway 1.10
    /// in the Debian 13 lane); screenshots kept as `LABEL`, `LABEL-expected`.
    @MainActor
    static func checkTileBelowTheMinimum(root: CompositorRoot, label: String) throws {
        var options = SwaySession.Options(outputWidth: 1280, outputHeight: 800, scale: 2)
        options.root = root
        let session = try SwaySession(options: options)
        defer { session.stop() }
        try session.waitForApp()
        let window = try session.settledWindow()
        let tile = window.content
        #expect(tile.height < 480, "the premise: sway tiles the window below its minimum height; got \(window)")
        let shot = try session.parkedScreenshot()
        session.keep(shot, as: label)
        let scale = Double(shot.width) / session.outputExtent.width
        #expect(scale == 2, "a scale 2 screenshot: \(shot.width) px for \(session.outputExtent.width) logical")

        let offscreen = OffscreenWindow(root: DemoApp.makeRoot(), size: tile.size)
        let expected = Surface(width: Int(tile.width * scale), height: Int(tile.height * scale))
        let canvas = Canvas(surface: expected)
        canvas.transform = AffineTransform(scaleX: scale, y: scale)
        offscreen.window.render(into: canvas)
        session.keep(expected, as: label + "-expected")

        let barRows = Int(TabBarController.barHeight * scale)
        let x0 = Int(tile.minX * scale), y0 = Int(tile.maxY * scale) - barRows, top = expected.height - barRows
        // Anti-aliased text edges may round differently between the app's cached layers and a
        // direct render: a few pixels, never the bar's shape.
        var differing = 0
        for y in 0..<barRows {
            for x in 0..<expected.width
            where Surface.channelDistance(shot.pixel(x: x0 + x, y: y0 + y), expected.pixel(x: x, y: top + y)) > 8 {
                differing += 1
            }
        }
        let fraction = Double(differing) / Double(barRows * expected.width)
        #expect(fraction < 0.01, "the tile's bottom \(Int(TabBarController.barHeight)) px differ from the tab bar in \(String(format: "%.1f", fraction * 100)) % of pixels (artifacts/\(label)*.png)")
        #expect(session.app?.isRunning == true, "segue-demo died: \(session.appLog.suffix(1000))")
    }

    // MARK: d. edge pop

    /// Push the detail page, press 5 px inside the window's left edge, drag to 40 % of its
    /// width and hold: the detail page's left edge at 40 % ± 2 px. With the app's default and with
    /// SEGUE_SUBSURFACES=0: both draw without subsurfaces on wlroots (its 0.15 pixman renderer
    /// ignores a wp_viewport crop's x/y, which this test found with them forced on).
    /// Then release (it plays back) and pop with Alt+Left through `wtype`.
    @Test(arguments: [true, false])
    func edgePopHeldAt40Percent(subsurfaces: Bool) throws {
        try Self.checkEdgePopHeldAt40Percent(subsurfaces: subsurfaces, root: .host, label: "sway")
    }

    /// ``edgePopHeldAt40Percent(subsurfaces:)`` with sway in `root`; screenshots kept as
    /// `LABEL-detail-…`, `LABEL-pop-held-40-…` and `LABEL-popped-…`.
    static func checkEdgePopHeldAt40Percent(subsurfaces: Bool, root: CompositorRoot, label: String) throws {
        let name = subsurfaces ? "subsurfaces" : "no-subsurfaces"
        let session = try SwaySession(options: .init(waylandDebug: true,
                                                     environment: subsurfaces ? [:] : ["SEGUE_SUBSURFACES": "0"], root: root))
        defer { session.stop() }
        let window = try session.waitForApp()
        let origin = Point(x: window.content.minX, y: window.content.minY)
        func at(_ x: Double, _ y: Double) -> Point { Point(x: origin.x + x, y: origin.y + y) }
        let cx = Int(origin.x), cy = Int(origin.y), width = window.content.width
        let listShot = try session.parkedScreenshot()

        try session.click(at: at(Self.firstRow.x, Self.firstRow.y))
        try session.waitFor("the push to begin", timeout: 3) { session.traceCount(.begin) >= 1 }
        let detail = try session.parkedScreenshot()
        session.keep(detail, as: "\(label)-detail-\(name)")
        #expect(Self.isDetailTint(detail.pixel(x: cx + 400, y: cy + Self.backgroundRow)), "click did not push the detail page")

        try session.move(to: at(5, 300), afterMs: 100)
        try session.press()
        try session.drag(to: at(0.4 * width, 300))
        let held = try session.stableScreenshot()
        session.keep(held, as: "\(label)-pop-held-40-\(name)")
        let expected = cx + Int((0.4 * width).rounded())
        let edge = held.firstColumn(inRow: cy + Self.backgroundRow, from: cx, where: Self.isDetailTint)
        #expect(edge.map { abs($0 - expected) <= 2 } == true,
                "[\(name)] detail page's left edge at \(edge.map { "\($0 - cx)" } ?? "none") (content x), expected \(expected - cx) ± 2")
        #expect(Self.isWhite(held.pixel(x: cx + 200, y: cy + Self.backgroundRow)), "[\(name)] list page not visible left of the detail page")
        // The list's first-row hairline (from x 52) shows through, shifted left by 60 % of the width.
        #expect(Self.near(held.pixel(x: cx + 200, y: cy + Self.firstRowHairline), Color(hex: 0xE5E5EA)),
                "[\(name)] the list's hairline is not at content (200, 107) while held")
        // Left of the edge, the list page as at launch, shifted left by 60 % of the width (its
        // right part shows: the chevrons, the hairlines; its text is off to the left). Rows
        // between the navigation bar (titles cross-fade there) and the tab bar.
        let listShift = Int((0.6 * width).rounded())
        let listRows = cy + 60..<cy + 520
        // The cursor is composited into the capture (wlroots 0.15 headless has no cursor
        // plane): leave out a box around the held pointer.
        func underCursor(_ x: Int, _ y: Int) -> Bool { abs(x - expected) < 28 && abs(y - (cy + 300)) < 28 }
        let notList = listRows.flatMap { y in
            (cx..<expected - 3).filter { x in !underCursor(x, y) && !Self.near(held.pixel(x: x, y: y), listShot.pixel(x: x + listShift, y: y)) }.map { ($0 - cx, y - cy) }
        }
        // What the app asked for (subsurfaces: wp_viewport source crops at an x offset).
        let crops = session.protocolLog.filter { $0.sent && $0.interface == "wp_viewport" && $0.message == "set_source" }
            .map { "wp_viewport@\($0.id).set_source(\($0.arguments.joined(separator: ", ")))" }
        #expect(notList.isEmpty,
                "[\(name)] left of the detail page: \(notList.count) px are not the list page moved left by 60 % (first at content \(notList.first.map { "\($0)" } ?? "")); the app's last viewport crops: \(crops.suffix(4))")
        // Right of the edge, the detail page as pushed, shifted right by 40 % of the width.
        let detailShift = expected - cx
        let notDetail = listRows.flatMap { y in
            (cx..<cx + Int(width) - detailShift).filter { x in
                !underCursor(x + detailShift, y) && !Self.near(held.pixel(x: x + detailShift, y: y), detail.pixel(x: x, y: y))
            }.map { ($0 - cx, y - cy) }
        }
        #expect(notDetail.isEmpty,
                "[\(name)] right of its edge: \(notDetail.count) px are not the detail page moved right by 40 % (first at content \(notDetail.first.map { "\($0)" } ?? ""))")

        try session.release(afterMs: 120)
        let cancelled = try session.parkedScreenshot()
        #expect(cancelled.fractionDiffering(from: detail) < 0.001, "[\(name)] a cancelled pop must restore the detail page")

        try session.wtype(["-M", "alt", "-k", "Left", "-m", "alt"])
        do {
            try session.waitFor("Alt+Left to pop", timeout: 3) { session.traceCount(.begin) >= 3 }
        } catch {
            throw HarnessError("\(error); trace: \(session.trace.map { "\($0.event.rawValue):\($0.kind.rawValue)" })")
        }
        let popped = try session.parkedScreenshot()
        session.keep(popped, as: "\(label)-popped-\(name)")
        #expect(popped.fractionDiffering(from: listShot) < 0.001, "[\(name)] after Alt+Left the list page is back as at launch")
        let completions = session.trace.filter { $0.event == .complete }.map(\.completed)
        #expect(completions == [true, false, true], "push, cancelled pop, popped: \(completions)")
    }
}
