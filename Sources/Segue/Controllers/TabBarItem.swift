/// What a controller shows on its tab: a title and a drawn icon.
public struct TabBarItem: Sendable, Equatable {
    public var title: String
    public var icon: TabIcon

    public init(title: String, icon: TabIcon) {
        self.title = title
        self.icon = icon
    }
}

/// Icons drawn with paths by the toolkit (no image files).
public enum TabIcon: Sendable, Equatable {
    case list, cards, grid, tabs, none
}
