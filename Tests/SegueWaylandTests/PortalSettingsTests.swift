import Geometry
import Segue
import SegueDBus
@testable import SegueWayland
import Testing

/// The settings portal's values turned into the core's settings, by the portal's own
/// specification (org.freedesktop.portal.Settings: `color-scheme` u 0/1/2, `accent-color` (ddd)
/// in 0…1, `contrast` u, `reduced-motion` u) and GNOME's keys; and the environment overrides.
@Suite struct PortalSettingsTests {
    private func readAll(_ namespaces: [String: [String: DBusValue]]) -> [DBusValue] {
        [.dictionary(namespaces.map { (key: .string($0.key),
                                        value: .dictionary($0.value.map { (key: .string($0.key), value: .variant($0.value)) })) })]
    }

    private func settings(_ namespaces: [String: [String: DBusValue]]) -> DesktopSettings {
        var portal = PortalSettings()
        portal.merge(readAll: readAll(namespaces))
        return portal.settings
    }

    @Test func everyKeyOfTheRightTypeIsRead() {
        let read = settings([
            "org.freedesktop.appearance": [
                "color-scheme": .uint32(1), "accent-color": .structure([.double(0.2), .double(0.6), .double(0.3)]),
                "contrast": .uint32(1), "reduced-motion": .uint32(1),
            ],
            "org.gnome.desktop.interface": [
                "enable-animations": .bool(false), "text-scaling-factor": .double(1.5), "font-name": .string("Cantarell 11"),
                "cursor-theme": .string("Adwaita"), "cursor-size": .int32(48),
            ],
            "org.gnome.desktop.peripherals.mouse": ["double-click": .int32(250), "drag-threshold": .int32(12)],
        ])
        #expect(read.traits.userInterfaceStyle == .dark)
        #expect(read.traits.accentColor == Color(red: 0.2, green: 0.6, blue: 0.3))
        #expect(read.traits.contrast == .high)
        #expect(read.motion == MotionPreferences(reducesMotion: true, animationsEnabled: false))
        #expect(read.traits.textScale == 1.5)
        #expect(read.fontFamily == "Cantarell")
        #expect(read.input == InputPreferences(doubleClickTime: 0.25, dragThreshold: 12))
    }

    @Test func noPreferenceAndLightAreLight() {
        #expect(settings(["org.freedesktop.appearance": ["color-scheme": .uint32(0)]]).traits.userInterfaceStyle == .light)
        #expect(settings(["org.freedesktop.appearance": ["color-scheme": .uint32(2)]]).traits.userInterfaceStyle == .light)
    }

    @Test func valuesOfTheWrongTypeOrRangeKeepTheDefaults() {
        let read = settings([
            "org.freedesktop.appearance": [
                "color-scheme": .string("dark"), "accent-color": .structure([.double(2), .double(0.6), .double(0.3)]),
                "contrast": .bool(true), "reduced-motion": .int32(1),
            ],
            "org.gnome.desktop.interface": ["enable-animations": .uint32(0), "text-scaling-factor": .double(.nan)],
            "org.gnome.desktop.peripherals.mouse": ["double-click": .int32(-5)],
        ])
        #expect(read == DesktopSettings())
    }

    @Test func aReplyOfAnotherShapeChangesNothing() {
        var portal = PortalSettings()
        portal.merge(readAll: [.string("not a dictionary")])
        portal.merge(readAll: [])
        #expect(portal.settings == DesktopSettings())
        let wrongShape = portal.apply(settingChanged: [.string("org.freedesktop.appearance"), .uint32(1)])
        #expect(wrongShape != nil)
        let changed = portal.apply(settingChanged: [.string("org.freedesktop.appearance"), .string("color-scheme"), .variant(.uint32(1))])
        #expect(changed == nil)
        #expect(portal.settings.traits.userInterfaceStyle == .dark)
    }

    @Test func gnomesHighContrastKeyWhereThePortalHasNoContrast() {
        #expect(settings(["org.gnome.desktop.a11y.interface": ["high-contrast": .bool(true)]]).traits.contrast == .high)
    }

