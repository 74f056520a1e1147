import Geometry
import Canvas
import Motion

/// A line (or paragraph) of text drawn with Pango.
///
/// As `UILabel`, a label shows one line by default: text wider than the label ends with "…"
/// (Pango's `PANGO_ELLIPSIZE_END`) and never paints past its frame. ``numberOfLines`` 0 wraps
/// without limit; n > 1 wraps to at most n lines, the last one ellipsized.
@MainActor
open class Label: View {
    /// The text shown.
    public var text: String { didSet { if text != oldValue { layout = nil; setNeedsDisplay() } } }
    /// The font the text is set in.
    public var font: Font { didSet { layout = nil; setNeedsDisplay() } }
    /// The colour of the text: the one given, or without one the palette's ``textColorRole``
    /// for the window's traits (so it follows the dark style).
    public var textColor: Color {
        get { explicitTextColor ?? traitCollection.palette[keyPath: textColorRole] }
        set { explicitTextColor = newValue; setNeedsDisplay() }
    }
    /// The palette's colour the text takes when no ``textColor`` was given (``Palette/label``).
    public var textColorRole: KeyPath<Palette, Color> = \.label { didSet { setNeedsDisplay() } }
    private var explicitTextColor: Color?
    /// How lines sit in the label's width: left, centred or right. Right to left
    /// (``View/effectiveUserInterfaceLayoutDirection``), `.left` is the leading edge: the right.
    public var alignment: TextAlignment { didSet { layout = nil; setNeedsDisplay() } }
    /// The most lines shown (1 by default; 0: as many as the text needs).
    public var numberOfLines: Int { didSet { if numberOfLines != oldValue { layout = nil; setNeedsDisplay() } } }
    private var layout: TextLayout?

    /// A label showing `text`, one line unless `numberOfLines` says otherwise (0: no limit).
    public init(text: String = "", font: Font = Font(size: 15), color: Color? = nil,
                alignment: TextAlignment = .left, numberOfLines: Int = 1, frame: Rect = .zero) {
        self.text = text
        self.font = font
        explicitTextColor = color
        self.alignment = alignment
        self.numberOfLines = max(0, numberOfLines)
        super.init(frame: frame)
    }

    /// True while there is text to draw.
    open override var drawsContent: Bool { !text.isEmpty }

    /// The text's measured size (as laid out in the current bounds).
    public var intrinsicSize: Size { textLayout().size }

    /// Whether the text is cut short with "…" in the current bounds.
    public var isTruncated: Bool { textLayout().isEllipsized }

    private func textLayout() -> TextLayout {
        let rightToLeft = isRightToLeft
        if let layout, layout.maxWidth == (bounds.width > 0 ? bounds.width : nil), !layout.isStale,
           layout.rightToLeft == rightToLeft { return layout }
        let fresh = TextLayout(text: text, font: font, maxWidth: bounds.width > 0 ? bounds.width : nil,
                               alignment: alignment, maxLines: numberOfLines, rightToLeft: rightToLeft)
        layout = fresh
        return fresh
    }

    /// Draws the text centred vertically in the bounds.
    open override func draw(in canvas: Canvas) {
        let layout = textLayout()
        let y = ((bounds.height - layout.size.height) / 2).rounded()
        canvas.drawText(layout, at: Point(x: 0, y: y), color: textColor)
    }
}
