import PhotoDecoding
import SegueKit

/// Pictures side by side, one page each, paged by a horizontal drag or by ``page(by:)``: the
/// current page and its two neighbours exist (three ``PictureView``s, passed along as the
/// pager moves, so the neighbour is decoded before it slides in).
///
/// Toolkit note: `InteractiveSwipe` drives a view-controller transition between two
/// controllers and `TabbedContainerController` wants every child up front with a tab bar; a
/// folder of thousands of pictures needs neither, so the pager follows the drag itself and
/// settles with a view animation.
@MainActor
public final class PhotoPagerView: View {
    /// The space between pages while they slide, in points.
    public static let pageGap = 24.0
    /// A release past this share of the width turns the page.
    public static let turnDistance = 0.3
    /// A flick faster than this (points per second) turns the page whatever the distance.
    public static let turnSpeed = 400.0
    /// How long a page turn settles, in seconds.
    public static let settleDuration = 0.25

    /// The pictures paged through.
    public let folder: PictureFolder
    /// The picture shown.
    public private(set) var index: Int
    /// Called after the page turned.
    public var onPageChange: ((Int) -> Void)?
    /// The horizontal drag that turns pages.
    public let pan = PanGestureRecognizer(axis: .horizontal)

    /// Previous, current, next.
    public private(set) var pages: [PictureView]
    private var dragOffset = 0.0
    private var isSettling = false

    /// A pager over `folder` showing picture `index`.
    public init(folder: PictureFolder, index: Int, source: ThumbnailSource, log: BrokenPictureLog) {
        self.folder = folder
        self.index = min(max(index, 0), max(folder.paths.count - 1, 0))
        pages = (0..<3).map { _ in PictureView(source: source, log: log) }
        super.init()
        clipsToBounds = true
        backgroundColor = Color(red: 0.06, green: 0.06, blue: 0.06)
        for page in pages { addSubview(page) }
        assignPages()
        pan.shouldBegin = { [weak self] recognizer in
            // Dragging right on the first picture is left to the navigation's pop.
            guard let self, let pan = recognizer as? PanGestureRecognizer else { return false }
            return !isSettling && !(pan.translation.x > 0 && self.index == 0)
        }
        pan.onChange = { [weak self] recognizer in self?.panChanged(recognizer as! PanGestureRecognizer) }
        addGestureRecognizer(pan)
    }

    /// The current page.
    public var currentPage: PictureView { pages[1] }

    public override func layoutSubviews() { placePages() }

    /// Turns `step` pages (−1 back, +1 on), animated; false at either end or while settling.
    @discardableResult
    public func page(by step: Int) -> Bool {
        let target = index + step
        guard !isSettling, step != 0, folder.paths.indices.contains(target) else { return false }
        settle(turning: step > 0 ? 1 : -1)
        return true
    }

    private func panChanged(_ pan: PanGestureRecognizer) {
        let translation = pan.translation(in: self).x
        switch pan.state {
        case .began, .changed:
            let blocked = (translation > 0 && index == 0) || (translation < 0 && index == folder.paths.count - 1)
            // Past either end the page follows a third of the drag, as a rubber band.
            dragOffset = blocked ? translation / 3 : translation
            placePages()
        case .ended:
            let velocity = pan.velocity(in: self).x
            // A drag left (negative) turns to the next page.
            let step = translation < 0 ? 1 : -1
            let flickedOn = velocity * Double(-step) > Self.turnSpeed
            let flickedBack = velocity * Double(step) > Self.turnSpeed
            let turns = folder.paths.indices.contains(index + step) && !flickedBack
                && (abs(translation) > bounds.width * Self.turnDistance || flickedOn)
            settle(turning: turns ? step : 0)
        case .cancelled, .failed:
            settle(turning: 0)
        case .possible:
            break
        }
    }

    /// Slides the pages to rest `step` pages on (0: back where they were), then passes them along.
    private func settle(turning step: Int) {
        isSettling = true
        View.animate(withDuration: Self.settleDuration, delay: 0, options: [.curveEaseOut], animations: {
            dragOffset = -Double(step) * (bounds.width + Self.pageGap)
            placePages()
        }, completion: { [weak self] _ in
            guard let self else { return }
            self.isSettling = false
            self.dragOffset = 0
            guard step != 0 else { return self.placePages() }
            self.index += step
            if step > 0 { self.pages.append(self.pages.removeFirst()) } else { self.pages.insert(self.pages.removeLast(), at: 0) }
            self.assignPages()
            self.placePages()
            self.onPageChange?(self.index)
        })
    }

    /// Gives each page its picture: the neighbours' pictures are kept as the pages rotate, so
    /// only the page that came round decodes.
    private func assignPages() {
        for (offset, page) in pages.enumerated() {
            let target = index + offset - 1
            page.show(folder.paths.indices.contains(target) ? folder.paths[target] : nil)
            page.isHidden = page.path == nil
            page.accessibilityElementsHidden = offset != 1
        }
    }

    private func placePages() {
        for (offset, page) in pages.enumerated() {
            let x = Double(offset - 1) * (bounds.width + Self.pageGap) + dragOffset
            page.frame = Rect(x: x, y: 0, width: bounds.width, height: bounds.height)
        }
    }
}
