import Geometry
import Canvas
import Motion
import Segue

/// The flip card page (the part tutorial 002 gives its card controller): a page whose content is
/// the card. Clicking the card flips the whole page over into the reveal page
/// (``CardFlipAnimator``); the Modal tab presents it as a sheet.
///
/// Layout: the title above the card, the card (``cardSize``) centred horizontally and
/// ``cardDrop`` px below the page's vertical centre, so the card's centre is not the page's
/// (the flip's vanishing point is the page's centre), and a hint below it.
@MainActor
public final class FlipCardPage: ViewController {
    public static let background = Color(hex: 0xE9F5F2)
    public static let cardSize = Size(width: 200, height: 280)
    /// How far below the page's vertical centre the card's centre sits.
    public static let cardDrop = 40.0

    public let card = FlipCardView()
    private let flipDelegate: CardFlipTransitioningDelegate

    public init() {
        flipDelegate = CardFlipTransitioningDelegate(card: nil)
        super.init(title: localized("Flip the card"))
        flipDelegate.card = card
    }

    /// The card's frame on a page of `bounds`: centred horizontally, ``cardDrop`` below the
    /// centre, kept 64 px from the top.
    public static func cardFrame(in bounds: Rect) -> Rect {
        let x = ((bounds.width - cardSize.width) / 2).rounded()
        let y = max(64, ((bounds.height - cardSize.height) / 2 + cardDrop).rounded())
        return Rect(x: x, y: y, width: cardSize.width, height: cardSize.height)
    }

    public override func loadView() {
        let heading = Label(text: localized("Flip the card"), font: Font(size: 26, weight: .bold), color: Color(hex: 0x264653),
                            alignment: .center)
        let hint = Label(text: localized("Click the card to flip it. Esc or a drag down goes back."), font: Font(size: 14),
                         color: Color(hex: 0x3A3A3C), alignment: .center)
        let close = Button(title: localized("Close"), font: Font(size: 15, weight: .medium), color: Color(hex: 0x264653))
        close.fillColor = Color(hex: 0x264653).withAlpha(0.12)
        close.cornerRadius = 10
        close.onTap = { [weak self] in self?.dismiss(animated: true) }
        card.subtitle = localized("Click to reveal")
        card.onTap = { [weak self] in self?.presentReveal() }
        card.accessibilityLabel = "Flip card"
        card.accessibilityHint = card.subtitle
        let card = self.card
        let view = LayoutView { bounds in
            let frame = FlipCardPage.cardFrame(in: bounds)
            heading.frame = Rect(x: 0, y: max(16, frame.minY - 56), width: bounds.width, height: 34)
            card.frame = frame
            hint.frame = Rect(x: 0, y: frame.maxY + 16, width: bounds.width, height: 22)
            close.frame = Rect(x: close.isRightToLeft ? 20 : bounds.width - 108, y: 16, width: 88, height: 36)
        }
        view.backgroundColor = Self.background
        for subview in [heading, card, hint, close] as [View] { view.addSubview(subview) }
        setView(view)
    }

    /// Flips over to the reveal page (tutorial 002's present).
    public func presentReveal() {
        let reveal = RevealPage()
        reveal.transitioningDelegate = flipDelegate
        flipDelegate.reveal = reveal
        present(reveal)
    }
}
