import PhotoDecoding
import SegueKit

/// One picture full size, paged left and right through the folder (a drag, the arrow keys);
/// Escape goes back to the grid, as do Back and Alt+Left through the navigation controller.
@MainActor
public final class PhotoPageController: ViewController {
    /// The pager the page shows.
    public let pager: PhotoPagerView
    /// Called with the new index after each page turn (the grid follows with its focus ring,
    /// so going back lands on the picture last seen).
    public var onIndexChange: ((Int) -> Void)?

    /// A page of `folder` opened at picture `index`.
    public init(folder: PictureFolder, index: Int, source: ThumbnailSource, log: BrokenPictureLog) {
        pager = PhotoPagerView(folder: folder, index: index, source: source, log: log)
        super.init(title: folder.paths.indices.contains(index) ? folder.paths[index].fileName : "")
        pager.onPageChange = { [weak self] index in
            self?.title = folder.paths[index].fileName
            self?.onIndexChange?(index)
        }
    }

    /// The picture shown.
    public var index: Int { pager.index }

    public override func loadView() { setView(pager) }

    public override func handleKey(_ event: KeyEvent) -> Bool {
        guard event.pressed, event.modifiers.isDisjoint(with: [.alt, .control, .logo]) else { return false }
        switch event.key {
        case .left: return pager.page(by: pager.isRightToLeft ? 1 : -1) || true
        case .right: return pager.page(by: pager.isRightToLeft ? -1 : 1) || true
        case .escape: return navigationController?.popViewController(animated: true) != nil
        default: return false
        }
    }

    public override func viewDidDisappear(_ animated: Bool) {
        // A page that left stops decoding; its pictures go with it.
        for page in pager.pages { page.cancel() }
    }
}
