import Geometry
import Canvas
import Motion

/// One tab: an optional drawn icon over (or instead of) a title, in a colour that a
/// transition blends continuously.
@MainActor
public final class TabButton: Control {
    /// The title and icon shown.
    public let item: TabBarItem
    /// The colour of icon and title; set every frame while a transition blends it.
    public var tint: Color { didSet { if tint != oldValue { setNeedsDisplay() } } }
    /// Bold title when selected; flips at exactly half-way through a transition.
    public var isSelected = false { didSet { if isSelected != oldValue { layouts = nil; setNeedsDisplay() } } }
    private let showsIcon: Bool
    private var layouts: (width: Double, regular: TextLayout, bold: TextLayout)?
    /// Icon and title drawn once, in white, as coverage masks (regular, bold) at a device scale.
    private var masks: (scale: Double, size: Size, regular: Surface?, bold: Surface?)?
    /// The user's font settings the masks were drawn with (``Font/generation``).
    private var maskGeneration = Font.generation

    /// A button for `item` in `tint`; `showsIcon` draws the icon above the title (a title alone is
    /// centred).
    public init(item: TabBarItem, tint: Color, showsIcon: Bool) {
        self.item = item
        self.tint = tint
        self.showsIcon = showsIcon && item.icon != nil
        super.init()
    }

    /// True: the button draws its icon and title.
    public override var drawsContent: Bool { true }
    /// The tint changes every frame of a transition: painting it through a cached mask costs
    /// less than caching a content image that would be redrawn each time.
    public override var cachesContent: Bool { false }

    /// Room for the title: the button's width less 4 px a side. A longer title ends with "…".
    private var titleWidth: Double { max(bounds.width - 8, 1) }

    private var titleLayout: TextLayout {
        if layouts == nil || layouts?.width != titleWidth || layouts?.regular.isStale == true {
            let size = showsIcon ? 11.5 : 15.0
            // Left-aligned in their own width (drawing centres them), one line, ellipsized.
            layouts = (titleWidth,
                       TextLayout(text: item.title, font: Font(size: size, weight: .medium), maxWidth: titleWidth, maxLines: 1),
                       TextLayout(text: item.title, font: Font(size: size, weight: .bold), maxWidth: titleWidth, maxLines: 1))
        }
        return isSelected ? layouts!.bold : layouts!.regular
    }

    /// Draws the pressed highlight, then the icon and title in ``tint`` (bold when selected).
    public override func draw(in canvas: Canvas) {
        if isHighlighted { canvas.fill(bounds, color: Color(red: 0, green: 0, blue: 0, alpha: 0.05)) }
        canvas.fill(mask: mask(deviceScale: canvas.transform.a), in: bounds, color: tint)
    }

    /// The coverage mask of icon and title for the current selection, drawn on first use.
    private func mask(deviceScale: Double) -> Surface {
        if let masks, masks.scale != deviceScale || masks.size != bounds.size || maskGeneration != Font.generation {
            self.masks = nil
        }
        maskGeneration = Font.generation
        var cache = masks ?? (deviceScale, bounds.size, nil, nil)
        defer { masks = cache }
        if isSelected, let bold = cache.bold { return bold }
        if !isSelected, let regular = cache.regular { return regular }
        let surface = Surface(logicalSize: bounds.size, scale: deviceScale)
        let maskCanvas = Canvas(surface: surface)
        maskCanvas.scale(x: deviceScale, y: deviceScale)
        drawGlyphs(in: maskCanvas, color: .white)
        if isSelected { cache.bold = surface } else { cache.regular = surface }
        return surface
    }

    private func drawGlyphs(in canvas: Canvas, color: Color) {
        let title = titleLayout
        if showsIcon {
            let iconBox = Rect(x: bounds.midX - 12, y: 8, width: 24, height: 24)
            item.icon?.draw(in: iconBox, color: color, canvas: canvas)
            // A right-to-left title lies at the right of its layout's width (originX).
            canvas.drawText(title, at: Point(x: (bounds.width - title.size.width) / 2 - title.originX, y: 36), color: color)
        } else {
            canvas.drawText(title, at: Point(x: ((bounds.width - title.size.width) / 2).rounded() - title.originX,
                                             y: ((bounds.height - title.size.height) / 2).rounded()), color: color)
        }
    }
}
