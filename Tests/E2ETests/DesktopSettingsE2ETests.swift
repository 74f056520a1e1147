import Geometry
import Canvas
import Foundation
import Motion
import SegueTestKit
import Testing

/// segue-demo follows the desktop's settings, read from a settings portal on the session bus (a
/// fake one, on a private bus: scripts/fake-settings-portal.py) in weston's desktop shell, where
/// the app draws its own header bar. Expected colours are libadwaita's published palette (see
/// ``Adwaita``) and the portal's accent as sent; positions are the demo's layout, found from the
/// first row's dot on screen.
@Suite(.serialized)
struct DesktopSettingsE2ETests {
    static let outputWidth = 1280, outputHeight = 800
    /// The window's size when the compositor lets it choose.
    static let windowSize = Size(width: 1024, height: 700)
    static let dotInWindow = DemoLayout.firstRowDotInDecoratedWindow

    /// Where to read each surface, in window coordinates: clear of text and glyphs.
    static let headerPoint = Point(x: 150, y: 12)
    static let navigationBarPoint = Point(x: 300, y: DemoLayout.headerHeight + 8)
    static let rowPoint = Point(x: windowSize.width - 80, y: DemoLayout.headerHeight + DemoLayout.rowFrame(0, width: windowSize.width).midY)
    static let tabBarPoint = Point(x: 6, y: windowSize.height - 6)

    /// libadwaita 1.2's named colours (Debian 12's libadwaita-1-0 1.2.2), as its stylesheet
    /// defines them: src/stylesheet/_defaults.scss at tag 1.2.0, `@define-color … if($variant ==
    /// 'light', LIGHT, DARK)`. Written here from libadwaita, not from the toolkit's Palette.
    enum Adwaita {
        static let headerbarBg = (light: Color(hex: 0xEBEBEB), dark: Color(hex: 0x303030))
        static let windowBg = (light: Color(hex: 0xFAFAFA), dark: Color(hex: 0x242424))
        static let viewBg = (light: Color(hex: 0xFFFFFF), dark: Color(hex: 0x1E1E1E))
    }

    /// What each style must show: the header bar is libadwaita's `headerbar_bg_color`; the page
    /// is a libadwaita page colour (`view_bg_color` light, `window_bg_color` dark, as
    /// libadwaita's own pages in a navigation view); the toolkit's navigation and tab bars are
    /// its own, but a shade of the same style: between the page and the header bar, channel by
    /// channel.
    struct Style {
        var name: String
        var header: Color
        var page: Color
        func isBar(_ c: Color) -> Bool {
            zip([c.red, c.green, c.blue], zip([header.red, header.green, header.blue], [page.red, page.green, page.blue])).allSatisfy {
                let (low, high) = (min($1.0, $1.1), max($1.0, $1.1))
                return $0 >= low - 2.0 / 255 && $0 <= high + 2.0 / 255
            }
        }
    }
    static let dark = Style(name: "dark", header: Adwaita.headerbarBg.dark, page: Adwaita.windowBg.dark)
    static let light = Style(name: "light", header: Adwaita.headerbarBg.light, page: Adwaita.viewBg.light)

    private func start(_ portal: FakeSettingsPortal?, environment: [String: String] = [:]) throws -> HeadlessSession {
        var env = portal?.environment ?? [:]
        env["SEGUE_DEBUG"] = "1"
        env.merge(environment) { $1 }
        let session = try HeadlessSession(width: Self.outputWidth, height: Self.outputHeight,
                                          options: .init(environment: env, shell: .desktop))
        try session.waitForApp()
        // The desktop shell maps the window a little after the app's first commit (later on a
        // loaded machine): wait until its list is on screen.
        try session.waitFor("the window's first row on screen", timeout: 10) {
            (try? session.parkedScreenshot()).flatMap { DemoLayout.decoratedWindowOrigin(in: $0) } != nil
        }
        return session
    }

    /// The window's top-left corner on screen, from the first row's dot.
    private func origin(_ session: HeadlessSession, _ shot: Surface) throws -> Point {
        guard let origin = DemoLayout.decoratedWindowOrigin(in: shot) else {
            session.keep(shot, as: "settings-no-window")
            throw HarnessError("the window's first-row dot is not on screen")
        }
        return origin
    }

    private func pixel(_ shot: Surface, _ origin: Point, _ point: Point) -> Color {
        shot.pixel(x: Int(origin.x + point.x), y: Int(origin.y + point.y))
    }

    private func expectColors(_ shot: Surface, _ origin: Point, _ style: Style, _ comment: String) {
        for (name, point, expected) in [("header bar", Self.headerPoint, style.header), ("row", Self.rowPoint, style.page)] {
            let seen = pixel(shot, origin, point)
            #expect(Surface.channelDistance(seen, expected) <= 2, "\(comment): the \(name) is \(seen), not libadwaita's \(style.name) \(expected)")
        }
        for (name, point) in [("navigation bar", Self.navigationBarPoint), ("tab bar", Self.tabBarPoint)] {
            let seen = pixel(shot, origin, point)
            #expect(style.isBar(seen), "\(comment): the \(name) is \(seen), not between libadwaita's \(style.name) page \(style.page) and header bar \(style.header)")
        }
    }

    @Test func darkStyleFromThePortalDrawsTheFirstFrameDark() throws {
        let portal = try FakeSettingsPortal(settings: [("org.freedesktop.appearance", "color-scheme", "uint32 1")])
        let session = try start(portal)
        let shot = try session.parkedScreenshot()
        session.keep(shot, as: "settings-dark-weston")
        expectColors(shot, try origin(session, shot), Self.dark, "color-scheme 1")
    }

