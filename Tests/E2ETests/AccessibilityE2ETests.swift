import Foundation
import Segue
import SegueTestKit
import Testing

/// segue-demo as a screen reader sees it, in weston's desktop shell: at-spi2-core's bus launcher
/// and registry on a private session bus (``AccessibilityBus``), the app read and driven with
/// python3-pyatspi (scripts/atspi-query.py). Expected names are the demo's visible strings;
/// role and state names are AT-SPI's (`atspi_role_get_name`, `atspi_state_type`), as GTK 4 gives
/// them for the same widgets: a window is a "frame", a tab bar a "page tab list" of "page tab"s,
/// a list row a "list item", a navigation title a "heading", a sheet a "dialog".
@Suite(.serialized)
struct AccessibilityE2ETests {
    static let app = "Segue"
    static let tabs = ["Navigation", "Modal", "Gallery", "Container"]
    /// The first rows of the Navigation tab's list, as drawn.
    static let firstRows = ["Slide", "Scale and fade", "Pixelate dissolve", "Pixelate by drag", "Dusk"]

    private func start(_ bus: AccessibilityBus) throws -> HeadlessSession {
        var env = bus.environment
        env["SEGUE_DEBUG"] = "1"
        let session = try HeadlessSession(width: 1280, height: 800, options: .init(environment: env, shell: .desktop))
        try session.waitForApp()
        return session
    }

    /// The app's frame, once the app is on the desktop with its tree.
    private func frame(_ bus: AccessibilityBus, _ session: HeadlessSession) throws -> AccessibleElement {
        let app = try bus.tree(of: Self.app)
        #expect(app.role == "application")
        guard let frame = app.children.first, frame.role == "frame" else {
            throw HarnessError("the app's first child is not a frame: \(app.children.map(\.role)); \(session.appLog.suffix(800))")
        }
        return frame
    }

    @Test func theAppIsOnTheDesktopWithItsFrameTabsAndRows() throws {
        let bus = try AccessibilityBus()
        let session = try start(bus)
        let frame = try frame(bus, session)
        #expect(frame.name == Self.app, "the frame is named after the window title")
        #expect(frame.has("active"), "the focused window's frame is ACTIVE: \(frame.states)")
        #expect(frame.extents?[2] == 1024 && frame.extents?[3] == 700, "the frame's extents: \(frame.extents ?? [])")
        // The header bar's window buttons, named as GTK names them.
        for name in ["Minimize", "Maximize", "Close"] {
            #expect(frame.first(role: "push button", name: name)?.actions == ["click"], "window button \(name)")
        }
        #expect(frame.first(role: "heading", name: "Navigation") != nil, "the navigation bar's title is a heading")
        let tabList = try #require(frame.first(role: "page tab list"))
        #expect(tabList.children.map(\.role) == Array(repeating: "page tab", count: 4))
        #expect(tabList.children.map(\.name) == Self.tabs)
        #expect(tabList.children.map { $0.has("selected") } == [true, false, false, false])
        let list = try #require(frame.first(role: "list"))
        #expect(Array(list.children.prefix(Self.firstRows.count)).map(\.name) == Self.firstRows)
        #expect(list.children.allSatisfy { $0.role == "list item" })
        #expect(list.children.first?.description == "Push and pop, 0.5 s; drag from the left edge to pop")
        // The last row lies below the window: in the tree, not SHOWING.
        let last = try #require(list.children.last)
        #expect(last.name == "Predictive back" && !last.has("showing") && last.has("visible"), "\(last.name) \(last.states)")
        // The last row switches predictive back (off at launch): its value says so.
        #expect(last.description == "Off: going back slides; click to preview where Back leads", "\(last.description)")
        #expect(list.children.first?.has("showing") == true)
    }

    @Test func withNoAccessibilityBusTheAppRunsAsBeforeSilently() throws {
        // A session bus where nobody owns org.a11y.Bus.
        let bus = try FakeSettingsPortal(mode: nil)
        var env = bus.environment
        env["SEGUE_DEBUG"] = "1"
        let session = try HeadlessSession(width: 1280, height: 800, options: .init(environment: env, shell: .desktop))
        try session.waitForApp()
        try session.type(.tab)
        try session.type(.enter)
        try session.waitForTrace(.complete, count: 1)
        #expect(session.app?.isRunning == true)
        #expect(session.appLog.contains("accessibility: no accessibility bus"), "\(session.appLog.suffix(600))")
    }

