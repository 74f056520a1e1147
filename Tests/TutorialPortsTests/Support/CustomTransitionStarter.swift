import Foundation
import SegueKit

// Tutorial 004's starter project (its storyboard), which the text does not print: the root page
// with the icon (`image`) and the "Tap to view" button, and the detail page's views. The root
// controller is the tutorial's `ViewController`, renamed here: that name is Segue's base class.

/// The tutorial's `ViewController`: an icon at the top left and a button that presents the
/// detail page (the storyboard segue), this page the detail page's transitioning delegate and
/// root (`prepareForSegue`).
@MainActor
final class RootViewController: ViewController {
    static let background = Color(hex: 0xF1FAEE)
    static let iconColour = Color(hex: 0x457B9D)
    /// The icon's frame in the page (the "Xcode icon" of the tutorial).
    static let iconFrame = Rect(x: 40, y: 60, width: 96, height: 96)

    let image = ImageView(image: nil, frame: RootViewController.iconFrame)
    var interactionController: PercentDrivenInteractiveTransition?

    init() { super.init(title: "Root") }

    override func loadView() {
        let view = View()
        view.backgroundColor = Self.background
        image.backgroundColor = Self.iconColour
        image.cornerRadius = 20
        view.addSubview(image)
        // The "Tap to view" button: a click anywhere on the page.
        view.addGestureRecognizer(TapGestureRecognizer { [weak self] _ in self?.presentDetail() })
        setView(view)
    }

    /// The "Tap to view" segue.
    func presentDetail() {
        let detail = DetailViewController(title: "Detail")
        DetailStoryboard.load(detail)
        detail.transitioningDelegate = self
        detail.rootViewController = self
        present(detail, animated: true)
    }
}

/// The detail page's storyboard scene: the picture on top (an image view, full width), a title,
/// a text and a "Tap to close" button below; the pan connected to `didPanDown(_:)`.
@MainActor
enum DetailStoryboard {
    static let background = Color(hex: 0x1D3557)
    static let pictureColour = Color(hex: 0xE63946)

    static func load(_ detail: DetailViewController) {
        let picture = ImageView(image: nil)
        picture.backgroundColor = pictureColour
        let title = Label(text: "Xcode", font: Font(size: 28, weight: .bold), color: .white)
        let text = Label(text: "The detail page.", font: Font(size: 15), color: .white)
        let close = Button(title: "Tap to close", font: Font(size: 15), color: .white)
        close.onTap = { [weak detail] in detail?.dismiss(animated: true) }
        // Auto Layout's constraints: the picture keeps the page's width and half its height.
        let view = LayoutView { bounds in
            picture.frame = Rect(x: 0, y: 0, width: bounds.width, height: bounds.height / 2)
            title.frame = Rect(x: 20, y: bounds.height / 2 + 20, width: max(bounds.width - 40, 0), height: 36)
            text.frame = Rect(x: 20, y: bounds.height / 2 + 60, width: max(bounds.width - 40, 0), height: 24)
            close.frame = Rect(x: 20, y: bounds.height - 60, width: 140, height: 36)
        }
        view.backgroundColor = background
        view.clipsToBounds = true
        for subview in [picture, title, text, close] as [View] { view.addSubview(subview) }
        view.addGestureRecognizer(PanGestureRecognizer(target: detail, action: DetailViewController.didPanDown))
        detail.setView(view)
        // The toolkit's own drag-down dismissal: UIKit has none, the tutorial's app neither.
        detail.dismissesOnDragDown = false
    }
}
