import CWayland
import Glibc

/// What libwayland-client has to say, kept so the app can say it in its own words.
///
/// libwayland prints its errors to standard error itself ("error: XDG_RUNTIME_DIR not set in
/// the environment.", "xdg_wm_base@12: error 4: …"), and the app then printed its own line after
/// it: two lines, the second hiding the cause. With this handler installed, libwayland's words are
/// held back; a fatal error folds the last of them into its one line, and anything said without
/// a failure following it is passed on at the next turn of the loop, prefixed, so nothing is lost.
enum WaylandLog {
    /// Routes libwayland-client's log through ``held``. Idempotent.
    static func install() {
        guard !isInstalled else { return }
        isInstalled = true
        wl_log_set_handler_client { format, arguments in
            guard let format, let arguments else { return }
            var buffer = [CChar](repeating: 0, count: 1024)
            _ = vsnprintf(&buffer, buffer.count, format, arguments)
            let length = buffer.firstIndex(of: 0) ?? buffer.count
            let line = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let trimmed = line.hasPrefix("error: ") ? line.dropFirst("error: ".count) : Substring(line)
            heldMessages.append(String(trimmed.reversed().drop { $0 == "\n" || $0 == " " }.reversed()))
        }
    }

    /// Takes the messages logged since the last call, oldest first.
    static func takeHeld() -> [String] {
        defer { heldMessages.removeAll() }
        return heldMessages
    }

    /// Writes what libwayland said that no error took up, one line each.
    static func flushHeld() {
        for message in takeHeld() { logError("wayland: \(message)") }
    }
}

// libwayland calls the handler on the thread that hit the error; Segue's connection is used from
// the main thread only, so these are only touched there.
nonisolated(unsafe) private var isInstalled = false
nonisolated(unsafe) private var heldMessages: [String] = []
