import Foundation

/// A fuzz event stream in `segue-inject`'s command language, one command a line, with a
/// header comment naming what made it. Saved, it replays exactly: `segue-fuzz --replay FILE`,
/// or by hand, `segue-inject < FILE` in a weston of the header's size.
public struct FuzzScript: Sendable, Equatable {
    /// The seed that made it (0 when a file without a header was loaded).
    public var seed: UInt64
    /// The output size it was made for.
    public var width: Int
    public var height: Int
    /// Input events in it (pauses and batch markers are not events).
    public var events: Int
    /// The commands, header excluded.
    public var lines: [String]

    public init(seed: UInt64, width: Int, height: Int, events: Int, lines: [String]) {
        self.seed = seed
        self.width = width
        self.height = height
        self.events = events
        self.lines = lines
    }

    /// The first line of a saved stream.
    /// The commands that are input events (the rest are pauses, batch markers and syncs).
    public static let inputCommands: Set<Substring> = ["motion", "button", "touch", "axis", "axis-source", "finger", "finger-stop", "key"]

    public var header: String { "# segue-fuzz seed=\(seed) events=\(events) width=\(width) height=\(height)" }

    /// The whole file.
    public var text: String { ([header] + lines).joined(separator: "\n") + "\n" }

    /// Writes the stream to `path`, creating its directory.
    public func save(to path: String) throws {
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    /// Reads a saved stream; the header's size is required (a replay needs the same output).
    public static func load(from path: String) throws -> FuzzScript {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw HarnessError("cannot read the fuzz stream '\(path)'")
        }
        var all = text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        guard let first = all.first, first.hasPrefix("# segue-fuzz ") else {
            throw HarnessError("'\(path)' is not a segue-fuzz stream (its first line is not '# segue-fuzz seed=… width=… height=…')")
        }
        all.removeFirst()
        var fields: [String: String] = [:]
        for pair in first.dropFirst("# segue-fuzz ".count).split(separator: " ") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
        }
        guard let width = fields["width"].flatMap(Int.init), let height = fields["height"].flatMap(Int.init),
              width > 0, height > 0 else {
            throw HarnessError("'\(path)': the header has no positive width= and height=")
        }
        let events = all.filter { inputCommands.contains($0.split(separator: " ").first ?? "") }.count
        return FuzzScript(seed: fields["seed"].flatMap(UInt64.init) ?? 0, width: width, height: height,
                          events: events, lines: all)
    }
}
