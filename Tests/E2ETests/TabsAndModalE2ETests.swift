import Geometry
import Canvas
import SegueTestKit
import Motion
import Testing

/// Issue 4 in a real compositor: tab swipes with live OKLab colour blending, the custom
/// container's top tabs, drag-down dismissal of a sheet, a flick, and the keyboard.
@Suite(.serialized)
struct TabsAndModalE2ETests {
    static let width = 800, height = 600
    static let selected = Color(hex: 0x0A66D8), unselected = Color(hex: 0x8E8E93)
    /// Solid pixels inside the tab icons: the list icon's first bar, the cards icon's fill.
    static let navigationIconPixel = (x: 104, y: 553)
    static let modalIconPixel = (x: 293, y: 565)
    static let modalBackground = Color(hex: 0xFFF7E8)
    static let sheet = Color(hex: 0x5856D6)

    static func isModalBackground(_ c: Color) -> Bool { Surface.channelDistance(c, modalBackground) <= 3 }

    @Test func tabSwipeHeldAtHalfBlendsColoursInOKLabThenSettles() throws {
        let session = try HeadlessSession(width: Self.width, height: Self.height)
        defer { session.stop() }
        try session.waitForApp()
        let rest = try session.stableScreenshot()
        #expect(OKLab.deltaE(rest.pixel(x: Self.navigationIconPixel.x, y: Self.navigationIconPixel.y), Self.selected) < 2)
        #expect(OKLab.deltaE(rest.pixel(x: Self.modalIconPixel.x, y: Self.modalIconPixel.y), Self.unselected) < 2)

        try session.move(to: Point(x: 600, y: 300), afterMs: 100)
        try session.press()
        try session.drag(to: Point(x: 200, y: 300))
        let held = try session.stableScreenshot()
        session.keep(held, as: "e2e-tab-swipe-held-50")

        let expected = Color.mixOKLab(Self.selected, Self.unselected, 0.5)
        let navigationIcon = held.pixel(x: Self.navigationIconPixel.x, y: Self.navigationIconPixel.y)
        let modalIcon = held.pixel(x: Self.modalIconPixel.x, y: Self.modalIconPixel.y)
        let errors = (OKLab.deltaE(navigationIcon, expected), OKLab.deltaE(modalIcon, expected))
        print("measured: tab icon colours at 50 % vs the OKLab mix: ΔE \(errors.0), \(errors.1)")
        #expect(errors.0 < 2, "outgoing tab colour \(navigationIcon), OKLab mix \(expected), ΔE \(errors.0)")
        #expect(errors.1 < 2, "incoming tab colour \(modalIcon), OKLab mix \(expected), ΔE \(errors.1)")
        // The pages split at the middle column: the list (white) left, the Modal page right.
        let split = held.firstColumn(inRow: 450, where: Self.isModalBackground)
        #expect(split.map { abs($0 - 400) <= 2 } == true, "split at \(String(describing: split)), expected 400 ± 2")

        // On to 55 % and let go after a pause: past half-way, so the switch completes.
        try session.drag(to: Point(x: 160, y: 300), steps: 3)
        try session.release(afterMs: 120)
        let settled = try session.parkedScreenshot()
        #expect(Self.isModalBackground(settled.pixel(x: 400, y: 450)), "the Modal tab should be showing")
        #expect(OKLab.deltaE(settled.pixel(x: Self.modalIconPixel.x, y: Self.modalIconPixel.y), Self.selected) < 2)
        #expect(OKLab.deltaE(settled.pixel(x: Self.navigationIconPixel.x, y: Self.navigationIconPixel.y), Self.unselected) < 2)
        let completions = session.trace.filter { $0.event == .complete }
        #expect(completions.map(\.kind) == [.tab])
        #expect(completions.map(\.completed) == [true])
    }

    @Test func tabSwipeReleasedAtHalfReturnsExactly() throws {
        let session = try HeadlessSession(width: Self.width, height: Self.height)
        defer { session.stop() }
        try session.waitForApp()
        let rest = try session.parkedScreenshot()
        try session.move(to: Point(x: 600, y: 300), afterMs: 100)
        try session.press()
        try session.drag(to: Point(x: 200, y: 300))
        try session.release(afterMs: 120)
        let back = try session.parkedScreenshot()
        #expect(back.fractionDiffering(from: rest) < 0.001, "a cancelled swipe restores the page, the selection and the colours")
        #expect(session.trace.contains { $0.event == .cancel })
    }

    @Test func flickAtTwentyPercentCompletes() throws {
        let session = try HeadlessSession(width: Self.width, height: Self.height)
        defer { session.stop() }
        try session.waitForApp()
        try session.move(to: Point(x: 600, y: 300), afterMs: 100)
        try session.press()
        // 160 px (20 %) in 64 ms: 2.5 widths/s, released at once.
        try session.drag(to: Point(x: 440, y: 300), steps: 4, intervalMs: 16)
        try session.release(afterMs: 8)
        let settled = try session.parkedScreenshot()
        session.keep(settled, as: "e2e-flick-settled")
        #expect(Self.isModalBackground(settled.pixel(x: 400, y: 450)), "a flick at 20 % should complete the switch")
        let finish = session.trace.first { $0.event == .finish }
        #expect((finish?.progress).map { $0 < 0.3 } == true)
    }

