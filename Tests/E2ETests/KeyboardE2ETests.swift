import Geometry
import Canvas
import SegueTestKit
import Motion
import Testing

/// Issue 5 by keyboard only, in a real compositor (headless weston, 800×600): Tab and Enter
/// open a list row; the focus ring shows on screen at its rectangle; a sheet and the card
/// flip open and close with no pointer at all. Keys by evdev code.
///
/// Geometry (window coordinates): list rows 56 px tall from y 52; on the Modal page the Sheet
/// button is (24, 64, 420 × 48); the ring lies 3 px outside its control, a 2 px line.
@Suite(.serialized)
struct KeyboardE2ETests {
    static let width = 800, height = 600
    static let accent = Color(hex: 0x0A66D8)
    static let modalBackground = Color(hex: 0xFFF7E8)
    static let sheet = Color(hex: 0x5856D6)
    static let cardPage = Color(hex: 0xE9F5F2)

    static func near(_ c: Color, _ expected: Color, _ tolerance: Int = 3) -> Bool {
        Surface.channelDistance(c, expected) <= tolerance
    }

    static func completions(_ session: HeadlessSession) -> [String] {
        session.trace.filter { $0.event == .complete }.map {
            "\($0.kind.rawValue):\($0.completed ?? false)"
        }
    }

    /// Whether the 2 px ring around `control` shows in `shot` in `color`, on all four sides.
    static func ringShows(_ shot: Surface, around frame: Rect, color: Color) -> Bool {
        let control = (x: Int(frame.minX), y: Int(frame.minY), width: Int(frame.width), height: Int(frame.height))
        let left = control.x - 3, top = control.y - 3
        let right = control.x + control.width + 2, bottom = control.y + control.height + 2
        let midX = control.x + control.width / 2, midY = control.y + control.height / 2
        let points = [(left, midY), (left + 1, midY), (right, midY), (right - 1, midY),
                      (midX, top), (midX, top + 1), (midX, bottom), (midX, bottom - 1)]
        return points.allSatisfy { near(shot.pixel(x: $0.0, y: $0.1), color) }
    }

    @Test func tabAndEnterOpenARow() throws {
        let session = try HeadlessSession(width: Self.width, height: Self.height)
        defer { session.stop() }
        try session.waitForApp()
        let launch = try session.parkedScreenshot()
        // Focus starts nowhere: the first row's top edge is the bar's hairline, no ring.
        #expect(!Self.near(launch.pixel(x: 400, y: 50), Self.accent))

        try session.type(.tab)
        try session.type(.tab)
        let focused = try session.parkedScreenshot()
        session.keep(focused, as: "e2e-keyboard-row-focused")
        // The second row (0, 108, 800 × 56): the ring's top and bottom lines (2 px, 1 px off the
        // row), clipped at the window's sides, where the ring keeps its line inside the window.
        let row = DemoLayout.rowFrame(1)
        for y in [Int(row.minY) - 3, Int(row.minY) - 2, Int(row.maxY) + 1, Int(row.maxY) + 2] {
            #expect(Self.near(focused.pixel(x: 400, y: y), Self.accent), "ring line at y \(y): \(focused.pixel(x: 400, y: y))")
        }
        #expect(Self.near(focused.pixel(x: 0, y: Int(row.midY)), Self.accent)
                && Self.near(focused.pixel(x: 799, y: Int(row.midY)), Self.accent))
        #expect(!Self.near(focused.pixel(x: 400, y: 50), Self.accent), "one ring only")

        try session.type(.enter)
        let pushed = try session.parkedScreenshot()
        session.keep(pushed, as: "e2e-keyboard-row-opened")
        // The scale-and-fade page (its first stack page's pale blue), with no ring left on it.
        #expect(Self.near(pushed.pixel(x: 740, y: 300), Color(hex: 0xE8F4FD)), "\(pushed.pixel(x: 740, y: 300))")
        #expect(!Self.near(pushed.pixel(x: 400, y: 106), Self.accent))
        #expect(Self.completions(session) == ["push:true"])
    }

    @Test func theRingOutlinesTheSheetButtonAndAModalOpensAndClosesByKeyboard() throws {
        let session = try HeadlessSession(width: Self.width, height: Self.height)
        defer { session.stop() }
        try session.waitForApp()
        // Ctrl+Tab to the Modal tab, Tab to its first button.
        try session.type(.tab, holding: [.leftControl])
        let modal = try session.parkedScreenshot()
        #expect(Self.near(modal.pixel(x: 400, y: 450), Self.modalBackground))
        try session.type(.tab)
        let focused = try session.parkedScreenshot()
        session.keep(focused, as: "e2e-keyboard-focus-ring")
        let sheetButton = DemoLayout.sheetButtonFrame
        #expect(Self.ringShows(focused, around: sheetButton, color: Self.accent))
        // The gap between ring and button shows the page; nothing changed but the ring.
        #expect(Self.near(focused.pixel(x: 23, y: 88), Self.modalBackground))
        #expect(!Self.ringShows(modal, around: sheetButton, color: Self.accent))

        // Enter presents the sheet; Tab reaches its Close button (white ring on the sheet's colour).
        try session.type(.enter)
        let presented = try session.parkedScreenshot()
        #expect(Self.near(presented.pixel(x: 400, y: 450), Self.sheet))
        try session.type(.tab)
        let closeFocused = try session.parkedScreenshot()
        session.keep(closeFocused, as: "e2e-keyboard-sheet-close-focused")
        #expect(Self.ringShows(closeFocused, around: Rect(x: 692, y: 16, width: 88, height: 36), color: .white))

        // Space closes it; focus is back on the Sheet button.
        try session.type(.space)
        let closed = try session.parkedScreenshot()
        session.keep(closed, as: "e2e-keyboard-sheet-closed")
        #expect(Self.near(closed.pixel(x: 400, y: 450), Self.modalBackground))
        #expect(Self.ringShows(closed, around: sheetButton, color: Self.accent), "focus returns to the Sheet button")

        // Shift+Tab wraps back past the start to the tab bar's last button; Tab wraps on to
        // the Sheet button, then Overlay, then the card. Enter opens the card page; Esc closes
        // it, and focus comes back to the card.
        try session.type(.tab, holding: [.leftShift])
        try session.type(.tab)
        try session.type(.tab)
        try session.type(.tab)
        let cardFocused = try session.parkedScreenshot()
        #expect(Self.ringShows(cardFocused, around: DemoLayout.modalCardFrame, color: Self.accent))
        try session.type(.enter)
        let cardPage = try session.parkedScreenshot()
        session.keep(cardPage, as: "e2e-keyboard-card-page")
        #expect(Self.near(cardPage.pixel(x: 20, y: 20), Self.cardPage))
        try session.type(.escape)
        let back = try session.parkedScreenshot()
        #expect(Self.near(back.pixel(x: 600, y: 450), Self.modalBackground))
        #expect(Self.ringShows(back, around: DemoLayout.modalCardFrame, color: Self.accent))
        #expect(Self.completions(session) == ["tab:true", "present:true", "dismiss:true", "present:true", "dismiss:true"])
    }
}
