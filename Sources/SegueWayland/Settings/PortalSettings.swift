import Geometry
import Segue
import SegueDBus

/// The desktop's settings as the settings portal (`org.freedesktop.portal.Settings`) gives them,
/// turned into the core's ``DesktopSettings``. Pure: every rule is pinned by offscreen tests.
///
/// What is read, and how (the portal's namespaces and keys):
/// - `org.freedesktop.appearance` `color-scheme` (u: 1 dark; 0 no preference and 2 light are
///   light), `accent-color` ((ddd) sRGB 0…1), `contrast` (u: 1 high), `reduced-motion` (u: 1 reduce);
/// - `org.gnome.desktop.interface` `enable-animations` (b), `text-scaling-factor` (d),
///   `font-name` (s, "Cantarell 11": the family is used);
/// - `org.gnome.desktop.a11y.interface` `high-contrast` (b), where the portal has no `contrast`;
/// - `org.gnome.desktop.peripherals.mouse` `double-click` (i, ms) and `drag-threshold` (i, px).
/// A key that is missing, or of another type, or out of range keeps the default.
struct PortalSettings {
    /// The namespaces asked for in `ReadAll`.
    static let namespaces = ["org.freedesktop.appearance", "org.gnome.desktop.interface",
                             "org.gnome.desktop.a11y.interface", "org.gnome.desktop.peripherals.mouse"]

    /// Namespace → key → value, as the portal sent them (variants unwrapped when read).
    var values: [String: [String: DBusValue]] = [:]

    /// Takes `ReadAll`'s reply (`a{sa{sv}}`); anything else leaves the values as they were.
    mutating func merge(readAll reply: [DBusValue]) {
        guard let namespaces = reply.first?.stringKeyed else { return }
        for (namespace, keys) in namespaces {
            guard let keys = keys.stringKeyed else { continue }
            values[namespace, default: [:]].merge(keys) { $1 }
        }
    }

    /// Takes one `SettingChanged(namespace, key, value)`; returns false for a signal of
    /// another shape.
    mutating func apply(settingChanged arguments: [DBusValue]) -> Bool {
        guard arguments.count == 3, let namespace = arguments[0].string, let key = arguments[1].string else { return false }
        values[namespace, default: [:]][key] = arguments[2]
        return true
    }

    private func value(_ namespace: String, _ key: String) -> DBusValue? { values[namespace]?[key]?.unwrapped }

    /// The settings these values give.
    var settings: DesktopSettings {
        var settings = DesktopSettings()
        let appearance = "org.freedesktop.appearance", interface = "org.gnome.desktop.interface"
        if case .uint32(let scheme)? = value(appearance, "color-scheme") {
            settings.traits.userInterfaceStyle = scheme == 1 ? .dark : .light
        }
        if case .structure(let parts)? = value(appearance, "accent-color"), parts.count == 3 {
            let rgb = parts.compactMap { part -> Double? in
                if case .double(let v) = part, v.isFinite, (0...1).contains(v) { return v }
                return nil
            }
            if rgb.count == 3 { settings.traits.accentColor = Color(red: rgb[0], green: rgb[1], blue: rgb[2]) }
        }
        if case .uint32(let contrast)? = value(appearance, "contrast") {
            settings.traits.contrast = contrast == 1 ? .high : .standard
        } else if case .bool(let high)? = value("org.gnome.desktop.a11y.interface", "high-contrast") {
            settings.traits.contrast = high ? .high : .standard
        }
        if case .uint32(let reduce)? = value(appearance, "reduced-motion") {
            settings.motion.reducesMotion = reduce == 1
        }
        if case .bool(let enabled)? = value(interface, "enable-animations") {
            settings.motion.animationsEnabled = enabled
        }
        if case .double(let factor)? = value(interface, "text-scaling-factor"), factor.isFinite, (0.5...3).contains(factor) {
            settings.traits.textScale = factor
        }
        if case .string(let font)? = value(interface, "font-name") {
            settings.fontFamily = Self.family(ofFontName: font)
        }
        let mouse = "org.gnome.desktop.peripherals.mouse"
        if case .int32(let ms)? = value(mouse, "double-click"), (100...2000).contains(ms) {
            settings.input.doubleClickTime = Double(ms) / 1000
        }
        if case .int32(let px)? = value(mouse, "drag-threshold"), (1...100).contains(px) {
            settings.input.dragThreshold = Double(px)
        }
        return settings
    }

    /// The desktop's cursor theme and size (`org.gnome.desktop.interface` `cursor-theme` s and
    /// `cursor-size` i): the platform's business, not the core's.
    var cursor: (theme: String?, size: Int?) {
        let interface = "org.gnome.desktop.interface"
        var theme: String?
        var size: Int?
        if case .string(let name)? = value(interface, "cursor-theme"), !name.isEmpty { theme = name }
        if case .int32(let pixels)? = value(interface, "cursor-size"), (8...256).contains(pixels) { size = Int(pixels) }
        return (theme, size)
    }

    /// "Cantarell 11" → "Cantarell", "DejaVu Sans Bold 10" → "DejaVu Sans Bold": a Pango font
    /// description's family, the trailing size dropped; nil for an empty name.
    static func family(ofFontName name: String) -> String? {
        var words = name.split(separator: " ")
        if let last = words.last, Double(last) != nil { words.removeLast() }
        return words.isEmpty ? nil : words.joined(separator: " ")
    }
}
