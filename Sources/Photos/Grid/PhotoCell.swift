import PhotoDecoding
import SegueKit

/// One square of the grid: a placeholder colour until its thumbnail arrives, the thumbnail
/// cropped to fill the square, or a broken-picture glyph when the file could not be decoded.
/// Cells are pooled: the grid hands one a new picture as it scrolls into the margin.
@MainActor
public final class PhotoCell: View {
    /// What a cell shows.
    public enum Content: Equatable {
        /// No pixels yet: neutral grey, or the picture's average colour once a decode told it.
        case placeholder(Color)
        /// The decoded thumbnail.
        case thumbnail(Surface)
        /// The file could not be decoded.
        case broken

        public static func == (a: Content, b: Content) -> Bool {
            switch (a, b) {
            case (.placeholder(let x), .placeholder(let y)): x == y
            case (.thumbnail(let x), .thumbnail(let y)): x === y
            case (.broken, .broken): true
            default: false
            }
        }
    }

    /// The colour of a cell whose picture's colour is not known yet.
    public static let neutralGrey = Color(red: 0.5, green: 0.5, blue: 0.5)

    /// The picture's index in the folder.
    public internal(set) var index = 0
    /// The picture's path.
    public internal(set) var path = ""
    /// What the cell shows now.
    public internal(set) var content = Content.placeholder(PhotoCell.neutralGrey) {
        didSet { if content != oldValue { setNeedsDisplay() } }
    }
    /// Whether the keyboard focus ring is drawn around it.
    public internal(set) var isFocused = false {
        didSet { if isFocused != oldValue { setNeedsDisplay() } }
    }
    /// The decode this cell waits for, if any, and the token its completion must match.
    var request: ThumbnailRequest?
    var pending: AnyObject?
    /// The decode behind a `.thumbnail` content (its header says whether a larger one exists).
    var picture: DecodedPicture?

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isAccessibilityElement = true
        accessibilityTraits = [.image, .button]
    }

    /// Takes picture `index` at `path`, showing `content` until its own arrives.
    func prepare(index: Int, path: String, content: Content) {
        self.index = index
        self.path = path
        self.content = content
        picture = nil
        isFocused = false
        accessibilityLabel = path.fileName
    }

    /// Gives up the pending decode and the pixels: the cell goes back to the pool.
    func recycle() {
        request?.cancel()
        request = nil
        pending = nil
        picture = nil
        content = .placeholder(PhotoCell.neutralGrey)
        isFocused = false
    }

    public override var drawsContent: Bool { true }

    public override func draw(in canvas: Canvas) {
        switch content {
        case .placeholder(let color):
            canvas.fill(bounds, color: color)
        case .thumbnail(let surface):
            canvas.withSavedState {
                canvas.clip(to: bounds)
                // Decoded to cover the cell in device pixels: copied, not shrunk, in every draw.
                canvas.drawPixelExact(surface, in: Self.aspectFill(Size(width: Double(surface.width), height: Double(surface.height)), in: bounds))
            }
        case .broken:
            drawBrokenGlyph(in: canvas)
        }
        if isFocused {
            canvas.stroke(bounds.insetBy(dx: 2, dy: 2), color: traitCollection.palette.accent, lineWidth: 4)
        }
    }

    /// A picture frame with a mountain, torn by a zigzag: the desktop's "broken image" idea,
    /// drawn so that it needs no icon theme.
    private func drawBrokenGlyph(in canvas: Canvas) {
        let palette = traitCollection.palette
        canvas.fill(bounds, color: palette.secondaryBackground)
        let side = min(bounds.width, bounds.height) * 0.4
        let box = Rect(x: bounds.midX - side / 2, y: bounds.midY - side * 0.4, width: side, height: side * 0.8)
        canvas.stroke(box, color: palette.secondaryLabel, lineWidth: max(1.5, side / 24))
        var mountain = Path()
        mountain.move(to: Point(x: box.minX + side * 0.1, y: box.maxY - side * 0.1))
        mountain.addLine(to: Point(x: box.minX + side * 0.35, y: box.minY + side * 0.35))
        mountain.addLine(to: Point(x: box.minX + side * 0.55, y: box.maxY - side * 0.25))
        mountain.addLine(to: Point(x: box.minX + side * 0.7, y: box.minY + side * 0.45))
        mountain.addLine(to: Point(x: box.maxX - side * 0.1, y: box.maxY - side * 0.1))
        canvas.stroke(mountain, color: palette.secondaryLabel, lineWidth: max(1.5, side / 24))
        var tear = Path()
        let steps = 5
        for step in 0...steps {
            let y = box.minY - side * 0.05 + (box.height + side * 0.1) * Double(step) / Double(steps)
            let x = box.midX + (step % 2 == 0 ? -1 : 1) * side * 0.06
            if step == 0 { tear.move(to: Point(x: x, y: y)) } else { tear.addLine(to: Point(x: x, y: y)) }
        }
        canvas.stroke(tear, color: palette.destructive, lineWidth: max(2, side / 16))
    }

    /// `size` scaled to cover `rect` (aspect kept), centred on it.
    static func aspectFill(_ size: Size, in rect: Rect) -> Rect {
        guard size.width > 0, size.height > 0 else { return rect }
        let scale = max(rect.width / size.width, rect.height / size.height)
        let width = size.width * scale, height = size.height * scale
        return Rect(x: rect.midX - width / 2, y: rect.midY - height / 2, width: width, height: height)
    }

    /// Opens the picture, as a click on the cell does.
    public override func accessibilityActivate() -> Bool {
        guard let grid = superview?.superview as? PhotoGridView else { return false }
        grid.open(index)
        return true
    }
}
