import Geometry
import Segue
import SegueDBus

/// The window's accessible tree in AT-SPI's terms: each element at an object path, the
/// answers to every method and property AT-SPI asks of them (Accessible, Application,
/// Component, Action, Text, Selection, Cache), and the events that tell one snapshot from the
/// next. No bus in here: ``AtspiProvider`` carries calls and signals; tests drive it directly.
@MainActor
final class AtspiTree {
    static let prefix = "/org/a11y/atspi/accessible"
    static let rootPath = prefix + "/root"
    static let nullPath = "/org/a11y/atspi/null"
    /// Where AT-SPI asks for the Cache interface (at-spi2-core 2.46 asks here, not at the root).
    static let cachePath = "/org/a11y/atspi/cache"

    /// One element at its path, with its parent and index.
    struct Entry {
        let path: String
        var node: AccessibilityNode
        var parent: String
        var index: Int
        var children: [String]
    }

    /// An event to emit: interface `org.a11y.atspi.Event.<interface>`, `member`, from `path`.
    struct Event: Equatable {
        let path: String
        let interface: String
        let member: String
        let detail: String
        let detail1: Int32
        let detail2: Int32
        let data: EventData
    }

    /// The event's `any_data`.
    enum EventData: Equatable {
        case none
        case string(String)
        case reference(String)
    }

    /// The application's name (the registry and Orca list it by this).
    let applicationName: String
    /// The bus name others reach this app at (set once connected).
    var busName = ""
    /// The desktop the app is embedded in (the registry's answer to `Embed`).
    var desktop: (name: String, path: String) = ("", AtspiTree.nullPath)
    /// The id the registry gave the app (`Application.Id`).
    var applicationID: Int32 = 0
    /// Runs an element's action after the reply was sent (the provider queues it).
    var perform: (@MainActor @escaping () -> Void) -> Void = { $0() }
    /// Focuses a view (Component.GrabFocus): a control Tab could reach takes the keyboard focus.
    var grabFocus: (View) -> Bool = { view in
        guard let control = view as? Control, let window = control.window,
              window.focusableControls.contains(where: { $0 === control }) else { return false }
        window.focus(control)
        return true
    }

    private(set) var entries: [String: Entry] = [:]
    /// The paths the last ``update(_:)`` added and removed: what the Cache interface's
    /// `AddAccessible` and `RemoveAccessible` signals announce.
    private(set) var added: [String] = []
    private(set) var removed: [String] = []
    private(set) var topLevel: [String] = []
    private var paths: [String: String] = [:]
    private var nextNumber = 1

    init(applicationName: String) {
        self.applicationName = applicationName
    }

    // MARK: snapshots

