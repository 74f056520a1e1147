import Geometry
import Segue

/// Environment variables that override what the desktop says, for users and tests without a
/// settings portal. Each is read once at start-up; a value that cannot be read is ignored with
/// one warning line.
///
/// | variable | values |
/// |---|---|
/// | `SEGUE_COLOR_SCHEME` | `dark`, `light` |
/// | `SEGUE_ACCENT_COLOR` | `#RRGGBB` |
/// | `SEGUE_CONTRAST` | `high`, `standard` |
/// | `SEGUE_REDUCED_MOTION` | `1`, `0` |
/// | `SEGUE_ANIMATIONS` | `1`, `0` (0: animations off) |
/// | `SEGUE_TEXT_SCALE` | a factor from 0.5 to 3 |
/// | `SEGUE_FONT` | a font family ("DejaVu Sans") |
/// | `SEGUE_TEXT_DIRECTION` | `rtl`, `ltr` (else the language's direction) |
struct SettingsOverrides {
    private var edits: [(inout DesktopSettings) -> Void] = []
    /// One line per variable whose value could not be read.
    private(set) var warnings: [String] = []

    /// Reads the overrides from `environment`.
    init(environment: [String: String]) {
        func read(_ name: String, _ parse: (String) -> ((inout DesktopSettings) -> Void)?) {
            guard let text = environment[name], !text.isEmpty else { return }
            if let edit = parse(text.lowercased()) { edits.append(edit) } else { warnings.append("ignoring \(name)='\(text)'") }
        }
        read("SEGUE_COLOR_SCHEME") { text in
            switch text {
            case "dark": { $0.traits.userInterfaceStyle = .dark }
            case "light", "default": { $0.traits.userInterfaceStyle = .light }
            default: nil
            }
        }
        read("SEGUE_ACCENT_COLOR") { text in
            guard text.hasPrefix("#"), text.count == 7, let hex = UInt32(text.dropFirst(), radix: 16) else { return nil }
            return { $0.traits.accentColor = Color(hex: hex) }
        }
        read("SEGUE_CONTRAST") { text in
            switch text {
            case "high", "1": { $0.traits.contrast = .high }
            case "standard", "normal", "0": { $0.traits.contrast = .standard }
            default: nil
            }
        }
        read("SEGUE_REDUCED_MOTION") { text in Self.flag(text).map { on in { $0.motion.reducesMotion = on } } }
        read("SEGUE_ANIMATIONS") { text in Self.flag(text).map { on in { $0.motion.animationsEnabled = on } } }
        read("SEGUE_TEXT_SCALE") { text in
            guard let factor = Double(text), factor.isFinite, (0.5...3).contains(factor) else { return nil }
            return { $0.traits.textScale = factor }
        }
        read("SEGUE_TEXT_DIRECTION") { text in
            switch text {
            case "rtl": { $0.traits.layoutDirection = .rightToLeft }
            case "ltr": { $0.traits.layoutDirection = .leftToRight }
            default: nil
            }
        }
        if let family = environment["SEGUE_FONT"], !family.isEmpty { edits.append { $0.fontFamily = family } }
    }

    private static func flag(_ text: String) -> Bool? {
        switch text {
        case "1", "true", "yes", "on": true
        case "0", "false", "no", "off": false
        default: nil
        }
    }

    /// `settings` with the overrides applied.
    func applied(to settings: DesktopSettings) -> DesktopSettings {
        var settings = settings
        for edit in edits { edit(&settings) }
        return settings
    }
}
