import Foundation
import SegueKit

// Tutorial 002's starter project ("Guess the pet"), which the text does not print: what its
// ported classes need around them. The values the tests check come from the text (0.6 s, the
// three thirds, m34 = −1/500, dx / 200 px, "> 0.5").

/// The original project's helper (the text names it without printing it): a rotation about y,
/// and the perspective m34 = −0.002 set once on the container.
@MainActor
struct AnimationHelper {
  static func yRotation(_ angle: Double) -> Transform3D {
    return Transform3DMakeRotation(angle, 0.0, 1.0, 0.0)
  }

  static func perspectiveTransform(for containerView: View) {
    var transform = Transform3DIdentity
    transform.m34 = -0.002
    containerView.layer.sublayerTransform = transform
  }
}

/// The card page: a rounded card on a plain background. A click on the card presents the
/// reveal page with this page as its transitioning delegate (the storyboard segue's job and
/// `prepare(for:sender:)`'s `destinationViewController.transitioningDelegate = self`).
@MainActor
final class CardViewController: ViewController {
  static let cardCornerRadius = 25.0
  static let background = Color(hex: 0xE9C46A)
  static let cardColour = Color(hex: 0x2A9D8F)
  /// Where the card sits in an 800 × 600 page.
  static let cardFrame = Rect(x: 250, y: 100, width: 300, height: 400)

  let cardView = View(frame: CardViewController.cardFrame)

  init() { super.init(title: "Card") }

  override func loadView() {
    let view = View()
    view.backgroundColor = Self.background
    cardView.backgroundColor = Self.cardColour
    cardView.cornerRadius = Self.cardCornerRadius
    view.addSubview(cardView)
    view.addGestureRecognizer(TapGestureRecognizer { [weak self] _ in self?.presentReveal() })
    setView(view)
  }

  /// The segue: presents a new reveal page, this page its transitioning delegate.
  func presentReveal() {
    let reveal = RevealViewController()
    reveal.transitioningDelegate = self
    present(reveal, animated: true)
  }
}

/// The reveal page: a colour and a picture (a lighter square). Its view is left unsized, as a
/// storyboard view would be before UIKit sizes it. `viewDidLoad` makes the swipe interaction
/// controller, as the text says.
@MainActor
final class RevealViewController: ViewController {
  static let background = Color(hex: 0x1D3557)
  static let picture = Color(hex: 0xF4A261)
  var swipeInteractionController: SwipeInteractionController?

  init() {
    super.init(title: "Reveal")
    // The toolkit's own drag-down dismissal: UIKit has none, the tutorial's app neither.
    dismissesOnDragDown = false
  }

  override func loadView() {
    let picture = View()
    picture.backgroundColor = Self.picture
    let view = LayoutView { bounds in
      let side = min(bounds.width, bounds.height) * 0.6
      picture.frame = Rect(x: (bounds.width - side) / 2, y: (bounds.height - side) / 2, width: side, height: side)
    }
    view.backgroundColor = Self.background
    view.addSubview(picture)
    setView(view)
  }

  override func viewDidLoad() {
    swipeInteractionController = SwipeInteractionController(viewController: self)
  }
}
