import Geometry
import Canvas
import Motion

/// The bar above a navigation stack: a Back button and the top page's title, which cross-fade
/// with a transition's progress.
@MainActor
public final class NavigationBar: View {
    /// The bar's height in logical pixels, its bottom line included.
    public static let height = 52.0
    /// The Back button at the bar's leading end (the left, or the right in a right-to-left
    /// layout); hidden on the root page.
    public let backButton: Button
    private var titleLabel: Label
    private var incomingTitle: Label?

    /// A button at the bar's right end, as a `rightBarButtonItem` (nil: none). Its owner
    /// shows or hides it with its page.
    public var trailingButton: Button? {
        didSet {
            guard trailingButton !== oldValue else { return }
            oldValue?.removeFromSuperview()
            if let trailingButton { addSubview(trailingButton) }
            setNeedsLayout()
        }
    }

    /// Called when the Back button is clicked.
    var onBack: (() -> Void)?

    /// An empty bar: no title, and a Back button its navigation controller shows and hides.
    public override init(frame: Rect = .zero) {
        backButton = Button(title: NavigationBar.backTitle(rightToLeft: false), font: Font(size: 16), alignment: .left)
        titleLabel = NavigationBar.makeTitle("")
        super.init(frame: frame)
        backgroundColor = TraitCollection.current.palette.bar
        addSubview(titleLabel)
        addSubview(backButton)
        backButton.onTap = { [weak self] in self?.onBack?() }
    }

    private static func makeTitle(_ text: String) -> Label {
        let label = Label(text: text, font: Font(size: 17, weight: .bold), alignment: .center)
        label.isUserInteractionEnabled = false
        return label
    }

    /// The title shown now (during a transition, the outgoing one until the transition completes).
    public var title: String { titleLabel.text }

    /// True: the bar draws its bottom line.
    public override var drawsContent: Bool { true }

    /// Draws the one-pixel line along the bottom (two in high contrast, in the outline colour).
    public override func draw(in canvas: Canvas) {
        let palette = traitCollection.palette
        let line: (color: Color, width: Double) = palette.outline.map { ($0, 2) } ?? (palette.separator, 1)
        canvas.fill(Rect(x: 0, y: bounds.height - line.width, width: bounds.width, height: line.width), color: line.color)
    }

    /// Follows the palette's bar colour.
    public override func traitCollectionDidChange(_ previous: TraitCollection) {
        if backgroundColor == previous.palette.bar { backgroundColor = traitCollection.palette.bar }
    }

    /// "‹ Back" in the user's language. Right to left the title starts with a right-to-left
    /// mark: the paragraph runs right to left whatever the translation's script, so its
    /// leading "‹" (a mirrored character) shows as "›" at the right end, pointing right.
    static func backTitle(rightToLeft: Bool) -> String {
        (rightToLeft ? "\u{200F}" : "") + "‹ " + Localization.string("Back")
    }

    /// Places the title in the middle, Back at the leading end (left, or right in a
    /// right-to-left layout) and the trailing button at the other.
    public override func layoutSubviews() {
        let titleFrame = Rect(x: 100, y: 0, width: max(0, bounds.width - 200), height: bounds.height - 1)
        titleLabel.frame = titleFrame
        incomingTitle?.frame = titleFrame
        backButton.frame = flippedForLayoutDirection(Rect(x: 4, y: 6, width: 96, height: bounds.height - 13))
        backButton.titleLabel.text = NavigationBar.backTitle(rightToLeft: isRightToLeft)
        trailingButton?.frame = flippedForLayoutDirection(Rect(x: bounds.width - 100, y: 6, width: 96, height: bounds.height - 13))
    }

    /// Shows `title` with or without a Back button, at once.
    func show(title: String, canGoBack: Bool) {
        incomingTitle?.removeFromSuperview()
        incomingTitle = nil
        titleLabel.text = title
        titleLabel.alpha = 1
        backButton.alpha = canGoBack ? 1 : 0
        backButton.isHidden = !canGoBack
    }

    /// Cross-fades to `title` in step with a transition, and back if it is cancelled.
    func transition(to title: String, canGoBack: Bool, previous: (title: String, canGoBack: Bool),
                    coordinator: TransitionCoordinator) {
        let incoming = NavigationBar.makeTitle(title)
        incoming.frame = titleLabel.frame
        incoming.alpha = 0
        insertSubview(incoming, belowSubview: backButton)
        incomingTitle = incoming
        let outgoing = titleLabel
        let backFrom = previous.canGoBack ? 1.0 : 0.0, backTo = canGoBack ? 1.0 : 0.0
        backButton.isHidden = false
        coordinator.animate(alongsideProgress: { [weak self] p in
            // One title at a time: the old fades out over the first half, the new in over the second.
            incoming.alpha = max(0, 2 * p - 1)
            outgoing.alpha = max(0, 1 - 2 * p)
            self?.backButton.alpha = backFrom + (backTo - backFrom) * p
        }, completion: { [weak self] coordinator in
            guard let self else { return }
            if !coordinator.isCancelled {
                outgoing.removeFromSuperview()
                self.titleLabel = incoming
                self.incomingTitle = nil
            }
            let final: (title: String, canGoBack: Bool) = coordinator.isCancelled ? previous : (title, canGoBack)
            self.show(title: final.title, canGoBack: final.canGoBack)
        })
    }
}