    @Test func switchingTabsByKeyMovesSelectedAndSaysSo() throws {
        let bus = try AccessibilityBus()
        let session = try start(bus)
        _ = try frame(bus, session)
        let events = try bus.listen()
        try session.type(.tab, holding: [.leftControl])
        try session.waitForTrace(.complete, count: 1)
        try events.wait(for: "Modal selected") { $0.type == "object:state-changed:selected" && $0.name == "Modal" && $0.detail1 == 1 }
        try events.wait(for: "Navigation unselected") {
            $0.type == "object:state-changed:selected" && $0.name == "Navigation" && $0.detail1 == 0
        }
        let tabList = try #require(try frame(bus, session).first(role: "page tab list"))
        #expect(tabList.children.map { $0.has("selected") } == [false, true, false, false])
    }

    @Test func doActionOnTheFirstRowPushesAndTheBackButtonReplacesTheRows() throws {
        let bus = try AccessibilityBus()
        let session = try start(bus)
        #expect(try frame(bus, session).first(role: "push button", name: "Back") == nil, "no Back on the root page")
        let events = try bus.listen()
        try bus.doAction(app: Self.app, name: "Slide", role: "list item")
        try session.waitForTrace(.complete, count: 1)
        #expect(session.trace.contains { $0.event == .begin && $0.kind == .push }, "the action pushed: \(session.traceText.suffix(400))")
        try events.wait(for: "the Back button added") { $0.type == "object:children-changed:add" && $0.data == "Back" }
        let frame = try frame(bus, session)
        #expect(frame.first(role: "push button", name: "Back")?.actions == ["click"])
        #expect(frame.first(role: "heading", name: "Slide") != nil, "the pushed page's title")
        #expect(frame.first(role: "list item") == nil, "the rows left the tree")
        // Focus moved to the new page's first element.
        try events.wait(for: "focus on Back") { $0.type == "object:state-changed:focused" && $0.name == "Back" && $0.detail1 == 1 }
    }

    @Test func escOnTheOverlayGivesFocusBackToTheSecondButtonThatOpenedIt() throws {
        let bus = try AccessibilityBus()
        let session = try start(bus)
        _ = try frame(bus, session)
        try bus.doAction(app: Self.app, name: "Modal", role: "page tab")
        try session.waitForTrace(.complete, count: 1)
        let events = try bus.listen()
        let opener = "Overlay (custom presentation)"
        try session.type(.tab)
        try session.type(.tab)
        try events.wait(for: "focus on the overlay's button") {
            $0.type == "object:state-changed:focused" && $0.name == opener && $0.detail1 == 1
        }
        try session.type(.enter)
        try session.waitForTrace(.complete, count: 2)
        #expect(try frame(bus, session).first(role: "dialog") != nil)
        let presented = events.events.count
        try session.type(.escape)
        try session.waitForTrace(.complete, count: 3)
        try events.wait(for: "focus back on the overlay's opener, not the page's first button") { _ in
            events.events.dropFirst(presented).contains {
                $0.type == "object:state-changed:focused" && $0.detail1 == 1 && $0.name == opener
            }
        }
        let tree = try frame(bus, session)
        #expect(tree.all.filter { $0.has("focused") }.map(\.name) == [opener])
    }

    @Test func theMaximizeButtonsActionMaximizesAndRenamesIt() throws {
        let bus = try AccessibilityBus()
        let session = try start(bus)
        _ = try frame(bus, session)
        let events = try bus.listen()
        try bus.doAction(app: Self.app, name: "Maximize", role: "push button")
        try events.wait(for: "the button renamed Restore") {
            $0.type == "object:property-change:accessible-name" && $0.data == "Restore"
        }
        let frame = try frame(bus, session)
        #expect(frame.extents?[2] == 1280, "the maximized frame fills the output's width: \(frame.extents ?? [])")
        #expect(frame.first(role: "push button", name: "Restore") != nil)
    }

    @Test func theDemoNamesWhatItDraws() throws {
        let bus = try AccessibilityBus()
        let session = try start(bus)
        try bus.doAction(app: Self.app, name: "Modal", role: "page tab")
        try session.waitForTrace(.complete, count: 1)
        let modal = try frame(bus, session)
        #expect(modal.first(role: "push button", name: "Flip card") != nil, "\(modal.all.map(\.name))")
        #expect(modal.first(role: "push button", name: "Lake") != nil)
        #expect(modal.first(role: "label", name: "Four presentations. Esc closes each.") != nil)
        try bus.doAction(app: Self.app, name: "Gallery", role: "page tab")
        try session.waitForTrace(.complete, count: 2)
        let gallery = try frame(bus, session)
        let pictures = gallery.all.filter { $0.name.hasPrefix("Picture ") && $0.role == "push button" }
        #expect(pictures.first?.name.hasPrefix("Picture 1 of ") == true, "\(gallery.all.map(\.name))")
        #expect(pictures.count > 1)
    }

