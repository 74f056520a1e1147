/// What a controller shows on its tab: a title and a drawn icon.
public struct TabBarItem: Sendable, Equatable {
    /// The text under the icon (or alone, in a bar without icons).
    public var title: String
    /// The icon above the title.
    public var icon: TabIcon

    /// An item showing `title` and `icon`.
    public init(title: String, icon: TabIcon) {
        self.title = title
        self.icon = icon
    }
}

/// Icons drawn with paths by the toolkit (no image files).
public enum TabIcon: Sendable, Equatable {
    /// Three bulleted rows (`list`), two stacked cards (`cards`), four squares (`grid`), a window
    /// with a tab (`tabs`), or no icon (`none`).
    case list, cards, grid, tabs, none
}