    @Test func aSettingChangedSignalTurnsTheWindowDarkAtOnceWithNoFade() throws {
        let portal = try FakeSettingsPortal(settings: [("org.freedesktop.appearance", "color-scheme", "uint32 2")])
        let session = try start(portal)
        let before = try session.parkedScreenshot()
        let at = try origin(session, before)
        expectColors(before, at, Self.light, "color-scheme 2")
        try portal.set("org.freedesktop.appearance", "color-scheme", "uint32 1")
        // The first screenshot whose header differs from the light one must be wholly dark: a
        // fade would show a blend in between.
        var changed: Surface?
        try session.waitFor("the header bar to change", timeout: 5) {
            guard let shot = try? session.screenshot() else { return false }
            guard Surface.channelDistance(self.pixel(shot, at, Self.headerPoint), Self.light.header) > 2 else { return false }
            changed = shot
            return true
        }
        let first = try #require(changed)
        session.keep(first, as: "settings-dark-live-weston")
        expectColors(first, at, Self.dark, "the first changed frame")
    }

    @Test func thePortalsAccentColoursTheSelectedTabAndTheFocusRing() throws {
        // (0.2, 0.6, 0.3) is sRGB (51, 153, 77): dark enough on white to be used as it is.
        let accent = Color(red: 0.2, green: 0.6, blue: 0.3)
        let portal = try FakeSettingsPortal(settings: [("org.freedesktop.appearance", "accent-color", "(0.2, 0.6, 0.3)")])
        let session = try start(portal)
        let shot = try session.parkedScreenshot()
        let at = try origin(session, shot)
        let tabBarTop = Int(at.y + Self.windowSize.height - DemoLayout.tabBarHeight)
        let accentPixels = { (shot: Surface, rows: Range<Int>) -> Int in
            var count = 0
            for y in rows { for x in Int(at.x)..<Int(at.x + Self.windowSize.width)
                where Surface.channelDistance(shot.pixel(x: x, y: y), accent) <= 3 { count += 1 } }
            return count
        }
        #expect(accentPixels(shot, tabBarTop..<(tabBarTop + Int(DemoLayout.tabBarHeight))) > 50,
                "the selected tab's icon and title are in the accent")
        let contentRows = Int(at.y + DemoLayout.headerHeight)..<tabBarTop
        #expect(accentPixels(shot, contentRows) == 0, "no focus ring before Tab")
        try session.type(.tab)
        var ring = 0
        try session.waitFor("a focus ring in the accent", timeout: 5) {
            guard let shot = try? session.screenshot() else { return false }
            ring = accentPixels(shot, contentRows)
            return ring > 20
        }
        #expect(ring > 20)
    }

    @Test func withoutAPortalOrWithABrokenOneTheAppStartsInTheDefaults() throws {
        let cases: [(String, () throws -> FakeSettingsPortal?, [String: String], String)] = [
            ("no bus", { nil }, ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent/segue-bus"], "cannot connect"),
            ("a bus without a portal", { try FakeSettingsPortal(mode: nil) }, [:], "settings portal"),
            ("a portal that never answers", { try FakeSettingsPortal(mode: .silent) }, [:], "did not answer within 200 ms"),
            ("a portal of wrong types", { try FakeSettingsPortal(mode: .wrongTypes,
                                                                  settings: [("org.freedesktop.appearance", "color-scheme", "uint32 1")]) },
             [:], ""),
        ]
        for (name, makePortal, environment, said) in cases {
            let portal = try makePortal()
            let session = try start(portal, environment: environment)
            let shot = try session.parkedScreenshot()
            expectColors(shot, try origin(session, shot), Self.light, name)
            if !said.isEmpty { #expect(session.appLog.contains(said), "\(name): \(session.appLog)") }
            // Still responsive: a click on the first row pushes.
            try session.click(at: Point(x: try origin(session, shot).x + 200, y: try origin(session, shot).y + Self.dotInWindow.y))
            try session.waitForTrace([.complete], count: 1)
            session.stop()
        }
    }

    @Test func theEnvironmentOverridesWithoutAnyBus() throws {
        let session = try start(nil, environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent/segue-bus",
                                                   "SEGUE_COLOR_SCHEME": "dark"])
        let shot = try session.parkedScreenshot()
        expectColors(shot, try origin(session, shot), Self.dark, "SEGUE_COLOR_SCHEME=dark")
    }

    /// GNOME: mutter 43 headless, where the app draws its header bar. The page's dot is found on
    /// screen; the header bar sits right above the navigation bar.
    @Test func darkStyleOnMutter() throws {
        let portal = try FakeSettingsPortal(settings: [("org.freedesktop.appearance", "color-scheme", "uint32 1")])
        let session = try MutterSession(options: .init(environment: portal.environment))
        defer { session.stop() }
        let shot = try session.waitForApp()
        session.keep(shot, as: "settings-dark-mutter")
        let dot = try #require(MutterSession.accentDot(in: shot), "the first row's dot is on screen")
        // The dot is 26 px in and half a row below the 52 px navigation bar (DemoLayout.rowDot).
        let origin = Point(x: dot.x - Double(DemoLayout.rowDot(0).x), y: dot.y - Double(DemoLayout.rowDot(0).y) - DemoLayout.headerHeight)
        // The window's size is mutter's choice: the header bar and the navigation bar are checked
        // where they are on any width.
        let header = pixel(shot, origin, Self.headerPoint), bar = pixel(shot, origin, Self.navigationBarPoint)
        #expect(Surface.channelDistance(header, Self.dark.header) <= 2, "mutter: the header bar is \(header), not libadwaita's \(Self.dark.header)")
        #expect(Self.dark.isBar(bar), "mutter: the navigation bar is \(bar), not a dark bar")
    }
}
