import Canvas
import Motion
import Segue

/// A page of tappable rows, each pushing a detail page (tutorial 000's navigation demo).
@MainActor
public final class ListPage: ViewController {
    public static let rowHeight = 56.0
    private let items: [DemoItem]
    private var rows: [Control] = []

    public init(title: String, items: [DemoItem]) {
        self.items = items
        super.init(title: title)
    }

    public override func loadView() {
        let view = ListView()
        view.backgroundColor = .white
        view.page = self
        setView(view)
    }

    public override func viewDidLoad() {
        for item in items {
            let row = RowButton(item: item)
            row.onTap = { [weak self] in self?.open(item) }
            view.addSubview(row)
            rows.append(row)
        }
    }

    fileprivate func layoutRows(width: Double) {
        for (index, row) in rows.enumerated() {
            row.frame = Rect(x: 0, y: Double(index) * ListPage.rowHeight, width: width, height: ListPage.rowHeight)
        }
    }

    private func open(_ item: DemoItem) {
        guard let navigation = navigationController else { return }
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

    public init(title: String, subtitle: String, accent: Color, style: PushStyle = .slide) {
        self.title = title
        self.subtitle = subtitle
        self.accent = accent
        self.style = style
    }

    /// The navigation demo's rows.
    public static let samples: [DemoItem] = [
        DemoItem(title: "Slide", subtitle: "Push and pop, 0.5 s; drag from the left edge to pop", accent: Color(hex: 0x3478F6)),
        DemoItem(title: "Scale and fade", subtitle: "0.25 s; drag left from the right half to push the next page",
                 accent: Color(hex: 0x30B0C7), style: .scaleFade),
        DemoItem(title: "Pixelate dissolve", subtitle: "Driven by frame time, 1 s", accent: Color(hex: 0x34C759),
                 style: .pixelate),
        DemoItem(title: "Pixelate by drag", subtitle: "The dissolve follows a drag left from the right half",
                 accent: Color(hex: 0xFF9500), style: .pixelateDrag),
        DemoItem(title: "Dusk", subtitle: "Another page that slides", accent: Color(hex: 0xAF52DE)),
    ]
}

@MainActor
private final class ListView: View {
    weak var page: ListPage?

    override func layoutSubviews() {
        page?.layoutRows(width: bounds.width)
    }
}

/// A list row: a coloured dot, a title and a subtitle over a hairline.
@MainActor
private final class RowButton: Control {
    private let item: DemoItem
    private let titleLayout: TextLayout
    private let subtitleLayout: TextLayout

    init(item: DemoItem) {
        self.item = item
        titleLayout = TextLayout(text: item.title, font: Font(size: 16, weight: .medium))
        subtitleLayout = TextLayout(text: item.subtitle, font: Font(size: 12.5))
        super.init()
    }

    override var drawsContent: Bool { true }

    override func draw(in canvas: Canvas) {
        canvas.fill(bounds, color: isHighlighted ? Color(hex: 0xE5E5EA) : .white)
        canvas.fillEllipse(in: Rect(x: 16, y: bounds.height / 2 - 10, width: 20, height: 20), color: item.accent)
        canvas.drawText(titleLayout, at: Point(x: 52, y: 8), color: Color(hex: 0x1C1C1E))
        canvas.drawText(subtitleLayout, at: Point(x: 52, y: 31), color: Color(hex: 0x6E6E73))
        canvas.fill(Rect(x: 52, y: bounds.height - 1, width: bounds.width - 52, height: 1), color: Color(hex: 0xE5E5EA))
        var chevron = Path()
        chevron.move(to: Point(x: bounds.width - 24, y: bounds.height / 2 - 6))
        chevron.addLine(to: Point(x: bounds.width - 18, y: bounds.height / 2))
        chevron.addLine(to: Point(x: bounds.width - 24, y: bounds.height / 2 + 6))
        canvas.stroke(chevron, color: Color(hex: 0xC7C7CC), lineWidth: 2)
    }
}
