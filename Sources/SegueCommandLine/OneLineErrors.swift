import ArgumentParser
import Glibc
import SegueProcess

/// The version every Segue executable reports with `--version` (the AppStream release in
/// assets/org.segue.Demo.metainfo.xml).
public let segueVersion = "0.1.0"

extension ParsableArguments {
    /// Parses the command line as every Segue executable does: `--help` and `--version` print to
    /// standard output and exit 0; a bad command line is one line on standard error in
    /// swift-argument-parser's words, `NAME: MESSAGE (see 'NAME --help')`, and exit status 2
    /// (the status the project's tools have always used for usage errors; scripts rely on it).
    public static func parseOrExitWithOneLine(
        _ arguments: [String] = Array(CommandLine.arguments.dropFirst())
    ) -> Self {
        do {
            return try parse(arguments)
        } catch {
            if exitCode(for: error) == .success {
                print(fullMessage(for: error))
                Glibc.exit(0)
            }
            let message = self.message(for: error)
                .split(separator: "\n").map { $0.trimmingCharacters(in: " ") }.joined(separator: "; ")
            OneLine.exit("\(message) (see '\(OneLine.programName) --help')", status: 2)
        }
    }
}

private extension Substring {
    func trimmingCharacters(in set: Character) -> String {
        String(drop { $0 == set }.reversed().drop { $0 == set }.reversed())
    }
}
