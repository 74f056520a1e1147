import Foundation

/// Where the app looks without arguments: the desktop's pictures folder, as
/// xdg-user-dirs records it in `$XDG_CONFIG_HOME/user-dirs.dirs` (`~/.config` by default),
/// else `~/Pictures`.
public enum PicturesDirectory {
    /// The pictures folder for `environment` (the process's by default). The file's value is
    /// used as written, with a leading `$HOME` expanded; a file that is missing, unreadable or
    /// has no `XDG_PICTURES_DIR` line gives `$HOME/Pictures`.
    public static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let home = environment["HOME"] ?? NSHomeDirectory()
        let configHome = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.config"
        if let text = try? String(contentsOfFile: configHome + "/user-dirs.dirs", encoding: .utf8),
           let directory = parse(userDirs: text, home: home) {
            return directory
        }
        return home + "/Pictures"
    }

    /// `XDG_PICTURES_DIR` from the text of a `user-dirs.dirs` file: the last such line wins (as
    /// the shell that sources it would), comments and other keys are skipped. Values are
    /// `"$HOME/…"` or absolute, in double quotes, with `\"`, `\\`, `\$` and `` \` `` escaped;
    /// anything else is not a folder xdg-user-dirs would have written, so it is ignored.
    /// `"$HOME/"` alone means the home folder, which xdg-user-dirs writes for a disabled one.
    public static func parse(userDirs text: String, home: String) -> String? {
        var found: String?
        for rawLine in text.split(whereSeparator: \.isNewline) {
            let line = rawLine.drop { $0 == " " || $0 == "\t" }
            guard line.hasPrefix("XDG_PICTURES_DIR=") else { continue }
            var value = line.dropFirst("XDG_PICTURES_DIR=".count)
            guard value.first == "\"", let closing = value.dropFirst().firstIndexOfUnescapedQuote() else { continue }
            value = value[value.index(after: value.startIndex)..<closing]
            var path = ""
            var escaped = false
            for character in value {
                if escaped {
                    path.append(character)
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else {
                    path.append(character)
                }
            }
            if path.hasPrefix("$HOME") {
                let rest = path.dropFirst("$HOME".count)
                guard rest.isEmpty || rest.hasPrefix("/") else { continue }
                path = home + rest
            } else if !path.hasPrefix("/") {
                continue
            }
            while path.count > 1, path.hasSuffix("/") { path.removeLast() }
            found = path
        }
        return found
    }
}

private extension Substring {
    /// The index of the first `"` not preceded by a backslash escape.
    func firstIndexOfUnescapedQuote() -> Index? {
        var escaped = false
        for index in indices {
            if escaped { escaped = false; continue }
            if self[index] == "\\" { escaped = true } else if self[index] == "\"" { return index }
        }
        return nil
    }
}
