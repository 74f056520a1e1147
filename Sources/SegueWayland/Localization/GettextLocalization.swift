import CIntl
import Glibc
import Segue

/// Translations by GNU gettext, as GTK apps have them: one catalogue per text domain and
/// language, `LOCALEDIR/LANG/LC_MESSAGES/DOMAIN.mo`, compiled by `msgfmt` from `po/`; the
/// language from `LANGUAGE`, `LC_ALL`, `LC_MESSAGES` and `LANG`, in gettext's order; plural
/// forms by each catalogue's own rule (`dngettext`).
///
/// Only the messages category is set from the environment (numbers, dates and the C library's
/// character handling stay in the C locale: text is Pango's business). Where the user's locale
/// was never generated on the system (`setlocale` fails), the language is still the one named:
/// messages are read in C.UTF-8 with `LANGUAGE` set from the locale's name, so a Hebrew user
/// without `he_IL.UTF-8` in `/etc/locale.gen` still reads Hebrew (GTK would show English). A
/// language without a catalogue, or no catalogue at all, gives English, silently.
public enum GettextLocalization {
    /// Sets the messages locale from the environment, binds each of `domains` to the first
    /// catalogue directory found (see `localeDirectory(environment:)`), and installs the lookup as
    /// `Localization.current`; `environment` is the process's unless given. Call it once, before
    /// any window is built.
    public static func install(domains: [String], environment: [String: String]? = nil) {
        let environment = environment ?? DesktopSettingsSource.processEnvironment()
        selectMessagesLocale(environment: environment)
        let directory = localeDirectory(environment: environment)
        for domain in domains {
            if let directory { _ = bindtextdomain(domain, directory) }
            _ = bind_textdomain_codeset(domain, "UTF-8")
        }
        // gettext hands back its argument when it has no translation: the C string must live
        // until it is copied.
        Localization.current = Localization(
            translate: { message, domain in
                message.withCString { id in dgettext(domain, id).map { String(cString: $0) } ?? message }
            },
            translatePlural: { singular, plural, count, domain in
                singular.withCString { id in
                    plural.withCString { idPlural in
                        dngettext(domain, id, idPlural, UInt(max(0, count))).map { String(cString: $0) }
                            ?? (count == 1 ? singular : plural)
                    }
                }
            })
    }

    /// The messages locale from the environment; C.UTF-8 and `LANGUAGE` from the locale's name
    /// when that locale is not installed.
    private static func selectMessagesLocale(environment: [String: String]) {
        if setlocale(LC_MESSAGES, "") != nil { return }
        _ = setlocale(LC_MESSAGES, "C.UTF-8")
        guard environment["LANGUAGE"].map({ $0.isEmpty }) ?? true,
              let language = language(environment: environment) else { return }
        setenv("LANGUAGE", language, 1)
    }

    /// The language a locale name names, as gettext reads it ("he_IL.UTF-8@x" → "he_IL"): from
    /// the first of `LC_ALL`, `LC_MESSAGES` and `LANG` that is set; nil for C and POSIX.
    static func language(environment: [String: String]) -> String? {
        let name = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        guard let name else { return nil }
        let language = String(name.prefix { $0 != "." && $0 != "@" })
        return ["C", "POSIX", ""].contains(language) ? nil : language
    }

    /// Where the catalogues are: `SEGUE_LOCALEDIR` when set; installed, `PREFIX/share/locale`
    /// beside `PREFIX/bin`; uninstalled, the build tree's `locale` directory (`make
    /// translations` compiles `po/` into `.build/locale`), found up to three directories above
    /// the executable. Nil: gettext's default directory.
    static func localeDirectory(environment: [String: String]) -> String? {
        if let directory = environment["SEGUE_LOCALEDIR"], !directory.isEmpty { return directory }
        guard var directory = executableDirectory() else { return nil }
        let installed = directory + "/../share/locale"
        if isDirectory(installed) { return installed }
        for _ in 0..<3 {
            if isDirectory(directory + "/locale") { return directory + "/locale" }
            directory += "/.."
        }
        return nil
    }

    private static func executableDirectory() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, Int(PATH_MAX))
        guard count > 0 else { return nil }
        let path = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = path.lastIndex(of: "/") else { return nil }
        return String(path[..<slash])
    }

    private static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }
}
