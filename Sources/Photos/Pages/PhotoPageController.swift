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

    /// A page of `folder` opened at picture `index`, showing `preview` (its thumbnail) until
    /// the picture is decoded at the page's size.
    public init(folder: PictureFolder, index: Int, source: ThumbnailSource, log: BrokenPictureLog, preview: Surface? = nil) {
        pager = PhotoPagerView(folder: folder, index: index, source: source, log: log)
        pager.currentPage.preview = preview
        super.init(title: folder.paths.indices.contains(index) ? folder.paths[index].fileName : "")
        pager.onPageChange = { [weak self] index in
            self?.title = folder.paths[index].fileName
            self?.onIndexChange?(index)
        }
    }

    /// The picture shown.
    public var index: Int { pager.index }

    /// Where the picture shown lies on the page (the page's coordinates): what a zoom lines up
    /// with the grid's cell.
    public var pictureRect: Rect {
        let page = pager.currentPage
        return page.shownRect.offsetBy(dx: page.frame.minX, dy: page.frame.minY)
    }

    /// Whether the picture is zoomed into (then drags pan it, and none closes the page).
    public var isPictureZoomed: Bool { pager.currentPage.zoomScale > 1 }

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
