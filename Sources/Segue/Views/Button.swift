import Canvas
import Motion

/// A clickable title, optionally with a filled background; darkens while pressed.
@MainActor
open class Button: Control {
    public let titleLabel: Label
    public var fillColor: Color? { didSet { setNeedsDisplay() } }
    public var highlightColor = Color(red: 0, green: 0, blue: 0, alpha: 0.08)

    public init(title: String, font: Font = Font(size: 15), color: Color = Color(hex: 0x0A66D8),
                alignment: TextAlignment = .center, frame: Rect = .zero, onTap: (() -> Void)? = nil) {
        titleLabel = Label(text: title, font: font, color: color, alignment: alignment)
        super.init(frame: frame)
        titleLabel.isUserInteractionEnabled = false
        addSubview(titleLabel)
        self.onTap = onTap
    }

    open override var drawsContent: Bool { true }

    open override func layoutSubviews() {
        titleLabel.frame = bounds.insetBy(dx: 8, dy: 0)
    }

    open override func draw(in canvas: Canvas) {
        if let fillColor { canvas.fill(roundedRect: bounds, radius: cornerRadius, color: fillColor) }
        if isHighlighted { canvas.fill(roundedRect: bounds, radius: cornerRadius, color: highlightColor) }
    }
}
