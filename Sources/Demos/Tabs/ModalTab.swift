import Geometry
import Motion
import Segue

/// Tab 2: presentations — the default sheet (tutorial 000's vertical slide), tutorial 000's
/// overlay, tutorial 002's card flip and tutorial 004's expand from icon (see `Modal/`).
@MainActor
enum ModalTab {
    static let background = ModalPage.background
    static let sheet = Color(hex: 0x5856D6)

    static func make() -> ViewController {
        let modal = ModalPage()
        modal.tabBarItem = TabBarItem(title: localized("Modal"), icon: .cards)
        return modal
    }
}
