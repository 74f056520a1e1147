import Canvas
import Foundation

/// Compares renders with reference PNGs kept beside the tests.
///
/// Tolerance: a render matches when at least 99.9 % of its pixels are within 2/255 on every
/// channel (alpha and premultiplied colour) of the reference. A missing reference is a failure; with
/// `SEGUE_UPDATE_REFERENCES=1` the render is written as the new reference instead.
public enum ReferenceImages {
    /// How far a channel may differ, in 1/255ths.
    public static let channelTolerance = 2
    /// The fraction of pixels that must be within ``channelTolerance``.
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
        let differing = fractionDiffering(surface, reference)
        guard 1 - differing < requiredFraction else { return nil }
        let failures = "/tmp/segue-reference-failures"
        try FileManager.default.createDirectory(atPath: failures, withIntermediateDirectories: true)
        try surface.writePNG(to: "\(failures)/\(name).png")
        return "\(name): \(differing * 100) % of pixels differ by more than \(channelTolerance)/255 "
            + "(allowed \((1 - requiredFraction) * 100) %); render written to \(failures)/\(name).png"
    }

    /// The fraction of pixels whose premultiplied channels differ by more than the tolerance.
    static func fractionDiffering(_ a: Surface, _ b: Surface) -> Double {
        var differing = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a.pixel(x: x, y: y), q = b.pixel(x: x, y: y)
                let channels = [(p.alpha, q.alpha), (p.red * p.alpha, q.red * q.alpha),
                                (p.green * p.alpha, q.green * q.alpha), (p.blue * p.alpha, q.blue * q.alpha)]
                if channels.contains(where: { Int((abs($0.0 - $0.1) * 255).rounded()) > channelTolerance }) { differing += 1 }
            }
        }
        return Double(differing) / Double(max(a.width * a.height, 1))
    }
}
