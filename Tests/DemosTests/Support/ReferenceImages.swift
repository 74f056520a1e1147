import Canvas
import Foundation
import SegueTesting
import Testing

/// Compares `surface` with `References/<name>.png` of this test target, by
/// ``ReferenceImages`` (≥ 99.9 % of pixels within 2/255 per channel; a missing reference fails
/// unless `SEGUE_UPDATE_REFERENCES=1`).
func expectMatchesReference(_ surface: Surface, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("References").path
    if let failure = try ReferenceImages.mismatch(surface, named: name, in: directory) {
        Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation)
    }
}
