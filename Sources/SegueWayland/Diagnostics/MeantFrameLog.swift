import Canvas
import Geometry
import Glibc
import Segue

/// What the app meant to show at each commit, a few rows of it: the reference the frame-exact
/// e2e check compares the compositor's frames with. With layers promoted the compositor
/// composes the window's buffer and the layers' subsurfaces; this log composes the same
/// pixels itself, as the protocol says they must land (each layer's pixels at its place,
/// cropped to its visible part, over the window's buffer in paint order), so a frame the
/// compositor shows in a mixed state matches no logged frame.
///
/// On only when `SEGUE_MEANT_FRAMES` names a file and `SEGUE_MEANT_ROWS` lists rows
/// (`26,72,80`: logical pixels from the top of the window's content, below any header bar
/// the app draws). Each committed frame appends the content's width in device pixels (4 bytes,
/// little-endian: the window may be resized between frames), then those rows, that wide, as
/// R, G, B bytes: the layout of the test harness's frame recordings.
final class MeantFrameLog {
    private let file: Int32
    private let rows: [Double]
    private var line: [UInt8] = []
    private var failed = false

    /// nil unless both variables are set and the file can be created; a bad value says so once.
    init?() {
        guard let pathPointer = getenv("SEGUE_MEANT_FRAMES") else { return nil }
        let path = String(cString: pathPointer)
        guard !path.isEmpty else { return nil }
        let list = getenv("SEGUE_MEANT_ROWS").map { String(cString: $0) } ?? ""
        let rows = list.split(separator: ",").compactMap { Double($0) }
        let file = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard !rows.isEmpty, rows.allSatisfy({ $0 >= 0 }), file >= 0 else {
            if file >= 0 { close(file) }
            logError("SEGUE_MEANT_FRAMES=\(path): cannot log (SEGUE_MEANT_ROWS must list rows ≥ 0, the file must be writable)")
            return nil
        }
        self.file = file
        self.rows = rows
    }

    deinit { close(file) }

    /// Appends the frame just committed: `buffer` the window's whole frame, `content` where the
    /// window's content lies in it (device pixels), `layers` what the compositor puts over it.
    func log(buffer: Surface, content: Rect, scale: Double, layers: [PromotedLayer]) {
        guard !failed else { return }
        let x0 = Int(content.minX.rounded()), width = Int(content.width.rounded())
        let ordered = layers.sorted { $0.paintOrder < $1.paintOrder }
        line.removeAll(keepingCapacity: true)
        withUnsafeBytes(of: UInt32(width).littleEndian) { line.append(contentsOf: $0) }
        for row in rows {
            let y = Int((content.minY + row * scale).rounded())
            for x in x0..<(x0 + width) {
                var pixel: UInt32 = 0xFF00_00FF // a row outside the buffer reads blue: never a match
                if y >= 0 && y < buffer.height && x >= 0 && x < buffer.width { pixel = buffer.rawPixel(x: x, y: y) }
                for layer in ordered where Self.contains(layer.visibleRect, x, y) {
                    let lx = x - Int(layer.rect.minX), ly = y - Int(layer.rect.minY)
                    guard lx >= 0, ly >= 0, lx < layer.surface.width, ly < layer.surface.height else { continue }
                    pixel = Self.over(layer.surface.rawPixel(x: lx, y: ly), pixel)
                }
                line.append(UInt8((pixel >> 16) & 0xFF))
                line.append(UInt8((pixel >> 8) & 0xFF))
                line.append(UInt8(pixel & 0xFF))
            }
        }
        let written = line.withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
        if written != line.count {
            failed = true
            logError("SEGUE_MEANT_FRAMES: writing failed, the log stops here: \(String(cString: strerror(errno)))")
        }
    }

    private static func contains(_ rect: Rect, _ x: Int, _ y: Int) -> Bool {
        Double(x) >= rect.minX && Double(x) < rect.maxX && Double(y) >= rect.minY && Double(y) < rect.maxY
    }

    /// Premultiplied `source` over `destination`, per channel, rounded as 8-bit compositors do.
    private static func over(_ source: UInt32, _ destination: UInt32) -> UInt32 {
        let alpha = source >> 24
        if alpha == 255 { return source }
        if alpha == 0 { return destination }
        var out: UInt32 = 0
        for shift in stride(from: 0, through: 24, by: 8) {
            let s = (source >> UInt32(shift)) & 0xFF, d = (destination >> UInt32(shift)) & 0xFF
            out |= min(255, s + (d * (255 - alpha) + 127) / 255) << UInt32(shift)
        }
        return out
    }
}
