import Geometry
import Canvas
import Motion
import Segue

/// A page with a heading, a line of text and a column of buttons: the Modal tab's menu.
@MainActor
public final class MenuPage: ViewController {
    public struct Entry {
        public var title: String
        public var action: @MainActor (MenuPage) -> Void
        public init(title: String, action: @escaping @MainActor (MenuPage) -> Void) {
            self.title = title
            self.action = action
        }
    }

    private let heading: String
    private let entries: [Entry]
    private let background: Color
    private var buttons: [Button] = []
    private let headingLabel: Label

    public init(title: String, heading: String, background: Color, entries: [Entry]) {
        self.heading = heading
        self.entries = entries
        self.background = background
        headingLabel = Label(text: heading, font: Font(size: 15), color: Color(hex: 0x3A3A3C))
        super.init(title: title)
    }

    public override func loadView() {
        let view = LayoutView { [weak self] bounds in self?.layout(bounds) }
        view.backgroundColor = background
        setView(view)
    }

    public override func viewDidLoad() {
        view.addSubview(headingLabel)
        for entry in entries {
            let button = Button(title: entry.title, font: Font(size: 16, weight: .medium), color: .white)
            button.fillColor = Color(hex: 0x0A66D8)
            button.cornerRadius = 12
            button.onTap = { [weak self] in
                guard let self else { return }
                entry.action(self)
            }
            view.addSubview(button)
            buttons.append(button)
        }
    }

    private func layout(_ bounds: Rect) {
        headingLabel.frame = Rect(x: 24, y: 20, width: bounds.width - 48, height: 24)
        for (index, button) in buttons.enumerated() {
            button.frame = Rect(x: 24, y: 64 + Double(index) * 64, width: min(bounds.width - 48, 420), height: 48)
        }
    }
}

/// A full page in one colour with a title and a hint, used by modals and container pages.
@MainActor
public final class ColorPage: ViewController {
    public let color: Color
    private let hint: String
    private let closeButton: Bool

    public init(title: String, color: Color, hint: String, closeButton: Bool = false) {
        self.color = color
        self.hint = hint
        self.closeButton = closeButton
        super.init(title: title)
    }

    public override func loadView() {
        let titleLabel = Label(text: title, font: Font(size: 30, weight: .bold), color: .white)
        let hintLabel = Label(text: hint, font: Font(size: 15), color: Color(red: 1, green: 1, blue: 1, alpha: 0.85))
        let close = closeButton ? Button(title: localized("Close"), font: Font(size: 15, weight: .medium), color: .white) : nil
        close?.fillColor = Color(red: 0, green: 0, blue: 0, alpha: 0.25)
        close?.cornerRadius = 10
        close?.onTap = { [weak self] in self?.dismiss(animated: true) }
        let view = LayoutView { bounds in
            titleLabel.frame = Rect(x: 28, y: bounds.height * 0.35, width: bounds.width - 56, height: 40)
            hintLabel.frame = Rect(x: 28, y: bounds.height * 0.35 + 48, width: bounds.width - 56, height: 22)
            close?.frame = Rect(x: close?.isRightToLeft == true ? 20 : bounds.width - 108, y: 16, width: 88, height: 36)
        }
        view.backgroundColor = color
        view.addSubview(titleLabel)
        view.addSubview(hintLabel)
        if let close { view.addSubview(close) }
        setView(view)
    }
}