    /// Takes `tree` (the window's) as the current state; returns the events that tell it from
    /// the previous one (none the first time).
    @discardableResult
    func update(_ tree: AccessibilityNode) -> [Event] {
        let old = entries
        let hadTree = !old.isEmpty
        var next: [String: Entry] = [:]
        topLevel = [add(tree, parent: Self.rootPath, index: 0, into: &next)]
        entries = next
        // Elements gone are forgotten (a long session pushes many pages); one that comes back
        // is a new element at a new path, as it was removed and added.
        let live = Set(next.values.map(\.node.id))
        paths = paths.filter { live.contains($0.key) }
        added = hadTree ? next.keys.filter { old[$0] == nil }.sorted() : []
        removed = old.keys.filter { next[$0] == nil }.sorted()
        guard hadTree else { return [] }
        var events: [Event] = []
        var ordered = next.values.sorted { $0.path.count != $1.path.count ? $0.path.count < $1.path.count : $0.path < $1.path }
        ordered.sort { depth(of: $0.path) < depth(of: $1.path) }
        for entry in ordered {
            guard let before = old[entry.path] else {
                // A new element that arrives focused or selected says so (focus given back to a
                // sheet's opener, a page's first element).
                let now = AtspiVocabulary.states(of: entry.node)
                for state in [AtspiVocabulary.State.focused, .selected] where now.contains(state) {
                    events.append(Event(path: entry.path, interface: "Object", member: "StateChanged", detail: state.eventName,
                                        detail1: 1, detail2: 0, data: .none))
                }
                continue
            }
            // Children removed, then added, by their index in the old and new lists.
            for (index, child) in before.children.enumerated().reversed() where !entry.children.contains(child) {
                events.append(Event(path: entry.path, interface: "Object", member: "ChildrenChanged", detail: "remove",
                                    detail1: Int32(index), detail2: 0, data: .reference(child)))
            }
            for (index, child) in entry.children.enumerated() where !before.children.contains(child) {
                events.append(Event(path: entry.path, interface: "Object", member: "ChildrenChanged", detail: "add",
                                    detail1: Int32(index), detail2: 0, data: .reference(child)))
            }
            if before.node.label != entry.node.label {
                events.append(Event(path: entry.path, interface: "Object", member: "PropertyChange",
                                    detail: "accessible-name", detail1: 0, detail2: 0, data: .string(entry.node.label)))
            }
            let was = AtspiVocabulary.states(of: before.node), now = AtspiVocabulary.states(of: entry.node)
            for state in AtspiVocabulary.State.allCases where was.contains(state) != now.contains(state) {
                guard [.focused, .selected, .showing, .active, .enabled, .sensitive].contains(state) else { continue }
                // Focus leaving is said before focus arriving (below).
                events.append(Event(path: entry.path, interface: "Object", member: "StateChanged", detail: state.eventName,
                                    detail1: now.contains(state) ? 1 : 0, detail2: 0, data: .none))
            }
            if entry.node.role == .window, before.node.isEnabled != entry.node.isEnabled {
                events.append(Event(path: entry.path, interface: "Window", member: entry.node.isEnabled ? "Activate" : "Deactivate",
                                    detail: "", detail1: 0, detail2: 0, data: .string(entry.node.label)))
            }
        }
        // Losing focus before gaining it, as a toolkit moves it.
        let losing = events.filter { $0.detail == "focused" && $0.detail1 == 0 }
        let others = events.filter { !($0.detail == "focused" && $0.detail1 == 0) }
        return losing + others
    }

    private func depth(of path: String) -> Int { entries[path].map { depthOf($0) } ?? 0 }

    private func depthOf(_ entry: Entry) -> Int {
        var depth = 0
        var parent = entry.parent
        while let next = entries[parent] { depth += 1; parent = next.parent }
        return depth
    }

    private func add(_ node: AccessibilityNode, parent: String, index: Int, into table: inout [String: Entry]) -> String {
        let path = path(for: node.id)
        var children: [String] = []
        for (position, child) in node.children.enumerated() {
            children.append(add(child, parent: path, index: position, into: &table))
        }
        table[path] = Entry(path: path, node: node, parent: parent, index: index, children: children)
        return path
    }

    /// The object path of the element `id`: the same for as long as the app runs.
    func path(for id: String) -> String {
        if let path = paths[id] { return path }
        let path = Self.prefix + "/\(nextNumber)"
        nextNumber += 1
        paths[id] = path
        return path
    }

    /// The entry of the element a test or event names by its label.
    func entry(named label: String) -> Entry? { entries.values.first { $0.node.label == label } }

    // MARK: answering

    private func reference(_ path: String) -> DBusArgument {
        .structure([.string(path == desktop.path && path != Self.nullPath ? desktop.name : busName), .objectPath(path)])
    }

    private var nullReference: DBusArgument { .structure([.string(""), .objectPath(Self.nullPath)]) }

    func childReference(_ path: String) -> DBusArgument { .structure([.string(busName), .objectPath(path)]) }

    /// The answer to `Properties.Set` of a property that cannot be set: an error, never a
    /// success that changed nothing.
    private static func readOnly(_ call: DBusIncomingCall, known: Bool) -> DBusReply {
        let interface = call.arguments.first?.string ?? "", name = call.arguments.dropFirst().first?.string ?? ""
        return known
            ? .error(name: "org.freedesktop.DBus.Error.PropertyReadOnly", message: "\(interface).\(name) is read-only")
            : .error(name: "org.freedesktop.DBus.Error.UnknownProperty", message: "no property \(interface).\(name)")
    }

    private static func unknown(_ call: DBusIncomingCall) -> DBusReply {
        .error(name: "org.freedesktop.DBus.Error.UnknownMethod", message: "\(call.interface).\(call.member) is not implemented")
    }

