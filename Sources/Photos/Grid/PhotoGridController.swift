import PhotoDecoding
import SegueKit

/// The folder as a grid: the arrow keys move the focus ring, Return (or a click) opens the
/// picture on a ``PhotoPageController`` pushed on the navigation stack.
@MainActor
public final class PhotoGridController: ViewController {
    /// The grid the page shows.
    public let grid: PhotoGridView
    private let source: ThumbnailSource
    private let log: BrokenPictureLog

    /// A grid of `folder` decoded by `source`.
    public init(folder: PictureFolder, source: ThumbnailSource, cache: ThumbnailCache = ThumbnailCache(),
                log: BrokenPictureLog = BrokenPictureLog()) {
        self.source = source
        self.log = log
        grid = PhotoGridView(folder: folder, source: source, cache: cache, log: log)
        super.init(title: folder.title)
        grid.onOpen = { [weak self] index in self?.open(index) }
    }

    public override func loadView() { setView(grid) }

    /// Pushes the page of picture `index` (zooming out of its cell when `animated`), its cell
    /// focused so the ring is there on the way back.
    public func open(_ index: Int, animated: Bool = true) {
        guard grid.folder.paths.indices.contains(index) else { return }
        if grid.focusedIndex != index { grid.setFocus(index) }
        var preview: Surface?
        if case .thumbnail(let thumbnail)? = grid.cells[index]?.content { preview = thumbnail }
        let page = PhotoPageController(folder: grid.folder, index: index, source: source, log: log, preview: preview)
        page.onIndexChange = { [weak grid] index in grid?.setFocus(index) }
        page.preferredTransition = .zoom(options: zoomOptions(for: page)) { [weak grid, weak page] _ in
            // The cell of the picture shown now, scrolled into view (and so made) first.
            guard let grid, let page else { return nil }
            grid.setFocus(page.index)
            grid.layoutIfNeeded()
            grid.updateCells()
            return grid.cells[page.index]
        }
        navigationController?.pushViewController(page, animated: animated)
    }

    /// The zoom between a cell and `page`: the picture (not the dark page around it) lines up
    /// with the cell; a drag up or down takes the page back, unless the picture is zoomed into.
    private func zoomOptions(for page: PhotoPageController) -> ViewController.ZoomOptions {
        let options = ViewController.ZoomOptions()
        options.alignmentRectProvider = { [weak page] _ in page?.pictureRect }
        options.interactiveDismissShouldBegin = { [weak page] context in
            guard let page, !page.isPictureZoomed else { return false }
            return context.willBegin || abs(context.velocity.y) > abs(context.velocity.x)
        }
        return options
    }

    public override func handleKey(_ event: KeyEvent) -> Bool {
        guard event.pressed, event.modifiers.isDisjoint(with: [.alt, .control, .logo]) else { return false }
        let forward = grid.isRightToLeft ? -1 : 1
        switch event.key {
        case .left: grid.moveFocus(columns: -forward, rows: 0)
        case .right: grid.moveFocus(columns: forward, rows: 0)
        case .up: grid.moveFocus(columns: 0, rows: -1)
        case .down: grid.moveFocus(columns: 0, rows: 1)
        case .enter: return grid.openFocused()
        default: return false
        }
        return true
    }
}
