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
/// A key that is missing, or of another type, or out of range keeps the default; ``check(_:_:_:)``
/// refuses or clamps each value as it arrives, with the line to log.
struct PortalSettings {
    /// The namespaces asked for in `ReadAll`.
    static let namespaces = ["org.freedesktop.appearance", "org.gnome.desktop.interface",
                             "org.gnome.desktop.a11y.interface", "org.gnome.desktop.peripherals.mouse"]

    /// Namespace → key → value, as the portal sent them (variants unwrapped when read).
    var values: [String: [String: DBusValue]] = [:]

    /// The type each key read must have, as the portal and GSettings schemas give it. A key of
    /// another namespace or name is not kept (a portal may send whole namespaces).
    static let types: [String: [String: String]] = [
        "org.freedesktop.appearance": ["color-scheme": "u", "accent-color": "(ddd)", "contrast": "u", "reduced-motion": "u"],
        "org.gnome.desktop.interface": ["enable-animations": "b", "text-scaling-factor": "d", "font-name": "s",
                                        "cursor-theme": "s", "cursor-size": "i"],
        "org.gnome.desktop.a11y.interface": ["high-contrast": "b"],
        "org.gnome.desktop.peripherals.mouse": ["double-click": "i", "drag-threshold": "i"],
    ]

    /// The longest font or cursor theme name taken, in UTF-8 bytes. fontconfig's family names
    /// are short (the longest on a Debian desktop is under 64); a longer one is not a name but
    /// an attack, and is refused before anything else looks at it (a 1,000,000-character name
    /// cost 430 ms of layout on the main thread and 20 MB of memory).
    static let maximumNameLength = 256

    /// GNOME's range for `text-scaling-factor` (its settings panel and gsettings schema).
    static let textScaleRange = 0.5...3.0

    /// What became of one value as it arrived.
    enum Check: Equatable {
        /// Kept (perhaps clamped: `problem` then says so).
        case keep(DBusValue, problem: String?)
        /// Not kept: the key keeps what it had.
        case ignore(String)
        /// The key is unset, as the portal's documentation says for this value.
        case unset(String)
        /// Not a key read here: dropped, silently.
        case unread
    }

    /// Checks `value` for `namespace` `key`, before it is kept: the wrong type, a number that is
    /// not finite or out of range, a name too long to be one.
    static func check(_ namespace: String, _ key: String, _ value: DBusValue) -> Check {
        guard let type = types[namespace]?[key] else { return .unread }
        let value = value.unwrapped
        let name = "\(namespace) \(key)"
        guard value.signature == type else { return .ignore("\(name): ignored: a \(value.signature), not a \(type)") }
        switch (key, value) {
        case ("accent-color", .structure(let parts)):
            let rgb = parts.compactMap(\.double)
            if rgb.contains(where: { !$0.isFinite }) { return .ignore("\(name): ignored: a component is not finite") }
            // xdg-desktop-portal's documentation: "out-of-range RGB values should be treated as
            // an unset accent color".
            if rgb.contains(where: { !(0...1).contains($0) }) { return .unset("\(name): out of 0…1: no accent colour") }
        case ("text-scaling-factor", .double(let factor)):
            guard factor.isFinite, factor > 0 else { return .ignore("\(name): \(factor) ignored: not a positive number") }
            let clamped = min(max(factor, textScaleRange.lowerBound), textScaleRange.upperBound)
            if clamped != factor { return .keep(.double(clamped), problem: "\(name): \(factor) clamped to \(clamped)") }
        case ("font-name", .string(let text)), ("cursor-theme", .string(let text)):
            // utf8.count of a native string is its stored length: nothing is scanned.
            if text.utf8.count > maximumNameLength {
                return .ignore("\(name): ignored: \(text.utf8.count) bytes, longer than \(maximumNameLength)")
            }
        case ("double-click", .int32(let number)) where !(100...2000).contains(number),
             ("drag-threshold", .int32(let number)) where !(1...100).contains(number),
             ("cursor-size", .int32(let number)) where !(8...256).contains(number):
            return .ignore("\(name): \(number) ignored: out of range")
        default: break
        }
        return .keep(value, problem: nil)
    }

    /// Takes `ReadAll`'s reply (`a{sa{sv}}`); anything else leaves the values as they were.
    /// Returns one line per value not taken as it was sent.
    @discardableResult
    mutating func merge(readAll reply: [DBusValue]) -> [String] {
        guard let namespaces = reply.first?.stringKeyed else { return ["ignoring a ReadAll reply of another shape"] }
        var problems: [String] = []
        for (namespace, keys) in namespaces {
            guard let keys = keys.stringKeyed else { continue }
            for (key, value) in keys { if let problem = take(namespace, key, value) { problems.append(problem) } }
        }
        return problems
    }

    /// Takes one `SettingChanged(namespace, key, value)`: the line to log when the value was
    /// not taken as sent (or the signal has another shape), else nil.
    mutating func apply(settingChanged arguments: [DBusValue]) -> String? {
        guard arguments.count == 3, let namespace = arguments[0].string, let key = arguments[1].string else {
            return "ignoring a SettingChanged signal of another shape"
        }
        return take(namespace, key, arguments[2])
    }

    private mutating func take(_ namespace: String, _ key: String, _ value: DBusValue) -> String? {
        switch Self.check(namespace, key, value) {
        case .keep(let kept, let problem):
            values[namespace, default: [:]][key] = kept
            return problem
        case .ignore(let problem): return problem
        case .unset(let problem):
            values[namespace]?[key] = nil
            return problem
        case .unread: return nil
        }
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
        if case .double(let factor)? = value(interface, "text-scaling-factor"), factor.isFinite, Self.textScaleRange.contains(factor) {
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
