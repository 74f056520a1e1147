import Foundation
import SegueTestKit
import Testing

/// The fuzz tools themselves, without a compositor: the stream is deterministic and has the
/// mix the issue asks for, and the trace checker rejects each broken rule.
struct FuzzToolTests {
    static let stream = InputFuzzer.script(.init(seed: 42, events: 5000))

    /// Each line's command and its timestamp (the last token), for input commands.
    static let stamped: [(command: String, words: [Substring], time: UInt32)] = stream.lines.compactMap { line in
        let words = line.split(separator: " ")
        guard let first = words.first, !["batch", "sleep"].contains(first), let time = UInt32(words.last!) else { return nil }
        return (String(first), words, time)
    }

    @Test func theSameSeedGivesTheSameStreamAndAnotherSeedAnother() {
        #expect(InputFuzzer.script(.init(seed: 42, events: 5000)) == Self.stream)
        #expect(InputFuzzer.script(.init(seed: 43, events: 5000)).lines != Self.stream.lines)
    }

    @Test func theStreamHasEveryKindOfInput() {
        let commands = Set(Self.stamped.map(\.command))
        #expect(commands.isSuperset(of: ["motion", "button", "touch", "axis-source", "finger-stop", "key"]))
        #expect(Self.stream.events >= 5000 && Self.stamped.count == Self.stream.events)
        // Buttons 1–3, touch ids beyond 0, every axis source.
        let buttons = Set(Self.stamped.filter { $0.command == "button" }.map { $0.words[1] })
        #expect(buttons.isSuperset(of: ["272", "273", "274"]))
        let touchIDs = Set(Self.stamped.filter { $0.command == "touch" }.map { $0.words[2] })
        #expect(touchIDs.count >= 3)
        let sources = Set(Self.stamped.filter { $0.command == "axis-source" }.map { $0.words[1] })
        #expect(sources == ["wheel", "finger", "continuous", "wheel-tilt"])
        // Moves outside the output.
        #expect(Self.stamped.contains { $0.command == "motion" && (Double($0.words[1])! < 0 || Double($0.words[2])! > 600) })
        // Ctrl+Tab, Alt+Left and F11 (evdev 29+15, 56+105, 87) as key downs.
        let downs = Self.stamped.filter { $0.command == "key" && $0.words[2] == "down" }.map { Int($0.words[1])! }
        #expect(Set(downs).isSuperset(of: ([.escape, .tab, .enter, .leftControl, .leftAlt, .f11, .left] as [EvdevKey]).map(\.rawValue)))
        // Never Ctrl+Q (quits), Super or Backspace (weston's bindings).
        #expect(Set(downs).isDisjoint(with: ([.q, .leftMeta, .backspace] as [EvdevKey]).map(\.rawValue)))
        // Stray button ups: an up when nothing of that button is down.
        var held: [Substring: Int] = [:]
        var strayUps = 0, doubleDowns = 0
        for event in Self.stamped where event.command == "button" {
            let button = event.words[1]
            if event.words[2] == "down" {
                if held[button, default: 0] > 0 { doubleDowns += 1 }
                held[button, default: 0] += 1
            } else if held[button, default: 0] == 0 {
                strayUps += 1
            } else {
                held[button]! -= 1
            }
        }
        #expect(strayUps > 0 && doubleDowns > 0)
        #expect(held.values.allSatisfy { $0 == 0 }, "the stream ends with buttons still down: \(held)")
    }

    @Test func timestampsStallJumpGoBackAndWrap() {
        let steps = zip(Self.stamped, Self.stamped.dropFirst()).map { Int64($1.time) - Int64($0.time) }
        #expect(steps.contains(0), "no stall")
        #expect(steps.contains { $0 > 1000 && $0 < 100_000 }, "no jump")
        #expect(steps.contains { $0 < 0 && $0 > -5000 }, "no step back")
        #expect(steps.contains { $0 < -Int64(UInt32.max) / 2 }, "no wrap around 2³²")
    }

    @Test func burstsOfTensToHundredsBetweenPauses() {
        let batches = Self.stream.lines.filter { $0 == "batch on" }.count
        let pauses = Self.stream.lines.filter { $0.hasPrefix("sleep ") }.count
        #expect(batches >= 60 && pauses == batches - 1)
    }

    @Test func aSavedStreamLoadsBackTheSame() throws {
        let path = NSTemporaryDirectory() + "segue-fuzz-\(UInt32.random(in: 0...UInt32.max)).events"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Self.stream.save(to: path)
        #expect(try FuzzScript.load(from: path) == Self.stream)
        try Data("motion 1 2 3\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: HarnessError.self) { try FuzzScript.load(from: path) }
    }

    // MARK: trace invariants

    static let begin = #"{"event":"begin","kind":"push","progress":0.0,"interactive":false,"time":1.0}"#
    static let complete = #"{"event":"complete","kind":"push","progress":1.0,"interactive":false,"time":1.5,"completed":true}"#

    static func record(_ event: String, kind: String = "pop", progress: String = "0.5", extra: String = "") -> String {
        #"{"event":"\#(event)","kind":"\#(kind)","progress":\#(progress),"interactive":true,"time":2.0\#(extra)}"#
    }

    @Test func aWellFormedTracePasses() {
        let trace = [Self.begin, Self.complete, Self.record("begin"), Self.record("update", progress: "0.25"),
                     Self.record("update", progress: "1"), Self.record("cancel", extra: #","velocity":-3.5"#),
                     Self.record("complete", progress: "0")].joined(separator: "\n")
        #expect(TraceInvariants.check(trace, settled: true).isEmpty)
    }

    @Test(arguments: ["NaN", "nan", "Infinity", "-Infinity", "inf", "-inf", "\"nan\"", "true", "1e999"])
    func aNonFiniteNumberIsAViolationHoweverSpelled(spelling: String) {
        let trace = [Self.record("begin"), Self.record("update", progress: spelling), Self.record("complete")]
        let violations = TraceInvariants.check(trace.joined(separator: "\n"), settled: true)
        #expect(violations.map(\.line) == [2], "\(violations)")
    }

    @Test func aFlaggedNonFiniteValueIsAViolation() {
        let trace = Self.record("update", extra: #","nonFinite":true"#)
        #expect(!TraceInvariants.check(Self.record("begin") + "\n" + trace, settled: false).isEmpty)
    }

    @Test(arguments: ["-0.01", "1.0001", "2"])
    func progressOutsideZeroToOneIsAViolation(progress: String) {
        let trace = [Self.record("begin"), Self.record("update", progress: progress), Self.record("complete")]
        #expect(TraceInvariants.check(trace.joined(separator: "\n"), settled: true).map(\.line) == [2])
    }

    @Test func beginsAndCompletesPairPerKind() {
        // An update with no pop begun (a push is running), a complete without a begin.
        let stray = [Self.begin, Self.record("update"), Self.complete, Self.complete].joined(separator: "\n")
        #expect(TraceInvariants.check(stray, settled: true).map(\.line) == [2, 4])
        // A begin never completed: only a violation once settled.
        let open = [Self.begin, Self.begin, Self.complete].joined(separator: "\n")
        #expect(TraceInvariants.check(open, settled: false).isEmpty)
        #expect(TraceInvariants.check(open, settled: true).count == 1)
    }
}