    @Test func theEnvironmentOverridesThePortalAndBadValuesWarn() {
        let overrides = SettingsOverrides(environment: [
            "SEGUE_COLOR_SCHEME": "dark", "SEGUE_ACCENT_COLOR": "#336699", "SEGUE_CONTRAST": "high",
            "SEGUE_REDUCED_MOTION": "1", "SEGUE_ANIMATIONS": "0", "SEGUE_TEXT_SCALE": "1.25", "SEGUE_FONT": "DejaVu Serif",
        ])
        let applied = overrides.applied(to: DesktopSettings())
        #expect(applied.traits == TraitCollection(userInterfaceStyle: .dark, contrast: .high, accentColor: Color(hex: 0x336699), textScale: 1.25))
        #expect(applied.motion == MotionPreferences(reducesMotion: true, animationsEnabled: false))
        #expect(applied.fontFamily == "DejaVu Serif")
        #expect(overrides.warnings.isEmpty)
        let bad = SettingsOverrides(environment: ["SEGUE_COLOR_SCHEME": "purple", "SEGUE_TEXT_SCALE": "9"])
        #expect(bad.applied(to: DesktopSettings()) == DesktopSettings())
        #expect(bad.warnings.count == 2)
    }

    @Test func fontNamesLoseTheirSize() {
        #expect(PortalSettings.family(ofFontName: "Adwaita Sans 11") == "Adwaita Sans")
        #expect(PortalSettings.family(ofFontName: "Noto Sans") == "Noto Sans")
        #expect(PortalSettings.family(ofFontName: "") == nil)
    }

    /// A hostile portal's values, each refused or clamped with a line: the wrong variant type,
    /// accents not finite or out of 0…1 (the portal's documentation: "out-of-range RGB values
    /// should be treated as an unset accent color"), text scales not positive or not finite
    /// (ignored) or beyond GNOME's 0.5…3 (clamped), a font name longer than any family name.
    @Test func hostileValuesAreRefusedOrClampedEachWithALine() {
        var portal = PortalSettings()
        let appearance = "org.freedesktop.appearance", interface = "org.gnome.desktop.interface"
        func change(_ namespace: String, _ key: String, _ value: DBusValue) -> String? {
            portal.apply(settingChanged: [.string(namespace), .string(key), .variant(value)])
        }
        #expect(change(appearance, "accent-color", .structure([.double(0.2), .double(0.6), .double(0.3)])) == nil)
        #expect(change(interface, "text-scaling-factor", .double(1.5)) == nil)
        #expect(change(interface, "font-name", .string("Cantarell 11")) == nil)
        let accent = Color(red: 0.2, green: 0.6, blue: 0.3)
        for bad in [DBusValue.string("wrong"), .uint32(1), .structure([.double(0.2), .double(0.6)])] {
            #expect(change(appearance, "accent-color", bad) != nil, "\(bad)")
            #expect(portal.settings.traits.accentColor == accent, "a value of the wrong type keeps the last good one")
        }
        for bad in [Double.nan, .infinity, -.infinity] {
            #expect(change(appearance, "accent-color", .structure([.double(bad), .double(0.6), .double(0.3)])) != nil)
            #expect(portal.settings.traits.accentColor == accent)
        }
        #expect(change(appearance, "accent-color", .structure([.double(-0.5), .double(0.6), .double(0.3)])) != nil)
        #expect(portal.settings.traits.accentColor == DesktopSettings().traits.accentColor, "out of range: no accent")
        for bad in [0, -1, Double.nan, .infinity] {
            #expect(change(interface, "text-scaling-factor", .double(bad)) != nil, "\(bad)")
            #expect(portal.settings.traits.textScale == 1.5)
        }
        #expect(change(interface, "text-scaling-factor", .double(1e9)) != nil)
        #expect(portal.settings.traits.textScale == 3)
        #expect(change(interface, "text-scaling-factor", .string("2")) != nil)
        #expect(portal.settings.traits.textScale == 3)
        for length in [10_000, 1_000_000] {
            #expect(change(interface, "font-name", .string(String(repeating: "A", count: length))) != nil)
            #expect(portal.settings.fontFamily == "Cantarell")
        }
        #expect(change("org.gnome.desktop.peripherals.mouse", "double-click", .int32(-5)) != nil)
        // Keys not read here are not kept (nor logged).
        #expect(change(interface, "gtk-theme", .string(String(repeating: "B", count: 1_000_000))) == nil)
        #expect(portal.values[interface]?["gtk-theme"] == nil)
    }
}
