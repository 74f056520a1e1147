import Segue

/// AT-SPI's numbers and names for what the toolkit's tree says (at-spi2-core's
/// `atspi-constants.h`, the values GTK 4 sends for the same widgets).
@MainActor
enum AtspiVocabulary {
    /// `AtspiRole` values.
    enum Role: UInt32 {
        case dialog = 16, frame = 23, image = 27, label = 29, list = 31, listItem = 32, pageTab = 37
        case pageTabList = 38, panel = 39, pushButton = 43, scrollPane = 49, application = 75, heading = 83

        /// The role's name as AT-SPI spells it (`atspi_role_get_name`).
        var name: String {
            switch self {
            case .dialog: "dialog"
            case .frame: "frame"
            case .image: "image"
            case .label: "label"
            case .list: "list"
            case .listItem: "list item"
            case .pageTab: "page tab"
            case .pageTabList: "page tab list"
            case .panel: "panel"
            case .pushButton: "push button"
            case .scrollPane: "scroll pane"
            case .application: "application"
            case .heading: "heading"
            }
        }

        init(_ role: AccessibilityRole) {
            switch role {
            case .none, .group: self = .panel
            case .window: self = .frame
            case .button: self = .pushButton
            case .label: self = .label
            case .heading: self = .heading
            case .image: self = .image
            case .listItem: self = .listItem
            case .list: self = .list
            case .pageTab: self = .pageTab
            case .pageTabList: self = .pageTabList
            case .scrollPane: self = .scrollPane
            case .dialog: self = .dialog
            }
        }
    }

    /// `AtspiStateType` values.
    enum State: UInt32, CaseIterable {
        case active = 1, enabled = 8, focusable = 11, focused = 12, modal = 16, resizable = 21
        case selectable = 22, selected = 23, sensitive = 24, showing = 25, visible = 30

        /// The name in `object:state-changed:<name>` events.
        var eventName: String {
            switch self {
            case .active: "active"
            case .enabled: "enabled"
            case .focusable: "focusable"
            case .focused: "focused"
            case .modal: "modal"
            case .resizable: "resizable"
            case .selectable: "selectable"
            case .selected: "selected"
            case .sensitive: "sensitive"
            case .showing: "showing"
            case .visible: "visible"
            }
        }
    }

    /// The states of `node`, as GTK 4 sets them for its widgets.
    static func states(of node: AccessibilityNode) -> Set<State> {
        var states: Set<State> = [.visible]
        if node.isShowing { states.insert(.showing) }
        if node.role == .window {
            states.formUnion([.enabled, .sensitive, .resizable])
            if node.isEnabled { states.insert(.active) }
            return states
        }
        if node.isEnabled { states.formUnion([.enabled, .sensitive]) }
        if node.isFocusable { states.insert(.focusable) }
        if node.isFocused { states.insert(.focused) }
        if node.isModal || node.role == .dialog { states.insert(.modal) }
        if node.role == .pageTab || node.role == .listItem { states.insert(.selectable) }
        if node.isSelected { states.insert(.selected) }
        return states
    }

    /// A state set as AT-SPI sends it: two 32-bit words, low bits first.
    static func bits(_ states: Set<State>) -> [UInt32] {
        var low: UInt32 = 0
        for state in states { low |= 1 << state.rawValue }
        return [low, 0]
    }

    /// The name of the element's one action, as GTK 4 names it ("click" for buttons, "activate"
    /// for rows and tabs).
    static func actionName(of node: AccessibilityNode) -> String {
        node.role == .button ? "click" : "activate"
    }
}