    /// The arguments each method takes, as at-spi2-core's introspection (xml/*.xml) declares
    /// them: a call of another shape is answered `InvalidArgs` before anything reads it, as
    /// GDBus answers it for GTK, instead of a default standing in for the missing argument.
    static let signatures: [String: [String: String]] = [
        "org.freedesktop.DBus.Properties": ["Get": "ss", "GetAll": "s", "Set": "ssv"],
        "org.a11y.atspi.Accessible": [
            "GetChildAtIndex": "i", "GetChildren": "", "GetIndexInParent": "", "GetRelationSet": "", "GetRole": "",
            "GetRoleName": "", "GetLocalizedRoleName": "", "GetState": "", "GetAttributes": "", "GetApplication": "",
            "GetInterfaces": "",
        ],
        "org.a11y.atspi.Application": ["GetLocale": "u"],
        "org.a11y.atspi.Cache": ["GetItems": ""],
        "org.a11y.atspi.Component": [
            "Contains": "iiu", "GetAccessibleAtPoint": "iiu", "GetExtents": "u", "GetPosition": "u", "GetSize": "",
            "GetLayer": "", "GetAlpha": "", "GrabFocus": "", "ScrollTo": "u", "ScrollToPoint": "uii",
            "SetExtents": "iiiiu", "SetPosition": "iiu", "SetSize": "ii",
        ],
        "org.a11y.atspi.Action": [
            "GetActions": "", "GetName": "i", "GetLocalizedName": "i", "GetDescription": "i", "GetKeyBinding": "i",
            "DoAction": "i",
        ],
        "org.a11y.atspi.Text": [
            "GetText": "ii", "GetStringAtOffset": "iu", "GetTextAtOffset": "iu", "GetCharacterAtOffset": "i",
            "GetNSelections": "", "GetAttributeRun": "ib", "GetAttributes": "i", "GetDefaultAttributes": "",
            "GetDefaultAttributeSet": "",
        ],
        "org.a11y.atspi.Selection": [
            "GetSelectedChild": "i", "IsChildSelected": "i", "SelectChild": "i", "DeselectSelectedChild": "i",
            "DeselectChild": "i", "SelectAll": "", "ClearSelection": "",
        ],
    ]

    /// `InvalidArgs` for a call whose arguments are not what its method takes; nil when they are
    /// (or the method is not one this tree answers: that is `UnknownMethod`'s to say).
    static func invalidArguments(_ call: DBusIncomingCall) -> DBusReply? {
        guard let expected = signatures[call.interface]?[call.member], call.signature != expected else { return nil }
        return .error(name: "org.freedesktop.DBus.Error.InvalidArgs",
                      message: "\(call.interface).\(call.member) takes (\(expected)), not (\(call.signature))")
    }

    /// The answer to `call`; nil for a path that is not an element (sd-bus says so).
    func handle(_ call: DBusIncomingCall) -> DBusReply? {
        if let invalid = Self.invalidArguments(call), call.path == Self.rootPath || call.path == Self.cachePath
            || entries[call.path] != nil {
            return invalid
        }
        if call.path == Self.rootPath || call.path == Self.cachePath { return handleRoot(call) }
        guard let entry = entries[call.path] else {
            if call.path.hasPrefix(Self.prefix + "/") {
                return .error(name: "org.freedesktop.DBus.Error.UnknownObject", message: "the element \(call.path) is gone")
            }
            return nil
        }
        switch call.interface {
        case "org.freedesktop.DBus.Properties": return properties(call, of: entry)
        case "org.a11y.atspi.Accessible": return accessible(call, of: entry)
        case "org.a11y.atspi.Component": return component(call, of: entry)
        case "org.a11y.atspi.Action": return action(call, of: entry)
        case "org.a11y.atspi.Text": return text(call, of: entry)
        case "org.a11y.atspi.Selection": return selection(call, of: entry)
        default: return Self.unknown(call)
        }
    }

    /// The interfaces an element implements.
    func interfaces(of entry: Entry) -> [String] {
        var list = ["org.a11y.atspi.Accessible", "org.a11y.atspi.Component"]
        if entry.node.isActionable { list.append("org.a11y.atspi.Action") }
        if [.label, .heading].contains(entry.node.role) { list.append("org.a11y.atspi.Text") }
        if entry.node.role == .pageTabList { list.append("org.a11y.atspi.Selection") }
        return list
    }

