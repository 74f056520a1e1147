import Foundation
import SegueKit

// Tutorial 000's pages around its slide animator: plain coloured pages, left unsized (UIKit's
// containers size their children; the slide never sets a frame).

/// A page of one colour; a click on it pushes `next` when there is one (and a navigation
/// controller).
@MainActor
final class ColourPage: ViewController {
    let colour: Color
    var next: ColourPage?

    init(_ title: String, colour: Color, next: ColourPage? = nil) {
        self.colour = colour
        self.next = next
        super.init(title: title)
    }

    override func loadView() {
        let view = View()
        view.backgroundColor = colour
        view.addGestureRecognizer(TapGestureRecognizer { [weak self] _ in
            guard let self, let next = self.next, let navigation = self.navigationController,
                  navigation.topViewController === self else { return }
            navigation.pushViewController(next, animated: true)
        })
        setView(view)
    }
}
