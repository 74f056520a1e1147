import Geometry
import Canvas
import Motion
import Segue
import RealModule

/// A grid of the demo's pictures; clicking one opens it large. It switches to a captioned
/// list and back (``GalleryLayout``) with every picture moving from its frame in one layout to
/// its frame in the other: by the bar's button, or interactively by a touchpad pinch or
/// Ctrl+scroll (spread: list, pinch: grid), released by the commit rule with the pinch's
/// velocity and settled on a spring; a new pinch catches a settling change.
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
    /// The layout shown (the one a running change started from).
    public private(set) var currentLayout = GalleryLayout.grid
    /// One caption per picture, shown in the list.
    public private(set) var captions: [Label] = []
    /// Switches the layout, animated (the navigation bar shows it while the grid is on top).
    public let layoutButton = Button(title: localized("List"), font: Font(size: 16), alignment: .right)
    /// The pinch (touchpad, or Ctrl+scroll) that drives a layout change.
    public let pinch = PinchGestureRecognizer()
    /// The layout change running, if any, and the layout it goes to.
    public private(set) var layoutTransition: LayoutTransition?
    public private(set) var transitionTarget: GalleryLayout?
    /// Progress when the current pinch began (a caught change goes on from there).
    private var pinchBase = 0.0

    public init() {
        super.init(title: localized("Gallery"))
    }

    /// The page is a ``ScrollView``: the grid scrolls when it is taller than the page.
    public var scrollView: ScrollView { view as! ScrollView }

    public override func loadView() {
        let view = ScrollView { [weak self] bounds in self?.layout(bounds) ?? bounds.size }
        view.backgroundColor = TraitCollection.current.palette.secondaryBackground
        setView(view)
    }

    /// The grid's grey follows the palette (the pictures stay as drawn).
    public override func traitCollectionDidChange(_ previous: TraitCollection) {
        super.traitCollectionDidChange(previous)
        if view.backgroundColor == previous.palette.secondaryBackground {
            view.backgroundColor = traitCollection.palette.secondaryBackground
        }
    }

    public override func viewDidLoad() {
        for index in 0..<Artwork.count {
            let cell = ImageCell(index: index)
            cell.onTap = { [weak self] in self?.open(index) }
            cell.accessibilityLabel = "Picture \(index + 1) of \(Artwork.count)"
            cell.accessibilityTraits = [.button, .image]
            scrollView.contentView.addSubview(cell)
            cells.append(cell)
            let caption = Label(text: localized(singular: "Picture %d of %d", plural: "Picture %d of %d", count: Artwork.count, index + 1, Artwork.count), font: Font(size: 17, weight: .medium))
            caption.isUserInteractionEnabled = false
            caption.alpha = 0
            scrollView.contentView.addSubview(caption)
            captions.append(caption)
        }
        layoutButton.onTap = { [weak self] in self?.switchLayout() }
        pinch.onChange = { [weak self] gesture in self?.pinchChanged(gesture as! PinchGestureRecognizer) }
        view.addGestureRecognizer(pinch)
    }

    // The bar's button is this page's: it fades in with the page's return (and goes again if
    // that is cancelled), as a navigation item's bar button does; it leaves at once when the
    // page is covered (the push's key frames stay as they were).
    public override func viewWillAppear(_ animated: Bool) {
        navigationController?.navigationBar.trailingButton = layoutButton
        let button = layoutButton
        button.isHidden = false
        guard animated, let coordinator = navigationController?.activeTransition?.coordinator else {
            button.alpha = 1
            return
        }
        coordinator.animate(alongsideProgress: { p in button.alpha = p }, completion: { coordinator in
            button.alpha = 1
            button.isHidden = coordinator.isCancelled
        })
    }

    public override func viewWillDisappear(_ animated: Bool) {
        layoutButton.isHidden = true
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
        Size(width: bounds.width, height: place(width: bounds.width, progress: layoutTransition?.transitionProgress ?? 0))
    }

    /// Puts every picture and caption at `progress` of the way from ``currentLayout`` to the
    /// change's target (or in ``currentLayout``); returns the content's height there.
    @discardableResult
    private func place(width: Double, progress: Double) -> Double {
        let from = currentLayout, to = transitionTarget ?? currentLayout
        for (index, cell) in cells.enumerated() {
            cell.frame = Rect.interpolate(from: GalleryPage.cellFrame(index, width: width, layout: from),
                                          to: GalleryPage.cellFrame(index, width: width, layout: to), fraction: progress)
            captions[index].frame = Rect.interpolate(from: GalleryPage.captionFrame(index, width: width, layout: from),
                                                     to: GalleryPage.captionFrame(index, width: width, layout: to),
                                                     fraction: progress)
            captions[index].alpha = Double.interpolate(from: GalleryPage.captionAlpha(from), to: GalleryPage.captionAlpha(to),
                                                       fraction: progress)
            if view.isRightToLeft {
                // Mirrored: the grid fills from the right, a list's captions sit left of their pictures.
                for item in [cell, captions[index]] as [View] {
                    let f = item.frame
                    item.frame = Rect(x: width - f.maxX, y: f.minY, width: f.width, height: f.height)
                }
            }
        }
        return Double.interpolate(from: GalleryPage.contentHeight(count: cells.count, width: width, layout: from),
                                  to: GalleryPage.contentHeight(count: cells.count, width: width, layout: to),
                                  fraction: progress)
    }

    // MARK: layout changes

    /// Starts a change to `target` at progress 0 (`startInteractiveTransition(to:)`).
    private func beginLayoutTransition(to target: GalleryLayout) -> LayoutTransition? {
        guard layoutTransition == nil, target != currentLayout, let window = view.window else { return nil }
        transitionTarget = target
        let transition = LayoutTransition(in: window, apply: { [weak self] progress in
            guard let self else { return }
            self.scrollView.contentSize = Size(width: self.view.bounds.width,
                                               height: self.place(width: self.view.bounds.width, progress: progress))
        }, completion: { [weak self] finished in self?.layoutTransitionEnded(finished) })
        layoutTransition = transition
        return transition
    }

    private func layoutTransitionEnded(_ finished: Bool) {
        if finished, let target = transitionTarget { currentLayout = target }
        transitionTarget = nil
        layoutTransition = nil
        layoutButton.titleLabel.text = currentLayout == .grid ? localized("List") : localized("Grid")
        scrollView.contentSize = Size(width: view.bounds.width, height: place(width: view.bounds.width, progress: 0))
    }

    /// The bar's button: the other layout, animated (ignored while a change runs).
    public func switchLayout() {
        beginLayoutTransition(to: currentLayout.other)?.animate()
    }

    private func pinchChanged(_ pinch: PinchGestureRecognizer) {
        // Progress grows with the spread towards the list, with the pinch towards the grid.
        func towardsTarget(_ value: Double) -> Double { (transitionTarget ?? currentLayout.other) == .list ? value : -value }
        switch pinch.state {
        case .began:
            // A pinch during a settle catches the change where it is.
            layoutTransition?.interrupt()
            pinchBase = layoutTransition?.transitionProgress ?? 0
        case .changed:
            let zoom = GalleryPage.pinchProgress(scale: pinch.scale)
            if layoutTransition == nil {
                // Only a pinch towards the other layout starts a change.
                guard towardsTarget(zoom) > 0, beginLayoutTransition(to: currentLayout.other) != nil else { return }
            }
            layoutTransition?.update(pinchBase + towardsTarget(zoom))
        case .ended:
            // d(log₂ s)/dt = (ds/dt) / (s ln 2), in progress per second.
            let velocity = towardsTarget(pinch.velocity / (max(pinch.scale, 1e-6) * Double.log(2.0)))
            layoutTransition?.release(velocity: velocity)
        case .cancelled, .failed:
            layoutTransition?.cancel()
        case .possible:
            break
        }
    }

    /// The cell showing picture `index`, if there is one.
    public func cell(at index: Int) -> ImageCell? {
        cells.indices.contains(index) ? cells[index] : nil
    }

    private func open(_ index: Int) {
        guard let navigation = navigationController, navigation.activeTransition == nil, layoutTransition == nil else { return }
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
        super.init(title: localized("Picture %d", index + 1))
    }

    public override func viewDidLoad() {
        // Tutorial 001's rule: past half-way finishes, otherwise cancels (no velocity rule).
        popSwipe.commitRule = .threshold(0.5, inclusive: false)
        popSwipe.swipeable = self
        view.addGestureRecognizer(popSwipe.recognizer)
    }

    public override func loadView() {
        imageView.index = index
        imageView.isAccessibilityElement = true
        imageView.accessibilityLabel = localized("Picture %d", index + 1)
        imageView.accessibilityTraits = .image
        let caption = Label(text: localized(singular: "Picture %d of %d, drawn by Segue", plural: "Picture %d of %d, drawn by Segue", count: Artwork.count, index + 1, Artwork.count), font: Font(size: 15),
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

/// The pop swipe: a page's width, only to the right (to the left, right to left), only while
/// this page is on top.
extension PhotoPage: Swipeable {
    /// Only while this page is on top and nothing else runs, and only rightwards.
    public func swipeShouldBegin(_ swipe: InteractiveSwipe, pan: PanGestureRecognizer) -> Bool {
        guard let navigation = navigationController, navigation.topViewController === self,
              navigation.activeTransition == nil else { return false }
        // Only a drag to the right pops; a leftward one is left to others (nobody takes it here).
        // (Right to left, mirrored: a drag to the left.)
        return view.isRightToLeft ? pan.translation.x < 0 : pan.translation.x > 0
    }

    /// A whole pop is the page's width.
    public func swipeDistance(_ swipe: InteractiveSwipe) -> Double { view.bounds.width }

    /// Pops this page.
    public func swipe(_ swipe: InteractiveSwipe, beginTransitionFor translation: Point) -> Direction? {
        navigationController?.popViewController(animated: true) != nil ? (view.isRightToLeft ? .left : .right) : nil
    }
}
