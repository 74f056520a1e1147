import Canvas
import Foundation
import Motion
import Testing

/// Compares `surface` with the PNG `References/<name>.png` of this test target.
///
/// Tolerance: a pixel matches when every channel (premultiplied, 0…255) differs by at most 2;
/// at least 99.9 % of pixels must match. A missing reference is a failure; run with
/// `SEGUE_UPDATE_REFERENCES=1` to (re)write it. On a mismatch the render is written to
/// `/tmp/segue-render-failures/<name>.png` for inspection. (As CanvasTests' helper.)
func expectMatchesReferenceImage(_ surface: Surface, named name: String,
                                 sourceLocation: SourceLocation = #_sourceLocation) throws {
    let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("References")
    let path = directory.appendingPathComponent("\(name).png").path
    if ProcessInfo.processInfo.environment["SEGUE_UPDATE_REFERENCES"] == "1" {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try surface.writePNG(to: path)
        return
    }
    guard FileManager.default.fileExists(atPath: path) else {
        Issue.record("missing reference image \(path); run the tests with SEGUE_UPDATE_REFERENCES=1 to create it",
                     sourceLocation: sourceLocation)
        return
    }
    let reference = try Surface.loadPNG(from: path)
    guard reference.width == surface.width, reference.height == surface.height else {
        Issue.record("reference \(name) is \(reference.width)×\(reference.height), render is \(surface.width)×\(surface.height)",
                     sourceLocation: sourceLocation)
        return
    }
    var matching = 0, largest = 0
    for y in 0..<surface.height {
        for x in 0..<surface.width {
            let a = surface.pixel(x: x, y: y), b = reference.pixel(x: x, y: y)
            let d = [a.alpha - b.alpha, a.red * a.alpha - b.red * b.alpha, a.green * a.alpha - b.green * b.alpha,
                     a.blue * a.alpha - b.blue * b.alpha].map { Int((abs($0) * 255).rounded()) }.max()!
            largest = max(largest, d)
            if d <= 2 { matching += 1 }
        }
    }
    let fraction = Double(matching) / Double(surface.width * surface.height)
    if fraction < 0.999 {
        let failures = "/tmp/segue-render-failures"
        try FileManager.default.createDirectory(atPath: failures, withIntermediateDirectories: true)
        try surface.writePNG(to: "\(failures)/\(name).png")
        Issue.record("""
            \(name): only \(matching) of \(surface.width * surface.height) pixels (\(fraction * 100) %) within 2/255 of \
            the reference (need 99.9 %); largest difference \(largest); render written to \(failures)/\(name).png
            """, sourceLocation: sourceLocation)
    }
}
