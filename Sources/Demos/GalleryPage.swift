import Canvas
import Motion
import Segue

/// A grid of the demo's pictures; clicking one opens it large.
@MainActor
public final class GalleryPage: ViewController {
    public static let spacing = 12.0
    public static let columns = 4
    private(set) var cells: [ImageCell] = []

    public init() {
        super.init(title: "Gallery")
    }

    public override func loadView() {
        let view = LayoutView { [weak self] bounds in self?.layout(bounds) }
        view.backgroundColor = Color(hex: 0xF2F2F7)
        setView(view)
    }

    public override func viewDidLoad() {
        for index in 0..<Artwork.count {
            let cell = ImageCell(index: index)
            cell.onTap = { [weak self] in self?.open(index) }
            view.addSubview(cell)
            cells.append(cell)
        }
    }

    /// The frame of cell `index` for a page of `width`.
    public static func cellFrame(_ index: Int, width: Double) -> Rect {
        let side = (width - spacing * Double(columns + 1)) / Double(columns)
        let column = index % columns, row = index / columns
        return Rect(x: spacing + Double(column) * (side + spacing), y: spacing + Double(row) * (side * 0.75 + spacing),
                    width: side, height: (side * 0.75).rounded())
    }

    private func layout(_ bounds: Rect) {
        for (index, cell) in cells.enumerated() { cell.frame = GalleryPage.cellFrame(index, width: bounds.width) }
    }

    private func open(_ index: Int) {
        navigationController?.pushViewController(PhotoPage(index: index), animated: true)
    }
}

/// One picture in the grid.
@MainActor
final class ImageCell: Control {
    let index: Int

    init(index: Int) {
        self.index = index
        super.init()
        cornerRadius = 8
        clipsToBounds = true
    }

    override var drawsContent: Bool { true }

    override func draw(in canvas: Canvas) {
        canvas.draw(Artwork.image(index), in: bounds)
        if isHighlighted { canvas.fill(bounds, color: Color(red: 0, green: 0, blue: 0, alpha: 0.15)) }
    }
}

/// One picture, large, with its caption.
@MainActor
public final class PhotoPage: ViewController {
    public let index: Int
    let imageView = PictureView()

    public init(index: Int) {
        self.index = index
        super.init(title: "Picture \(index + 1)")
    }

    public override func loadView() {
        imageView.index = index
        let caption = Label(text: "Picture \(index + 1) of \(Artwork.count), drawn by Segue", font: Font(size: 15),
                            color: Color(hex: 0x3A3A3C))
        let view = LayoutView { [weak self] bounds in
            guard let self else { return }
            self.imageView.frame = PhotoPage.imageFrame(in: bounds)
            caption.frame = Rect(x: 20, y: self.imageView.frame.maxY + 16, width: bounds.width - 40, height: 22)
        }
        view.backgroundColor = .white
        view.addSubview(imageView)
        view.addSubview(caption)
        setView(view)
    }

    /// Where the picture sits on a page of `bounds`.
    public static func imageFrame(in bounds: Rect) -> Rect {
        let width = bounds.width - 40
        return Rect(x: 20, y: 20, width: width, height: min((width * 0.75).rounded(), bounds.height - 80))
    }
}

/// Shows one of the demo's pictures scaled to its bounds.
@MainActor
public final class PictureView: View {
    public var index = 0 { didSet { setNeedsDisplay() } }

    public override var drawsContent: Bool { true }

    public override func draw(in canvas: Canvas) {
        canvas.draw(Artwork.image(index), in: bounds)
    }
}
