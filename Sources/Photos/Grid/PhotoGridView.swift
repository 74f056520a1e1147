import PhotoDecoding
import SegueKit

/// A folder's pictures as a grid of square thumbnails in a ``ScrollView``, virtualized: only
/// the cells within one screen above and below the visible rows exist, taken from a pool as
/// the grid scrolls and given back when they leave that margin (their pending decode
/// cancelled). Each cell asks the ``ThumbnailSource`` for its picture at the cell's size in
/// device pixels; the thumbnails of cells that left are kept in a ``ThumbnailCache`` of fixed
/// budget, so memory does not grow with the folder.
@MainActor
public final class PhotoGridView: ScrollView {
    /// The pictures shown.
    public let folder: PictureFolder
    /// The geometry for the current width.
    public private(set) var grid: GridLayout
    /// The cells that exist now, by picture index.
    public private(set) var cells: [Int: PhotoCell] = [:]
    /// How many cells were ever made (the pool's size): bounded by what the margin holds.
    public private(set) var cellsMade = 0
    /// The picture the keyboard focus is on; nil before the first arrow key.
    public private(set) var focusedIndex: Int?
    /// Called with a picture's index when it is opened (a click, Return, or activation).
    public var onOpen: ((Int) -> Void)?

    private let source: ThumbnailSource
    private let cache: ThumbnailCache
    private let log: BrokenPictureLog
    private var pool: [PhotoCell] = []
    private let tap = TapGestureRecognizer()
    /// Says so when the folder has no pictures.
    private var emptyLabel: Label?

    /// A grid of `folder`'s pictures decoded by `source`, keeping thumbnails that scrolled away
    /// in `cache` and reporting broken files to `log`.
    public init(folder: PictureFolder, source: ThumbnailSource, cache: ThumbnailCache = ThumbnailCache(),
                log: BrokenPictureLog = BrokenPictureLog()) {
        self.folder = folder
        self.source = source
        self.cache = cache
        self.log = log
        grid = GridLayout(width: 0, itemCount: folder.paths.count)
        super.init()
        backgroundColor = TraitCollection.current.palette.background
        onScroll = { grid in (grid as? PhotoGridView)?.updateCells() }
        tap.onChange = { [weak self] tap in
            guard let self, tap.state == .ended else { return }
            let point = tap.location(in: self.contentView)
            if let index = self.index(at: point) { self.open(index) }
        }
        addGestureRecognizer(tap)
        if folder.paths.isEmpty {
            let label = Label(text: localized("No pictures here"), alignment: .center)
            label.textColorRole = \.secondaryLabel
            addSubview(label)
            emptyLabel = label
        }
    }

    public override func layoutSubviews() {
        let newGrid = GridLayout(width: bounds.width, itemCount: folder.paths.count)
        if newGrid != grid {
            grid = newGrid
            for (index, cell) in cells { cell.frame = grid.frame(at: index) }
        }
        contentSize = Size(width: bounds.width, height: grid.contentHeight)
        super.layoutSubviews()
        emptyLabel?.frame = Rect(x: 0, y: 40, width: bounds.width, height: 24)
        updateCells()
        // Wider cells (a resize, a move to a denser output) ask again for what now looks soft,
        // showing the smaller thumbnail meanwhile.
        for cell in cells.values where cell.request == nil {
            if let picture = cell.picture, !isEnough(picture) { request(for: cell) }
        }
    }

    public override func traitCollectionDidChange(_ previous: TraitCollection) {
        backgroundColor = traitCollection.palette.background
    }

    /// The picture under `point` (content coordinates), if any; gaps hit nothing.
    public func index(at point: Point) -> Int? {
        let range = grid.indices(from: point.y, to: point.y + 0.5)
        return range.first { grid.frame(at: $0).contains(point) }
    }

    /// The indices that have cells: the visible rows and one screen's height either side.
    public var liveRange: Range<Int> {
        let top = contentOffset.y
        return grid.indices(from: top - bounds.height, to: top + 2 * bounds.height)
    }

    // MARK: cells

