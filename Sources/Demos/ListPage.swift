import Geometry
import Canvas
import Motion
import Segue

/// A page of tappable rows, each pushing a detail page (tutorial 000's navigation demo).
@MainActor
public final class ListPage: ViewController {
    public nonisolated static let rowHeight = 56.0
    private let items: [DemoItem]
    private var rows: [Control] = []

    public init(title: String, items: [DemoItem]) {
        self.items = items
        super.init(title: title)
    }

    /// The widest the rows grow: on a wider window they stay a centred column this wide.
    public nonisolated static let maximumRowWidth = 1280.0

    /// The page is a ``ScrollView``: the rows scroll when they do not all fit.
    public var scrollView: ScrollView { view as! ScrollView }

    public override func loadView() {
        let view = ScrollView { [weak self] bounds in self?.layoutRows(in: bounds) ?? bounds.size }
        view.backgroundColor = TraitCollection.current.palette.background
        setView(view)
    }

    public override func viewDidLoad() {
        scrollView.contentView.accessibilityRole = .list
        for item in items {
            let row = RowButton(item: item)
            row.onTap = { [weak self, weak row] in
                if item.switchesPredictiveBack, let row { self?.switchPredictiveBack(row) } else { self?.open(item) }
            }
            // A list item named after its title, described by its subtitle (as AdwActionRow).
            row.accessibilityRole = .listItem
            row.accessibilityLabel = item.title
            row.accessibilityHint = item.subtitle
            scrollView.contentView.addSubview(row)
            rows.append(row)
            if item.switchesPredictiveBack { showPredictiveBack(on: row) }
        }
    }

    /// Turns the stack's predictive back on or off (off at launch), as the row says.
    private func switchPredictiveBack(_ row: RowButton) {
        guard let navigation = navigationController else { return }
        navigation.backTransitionStyle = navigation.backTransitionStyle == .predictive ? .slide : .predictive
        showPredictiveBack(on: row)
    }

    /// The switch row's subtitle and accessible value tell whether predictive back is on.
    private func showPredictiveBack(on row: RowButton) {
        let isOn = navigationController?.backTransitionStyle == .predictive
        row.subtitle = isOn ? localized("On: going back shrinks the page over the one it returns to")
                            : localized("Off: going back slides; click to preview where Back leads")
        row.accessibilityHint = row.subtitle
        row.accessibilityValue = isOn ? localized("On") : localized("Off")
    }

    /// The frame of row `index` (content coordinates) on a page `width` wide, with text
    /// `textScale` times its design size (rows grow with the text, never shrink).
    public nonisolated static func rowFrame(_ index: Int, width: Double, textScale: Double = 1) -> Rect {
        let rowWidth = min(width, maximumRowWidth)
        let height = (rowHeight * max(1, textScale)).rounded()
        return Rect(x: ((width - rowWidth) / 2).rounded(), y: Double(index) * height, width: rowWidth, height: height)
    }

    private func layoutRows(in bounds: Rect) -> Size {
        var bottom = 0.0
        for (index, row) in rows.enumerated() {
            row.frame = ListPage.rowFrame(index, width: bounds.width, textScale: Font.textScale)
            bottom = row.frame.maxY
        }
        return Size(width: bounds.width, height: bottom)
    }

    /// Text of another size needs rows of another height.
    public override func traitCollectionDidChange(_ previous: TraitCollection) {
        super.traitCollectionDidChange(previous)
        if previous.textScale != traitCollection.textScale { view.setNeedsLayout() }
    }

    private func open(_ item: DemoItem) {
        guard let navigation = navigationController else { return }
        if item.opensZoom { return navigation.pushViewController(ZoomGridPage(), animated: true) }
        let page: ViewController = item.style == .slide
            ? DetailPage(item: item)
            : StackPage(style: item.style, depth: 1, transitions: (navigation as? DemoNavigationController)?.transitions)
        navigation.pushViewController(page, animated: true)
    }
}

/// One entry of the list: a title, a subtitle and an accent colour for its detail page.
public struct DemoItem: Sendable {
    public var title: String
    public var subtitle: String
    public var accent: Color
    public var style: PushStyle
    /// The row is not a page but the switch for the stack's predictive back
    /// (``NavigationController/backTransitionStyle``).
    public var switchesPredictiveBack = false
    /// The row opens the zoom transition's grid (``ZoomGridPage``) instead of a detail page.
    public var opensZoom = false

    public init(title: String, subtitle: String, accent: Color, style: PushStyle = .slide) {
        self.title = title
        self.subtitle = subtitle
        self.accent = accent
        self.style = style
    }

