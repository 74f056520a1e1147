import Geometry
import Canvas
import Motion
import Segue

/// The Modal tab's page: the sheet and overlay buttons, the "Flip the card" card (opens
/// tutorial 002's card page, where the card flips) and an icon tile (tutorial 004's expand
/// from icon).
///
/// Layout (page coordinates; the page starts at the window's top, the tab has no bar):
/// buttons at x 24…444, y 64…112 (Sheet) and 128…176 (Overlay); the card at
/// ``cardFrame``; the icon at ``iconFrame``. On a page narrower than ``sideBySideWidth`` the
/// icon goes below the card; on one wider than ``maximumContentWidth`` everything keeps to a
/// centred column that wide. The page is a ``ScrollView``: on a short window it scrolls.
@MainActor
public final class ModalPage: ViewController {
    public static let background = Color(hex: 0xFFF7E8)
    public static let cardFrame = Rect(x: 24, y: 200, width: 200, height: 280)
    public static let iconFrame = Rect(x: 256, y: 200, width: 96, height: 96)
    /// The narrowest page with the icon beside the card (24 px margins, 32 px between).
    public static let sideBySideWidth = iconFrame.maxX + 24
    /// The widest the content gets: wider pages centre a column this wide.
    public static let maximumContentWidth = 1280.0

    /// The page's scroll view (the page's view).
    public var scrollView: ScrollView { view as! ScrollView }

    private let heading = Label(text: localized("Four presentations. Esc closes each."),
                                font: Font(size: 15), color: Color(hex: 0x3A3A3C))
    private let sheetButton = ModalPage.menuButton(localized("Sheet (slide up)"))
    private let overlayButton = ModalPage.menuButton(localized("Overlay (custom presentation)"))
    public let card = FlipCardView()
    public let icon = IconTileView()
    private let iconCaption = Label(text: localized("Lake"), font: Font(size: 13, weight: .medium), color: Color(hex: 0x3A3A3C),
                                    alignment: .center)

    // Transitioning delegates are held weakly by the presented pages, as in UIKit: the page keeps them.
    private let overlayDelegate = OverlayTransitioningDelegate()
    private lazy var expandDelegate = ExpandTransitioningDelegate(icon: icon)

    public init() {
        super.init(title: localized("Modal"))
    }

    static func menuButton(_ title: String) -> Button {
        let button = Button(title: title, font: Font(size: 16, weight: .medium), color: .white)
        button.fillColor = Color(hex: 0x0A66D8)
        button.cornerRadius = 12
        return button
    }

    public override func loadView() {
        let view = ScrollView { [weak self] bounds in self?.layout(bounds) ?? bounds.size }
        view.backgroundColor = Self.background
        setView(view)
    }

    public override func viewDidLoad() {
        sheetButton.onTap = { [weak self] in self?.presentSheet() }
        overlayButton.onTap = { [weak self] in self?.presentOverlay() }
        card.onTap = { [weak self] in self?.presentCardPage() }
        icon.onTap = { [weak self] in self?.presentDetail() }
        // What the page draws itself, named for assistive technology.
        card.accessibilityLabel = "Flip card"
        card.accessibilityHint = "Opens the flip card page"
        icon.accessibilityLabel = "Lake"
        icon.accessibilityHint = "Opens the mountain lake picture"
        iconCaption.isUserInteractionEnabled = false
        for subview in [heading, sheetButton, overlayButton, card, icon, iconCaption] as [View] {
            scrollView.contentView.addSubview(subview)
        }
    }

    /// Lays out the content for a page of `bounds`; returns the content's size.
    private func layout(_ bounds: Rect) -> Size {
        let column = min(bounds.width, Self.maximumContentWidth)
        let x0 = ((bounds.width - column) / 2).rounded()
        heading.frame = Rect(x: x0 + 24, y: 20, width: column - 48, height: 24)
        let buttonWidth = min(column - 48, 420)
        sheetButton.frame = Rect(x: x0 + 24, y: 64, width: buttonWidth, height: 48)
        overlayButton.frame = Rect(x: x0 + 24, y: 128, width: buttonWidth, height: 48)
        card.frame = Self.cardFrame.offsetBy(dx: x0, dy: 0)
        icon.frame = column >= Self.sideBySideWidth
            ? Self.iconFrame.offsetBy(dx: x0, dy: 0)
            : Rect(x: x0 + Self.cardFrame.minX, y: Self.cardFrame.maxY + 24, width: Self.iconFrame.width, height: Self.iconFrame.height)
        iconCaption.frame = Rect(x: icon.frame.minX - 12, y: icon.frame.maxY + 6, width: icon.frame.width + 24, height: 18)
        if view.isRightToLeft {
            // Mirrored: the card at the right, the icon to its left (the expand grows from it there).
            for subview in [heading, sheetButton, overlayButton, card, icon, iconCaption] as [View] {
                let frame = subview.frame
                subview.frame = Rect(x: bounds.width - frame.maxX, y: frame.minY, width: frame.width, height: frame.height)
            }
        }
        return Size(width: bounds.width, height: max(card.frame.maxY, iconCaption.frame.maxY) + 24)
    }

    // MARK: presentations

    /// The default presentation: a full-screen sheet sliding up, dragged down to dismiss.
    public func presentSheet() {
        present(ColorPage(title: localized("Sheet"), color: ModalTab.sheet, hint: localized("Drag down to dismiss, or press Esc"),
                          closeButton: true))
    }

    /// Tutorial 000's overlay: a custom presentation with a dimming view.
    public func presentOverlay() {
        let panel = OverlayPanelPage()
        panel.modalPresentationStyle = .custom
        panel.transitioningDelegate = overlayDelegate
        present(panel)
    }

    /// Tutorial 002's card page, as a sheet: its card flips the whole page over.
    public func presentCardPage() {
        present(FlipCardPage())
    }

    /// Tutorial 004's expand from icon.
    public func presentDetail() {
        let detail = ExpandDetailPage()
        detail.transitioningDelegate = expandDelegate
        expandDelegate.detail = detail
        present(detail)
    }
}
