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

    /// Pushes the page of picture `index`, its cell focused so the ring is there on the way back.
    public func open(_ index: Int) {
        guard grid.folder.paths.indices.contains(index) else { return }
        if grid.focusedIndex != index { grid.setFocus(index) }
        let page = PhotoPageController(folder: grid.folder, index: index, source: source, log: log)
        page.onIndexChange = { [weak grid] index in grid?.setFocus(index) }
        navigationController?.pushViewController(page, animated: true)
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