    /// The navigation demo's rows.
    public static let samples: [DemoItem] = [
        DemoItem(title: localized("Slide"), subtitle: localized("Push and pop, 0.5 s; drag from the left edge to pop"), accent: Color(hex: 0x3478F6)),
        DemoItem(title: localized("Scale and fade"), subtitle: localized("0.25 s; drag left from the right half to push the next page"),
                 accent: Color(hex: 0x30B0C7), style: .scaleFade),
        DemoItem(title: localized("Pixelate dissolve"), subtitle: localized("Driven by frame time, 1 s"), accent: Color(hex: 0x34C759),
                 style: .pixelate),
        DemoItem(title: localized("Pixelate by drag"), subtitle: localized("The dissolve follows a drag left from the right half"),
                 accent: Color(hex: 0xFF9500), style: .pixelateDrag),
        DemoItem(title: localized("Dusk"), subtitle: localized("Another page that slides"), accent: Color(hex: 0xAF52DE)),
        DemoItem(title: localized("Harbour"), subtitle: localized("Boats at rest in the evening light, another page that slides"),
                 accent: Color(hex: 0xFF3B30)),
        DemoItem(title: localized("Meadow"), subtitle: localized("Long grass and a path through it"), accent: Color(hex: 0x5AC8FA)),
        DemoItem(title: localized("Glacier"), subtitle: localized("Blue ice under a white sky"), accent: Color(hex: 0x007AFF)),
        DemoItem(title: localized("Ember"), subtitle: localized("The last glow of a fire"), accent: Color(hex: 0xFF2D55)),
        DemoItem(title: localized("Orchard"), subtitle: localized("Rows of trees in blossom"), accent: Color(hex: 0x4CD964)),
        DemoItem(title: localized("A page whose title is far too long to fit beside the chevron of its row"),
                 subtitle: localized("Titles and subtitles that do not fit end with an ellipsis"), accent: Color(hex: 0xFFCC00)),
        DemoItem(title: localized("Midnight"), subtitle: localized("The last page: scroll to see it"), accent: Color(hex: 0x5856D6)),
        {
            var row = DemoItem(title: localized("Zoom"), subtitle: localized("Pictures grow out of the grid; drag one down to put it back"),
                               accent: Color(hex: 0xFF9F0A))
            row.opensZoom = true
            return row
        }(),
        {
            var row = DemoItem(title: localized("Predictive back"), subtitle: "", accent: Color(hex: 0x8E8E93))
            row.switchesPredictiveBack = true
            return row
        }(),
    ]
}

/// A list row: a coloured dot, a title and a subtitle over a hairline, a chevron at the right
/// (mirrored right to left: the dot at the right, the chevron at the left pointing left).
/// Title and subtitle end with "…" before the chevron's column when they do not fit.
@MainActor
private final class RowButton: Control {
    let item: DemoItem
    private var layouts: (width: Double, title: TextLayout, subtitle: TextLayout)?
    /// The line under the title: the item's, unless set (the predictive back switch's state).
    var subtitle: String {
        didSet {
            guard subtitle != oldValue else { return }
            layouts = nil
            setNeedsDisplay()
        }
    }

    /// Where the text starts, and the gap it keeps from the chevron's column (the row's last 28 px).
    static let textX = 52.0
    static let chevronColumn = 28.0
    static let textGap = 8.0

    init(item: DemoItem) {
        self.item = item
        subtitle = item.subtitle
        super.init()
    }

    override var drawsContent: Bool { true }

    private func textLayouts() -> (title: TextLayout, subtitle: TextLayout) {
        let width = max(bounds.width - RowButton.textX - RowButton.chevronColumn - RowButton.textGap, 1)
        if let layouts, layouts.width == width, !layouts.title.isStale, layouts.title.rightToLeft == isRightToLeft {
            return (layouts.title, layouts.subtitle)
        }
        let rtl = isRightToLeft
        let title = TextLayout(text: item.title, font: Font(size: 16, weight: .medium), maxWidth: width, maxLines: 1, rightToLeft: rtl)
        let subtitle = TextLayout(text: self.subtitle, font: Font(size: 12.5), maxWidth: width, maxLines: 1, rightToLeft: rtl)
        layouts = (width, title, subtitle)
        return (title, subtitle)
    }

    override func draw(in canvas: Canvas) {
        let text = textLayouts()
        let palette = traitCollection.palette
        let dark = traitCollection.userInterfaceStyle == .dark
        // The row's own greys (iOS's grouped-list greys in light), from the palette in dark.
        let line = dark ? palette.separator : Color(hex: 0xE5E5EA)
        canvas.fill(bounds, color: isHighlighted ? (dark ? palette.secondaryBackground : Color(hex: 0xE5E5EA)) : palette.background)
        // Right to left, the row is mirrored: the dot at the right, the chevron at the left pointing left.
        let rtl = isRightToLeft
        func x(_ x: Double, width: Double = 0) -> Double { rtl ? bounds.width - x - width : x }
        let textWidth = text.title.maxWidth ?? 0
        canvas.fillEllipse(in: Rect(x: x(16, width: 20), y: bounds.height / 2 - 10, width: 20, height: 20), color: item.accent)
        // The design's 56 px row puts the title at 8 and the subtitle at 31: both scale with the row.
        let scale = bounds.height / ListPage.rowHeight
        canvas.drawText(text.title, at: Point(x: x(RowButton.textX, width: textWidth), y: (8 * scale).rounded()), color: palette.label)
        canvas.drawText(text.subtitle, at: Point(x: x(RowButton.textX, width: textWidth), y: (31 * scale).rounded()), color: palette.secondaryLabel)
        canvas.fill(Rect(x: x(52, width: bounds.width - 52), y: bounds.height - 1, width: bounds.width - 52, height: palette.outline == nil ? 1 : 2),
                    color: palette.outline ?? line)
        var chevron = Path()
        chevron.move(to: Point(x: x(bounds.width - 24), y: bounds.height / 2 - 6))
        chevron.addLine(to: Point(x: x(bounds.width - 18), y: bounds.height / 2))
        chevron.addLine(to: Point(x: x(bounds.width - 24), y: bounds.height / 2 + 6))
        canvas.stroke(chevron, color: dark ? Color(hex: 0x5A5A5E) : Color(hex: 0xC7C7CC), lineWidth: 2)
    }
}
