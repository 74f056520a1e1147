import Geometry
import Canvas
import Motion

/// A clickable title, optionally with a filled background; darkens while pressed.
@MainActor
open class Button: Control {
    /// The label showing the title, inset 8 px from the sides.
    public let titleLabel: Label
    /// The background, a rounded rectangle of ``View/cornerRadius``; nil: none.
    public var fillColor: Color? { didSet { setNeedsDisplay() } }
    /// What covers the button while it is pressed (8 % black by default).
    public var highlightColor = Color(red: 0, green: 0, blue: 0, alpha: 0.08)

    /// A button titled `title` that calls `onTap` when clicked; the title is in the accent colour
    /// (the desktop's, when it names one) and centred by default.
    public init(title: String, font: Font = Font(size: 15), color: Color? = nil,
                alignment: TextAlignment = .center, frame: Rect = .zero, onTap: (() -> Void)? = nil) {
        titleLabel = Label(text: title, font: font, color: color, alignment: alignment)
        titleLabel.textColorRole = \.accent
        super.init(frame: frame)
        titleLabel.isUserInteractionEnabled = false
        addSubview(titleLabel)
        self.onTap = onTap
    }

    /// True: the button draws its fill and its pressed highlight.
    open override var drawsContent: Bool { true }

    /// Lays the title out across the bounds, 8 px in from each side.
    open override func layoutSubviews() {
        titleLabel.frame = bounds.insetBy(dx: 8, dy: 0)
    }

    /// Draws the fill, then the highlight while pressed.
    open override func draw(in canvas: Canvas) {
        if let fillColor { canvas.fill(roundedRect: bounds, radius: cornerRadius, color: fillColor) }
        if isHighlighted { canvas.fill(roundedRect: bounds, radius: cornerRadius, color: highlightColor) }
    }
}
