import Segue
import SegueTesting
import Testing

/// The e2e harness reads `--trace` back into the records it was written from
/// (SegueTesting's `TraceRecord.decodeLines`): what the tests compare must be what Segue wrote.
@Suite struct TraceDecodingTests {
    @Test func recordsWrittenAsJSONLinesDecodeToThemselves() {
        let records = [
            TraceRecord(event: .begin, kind: .push, progress: 0, interactive: false, time: 8123.5),
            TraceRecord(event: .update, kind: .pop, progress: 0.25, interactive: true, time: 8124),
            TraceRecord(event: .finish, kind: .pop, progress: 0.75, interactive: true, time: 8124.25, velocity: -1.5),
            TraceRecord(event: .complete, kind: .container, progress: 1, interactive: false, time: 8125, completed: false),
        ]
        let text = records.map(\.json).joined(separator: "\n") + "\n"
        #expect(TraceRecord.decodeLines(text) == records)
    }

    @Test func nonFiniteNumbersReadBackAsWrittenAndBrokenLinesAreLeftOut() throws {
        let nan = TraceRecord(event: .cancel, kind: .tab, progress: .nan, interactive: true, time: 3, velocity: -.infinity)
        let unknown = #"{"event":"explode","kind":"push","progress":0,"interactive":false,"time":1}"#
        let cut = #"{"event":"begin","kind":"pu"#
        let decoded = TraceRecord.decodeLines([nan.json, unknown, cut].joined(separator: "\n"))
        try #require(decoded.count == 1)
        #expect(decoded[0].progress.isNaN && decoded[0].velocity == -.infinity && decoded[0].kind == .tab)
    }
}
