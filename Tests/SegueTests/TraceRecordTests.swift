import Foundation
import Segue
import Testing

/// The trace is evidence: what it says must be what happened, number for number.
@Suite struct TraceRecordTests {
    private func record(progress: Double, velocity: Double? = nil, time: Double = 12.5) -> TraceRecord {
        TraceRecord(event: .finish, kind: .pop, progress: progress, interactive: true, time: time,
                    velocity: velocity, completed: nil)
    }

    /// Each number reads back as exactly the double that was written (no rounding to a stand-in).
    /// Read with the standard library's correctly rounded parser: Foundation's JSON reader on
    /// Linux is off in the last bit for some inputs.
    @Test(arguments: [0.4, 1e-5, 0.123456789012345, -0.0, 1e20, 2.5e-300, 4096.000244140625])
    func numbersReadBackExactly(value: Double) throws {
        let json = record(progress: value, velocity: -value, time: 9374.123456789).json
        #expect(try JSONSerialization.jsonObject(with: Data(json.utf8)) is [String: Any], "valid JSON: \(json)")
        #expect(field("progress", in: json).flatMap(Double.init)?.bitPattern == value.bitPattern, "\(json)")
        #expect(field("velocity", in: json).flatMap(Double.init)?.bitPattern == (-value).bitPattern, "\(json)")
        #expect(field("time", in: json).flatMap(Double.init) == 9374.123456789, "\(json)")
    }

    /// The text of a field's value in a flat JSON object.
    private func field(_ name: String, in json: String) -> String? {
        guard let start = json.range(of: "\"\(name)\":") else { return nil }
        return String(json[start.upperBound...].prefix { $0 != "," && $0 != "}" })
    }

    /// JSON has no NaN or infinity: they are written as strings, so the line stays valid JSON
    /// and a reader expecting a number cannot mistake them for one (they used to be written as 0).
    @Test(arguments: [(Double.nan, "NaN"), (.infinity, "Infinity"), (-.infinity, "-Infinity")])
    func nonFiniteNumbersAreNamedNotReplaced(value: Double, name: String) throws {
        let json = record(progress: value, velocity: value).json
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any], "\(json)")
        #expect(object["progress"] as? String == name, "\(json)")
        #expect(object["velocity"] as? String == name, "\(json)")
        #expect(object["progress"] as? Double == nil)
    }
}
