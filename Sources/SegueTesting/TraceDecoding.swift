import Foundation
import Segue

// The app's `--trace` file read back into the records Segue wrote it from (``TraceRecord/json``),
// decoded here once so that the e2e tests compare typed fields, not dictionary lookups.
extension TraceRecord: Decodable {
    private enum CodingKeys: String, CodingKey {
        case event, kind, progress, interactive, time, velocity, completed
    }

    /// One record from its JSON object; an unknown event or kind is a decoding error.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let eventName = try container.decode(String.self, forKey: .event)
        guard let event = Event(rawValue: eventName) else {
            throw DecodingError.dataCorruptedError(forKey: .event, in: container, debugDescription: "unknown event \(eventName)")
        }
        let kindName = try container.decode(String.self, forKey: .kind)
        guard let kind = TransitionKind(rawValue: kindName) else {
            throw DecodingError.dataCorruptedError(forKey: .kind, in: container, debugDescription: "unknown kind \(kindName)")
        }
        self.init(event: event, kind: kind,
                  progress: try container.decode(Double.self, forKey: .progress),
                  interactive: try container.decode(Bool.self, forKey: .interactive),
                  time: try container.decode(Double.self, forKey: .time),
                  velocity: try container.decodeIfPresent(Double.self, forKey: .velocity),
                  completed: try container.decodeIfPresent(Bool.self, forKey: .completed))
    }

    /// The records of a trace file's text, one JSON object a line. A line that is not a record
    /// (the last one cut short by a crash, say) is left out: `TraceInvariants` (SegueTestKit) is what checks
    /// every line's form.
    public static func decodeLines(_ text: String) -> [TraceRecord] {
        let decoder = JSONDecoder()
        // The writer spells non-finite numbers as these strings (JSON has none).
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        return text.split(separator: "\n").compactMap { try? decoder.decode(TraceRecord.self, from: Data($0.utf8)) }
    }
}