    private func handleRoot(_ call: DBusIncomingCall) -> DBusReply {
        switch (call.interface, call.member) {
        case ("org.freedesktop.DBus.Properties", "Get"):
            guard let name = call.arguments.last?.string, let value = rootProperty(name) else { return Self.unknown(call) }
            return .values([.variant(value)])
        case ("org.freedesktop.DBus.Properties", "GetAll"):
            let interface = call.arguments.first?.string ?? ""
            let names = interface == "org.a11y.atspi.Application" ? ["ToolkitName", "Version", "AtspiVersion", "Id"]
                : ["Name", "Description", "Parent", "ChildCount", "Locale", "AccessibleId", "HelpText"]
            return .values([.dictionary(key: "s", value: "v", names.compactMap { name in rootProperty(name).map { (.string(name), .variant($0)) } })])
        case ("org.freedesktop.DBus.Properties", "Set"):
            // Application.Id is the one property anyone may set (the registry numbers the apps
            // it embeds); every other one is the toolkit's to say.
            let name = call.arguments.dropFirst().first?.string ?? ""
            if call.arguments.first?.string == "org.a11y.atspi.Application", name == "Id" {
                guard call.arguments.count == 3, case .int32(let id) = call.arguments[2].unwrapped else {
                    return .error(name: "org.freedesktop.DBus.Error.InvalidArgs", message: "Application.Id is an int32 (i)")
                }
                applicationID = id
                return .values([])
            }
            return Self.readOnly(call, known: rootProperty(name) != nil)
        case ("org.a11y.atspi.Accessible", "GetChildAtIndex"):
            guard let index = call.arguments.first?.integer, topLevel.indices.contains(index) else { return .values([nullReference]) }
            return .values([childReference(topLevel[index])])
        case ("org.a11y.atspi.Accessible", "GetChildren"):
            return .values([.array(element: "(so)", topLevel.map(childReference))])
        case ("org.a11y.atspi.Accessible", "GetIndexInParent"): return .values([.int32(-1)])
        case ("org.a11y.atspi.Accessible", "GetRelationSet"): return .values([.array(element: "(ua(so))", [])])
        case ("org.a11y.atspi.Accessible", "GetRole"): return .values([.uint32(AtspiVocabulary.Role.application.rawValue)])
        case ("org.a11y.atspi.Accessible", "GetRoleName"), ("org.a11y.atspi.Accessible", "GetLocalizedRoleName"):
            return .values([.string(AtspiVocabulary.Role.application.name)])
        case ("org.a11y.atspi.Accessible", "GetState"): return .values([.array(element: "u", [.uint32(0), .uint32(0)])])
        case ("org.a11y.atspi.Accessible", "GetAttributes"):
            return .values([.dictionary(key: "s", value: "s", [(.string("toolkit"), .string("Segue"))])])
        case ("org.a11y.atspi.Accessible", "GetApplication"): return .values([childReference(Self.rootPath)])
        case ("org.a11y.atspi.Accessible", "GetInterfaces"):
            return .values([.stringArray(["org.a11y.atspi.Accessible", "org.a11y.atspi.Application", "org.a11y.atspi.Cache"])])
        case ("org.a11y.atspi.Application", "GetLocale"): return .values([.string("C")])
        case ("org.a11y.atspi.Cache", "GetItems"):
            return .values([.array(element: "((so)(so)(so)iiassusau)", entries.values.sorted { $0.path < $1.path }.map(cacheItem))])
        default:
            return Self.unknown(call)
        }
    }

    private func rootProperty(_ name: String) -> DBusArgument? {
        switch name {
        case "Name": .string(applicationName)
        case "Description", "HelpText", "AccessibleId": .string("")
        case "Parent": .structure([.string(desktop.name), .objectPath(desktop.path)])
        case "ChildCount": .int32(Int32(topLevel.count))
        case "Locale": .string("C")
        case "ToolkitName": .string("Segue")
        case "Version": .string("1.0")
        case "AtspiVersion": .string("2.1")
        case "Id": .int32(applicationID)
        default: nil
        }
    }

    /// One item of `Cache.GetItems`: path, app, parent, index, child count, interfaces, name,
    /// role, description, states.
    func cacheItem(_ entry: Entry) -> DBusArgument {
        .structure([childReference(entry.path), childReference(Self.rootPath), childReference(entry.parent),
                    .int32(Int32(entry.index)), .int32(Int32(entry.children.count)), .stringArray(interfaces(of: entry)),
                    .string(entry.node.label), .uint32(AtspiVocabulary.Role(entry.node.role).rawValue),
                    .string(entry.node.hint ?? ""),
                    .array(element: "u", AtspiVocabulary.bits(AtspiVocabulary.states(of: entry.node)).map(DBusArgument.uint32))])
    }

