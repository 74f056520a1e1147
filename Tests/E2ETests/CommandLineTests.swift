import Foundation
import SegueTestKit
import Testing

/// Every executable speaks swift-argument-parser's command line the same way: `--help` documents
/// each option, `--version` gives the release, and a bad command line is one line and exit 2.
@Suite struct CommandLineTests {
    static let executables = ["segue-demo", "segue-bench", "segue-perf", "segue-fuzz", "segue-tour"]

    @Test(arguments: executables)
    func helpVersionAndOneLineErrors(executable: String) throws {
        let help = try Self.run(executable, ["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("USAGE: \(executable)"), "\(help.stdout)")
        #expect(help.stdout.contains("--version") && help.stdout.contains("-h, --help"))

        let version = try Self.run(executable, ["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "0.1.0")

        let bad = try Self.run(executable, ["--no-such-option"])
        #expect(bad.status == 2)
        #expect(bad.stderrLines.count == 1, "\(bad.stderrLines)")
        #expect(bad.stderrLines.first?.hasPrefix("\(executable): ") == true, "\(bad.stderrLines)")
        #expect(bad.stdout.isEmpty, "nothing on standard output for an error")
    }

    @Test(arguments: [
        ("segue-bench", ["--repeat", "0"], "segue-bench: --repeat needs a positive number, not 0"),
        ("segue-perf", ["--peer", "gtk"], "segue-perf: The value 'gtk' is invalid for '--peer <PEER>'"),
        ("segue-fuzz", ["--seed", "1", "--replay", "x"], "segue-fuzz: --replay plays a saved stream; it takes no --seed"),
        ("segue-fuzz", ["--seed", "1", "--size", "50x50"], "segue-fuzz: --size needs WxH, each at least 100"),
    ])
    func optionValuesAreChecked(executable: String, arguments: [String], says: String) throws {
        let run = try Self.run(executable, arguments)
        #expect(run.status == 2)
        #expect(run.stderrLines.count == 1 && run.stderrLines.first?.hasPrefix(says) == true, "\(run.stderrLines)")
    }

    struct Run {
        var status: Int32
        var stdout: String
        var stderrLines: [String]
    }

    static func run(_ executable: String, _ arguments: [String]) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Paths.binDir + "/" + executable)
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: stdout,
                   stderrLines: stderr.split(separator: "\n").map(String.init))
    }
}
