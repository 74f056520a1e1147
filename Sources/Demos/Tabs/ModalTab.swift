import Motion
import Segue

/// Tab 2: presentations — the default sheet (tutorial 000's vertical slide), and the
/// tutorials' custom ones.
@MainActor
enum ModalTab {
    static let background = Color(hex: 0xFFF7E8)
    static let sheet = Color(hex: 0x5856D6)

    static func make() -> ViewController {
        let modal = MenuPage(title: "Modal", heading: "Presentations: drag a sheet down to dismiss it; Esc closes.",
                             background: background, entries: [
            MenuPage.Entry(title: "Sheet (slide up)") { page in
                page.present(ColorPage(title: "Sheet", color: sheet, hint: "Drag down to dismiss, or press Esc",
                                       closeButton: true))
            },
        ])
        modal.tabBarItem = TabBarItem(title: "Modal", icon: .cards)
        return modal
    }
}