    private func property(_ interface: String, _ name: String, of entry: Entry) -> DBusArgument? {
        let node = entry.node
        switch (interface, name) {
        case ("org.a11y.atspi.Accessible", "Name"): return .string(node.label)
        case ("org.a11y.atspi.Accessible", "Description"), ("org.a11y.atspi.Accessible", "HelpText"): return .string(node.hint ?? "")
        case ("org.a11y.atspi.Accessible", "Parent"): return childReference(entry.parent)
        case ("org.a11y.atspi.Accessible", "ChildCount"): return .int32(Int32(entry.children.count))
        case ("org.a11y.atspi.Accessible", "Locale"): return .string("C")
        case ("org.a11y.atspi.Accessible", "AccessibleId"): return .string(node.id)
        case ("org.a11y.atspi.Action", "NActions"): return .int32(node.isActionable ? 1 : 0)
        case ("org.a11y.atspi.Text", "CharacterCount"): return .int32(Int32(node.label.count))
        case ("org.a11y.atspi.Text", "CaretOffset"): return .int32(-1)
        case ("org.a11y.atspi.Selection", "NSelectedChildren"):
            return .int32(Int32(entry.children.filter { entries[$0]?.node.isSelected == true }.count))
        default: return nil
        }
    }

    private func properties(_ call: DBusIncomingCall, of entry: Entry) -> DBusReply {
        let interface = call.arguments.first?.string ?? ""
        switch call.member {
        case "Get":
            guard let name = call.arguments.last?.string, let value = property(interface, name, of: entry) else {
                return .error(name: "org.freedesktop.DBus.Error.UnknownProperty", message: "no such property")
            }
            return .values([.variant(value)])
        case "GetAll":
            let names = ["Name", "Description", "Parent", "ChildCount", "Locale", "AccessibleId", "HelpText", "NActions",
                         "CharacterCount", "CaretOffset", "NSelectedChildren"]
            return .values([.dictionary(key: "s", value: "v", names.compactMap { name in
                property(interface, name, of: entry).map { (.string(name), .variant($0)) }
            })])
        case "Set":
            let name = call.arguments.count == 3 ? call.arguments[1].string ?? "" : ""
            return Self.readOnly(call, known: property(interface, name, of: entry) != nil)
        default: return Self.unknown(call)
        }
    }

    private func accessible(_ call: DBusIncomingCall, of entry: Entry) -> DBusReply {
        let node = entry.node
        let role = AtspiVocabulary.Role(node.role)
        switch call.member {
        case "GetChildAtIndex":
            guard let index = call.arguments.first?.integer, entry.children.indices.contains(index) else { return .values([nullReference]) }
            return .values([childReference(entry.children[index])])
        case "GetChildren": return .values([.array(element: "(so)", entry.children.map(childReference))])
        case "GetIndexInParent": return .values([.int32(Int32(entry.index))])
        case "GetRelationSet": return .values([.array(element: "(ua(so))", [])])
        case "GetRole": return .values([.uint32(role.rawValue)])
        case "GetRoleName", "GetLocalizedRoleName": return .values([.string(role.name)])
        case "GetState":
            return .values([.array(element: "u", AtspiVocabulary.bits(AtspiVocabulary.states(of: node)).map(DBusArgument.uint32))])
        case "GetAttributes":
            var attributes: [(DBusArgument, DBusArgument)] = [(.string("toolkit"), .string("Segue"))]
            if let value = node.value { attributes.append((.string("value"), .string(value))) }
            return .values([.dictionary(key: "s", value: "s", attributes)])
        case "GetApplication": return .values([childReference(Self.rootPath)])
        case "GetInterfaces": return .values([.stringArray(interfaces(of: entry))])
        default: return Self.unknown(call)
        }
    }

