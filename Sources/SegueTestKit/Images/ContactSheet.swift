import Geometry
import Canvas
import Motion

/// Lays out captured frames as labelled thumbnails on one PNG.
public struct ContactSheet {
    public var columns = 3
    public var thumbnailWidth = 400.0
    public var spacing = 16.0
    private var frames: [(title: String, image: Surface)] = []

    public init() {}

    public mutating func add(_ image: Surface, title: String) {
        frames.append((title, image))
    }

    public var count: Int { frames.count }

    /// Renders the sheet; every thumbnail keeps its frame's aspect ratio.
    public func render() -> Surface {
        let aspect = frames.first.map { Double($0.image.height) / Double($0.image.width) } ?? 0.75
        let thumbHeight = (thumbnailWidth * aspect).rounded()
        let caption = 28.0
        let rows = (frames.count + columns - 1) / columns
        let width = Int(spacing + Double(columns) * (thumbnailWidth + spacing))
        let height = Int(spacing + Double(rows) * (thumbHeight + caption + spacing))
        let sheet = Surface(width: width, height: height)
        let canvas = Canvas(surface: sheet)
        canvas.fill(Rect(x: 0, y: 0, width: Double(width), height: Double(height)), color: Color(hex: 0x1C1C1E))
        for (index, frame) in frames.enumerated() {
            let x = spacing + Double(index % columns) * (thumbnailWidth + spacing)
            let y = spacing + Double(index / columns) * (thumbHeight + caption + spacing)
            canvas.draw(frame.image, in: Rect(x: x, y: y, width: thumbnailWidth, height: thumbHeight), filter: .good)
            let label = TextLayout(text: frame.title, font: Font(size: 14, weight: .medium), maxWidth: thumbnailWidth)
            canvas.drawText(label, at: Point(x: x, y: y + thumbHeight + 6), color: Color(hex: 0xE5E5EA))
        }
        return sheet
    }
}