    @Test func tabEmitsFocusEventsNamingTheFocusedElement() throws {
        let bus = try AccessibilityBus()
        let session = try start(bus)
        _ = try frame(bus, session)
        let events = try bus.listen()
        try session.type(.tab)
        try events.wait(for: "focus on Slide") { $0.type == "object:state-changed:focused" && $0.name == "Slide" && $0.detail1 == 1 }
        try session.type(.tab)
        try events.wait(for: "focus on Scale and fade") {
            $0.type == "object:state-changed:focused" && $0.name == "Scale and fade" && $0.detail1 == 1
        }
        try events.wait(for: "focus leaving Slide") { $0.type == "object:state-changed:focused" && $0.name == "Slide" && $0.detail1 == 0 }
        let list = try #require(try frame(bus, session).first(role: "list"))
        #expect(list.children.filter { $0.has("focused") }.map(\.name) == ["Scale and fade"])
    }

    @Test func escOnASheetGivesFocusBackToItsOpener() throws {
        let bus = try AccessibilityBus()
        let session = try start(bus)
        _ = try frame(bus, session)
        try bus.doAction(app: Self.app, name: "Modal", role: "page tab")
        try session.waitForTrace(.complete, count: 1)
        let events = try bus.listen()
        try session.type(.tab)
        try events.wait(for: "focus on the sheet's button") {
            $0.type == "object:state-changed:focused" && $0.name == "Sheet (slide up)" && $0.detail1 == 1
        }
        try session.type(.enter)
        try session.waitForTrace(.complete, count: 2)
        let covered = try frame(bus, session)
        let dialog = try #require(covered.first(role: "dialog"), "the sheet is a dialog: \(covered.children.map(\.role))")
        #expect(dialog.has("modal"))
        #expect(covered.first(role: "page tab list") == nil, "what the sheet covers is hidden")
        // Focus went into the sheet, to its first element (its Close button).
        try events.wait(for: "focus on the sheet's Close") { $0.type == "object:state-changed:focused" && $0.name == "Close" && $0.detail1 == 1 }
        let inSheet = events.events.count
        try session.type(.escape)
        try session.waitForTrace(.complete, count: 3)
        try events.wait(for: "focus back on the opener") { _ in
            events.events.dropFirst(inSheet).contains {
                $0.type == "object:state-changed:focused" && $0.detail1 == 1 && $0.name == "Sheet (slide up)" && $0.role == "push button"
            }
        }
        #expect(try frame(bus, session).first(role: "dialog") == nil)
    }
}

/// Orca itself (Debian's orca 43) against segue-demo in weston: started headless (its own
/// Xwayland for the X keymap it reads at start), its speech written to its debug output.
@Suite(.serialized)
struct OrcaE2ETests {
    @Test func orcaAnnouncesTheFocusedRowAfterATab() throws {
        let bus = try AccessibilityBus()
        var env = bus.environment
        env["SEGUE_DEBUG"] = "1"
        let session = try HeadlessSession(width: 1280, height: 800, options: .init(environment: env, shell: .desktop))
        try session.waitForApp()
        _ = try bus.tree(of: AccessibilityE2ETests.app)
        let orca = try OrcaScreenReader(bus: bus, waylandSocket: session.socket, runtimeDir: session.runtimeDir)
        // Orca is on the desktop once its AT-SPI side is up.
        do {
            try session.waitFor("Orca on the desktop", timeout: 40) { (try? bus.applications())?.contains("orca") == true }
        } catch {
            orca.stop()
            throw HarnessError("Orca did not start: \(String(orca.log.suffix(3000)))")
        }
        // Its listeners: the registry holds the focus events Orca asked for.
        try session.waitFor("Orca's focus listeners in the registry", timeout: 30) {
            // D-Bus spelling: "Object:StateChanged:Focused", "Focus:".
            (try? bus.registeredEvents())?.contains { $0.count == 2 && $0[1].lowercased().contains("focus") } == true
        }
        try session.type(.tab)
        // Its debug output is buffered: polled a while, then read whole after it stopped.
        try? session.waitFor("Orca to announce Slide", timeout: 15) { orca.utterances.contains { $0.hasPrefix("Slide") } }
        orca.stop()
        print("Orca said: \(orca.utterances)")
        let said = orca.utterances.first { $0.hasPrefix("Slide") }
        #expect(said != nil, "Orca said \(orca.utterances); \(String(orca.log.suffix(3000)))")
    }
}
