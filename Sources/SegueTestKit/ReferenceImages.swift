import Canvas
import Foundation

/// Compares renders with reference PNGs kept beside the tests.
///
/// Tolerance: a render matches when at least 99.9 % of its pixels are within 2/255 on every
/// channel of the reference. A missing reference is a failure; with
/// `SEGUE_UPDATE_REFERENCES=1` the render is written as the new reference instead.
public enum ReferenceImages {
    public static let channelTolerance = 2
    public static let requiredFraction = 0.999

    /// Returns nil when `surface` matches `directory/name.png`, or why not. A mismatching render
    /// is written to /tmp/segue-reference-failures/ for a look.
    public static func mismatch(_ surface: Surface, named name: String, in directory: String) throws -> String? {
        let path = "\(directory)/\(name).png"
        if ProcessInfo.processInfo.environment["SEGUE_UPDATE_REFERENCES"] == "1" {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try surface.writePNG(to: path)
            return nil
        }
        guard FileManager.default.fileExists(atPath: path) else {
            return "missing reference image \(path); run the tests with SEGUE_UPDATE_REFERENCES=1 to create it"
        }
        let reference = try Surface.loadPNG(from: path)
        guard reference.width == surface.width, reference.height == surface.height else {
            return "reference \(name) is \(reference.width)×\(reference.height), the render \(surface.width)×\(surface.height)"
        }
        let differing = surface.fractionDiffering(from: reference, tolerance: channelTolerance)
        guard 1 - differing < requiredFraction else { return nil }
        let failures = "/tmp/segue-reference-failures"
        try FileManager.default.createDirectory(atPath: failures, withIntermediateDirectories: true)
        try surface.writePNG(to: "\(failures)/\(name).png")
        return "\(name): \(differing * 100) % of pixels differ by more than \(channelTolerance)/255 "
            + "(allowed \((1 - requiredFraction) * 100) %); render written to \(failures)/\(name).png"
    }
}
