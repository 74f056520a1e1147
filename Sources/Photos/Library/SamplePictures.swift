import Foundation
import SegueKit

/// The pictures shown when the desktop's pictures folder is missing or empty: a dozen
/// landscapes and portraits drawn at run time (gradients, a sun, hills) and written as PNGs to
/// a folder of the user's runtime directory, so nothing has to be installed beside the app and
/// the files are real ones for the decoder. Written once; later runs find them there.
public enum SamplePictures {
    /// How many samples there are.
    public static let count = 12

    /// The folder holding the samples, written if needed; nil when it cannot be written.
    public static func folder(environment: [String: String] = ProcessInfo.processInfo.environment) -> PictureFolder? {
        let base = environment["XDG_RUNTIME_DIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSTemporaryDirectory()
        let directory = (base as NSString).appendingPathComponent("segue-photos-samples")
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            for number in 1...count {
                let path = (directory as NSString).appendingPathComponent("sample-\(number).png")
                if !FileManager.default.fileExists(atPath: path) {
                    try draw(number).writePNG(to: path + ".part")
                    try FileManager.default.moveItem(atPath: path + ".part", toPath: path)
                }
            }
            let paths = (1...count).map { (directory as NSString).appendingPathComponent("sample-\($0).png") }
            return PictureFolder(title: localized("Samples"), paths: paths)
        } catch {
            return nil
        }
    }

    /// Sample `number`: every third one a portrait, each with its own hues.
    public static func draw(_ number: Int) -> Surface {
        let portrait = number % 3 == 0
        let width = portrait ? 640 : 960, height = portrait ? 960 : 640
        let surface = Surface(width: width, height: height)
        let canvas = Canvas(surface: surface)
        let bounds = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        let hue = Double(number) / Double(count)
        canvas.fillLinearGradient(bounds, from: Point(x: 0, y: 0), to: Point(x: 0, y: bounds.height),
                                  stops: [(0, color(hue: hue, lightness: 0.75)), (1, color(hue: hue + 0.1, lightness: 0.45))])
        let sun = bounds.width * 0.12
        canvas.fillEllipse(in: Rect(x: bounds.width * (0.2 + 0.05 * Double(number % 5)), y: bounds.height * 0.18, width: sun, height: sun),
                           color: Color(red: 1, green: 0.93, blue: 0.7))
        for layer in 0..<3 {
            var hills = Path()
            let base = bounds.height * (0.6 + 0.12 * Double(layer))
            hills.move(to: Point(x: 0, y: bounds.height))
            hills.addLine(to: Point(x: 0, y: base))
            let bumps = 3 + (number + layer) % 3
            for bump in 0..<bumps {
                let x0 = bounds.width * Double(bump) / Double(bumps), x1 = bounds.width * Double(bump + 1) / Double(bumps)
                let peak = base - bounds.height * (0.08 + 0.04 * Double((number * 7 + bump * 3 + layer) % 4))
                hills.addCurve(to: Point(x: x1, y: base), control1: Point(x: x0 + (x1 - x0) * 0.3, y: peak),
                               control2: Point(x: x0 + (x1 - x0) * 0.7, y: peak))
            }
            hills.addLine(to: Point(x: bounds.width, y: bounds.height))
            hills.close()
            canvas.fill(hills, color: color(hue: hue + 0.35 + 0.05 * Double(layer), lightness: 0.35 - 0.08 * Double(layer)))
        }
        return surface
    }

    /// An sRGB colour from a hue (turns) at a lightness, fully saturated-ish: enough for samples.
    private static func color(hue: Double, lightness: Double) -> Color {
        let h = (hue - hue.rounded(.down)) * 6
        func channel(_ offset: Double) -> Double {
            let k = (offset + h).truncatingRemainder(dividingBy: 6)
            let value = max(0, min(1, min(k, 4 - k)))
            return lightness * (0.45 + 0.55 * value)
        }
        return Color(red: channel(5), green: channel(3), blue: channel(1))
    }
}
