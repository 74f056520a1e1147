import Canvas
import Motion
import Segue

/// A grid of the demo's pictures; clicking one opens it large.
@MainActor
public final class GalleryPage: ViewController {
    public nonisolated static let spacing = 12.0
    /// Four columns on a page of ordinary width; fewer where a picture would be narrower than
    /// ``minimumCellWidth``, more where it would be wider than ``maximumCellWidth``; never
    /// fewer than ``minimumColumns`` nor more than ``maximumColumns``.
    public nonisolated static let standardColumns = 4
    public nonisolated static let minimumCellWidth = 80.0
    public nonisolated static let maximumCellWidth = 320.0
    public nonisolated static let minimumColumns = 2
    public nonisolated static let maximumColumns = 6
    /// Corner radius of a picture, in the grid and on its page.
    public nonisolated static let cornerRadius = 8.0
    public private(set) var cells: [ImageCell] = []
    /// The picture last opened, saved when it is pushed: the pop flies the image back into it
    /// (tutorial 001's `seletedIndexPath`).
    public private(set) var selectedIndex: Int?

    public init() {
        super.init(title: "Gallery")
    }

    /// The page is a ``ScrollView``: the grid scrolls when it is taller than the page.
    public var scrollView: ScrollView { view as! ScrollView }

    public override func loadView() {
        let view = ScrollView { [weak self] bounds in self?.layout(bounds) ?? bounds.size }
        view.backgroundColor = Color(hex: 0xF2F2F7)
        setView(view)
    }

    public override func viewDidLoad() {
        for index in 0..<Artwork.count {
            let cell = ImageCell(index: index)
            cell.onTap = { [weak self] in self?.open(index) }
            scrollView.contentView.addSubview(cell)
            cells.append(cell)
        }
    }

    /// How many columns the grid has on a page `width` wide (see ``standardColumns``): 3 at
    /// 320 px, 4 from 400 to 1340 px, 6 at 2560 px.
    public nonisolated static func columns(width: Double) -> Int {
        let fitting = Int(((width - spacing) / (minimumCellWidth + spacing)).rounded(.down))
        let needed = Int(((width - spacing) / (maximumCellWidth + spacing)).rounded(.up))
        return min(max(min(standardColumns, fitting), needed, minimumColumns), maximumColumns)
    }

    /// The frame of cell `index` (content coordinates) for a page of `width`.
    public nonisolated static func cellFrame(_ index: Int, width: Double) -> Rect {
        let columns = columns(width: width)
        let side = (width - spacing * Double(columns + 1)) / Double(columns)
        let column = index % columns, row = index / columns
        return Rect(x: spacing + Double(column) * (side + spacing), y: spacing + Double(row) * (side * 0.75 + spacing),
                    width: side, height: (side * 0.75).rounded())
    }

    /// The height of the whole grid (content) on a page of `width`.
    public nonisolated static func contentHeight(count: Int, width: Double) -> Double {
        guard count > 0 else { return 0 }
        return cellFrame(count - 1, width: width).maxY + spacing
    }

    private func layout(_ bounds: Rect) -> Size {
        for (index, cell) in cells.enumerated() { cell.frame = GalleryPage.cellFrame(index, width: bounds.width) }
        return Size(width: bounds.width, height: GalleryPage.contentHeight(count: cells.count, width: bounds.width))
    }

    /// The cell showing picture `index`, if there is one.
    public func cell(at index: Int) -> ImageCell? {
        cells.indices.contains(index) ? cells[index] : nil
    }

    private func open(_ index: Int) {
        guard let navigation = navigationController, navigation.activeTransition == nil else { return }
        selectedIndex = index
        navigation.pushViewController(PhotoPage(index: index), animated: true)
    }
}

/// One picture in the grid (the cell is its image view).
@MainActor
public final class ImageCell: Control {
    public let index: Int

    init(index: Int) {
        self.index = index
        super.init()
        cornerRadius = GalleryPage.cornerRadius
        clipsToBounds = true
    }

    public override var drawsContent: Bool { true }

    public override func draw(in canvas: Canvas) {
        canvas.draw(Artwork.image(index), in: bounds)
        if isHighlighted { canvas.fill(bounds, color: Color(red: 0, green: 0, blue: 0, alpha: 0.15)) }
    }
}

/// One picture, large, with its caption. A horizontal drag anywhere on it pops it
/// interactively (tutorial 001): progress is dx / width, clamped to 0…1, and the pop completes
/// when released past half-way.
@MainActor
public final class PhotoPage: ViewController {
    public let index: Int
    public let imageView = PictureView()
    /// The pan anywhere on the page that pops it. Its interaction controller exists only while
    /// it drives a pop; the navigation delegate hands it out (``FlatZoomTransitions``).
    public let popSwipe = InteractiveSwipe(axis: .horizontal)

    public init(index: Int) {
        self.index = index
        super.init(title: "Picture \(index + 1)")
    }

    public override func viewDidLoad() {
        // Tutorial 001's rule: past half-way finishes, otherwise cancels (no velocity rule).
        popSwipe.commitRule = .threshold(0.5, inclusive: false)
        popSwipe.distance = { [weak self] in self?.view.bounds.width ?? 1 }
        popSwipe.recognizer.shouldBegin = { [weak self] gesture in
            guard let self, let navigation = self.navigationController, navigation.topViewController === self,
                  navigation.activeTransition == nil, let pan = gesture as? PanGestureRecognizer else { return false }
            // Only a drag to the right pops; a leftward one is left to others (nobody takes it here).
            return pan.translation.x > 0
        }
        popSwipe.startTransition = { [weak self] _ in
            self?.navigationController?.popViewController(animated: true) != nil ? .right : nil
        }
        view.addGestureRecognizer(popSwipe.recognizer)
    }

    public override func loadView() {
        imageView.index = index
        let caption = Label(text: "Picture \(index + 1) of \(Artwork.count), drawn by Segue", font: Font(size: 15),
                            color: Color(hex: 0x3A3A3C), alignment: .center)
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

    /// Where the picture sits on a page of `bounds`: as large as fits in 20 px margins with
    /// room for the caption below, at the pictures' 4 : 3, centred horizontally, 20 px from the top.
    public nonisolated static func imageFrame(in bounds: Rect) -> Rect {
        let available = Size(width: max(bounds.width - 40, 1), height: max(bounds.height - 80, 1))
        let width = min(available.width, (available.height * 4 / 3).rounded(.down))
        let height = (width * 0.75).rounded()
        return Rect(x: ((bounds.width - width) / 2).rounded(), y: 20, width: width, height: height)
    }
}

/// Shows one of the demo's pictures scaled to its bounds, with the grid's rounded corners.
@MainActor
public final class PictureView: View {
    public var index = 0 { didSet { setNeedsDisplay() } }

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        cornerRadius = GalleryPage.cornerRadius
        clipsToBounds = true
    }

    public override var drawsContent: Bool { true }

    public override func draw(in canvas: Canvas) {
        canvas.draw(Artwork.image(index), in: bounds)
    }
}