    /// Extents in window coordinates, whatever the coordinate type asked (as GTK 4 on
    /// Wayland, where a client does not know where its window is).
    private func component(_ call: DBusIncomingCall, of entry: Entry) -> DBusReply {
        let frame = entry.node.frame
        let x = Int32(frame.minX.rounded()), y = Int32(frame.minY.rounded())
        let width = Int32(frame.width.rounded()), height = Int32(frame.height.rounded())
        switch call.member {
        case "GetExtents": return .values([.structure([.int32(x), .int32(y), .int32(width), .int32(height)])])
        case "GetPosition": return .values([.int32(x), .int32(y)])
        case "GetSize": return .values([.int32(width), .int32(height)])
        case "Contains":
            guard call.arguments.count >= 2, let px = call.arguments[0].double, let py = call.arguments[1].double else { return .values([.bool(false)]) }
            return .values([.bool(frame.contains(Point(x: px, y: py)))])
        case "GetAccessibleAtPoint":
            guard call.arguments.count >= 2, let px = call.arguments[0].double, let py = call.arguments[1].double else { return .values([nullReference]) }
            let point = Point(x: px, y: py)
            var found: String?
            var queue = entry.children
            while let next = queue.first {
                queue.removeFirst()
                guard let child = entries[next], child.node.frame.contains(point) else { continue }
                found = next
                queue = child.children
            }
            return .values([found.map(childReference) ?? nullReference])
        case "GetLayer": return .values([.uint32(entry.node.role == .window ? 7 : 3)])
        case "GetAlpha": return .values([.double(1)])
        case "GrabFocus":
            guard let view = entry.node.view else { return .values([.bool(false)]) }
            return .values([.bool(grabFocus(view))])
        case "ScrollTo", "ScrollToPoint", "SetExtents", "SetPosition", "SetSize": return .values([.bool(false)])
        default: return Self.unknown(call)
        }
    }

    private func action(_ call: DBusIncomingCall, of entry: Entry) -> DBusReply {
        let node = entry.node
        let name = AtspiVocabulary.actionName(of: node)
        let valid = call.arguments.first?.integer == 0 && node.isActionable
        switch call.member {
        case "GetActions":
            return .values([.array(element: "(sss)", node.isActionable ? [.structure([.string(name), .string(name), .string("")])] : [])])
        case "GetName", "GetLocalizedName": return .values([.string(valid ? name : "")])
        case "GetDescription": return .values([.string(valid ? (node.hint ?? "") : "")])
        case "GetKeyBinding": return .values([.string("")])
        case "DoAction":
            guard valid else { return .values([.bool(false)]) }
            perform { _ = node.activate() }
            return .values([.bool(true)])
        default: return Self.unknown(call)
        }
    }

    private func text(_ call: DBusIncomingCall, of entry: Entry) -> DBusReply {
        let characters = Array(entry.node.label)
        func slice(_ start: Int, _ end: Int) -> String {
            let lower = min(max(start, 0), characters.count)
            let upper = end < 0 ? characters.count : min(max(end, lower), characters.count)
            return String(characters[lower..<upper])
        }
        switch call.member {
        case "GetText":
            let start = call.arguments.first?.integer ?? 0, end = call.arguments.dropFirst().first?.integer ?? -1
            return .values([.string(slice(start, end))])
        case "GetStringAtOffset", "GetTextAtOffset":
            return .values([.string(entry.node.label), .int32(0), .int32(Int32(characters.count))])
        case "GetCharacterAtOffset":
            let offset = call.arguments.first?.integer ?? 0
            return .values([.int32(characters.indices.contains(offset) ? Int32(characters[offset].unicodeScalars.first!.value) : 0)])
        case "GetNSelections": return .values([.int32(0)])
        case "GetAttributeRun", "GetAttributes":
            return .values([.dictionary(key: "s", value: "s", []), .int32(0), .int32(Int32(characters.count))])
        case "GetDefaultAttributes", "GetDefaultAttributeSet": return .values([.dictionary(key: "s", value: "s", [])])
        default: return Self.unknown(call)
        }
    }

    private func selection(_ call: DBusIncomingCall, of entry: Entry) -> DBusReply {
        let selected = entry.children.filter { entries[$0]?.node.isSelected == true }
        let index = call.arguments.first?.integer ?? -1
        switch call.member {
        case "GetSelectedChild":
            return .values([selected.indices.contains(index) ? childReference(selected[index]) : nullReference])
        case "IsChildSelected":
            return .values([.bool(entry.children.indices.contains(index) && entries[entry.children[index]]?.node.isSelected == true)])
        case "SelectChild":
            guard entry.children.indices.contains(index), let child = entries[entry.children[index]] else { return .values([.bool(false)]) }
            perform { _ = child.node.activate() }
            return .values([.bool(true)])
        case "DeselectSelectedChild", "DeselectChild", "SelectAll", "ClearSelection": return .values([.bool(false)])
        default: return Self.unknown(call)
        }
    }
}
