import Geometry
import Canvas
import Motion
import Segue

/// A pushed page: a tinted background with a large card in the item's colour.
@MainActor
public final class DetailPage: ViewController {
    public let item: DemoItem

    public init(item: DemoItem) {
        self.item = item
        super.init(title: item.title)
    }

    public override func loadView() {
        setView(DetailView(item: item))
    }
}

@MainActor
private final class DetailView: View {
    private let item: DemoItem

    init(item: DemoItem) {
        self.item = item
        super.init()
        // A page tint (mixed 12 % towards the accent) that tests can tell from the list's white.
        backgroundColor = Color.interpolate(from: .white, to: item.accent, fraction: 0.12)
    }

    override var drawsContent: Bool { true }

    override func draw(in canvas: Canvas) {
        let card = Rect(x: 24, y: 24, width: bounds.width - 48, height: min(220, bounds.height * 0.4))
        canvas.fill(roundedRect: card, radius: 16, color: item.accent)
        // Within the card's width: the headline on one line ending with "…" if need be, the
        // text wrapped.
        let headline = TextLayout(text: item.title, font: Font(size: 28, weight: .bold), maxWidth: max(card.width, 1), maxLines: 1)
        let body = TextLayout(text: item.subtitle, font: Font(size: 15), maxWidth: max(card.width, 1), maxLines: 3)
        canvas.drawText(headline, at: Point(x: 24, y: card.maxY + 20), color: Color(hex: 0x1C1C1E))
        canvas.drawText(body, at: Point(x: 24, y: card.maxY + 64), color: Color(hex: 0x3A3A3C))
    }
}