    /// Gives back the cells that left the margin and fills the ones that entered it.
    func updateCells() {
        guard bounds.height > 0, grid.cellSide > 0 else { return }
        let live = liveRange
        for (index, cell) in cells where !live.contains(index) {
            cell.recycle()
            cell.removeFromSuperview()
            cells[index] = nil
            pool.append(cell)
        }
        // The decode queue runs the newest request first: the margin's cells ask first and the
        // visible ones last, bottom-right to top-left, so the screen fills from its top left
        // before anything off screen is decoded.
        let top = contentOffset.y
        let visible = grid.indices(from: top, to: top + bounds.height)
        let entering = live.filter { cells[$0] == nil }
        let order = entering.filter { !visible.contains($0) } + entering.filter { visible.contains($0) }.reversed()
        for index in order {
            let cell = pool.popLast() ?? makeCell()
            cells[index] = cell
            cell.frame = grid.frame(at: index)
            contentView.addSubview(cell)
            fill(cell, index: index)
        }
    }

    private func makeCell() -> PhotoCell {
        cellsMade += 1
        return PhotoCell()
    }

    /// Shows what is known of picture `index` at once, and asks for the rest.
    private func fill(_ cell: PhotoCell, index: Int) {
        let path = folder.paths[index]
        if log.isBroken(path) {
            cell.prepare(index: index, path: path, content: .broken)
        } else if let picture = cache.picture(for: path) {
            cell.prepare(index: index, path: path, content: .thumbnail(picture.surface))
            cell.picture = picture
            if !isEnough(picture) { request(for: cell) }
        } else {
            cell.prepare(index: index, path: path, content: .placeholder(cache.averageColor(for: path) ?? PhotoCell.neutralGrey))
            request(for: cell)
        }
        cell.isFocused = index == focusedIndex
    }

    /// The cell's side in device pixels, so thumbnails are sharp at the window's scale.
    private var cellPixelSize: Size {
        let side = (grid.cellSide * (window?.deviceScale ?? 1)).rounded(.up)
        return Size(width: side, height: side)
    }

    /// Whether `picture` covers a cell in device pixels (a pixel short is rounding, not blur),
    /// or is all there is (a picture smaller than the cell is never upscaled by the decoder).
    private func isEnough(_ picture: DecodedPicture) -> Bool {
        let surface = picture.surface
        return Double(min(surface.width, surface.height)) >= cellPixelSize.width - 1
            || max(surface.width, surface.height) >= max(picture.info.pixelWidth, picture.info.pixelHeight)
    }

    private func request(for cell: PhotoCell) {
        let path = cell.path
        // A recycled cell may have moved on to another picture: only its latest request counts
        // (a source may also complete before `request` returns, so the token is set first).
        let token = PendingDecode()
        cell.pending = token
        let request = source.request(path: path, fitting: cellPixelSize) { [weak self, weak cell] result in
            guard let self, let cell, cell.pending === token else { return }
            cell.pending = nil
            cell.request = nil
            self.deliver(result, for: path, to: cell)
        }
        if cell.pending === token { cell.request = request }
    }

    private func deliver(_ result: Result<DecodedPicture, PictureDecodeError>, for path: String, to cell: PhotoCell) {
        switch result {
        case .success(let picture):
            cache.insert(picture, for: path)
            cell.content = .thumbnail(picture.surface)
            cell.picture = picture
        case .failure(.cancelled):
            break
        case .failure(let error):
            log.report(path, error)
            cell.content = .broken
        }
    }

    // MARK: focus and opening

    /// Moves the focus ring `columns` across and `rows` down (clamped to the folder), starting
    /// at the first visible picture, and scrolls it into view.
    public func moveFocus(columns: Int, rows: Int) {
        guard !folder.paths.isEmpty else { return }
        let target: Int
        if let focusedIndex {
            target = min(max(focusedIndex + columns + rows * grid.columns, 0), folder.paths.count - 1)
        } else {
            target = grid.indices(from: contentOffset.y, to: contentOffset.y + bounds.height).first ?? 0
        }
        setFocus(target)
    }

    /// Puts the focus ring on picture `index` and scrolls it into view.
    public func setFocus(_ index: Int?) {
        if let old = focusedIndex { cells[old]?.isFocused = false }
        focusedIndex = index
        guard let index else { return }
        scrollRectToVisible(grid.frame(at: index))
        cells[index]?.isFocused = true
    }

    /// Opens the focused picture; false when none is focused.
    @discardableResult
    public func openFocused() -> Bool {
        guard let focusedIndex else { return false }
        open(focusedIndex)
        return true
    }

    /// Opens picture `index` (``onOpen``), focusing it so the ring is there on the way back.
    public func open(_ index: Int) {
        setFocus(index)
        onOpen?(index)
    }
}

/// Identifies one request of a cell, so that a late completion for a cell that moved on is
/// told apart from the one it waits for.
@MainActor
final class PendingDecode {}
