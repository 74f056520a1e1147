import Geometry
import Canvas
import Motion
import Segue

/// The zoom transition's page in the Navigation list (UIKit's `preferredTransition = .zoom`,
/// iOS 18): a grid of the demo's pictures; a click zooms one open into a viewer that pages left
/// and right, and a drag down (or a pinch in) puts the picture shown *then* back into its cell.
@MainActor
public final class ZoomGridPage: ViewController {
    /// The grid's cells, one per picture.
    public private(set) var cells: [ImageCell] = []

    public init() {
        super.init(title: localized("Zoom"))
    }

    /// The page is a ``ScrollView`` of cells, laid out as the Gallery's grid.
    public var scrollView: ScrollView { view as! ScrollView }

    public override func loadView() {
        let view = ScrollView { [weak self] bounds in self?.layout(bounds) ?? bounds.size }
        view.backgroundColor = TraitCollection.current.palette.background
        setView(view)
    }

    public override func viewDidLoad() {
        scrollView.contentView.accessibilityRole = .list
        for index in 0..<Artwork.count {
            let cell = ImageCell(index: index)
            cell.onTap = { [weak self] in self?.open(index) }
            cell.isAccessibilityElement = true
            cell.accessibilityRole = .listItem
            cell.accessibilityLabel = localized("Picture %d", index + 1)
            cell.accessibilityTraits = .image
            scrollView.contentView.addSubview(cell)
            cells.append(cell)
        }
    }

    private func layout(_ bounds: Rect) -> Size {
        for (index, cell) in cells.enumerated() {
            cell.frame = GalleryPage.cellFrame(index, width: bounds.width)
        }
        return Size(width: bounds.width, height: GalleryPage.contentHeight(count: cells.count, width: bounds.width))
    }

    /// Opens picture `index` with the zoom: out of its cell, back into the cell of whichever
    /// picture the viewer shows when it closes (scrolled into view first).
    public func open(_ index: Int) {
        let viewer = ZoomViewerPage(index: index)
        let options = ViewController.ZoomOptions()
        options.alignmentRectProvider = { [weak viewer] _ in viewer?.pictureFrame }
        viewer.preferredTransition = .zoom(options: options) { [weak self, weak viewer] _ in
            guard let self, let viewer, cells.indices.contains(viewer.index) else { return nil }
            let cell = cells[viewer.index]
            scrollView.scrollRectToVisible(cell.frame)
            return cell
        }
        navigationController?.pushViewController(viewer, animated: true)
    }
}

/// One picture at a time, as large as fits on a dark page; a drag sideways or the arrow keys go
/// to the picture before or after, the next one sliding in beside it.
@MainActor
public final class ZoomViewerPage: ViewController {
    /// The picture shown (0…``Artwork/count`` − 1).
    public private(set) var index: Int
    /// The picture shown and its two neighbours, laid side by side.
    private var pictures: [PictureView] = []
    /// How far the drag moved the pictures sideways, in pixels.
    private var offset = 0.0
    private var isSettling = false
    /// The sideways drag that pages.
    public let pagePan = PanGestureRecognizer(axis: .horizontal)

    /// How far ahead a release is projected to choose the page, in seconds (docs/MOTION.md's target 2).
    static let projection = 0.1
    /// How long a page change slides, in seconds.
    static let pageDuration = 0.3

    public init(index: Int) {
        self.index = index
        super.init(title: localized("Picture %d", index + 1))
    }

    /// Where the picture lies on the page (its own coordinates): 4 : 3, as large as fits, centred.
    public var pictureFrame: Rect { Self.pictureFrame(in: view.bounds) }

    /// The picture's rectangle on a page of `bounds`.
    public nonisolated static func pictureFrame(in bounds: Rect) -> Rect {
        let width = min(bounds.width, (bounds.height * 4 / 3).rounded(.down))
        let height = (width * 0.75).rounded()
        return Rect(x: ((bounds.width - width) / 2).rounded(), y: ((bounds.height - height) / 2).rounded(),
                    width: width, height: height)
    }

    public override func loadView() {
        let view = LayoutView { [weak self] bounds in self?.placePictures(in: bounds) }
        view.backgroundColor = Color(hex: 0x111114)
        for _ in 0..<3 {
            let picture = PictureView()
            picture.cornerRadius = 0
            picture.isAccessibilityElement = true
            picture.accessibilityTraits = .image
            view.addSubview(picture)
            pictures.append(picture)
        }
        setView(view)
    }

    public override func viewDidLoad() {
        pagePan.shouldBegin = { [weak self] pan in
            guard let self, !self.isSettling, let pan = pan as? PanGestureRecognizer else { return false }
            return self.neighbour(for: pan.translation.x) != nil
        }
        pagePan.onChange = { [weak self] pan in self?.handle(pan as! PanGestureRecognizer) }
        view.addGestureRecognizer(pagePan)
        showIndex()
    }

    /// The picture a drag of `dx` pixels brings in, if there is one that way.
    private func neighbour(for dx: Double) -> Int? {
        guard dx != 0 else { return nil }
        let forward = view.isRightToLeft ? dx > 0 : dx < 0
        let next = index + (forward ? 1 : -1)
        return (0..<Artwork.count).contains(next) ? next : nil
    }

    private func placePictures(in bounds: Rect) {
        let frame = Self.pictureFrame(in: bounds)
        let step = (view.isRightToLeft ? -1.0 : 1.0) * bounds.width
        for (slot, picture) in pictures.enumerated() {
            let shift = Double(slot - 1) * step + offset
            picture.frame = frame.offsetBy(dx: shift, dy: 0)
            picture.isHidden = !(0..<Artwork.count).contains(index + slot - 1)
        }
    }

    /// The three slots show the picture before, this one and the one after.
    private func showIndex() {
        for (slot, picture) in pictures.enumerated() {
            let shown = index + slot - 1
            picture.index = max(0, min(Artwork.count - 1, shown))
            picture.accessibilityLabel = localized("Picture %d", shown + 1)
        }
        title = localized("Picture %d", index + 1)
        offset = 0
        placePictures(in: view.bounds)
    }

    private func handle(_ pan: PanGestureRecognizer) {
        switch pan.state {
        case .began, .changed:
            offset = pan.translation(in: view).x
            placePictures(in: view.bounds)
        case .ended:
            let projected = offset + pan.velocity(in: view).x * Self.projection
            let target = abs(projected) > view.bounds.width / 2 ? neighbour(for: offset) : nil
            settle(to: target)
        case .cancelled, .failed:
            settle(to: nil)
        case .possible:
            break
        }
    }

    /// Slides to picture `target` (nil: back to the one shown), then shows it in the middle slot.
    private func settle(to target: Int?) {
        let width = view.bounds.width
        let forward = target.map { $0 > index } ?? false
        let end = target == nil ? 0 : (forward ? -1.0 : 1.0) * (view.isRightToLeft ? -width : width)
        isSettling = true
        View.animate(withDuration: Self.pageDuration, delay: 0, options: [.curveEaseOut], animations: {
            self.offset = end
            self.placePictures(in: self.view.bounds)
        }, completion: { [weak self] _ in
            guard let self else { return }
            isSettling = false
            if let target { index = target }
            showIndex()
        })
    }

    /// Left and right page (mirrored right to left); the rest goes to the navigation controller.
    public override func handleKey(_ event: KeyEvent) -> Bool {
        guard event.pressed, !isSettling, event.modifiers.isEmpty, event.key == .left || event.key == .right else { return false }
        let dx = event.key == .left ? 1.0 : -1.0
        guard let target = neighbour(for: dx) else { return false }
        settle(to: target)
        return true
    }
}
