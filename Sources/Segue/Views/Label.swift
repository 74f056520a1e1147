import Canvas
import Motion

/// A line (or paragraph) of text drawn with Pango.
@MainActor
open class Label: View {
    public var text: String { didSet { if text != oldValue { layout = nil; setNeedsDisplay() } } }
    public var font: Font { didSet { layout = nil; setNeedsDisplay() } }
    public var textColor: Color { didSet { setNeedsDisplay() } }
    public var alignment: TextAlignment { didSet { layout = nil; setNeedsDisplay() } }
    private var layout: TextLayout?

    public init(text: String = "", font: Font = Font(size: 15), color: Color = .black,
                alignment: TextAlignment = .left, frame: Rect = .zero) {
        self.text = text
        self.font = font
        self.textColor = color
        self.alignment = alignment
        super.init(frame: frame)
    }

    open override var drawsContent: Bool { !text.isEmpty }

    /// The text's measured size.
    public var intrinsicSize: Size { textLayout().size }

    private func textLayout() -> TextLayout {
        if let layout, layout.maxWidth == bounds.width { return layout }
        let fresh = TextLayout(text: text, font: font, maxWidth: bounds.width > 0 ? bounds.width : nil, alignment: alignment)
        layout = fresh
        return fresh
    }

    open override func draw(in canvas: Canvas) {
        let layout = textLayout()
        let y = ((bounds.height - layout.size.height) / 2).rounded()
        canvas.drawText(layout, at: Point(x: 0, y: y), color: textColor)
    }
}
