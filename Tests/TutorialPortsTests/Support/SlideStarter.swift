import Foundation
import SegueKit

// Tutorial 000's pages around its slide animator: plain coloured pages, left unsized (UIKit's
// containers size their children; the slide never sets a frame).

/// A page of one colour.
@MainActor
final class ColourPage: ViewController {
    let colour: Color

    init(_ title: String, colour: Color) {
        self.colour = colour
        super.init(title: title)
    }

    override func loadView() {
        let view = View()
        view.backgroundColor = colour
        setView(view)
    }
}
