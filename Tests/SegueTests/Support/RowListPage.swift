import Geometry
import Canvas
import Motion
import Segue

/// The library tests' list: a ``ScrollView`` of 56 px rows, each a ``Control`` that pushes a
/// ``RowDetailPage`` with the default slide. Drawn like the demo's list (white rows, an accent
/// dot, a hairline, a chevron) so that pixel tests can tell its parts apart.
@MainActor
final class RowListPage: ViewController {
    static let rowHeight = 56.0
    private let items: [RowItem]
    private var rows: [Control] = []

    init(title: String, items: [RowItem]) {
        self.items = items
        super.init(title: title)
    }

    var scrollView: ScrollView { view as! ScrollView }

    override func loadView() {
        let view = ScrollView { [weak self] bounds in self?.layoutRows(in: bounds) ?? bounds.size }
        view.backgroundColor = .white
        setView(view)
    }

    override func viewDidLoad() {
        for item in items {
            let row = RowControl(item: item)
            row.onTap = { [weak self] in
                self?.navigationController?.pushViewController(RowDetailPage(item: item), animated: true)
            }
            scrollView.contentView.addSubview(row)
            rows.append(row)
        }
    }

    private func layoutRows(in bounds: Rect) -> Size {
        for (index, row) in rows.enumerated() {
            row.frame = Rect(x: 0, y: Double(index) * Self.rowHeight, width: bounds.width, height: Self.rowHeight)
        }
        return Size(width: bounds.width, height: Double(rows.count) * Self.rowHeight)
    }
}

/// A pushed page: tinted 12 % towards its item's accent, with a card in the accent 24 px in.
@MainActor
final class RowDetailPage: ViewController {
    let item: RowItem

    init(item: RowItem) {
        self.item = item
        super.init(title: item.title)
    }

    override func loadView() {
        setView(RowDetailView(item: item))
    }
}

@MainActor
private final class RowDetailView: View {
    private let item: RowItem

    init(item: RowItem) {
        self.item = item
        super.init()
        backgroundColor = Color.interpolate(from: .white, to: item.accent, fraction: 0.12)
    }

    override var drawsContent: Bool { true }

    override func draw(in canvas: Canvas) {
        let card = Rect(x: 24, y: 24, width: bounds.width - 48, height: min(220, bounds.height * 0.4))
        canvas.fill(roundedRect: card, radius: 16, color: item.accent)
        let headline = TextLayout(text: item.title, font: Font(size: 28, weight: .bold), maxWidth: max(card.width, 1), maxLines: 1)
        canvas.drawText(headline, at: Point(x: 24, y: card.maxY + 20), color: Color(hex: 0x1C1C1E))
    }
}

/// A row: a dot in the item's accent, its title, a hairline from x 52, a chevron 18…24 px
/// from the right; grey while pressed.
@MainActor
private final class RowControl: Control {
    private let item: RowItem

    init(item: RowItem) {
        self.item = item
        super.init()
    }

    override var drawsContent: Bool { true }

    override func draw(in canvas: Canvas) {
        canvas.fill(bounds, color: isHighlighted ? Color(hex: 0xE5E5EA) : .white)
        canvas.fillEllipse(in: Rect(x: 16, y: bounds.height / 2 - 10, width: 20, height: 20), color: item.accent)
        // Leaves the chevron's column (the row's last 28 px) and a gap of 8 clear.
        let title = TextLayout(text: item.title, font: Font(size: 16, weight: .medium),
                               maxWidth: max(bounds.width - 52 - 36, 1), maxLines: 1)
        canvas.drawText(title, at: Point(x: 52, y: 8), color: Color(hex: 0x1C1C1E))
        canvas.fill(Rect(x: 52, y: bounds.height - 1, width: bounds.width - 52, height: 1), color: Color(hex: 0xE5E5EA))
        var chevron = Path()
        chevron.move(to: Point(x: bounds.width - 24, y: bounds.height / 2 - 6))
        chevron.addLine(to: Point(x: bounds.width - 18, y: bounds.height / 2))
        chevron.addLine(to: Point(x: bounds.width - 24, y: bounds.height / 2 + 6))
        canvas.stroke(chevron, color: Color(hex: 0xC7C7CC), lineWidth: 2)
    }
}
