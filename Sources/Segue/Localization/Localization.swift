import Synchronization

/// Where the toolkit's and the app's strings find their translations: a hook the platform
/// installs at start-up (under Wayland, GNU gettext's catalogues, ``Localization/current``),
/// so that the core itself never touches the C library's locale.
///
/// A message is looked up by its English text in a text domain, as gettext's `dgettext` and
/// `dngettext` do: the toolkit's own strings in ``toolkitDomain``, an app's in its own domain.
/// Without a catalogue for the user's language, every lookup gives the English text back.
///
/// ```swift
/// let title = Localization.string("Gallery", domain: "segue-demo")
/// let caption = Localization.string(singular: "%d picture", plural: "%d pictures", count: n,
///                                   domain: "segue-demo")
/// ```
public struct Localization: Sendable {
    /// The text domain of the toolkit's own strings (Back, Close, …): `segue`.
    public static let toolkitDomain = "segue"

    /// Looks `message` up in `domain`; returns it unchanged when there is no translation.
    public var translate: @Sendable (_ message: String, _ domain: String) -> String
    /// Picks the plural form for `count` of `singular`/`plural` in `domain`, by the catalogue's
    /// plural rule (gettext's `ngettext`); without a catalogue, `singular` for 1, else `plural`.
    public var translatePlural: @Sendable (_ singular: String, _ plural: String, _ count: Int, _ domain: String) -> String

    /// A localization of these lookups.
    public init(translate: @escaping @Sendable (String, String) -> String,
                translatePlural: @escaping @Sendable (String, String, Int, String) -> String) {
        self.translate = translate
        self.translatePlural = translatePlural
    }

    /// No translations: English, with English's plural rule.
    public static let english = Localization(translate: { message, _ in message },
                                             translatePlural: { singular, plural, count, _ in count == 1 ? singular : plural })

    private static let installed = Mutex(Localization.english)

    /// The localization every lookup goes through (``english`` until the platform installs
    /// another). Install it before the first window is built: strings already looked up stay.
    public static var current: Localization {
        get { installed.withLock { $0 } }
        set { installed.withLock { $0 = newValue } }
    }

    /// `message` translated from `domain` (the toolkit's by default).
    public static func string(_ message: String, domain: String = toolkitDomain) -> String {
        current.translate(message, domain)
    }

    /// The plural form for `count`, translated from `domain`, with every `%d` replaced by
    /// `count` ("Picture %d of 9" style messages keep their other numbers in the text).
    public static func string(singular: String, plural: String, count: Int, domain: String = toolkitDomain) -> String {
        current.translatePlural(singular, plural, count, domain).replacing("%d", with: String(count))
    }

    /// The layout direction the toolkit's catalogue asks for, as GTK decides it: a language
    /// written right to left translates the message `default:LTR` as `default:RTL`.
    public static var catalogueLayoutDirection: UserInterfaceLayoutDirection {
        string("default:LTR") == "default:RTL" ? .rightToLeft : .leftToRight
    }
}
