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
    static let tab = 15, enter = 28, space = 57, leftShift = 42, leftControl = 29, escape = 1

    static func near(_ c: Color, _ expected: Color, _ tolerance: Int = 3) -> Bool {
        Surface.channelDistance(c, expected) <= tolerance
    }

    static func press(_ session: HeadlessSession, _ code: Int, holding modifiers: [Int] = []) throws {
        for modifier in modifiers { try session.key(modifier, down: true) }
        try session.key(code, down: true)
        try session.key(code, down: false)
        for modifier in modifiers.reversed() { try session.key(modifier, down: false) }
    }

    static func completions(_ session: HeadlessSession) -> [String] {
        session.trace.filter { $0.event == .complete }.map {
            "\($0.kind.rawValue):\($0.completed ?? false)"
        }
    }

    /// Whether the 2 px ring around `control` shows in `shot` in `color`, on all four sides.
    static func ringShows(_ shot: Surface, around control: (x: Int, y: Int, width: Int, height: Int), color: Color) -> Bool {
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

        try Self.press(session, Self.tab)
        try Self.press(session, Self.tab)
        let focused = try session.parkedScreenshot()
        session.keep(focused, as: "e2e-keyboard-row-focused")
        // The second row (0, 108, 800 × 56): the ring's top and bottom lines, clipped at the
        // window's sides, where the ring keeps its line inside the window.
        for y in [105, 106, 165, 166] {
            #expect(Self.near(focused.pixel(x: 400, y: y), Self.accent), "ring line at y \(y): \(focused.pixel(x: 400, y: y))")
        }
        #expect(Self.near(focused.pixel(x: 0, y: 136), Self.accent) && Self.near(focused.pixel(x: 799, y: 136), Self.accent))
        #expect(!Self.near(focused.pixel(x: 400, y: 50), Self.accent), "one ring only")

        try Self.press(session, Self.enter)
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
        try Self.press(session, Self.tab, holding: [Self.leftControl])
        let modal = try session.parkedScreenshot()
        #expect(Self.near(modal.pixel(x: 400, y: 450), Self.modalBackground))
        try Self.press(session, Self.tab)
        let focused = try session.parkedScreenshot()
        session.keep(focused, as: "e2e-keyboard-focus-ring")
        let sheetButton = (x: 24, y: 64, width: 420, height: 48)
        #expect(Self.ringShows(focused, around: sheetButton, color: Self.accent))
        // The gap between ring and button shows the page; nothing changed but the ring.
        #expect(Self.near(focused.pixel(x: 23, y: 88), Self.modalBackground))
        #expect(!Self.ringShows(modal, around: sheetButton, color: Self.accent))

        // Enter presents the sheet; Tab reaches its Close button (white ring on the sheet's colour).
        try Self.press(session, Self.enter)
        let presented = try session.parkedScreenshot()
        #expect(Self.near(presented.pixel(x: 400, y: 450), Self.sheet))
        try Self.press(session, Self.tab)
        let closeFocused = try session.parkedScreenshot()
        session.keep(closeFocused, as: "e2e-keyboard-sheet-close-focused")
        #expect(Self.ringShows(closeFocused, around: (x: 692, y: 16, width: 88, height: 36), color: .white))

        // Space closes it; focus is back on the Sheet button.
        try Self.press(session, Self.space)
        let closed = try session.parkedScreenshot()
        session.keep(closed, as: "e2e-keyboard-sheet-closed")
        #expect(Self.near(closed.pixel(x: 400, y: 450), Self.modalBackground))
        #expect(Self.ringShows(closed, around: sheetButton, color: Self.accent), "focus returns to the Sheet button")

        // Shift+Tab wraps back past the start to the tab bar's last button; Tab wraps on to
        // the Sheet button, then Overlay, then the card. Enter opens the card page; Esc closes
        // it, and focus comes back to the card.
        try Self.press(session, Self.tab, holding: [Self.leftShift])
        try Self.press(session, Self.tab)
        try Self.press(session, Self.tab)
        try Self.press(session, Self.tab)
        let cardFocused = try session.parkedScreenshot()
        #expect(Self.ringShows(cardFocused, around: (x: 24, y: 200, width: 200, height: 280), color: Self.accent))
        try Self.press(session, Self.enter)
        let cardPage = try session.parkedScreenshot()
        session.keep(cardPage, as: "e2e-keyboard-card-page")
        #expect(Self.near(cardPage.pixel(x: 20, y: 20), Self.cardPage))
        try Self.press(session, Self.escape)
        let back = try session.parkedScreenshot()
        #expect(Self.near(back.pixel(x: 600, y: 450), Self.modalBackground))
        #expect(Self.ringShows(back, around: (x: 24, y: 200, width: 200, height: 280), color: Self.accent))
        #expect(Self.completions(session) == ["tab:true", "present:true", "dismiss:true", "present:true", "dismiss:true"])
    }
}