    @Test func containerTopTabsBlendAndSwitch() throws {
        let session = try HeadlessSession(width: Self.width, height: Self.height)
        defer { session.stop() }
        try session.waitForApp()
        try session.click(at: DemoLayout.tabButton(.container))
        try session.waitForTrace([.begin], count: 1)
        let rest = try session.parkedScreenshot()
        let white = Color.white, dim = Color(hex: 0x8FA3B8), bar = Color(hex: 0x1F3B57)
        // Title pixels: the one furthest from the bar's colour is the text colour itself.
        func titleColor(_ shot: Surface, column: Int) -> Color {
            var best = bar, distance = 0.0
            for y in 10..<40 {
                for x in (column * 266 + 60)..<(column * 266 + 206) {
                    let c = shot.pixel(x: x, y: y)
                    let d = OKLab.deltaE(c, bar)
                    if d > distance { best = c; distance = d }
                }
            }
            return best
        }
        #expect(OKLab.deltaE(titleColor(rest, column: 0), white) < 2)
        #expect(OKLab.deltaE(titleColor(rest, column: 1), dim) < 2)

        try session.move(to: Point(x: 600, y: 300), afterMs: 100)
        try session.press()
        try session.drag(to: Point(x: 200, y: 300))
        let held = try session.stableScreenshot()
        session.keep(held, as: "e2e-container-held-50")
        let expected = Color.mixOKLab(white, dim, 0.5)
        let today = titleColor(held, column: 0), week = titleColor(held, column: 1)
        print("measured: container titles at 50 % vs the OKLab mix: ΔE \(OKLab.deltaE(today, expected)), \(OKLab.deltaE(week, expected))")
        #expect(OKLab.deltaE(today, expected) < 2, "Today title \(today), expected \(expected)")
        #expect(OKLab.deltaE(week, expected) < 2, "Week title \(week), expected \(expected)")
        let green = held.firstColumn(inRow: 450) { Surface.channelDistance($0, Color(hex: 0x27AE60)) <= 3 }
        #expect(green.map { abs($0 - 400) <= 2 } == true, "split at \(String(describing: green))")

        try session.drag(to: Point(x: 120, y: 300), steps: 4)
        try session.release(afterMs: 120)
        let settled = try session.parkedScreenshot()
        #expect(Surface.channelDistance(settled.pixel(x: 400, y: 450), Color(hex: 0x27AE60)) <= 3)
        #expect(OKLab.deltaE(titleColor(settled, column: 1), white) < 2)
        #expect(session.trace.contains { $0.kind == .container && $0.event == .complete })
    }

    @Test func sheetFollowsADragDownAndDismissesBothWays() throws {
        let session = try HeadlessSession(width: Self.width, height: Self.height)
        defer { session.stop() }
        try session.waitForApp()
        try session.click(at: DemoLayout.tabButton(.modal))
        _ = try session.parkedScreenshot()
        try session.click(at: DemoLayout.sheetButton)
        let presented = try session.parkedScreenshot()
        #expect(Surface.channelDistance(presented.pixel(x: 400, y: 500), Self.sheet) <= 3, "sheet not presented")

        try session.move(to: Point(x: 400, y: 200), afterMs: 100)
        try session.press()
        try session.drag(to: Point(x: 400, y: 350))
        let held = try session.stableScreenshot()
        session.keep(held, as: "e2e-sheet-held")
        // The sheet's top edge sits 150 px down, under the pointer's travel; the Modal page shows above.
        let top = (0..<Self.height).first { Surface.channelDistance(held.pixel(x: 100, y: $0), Self.sheet) <= 3 }
        #expect(top.map { abs($0 - 150) <= 2 } == true, "sheet top at \(String(describing: top)), expected 150 ± 2")
        #expect(Self.isModalBackground(held.pixel(x: 600, y: 120)))

        try session.release(afterMs: 120)
        let back = try session.parkedScreenshot()
        #expect(back.fractionDiffering(from: presented) < 0.001, "released at 25 % the sheet returns")

        try session.move(to: Point(x: 400, y: 100), afterMs: 100)
        try session.press()
        try session.drag(to: Point(x: 400, y: 520))
        try session.release(afterMs: 120)
        let dismissed = try session.parkedScreenshot()
        #expect(Self.isModalBackground(dismissed.pixel(x: 600, y: 450)), "released at 70 % the sheet is dismissed")
        let completions = session.trace.filter { $0.event == .complete }.map {
            "\($0.kind.rawValue):\($0.completed ?? false)"
        }
        #expect(completions == ["tab:true", "present:true", "dismiss:false", "dismiss:true"])
    }

    @Test func keyboardEscapeControlTabAndAltLeft() throws {
        let session = try HeadlessSession(width: Self.width, height: Self.height)
        defer { session.stop() }
        try session.waitForApp()
        // Ctrl+Tab: to the Modal tab.
        try session.type(.tab, holding: [.leftControl])
        var shot = try session.parkedScreenshot()
        #expect(Self.isModalBackground(shot.pixel(x: 400, y: 450)), "Ctrl+Tab should switch to the Modal tab")
        // Present the sheet, then Esc dismisses it.
        try session.click(at: DemoLayout.sheetButton)
        _ = try session.parkedScreenshot()
        try session.type(.escape)
        shot = try session.parkedScreenshot()
        #expect(Self.isModalBackground(shot.pixel(x: 400, y: 450)), "Esc should dismiss the sheet")
        // Ctrl+Shift+Tab back to Navigation, push, Alt+Left pops.
        try session.type(.tab, holding: [.leftControl, .leftShift])
        _ = try session.parkedScreenshot()
        try session.click(at: DemoLayout.row(0))
        _ = try session.parkedScreenshot()
        try session.type(.left, holding: [.leftAlt])
        _ = try session.parkedScreenshot()
        let kinds = session.trace.filter { $0.event == .complete }.map(\.kind.rawValue)
        #expect(kinds == ["tab", "present", "dismiss", "tab", "push", "pop"], "\(kinds)")
    }
}
