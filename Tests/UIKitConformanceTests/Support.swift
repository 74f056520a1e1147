import SegueKit
import SegueTesting

/// What every conformance test compares with: tolerant equality of numbers and rects, colours
/// within 3/255 per channel, and the completions the window recorded for one kind.
@MainActor
enum Check {
    static func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-3) -> Bool { abs(a - b) <= tolerance }

    static func close(_ a: Rect, _ b: Rect, _ tolerance: Double = 0.05) -> Bool {
        close(a.minX, b.minX, tolerance) && close(a.minY, b.minY, tolerance)
            && close(a.width, b.width, tolerance) && close(a.height, b.height, tolerance)
    }

    static func isColour(_ a: Color, _ b: Color) -> Bool {
        max(abs(a.red - b.red), abs(a.green - b.green), abs(a.blue - b.blue)) * 255 <= 3
    }

    /// Whether a measured transition took `duration`: it ends on the first frame at or after it.
    static func lasted(_ measured: Double, _ duration: Double) -> Bool {
        measured >= duration - 1e-9 && measured < duration + OffscreenWindow.frameInterval + 1e-9
    }

    static func completions(_ host: OffscreenWindow, _ kind: TransitionKind) -> [Bool] {
        host.completions.filter { $0.kind == kind }.compactMap(\.completed)
    }
}
