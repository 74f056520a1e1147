import Foundation

/// What must hold of any trace `segue-demo --trace` writes, whatever input it got:
/// - every line is a JSON object with a known `event` and `kind`;
/// - every number (progress, time, velocity) is finite, however a non-finite value is spelled
///   (`NaN`, `Infinity`, `inf`, a string, or a `nonFinite`-style flag);
/// - progress lies within its clamp, 0…1 (``InteractiveSwipe`` clamps updates there, and a
///   timeline's fraction complete cannot leave it);
/// - every `begin` is followed by exactly one `complete` of its kind, and `update`, `finish`,
///   `cancel` and `interrupt` happen only between them (``check(_:settled:)`` with `settled`
///   also requires nothing left open).
public enum TraceInvariants {
    /// One broken rule: the line (1-based) and why.
    public struct Violation: Sendable, CustomStringConvertible, Equatable {
        public var line: Int
        public var reason: String
        public var description: String { "trace line \(line): \(reason)" }
    }

    static let events: Set<String> = ["begin", "update", "finish", "cancel", "interrupt", "complete"]
    static let kinds: Set<String> = ["push", "pop", "tab", "container", "present", "dismiss"]
    static let numberFields = ["progress", "time", "velocity"]

    /// Checks a whole trace (the file's text). With `settled`, a transition still open at the
    /// end is a violation too (call it once every transition has had time to complete).
    public static func check(_ text: String, settled: Bool) -> [Violation] {
        var violations: [Violation] = []
        var open: [String: Int] = [:]
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let lineNumber = index + 1
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty { continue }
            switch parse(line) {
            case .failure(let broken):
                violations.append(Violation(line: lineNumber, reason: broken.reason))
            case .success(let record):
                violations += sequenceViolations(record, open: &open).map { Violation(line: lineNumber, reason: $0) }
            }
        }
        if settled {
            let lines = text.split(separator: "\n").count
            for (kind, count) in open.sorted(by: { $0.key < $1.key }) where count > 0 {
                violations.append(Violation(line: lines, reason: "\(count) \(kind) transition(s) began and never completed"))
            }
        }
        return violations
    }

    /// Why a line is not a valid record.
    struct Broken: Error {
        var reason: String
    }

    /// The fields the sequence rules need.
    struct Record {
        var event: String
        var kind: String
        var progress: Double
    }

    /// One line, or why it is not a valid record.
    static func parse(_ line: String) -> Result<Record, Broken> {
        // JSON has no spelling for non-finite numbers: a writer that emits one makes the line
        // unparseable, so look for the usual spellings first and say so plainly.
        let unquoted = line.replacingOccurrences(of: "\"[^\"]*\"", with: "\"\"", options: .regularExpression)
        if unquoted.range(of: "(?i)\\b(nan|-?inf(inity)?)\\b", options: .regularExpression) != nil {
            return .failure(Broken(reason: "a non-finite number: \(line)"))
        }
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
            return .failure(Broken(reason: "not a JSON object: \(line)"))
        }
        for (key, value) in object where key.lowercased().contains("finite") || key.lowercased().contains("nan") {
            if value as? Bool != false { return .failure(Broken(reason: "flagged non-finite (\(key)): \(line)")) }
        }
        guard let event = object["event"] as? String, events.contains(event) else {
            return .failure(Broken(reason: "unknown event: \(line)"))
        }
        guard let kind = object["kind"] as? String, kinds.contains(kind) else {
            return .failure(Broken(reason: "unknown kind: \(line)"))
        }
        for field in numberFields {
            guard let value = object[field] else {
                if field == "velocity" { continue }
                return .failure(Broken(reason: "no \(field): \(line)"))
            }
            // Foundation reads true and false as NSNumbers too: a number field must be written as one.
            let isBool = line.range(of: "\"\(field)\":\\s*(true|false)", options: .regularExpression) != nil
            guard let number = value as? NSNumber, !isBool, number.doubleValue.isFinite else {
                return .failure(Broken(reason: "\(field) is not a finite number: \(line)"))
            }
        }
        let progress = (object["progress"] as! NSNumber).doubleValue
        guard (0...1).contains(progress) else {
            return .failure(Broken(reason: "progress \(progress) outside its clamp 0…1: \(line)"))
        }
        return .success(Record(event: event, kind: kind, progress: progress))
    }

    /// Begin/complete pairing per kind; what happens between them.
    static func sequenceViolations(_ record: Record, open: inout [String: Int]) -> [String] {
        let running = open[record.kind, default: 0]
        switch record.event {
        case "begin":
            open[record.kind] = running + 1
        case "complete":
            if running == 0 { return ["a \(record.kind) complete without a begin"] }
            open[record.kind] = running - 1
        default:
            if running == 0 { return ["a \(record.kind) \(record.event) outside any \(record.kind) transition"] }
        }
        return []
    }
}
