import Geometry
import Segue
import SegueDBus
@testable import SegueWayland
import Testing

/// The AT-SPI side without a bus: the answers to the calls a screen reader makes and the events
/// between two snapshots. Expected numbers are at-spi2-core's (`atspi-constants.h`: ROLE_FRAME
/// 23, ROLE_LABEL 29, ROLE_PAGE_TAB 37, ROLE_PAGE_TAB_LIST 38, ROLE_PUSH_BUTTON 43,
/// ROLE_APPLICATION 75; STATE_ACTIVE 1, STATE_FOCUSABLE 11, STATE_FOCUSED 12, STATE_SELECTED 23,
/// STATE_SHOWING 25, STATE_VISIBLE 30), the names pyatspi prints for them.
@MainActor
@Suite struct AtspiTreeTests {
    /// Tabs "One" and "Two" over a page with a label and a button, in a 400 × 300 window.
    private final class Page: ViewController {
        let label = Label(text: "Hello")
        let button = Button(title: "Go")
        var taps = 0

        override func loadView() {
            let view = View()
            label.frame = Rect(x: 10, y: 10, width: 100, height: 20)
            button.frame = Rect(x: 10, y: 40, width: 80, height: 30)
            button.onTap = { [weak self] in self?.taps += 1 }
            view.addSubview(label)
            view.addSubview(button)
            setView(view)
        }
    }

    private func setUp() -> (Window, Page, AtspiTree) {
        let page = Page(title: "One")
        let tabs = TabBarController(viewControllers: [page, ViewController(title: "Two")])
        let window = Window(rootViewController: tabs, title: "App")
        window.resize(to: Size(width: 400, height: 300))
        let tree = AtspiTree(applicationName: "App")
        tree.busName = ":1.7"
        tree.update(window.accessibilityTree())
        return (window, page, tree)
    }

    private func call(_ tree: AtspiTree, _ path: String, _ interface: String, _ member: String,
                      _ arguments: [DBusValue] = []) -> [DBusArgument] {
        guard case .values(let values)? = tree.handle(DBusIncomingCall(path: path, interface: interface, member: member,
                                                                       arguments: arguments)) else { return [] }
        return values
    }

    private func path(_ tree: AtspiTree, _ label: String) throws -> String {
        try #require(tree.entry(named: label)?.path, "no element named \(label)")
    }

    private func uint(_ argument: DBusArgument?) -> UInt32? {
        if case .uint32(let value)? = argument { return value }
        return nil
    }

    private func states(_ tree: AtspiTree, _ path: String) -> UInt32 {
        guard case .array(_, let words)? = call(tree, path, "org.a11y.atspi.Accessible", "GetState").first else { return 0 }
        return uint(words.first) ?? 0
    }

    @Test func theRootIsAnApplicationWhoseChildIsTheFrame() throws {
        let (_, _, tree) = setUp()
        #expect(uint(call(tree, AtspiTree.rootPath, "org.a11y.atspi.Accessible", "GetRole").first) == 75)
        guard case .variant(.string(let name))? = call(tree, AtspiTree.rootPath, "org.freedesktop.DBus.Properties", "Get",
                                                       [.string("org.a11y.atspi.Accessible"), .string("Name")]).first else {
            Issue.record("no Name"); return
        }
        #expect(name == "App")
        guard case .array(_, let children)? = call(tree, AtspiTree.rootPath, "org.a11y.atspi.Accessible", "GetChildren").first,
              case .structure(let reference)? = children.first, case .objectPath(let frame)? = reference.last else {
            Issue.record("no children"); return
        }
        #expect(frame == (try path(tree, "App")))
        #expect(uint(call(tree, frame, "org.a11y.atspi.Accessible", "GetRole").first) == 23)
        #expect(states(tree, frame) & (1 << 1) != 0, "a focused window's frame is ACTIVE")
    }

    @Test func rolesStatesAndExtentsOfTheWidgets() throws {
        let (_, _, tree) = setUp()
        let button = try path(tree, "Go"), label = try path(tree, "Hello"), one = try path(tree, "One")
        #expect(uint(call(tree, button, "org.a11y.atspi.Accessible", "GetRole").first) == 43)
        #expect(uint(call(tree, label, "org.a11y.atspi.Accessible", "GetRole").first) == 29)
        #expect(uint(call(tree, one, "org.a11y.atspi.Accessible", "GetRole").first) == 37)
        let list = try #require(tree.entries.values.first { $0.node.role == .pageTabList }?.path)
        #expect(uint(call(tree, list, "org.a11y.atspi.Accessible", "GetRole").first) == 38)
        let buttonStates = states(tree, button)
        #expect(buttonStates & (1 << 11) != 0 && buttonStates & (1 << 25) != 0 && buttonStates & (1 << 30) != 0)
        #expect(buttonStates & (1 << 12) == 0, "not focused before a Tab")
        #expect(states(tree, one) & (1 << 23) != 0, "the current tab is SELECTED")
        #expect(states(tree, try path(tree, "Two")) & (1 << 23) == 0)
        guard case .structure(let box)? = call(tree, button, "org.a11y.atspi.Component", "GetExtents", [.uint32(0)]).first else {
            Issue.record("no extents"); return
        }
        #expect(box.map { if case .int32(let v) = $0 { return Int(v) } else { return -1 } } == [10, 40, 80, 30])
        // Text for the label; Selection for the tab list.
        guard case .string(let text)? = call(tree, label, "org.a11y.atspi.Text", "GetText", [.int32(0), .int32(-1)]).first else {
            Issue.record("no text"); return
        }
        #expect(text == "Hello")
        guard case .structure(let selected)? = call(tree, list, "org.a11y.atspi.Selection", "GetSelectedChild", [.int32(0)]).first,
              case .objectPath(let selectedPath)? = selected.last else { Issue.record("no selected child"); return }
        #expect(selectedPath == one)
    }

    @Test func doActionClicksAfterTheReply() throws {
        let (_, page, tree) = setUp()
        var queued: [@MainActor () -> Void] = []
        tree.perform = { queued.append($0) }
        let button = try path(tree, "Go")
        guard case .array(_, let actions)? = call(tree, button, "org.a11y.atspi.Action", "GetActions").first,
              case .structure(let first)? = actions.first, case .string(let name)? = first.first else {
            Issue.record("no actions"); return
        }
        #expect(name == "click")
        guard case .bool(true)? = call(tree, button, "org.a11y.atspi.Action", "DoAction", [.int32(0)]).first else {
            Issue.record("DoAction refused"); return
        }
        #expect(page.taps == 0, "nothing happens before the reply is sent")
        for action in queued { action() }
        #expect(page.taps == 1)
        guard case .bool(false)? = call(tree, try path(tree, "Hello"), "org.a11y.atspi.Action", "DoAction", [.int32(0)]).first else {
            Issue.record("a label has no action"); return
        }
    }

    @Test func focusSelectionNameAndChildrenChangesBecomeEvents() throws {
        let (window, page, tree) = setUp()
        window.focus(page.button)
        var events = tree.update(window.accessibilityTree())
        #expect(events.map { "\($0.member) \($0.detail) \($0.detail1)" } == ["StateChanged focused 1"])
        #expect(events.first?.path == (try path(tree, "Go")))
        page.label.text = "Bye"
        events = tree.update(window.accessibilityTree())
        #expect(events.contains { $0.member == "PropertyChange" && $0.detail == "accessible-name" && $0.data == .string("Bye") })
        // Focus moving: leaving said before arriving.
        let two = try #require(window.focusableControls.last)
        window.focus(two)
        events = tree.update(window.accessibilityTree()).filter { $0.detail == "focused" }
        #expect(events.map(\.detail1) == [0, 1])
        page.button.removeFromSuperview()
        events = tree.update(window.accessibilityTree())
        #expect(events.contains { $0.member == "ChildrenChanged" && $0.detail == "remove" })
        page.view.addSubview(page.button)
        events = tree.update(window.accessibilityTree())
        #expect(events.contains { $0.member == "ChildrenChanged" && $0.detail == "add" && $0.data == .reference(tree.entry(named: "Go")!.path) })
    }

    @Test func anElementThatArrivesFocusedSaysSo() throws {
        let (window, page, tree) = setUp()
        page.button.isHidden = true
        tree.update(window.accessibilityTree())
        #expect(tree.entry(named: "Go") == nil, "a hidden view is not in the tree")
        // Back in one snapshot, and focused (focus given back to a sheet's opener).
        page.button.isHidden = false
        window.focus(page.button)
        let events = tree.update(window.accessibilityTree())
        let go = try path(tree, "Go")
        #expect(events.contains { $0.path == go && $0.member == "StateChanged" && $0.detail == "focused" && $0.detail1 == 1 })
    }

    @Test func elementsThatLeftAreForgottenAndTheirPathsAnswerUnknownObject() throws {
        let (window, page, tree) = setUp()
        let go = try path(tree, "Go")
        page.button.removeFromSuperview()
        tree.update(window.accessibilityTree())
        guard case .error(let name, _)? = tree.handle(DBusIncomingCall(path: go, interface: "org.a11y.atspi.Accessible",
                                                                       member: "GetRole", arguments: [])) else {
            Issue.record("a gone element still answers"); return
        }
        #expect(name == "org.freedesktop.DBus.Error.UnknownObject")
        #expect(tree.removed == [go] && tree.added.isEmpty, "the cache loses the element")
        page.view.addSubview(page.button)
        tree.update(window.accessibilityTree())
        #expect(try path(tree, "Go") != go, "back as a new element at a new path")
        #expect(tree.added == [try path(tree, "Go")] && tree.removed.isEmpty, "the cache gains it")
    }

    @Test func grabFocusMovesTheKeyboardFocus() throws {
        let (window, page, tree) = setUp()
        guard case .bool(true)? = call(tree, try path(tree, "Go"), "org.a11y.atspi.Component", "GrabFocus").first else {
            Issue.record("GrabFocus refused"); return
        }
        #expect(window.focusedControl === page.button)
        guard case .bool(false)? = call(tree, try path(tree, "Hello"), "org.a11y.atspi.Component", "GrabFocus").first else {
            Issue.record("a label took focus"); return
        }
    }

    @Test func argumentsCarryTheirSignatures() {
        #expect(DBusArgument.structure([.string(":1.2"), .objectPath("/a")]).signature == "(so)")
        #expect(DBusArgument.array(element: "(so)", []).signature == "a(so)")
        #expect(DBusArgument.dictionary(key: "s", value: "v", []).signature == "a{sv}")
        #expect(DBusArgument.variant(.int32(0)).signature == "v")
        // A cache item, as at-spi2-core 2.46 reads it.
        let (_, _, tree) = setUp()
        let entry = tree.entries.values.first { $0.node.label == "Go" }!
        #expect(tree.cacheItem(entry).signature == "((so)(so)(so)iiassusau)")
    }

    /// What a call's arguments came as, for the InvalidArgs check (D-Bus type codes).
    @Test func decodedValuesCarryTheirSignatures() {
        #expect(DBusValue.int32(0).signature == "i")
        #expect(DBusValue.string("x").signature == "s")
        #expect(DBusValue.variant(.double(1)).signature == "v")
        #expect(DBusValue.structure([.double(0), .double(0), .double(0)]).signature == "(ddd)")
        #expect(DBusValue.dictionary([(key: .string("a"), value: .variant(.uint32(1)))]).signature == "a{sv}")
        #expect(DBusIncomingCall(path: "/", interface: "i", member: "m", arguments: [.string("a"), .string("b")]).signature == "ss")
    }

    @Test func deactivatingTheWindowSaysSo() {
        let (window, _, tree) = setUp()
        window.state = []
        let events = tree.update(window.accessibilityTree())
        #expect(events.contains { $0.interface == "Window" && $0.member == "Deactivate" })
        #expect(events.contains { $0.member == "StateChanged" && $0.detail == "active" && $0.detail1 == 0 })
    }

    private func errorName(_ tree: AtspiTree, _ path: String, _ interface: String, _ member: String,
                           _ arguments: [DBusValue], signature: String? = nil) -> String? {
        guard case .error(let name, _)? = tree.handle(DBusIncomingCall(path: path, interface: interface, member: member,
                                                                       arguments: arguments, signature: signature)) else { return nil }
        return name
    }

    /// A hostile client's calls: arguments of the wrong type or number are `InvalidArgs` (the
    /// D-Bus specification's name for them, and what GDBus answers for GTK), never a default
    /// answer such as the null reference.
    @Test func callsWithWrongArgumentsAreInvalidArgs() throws {
        let (_, _, tree) = setUp()
        let frame = try path(tree, "App"), button = try path(tree, "Go")
        let invalid = "org.freedesktop.DBus.Error.InvalidArgs"
        #expect(errorName(tree, frame, "org.a11y.atspi.Accessible", "GetChildAtIndex", [.string("x")]) == invalid)
        #expect(errorName(tree, AtspiTree.rootPath, "org.a11y.atspi.Accessible", "GetChildAtIndex", [.string("x")]) == invalid)
        #expect(errorName(tree, frame, "org.a11y.atspi.Accessible", "GetChildAtIndex", []) == invalid)
        #expect(errorName(tree, frame, "org.a11y.atspi.Accessible", "GetChildAtIndex", [.int32(0), .int32(1)]) == invalid)
        #expect(errorName(tree, button, "org.a11y.atspi.Action", "DoAction", [.uint32(0)]) == invalid)
        #expect(errorName(tree, button, "org.a11y.atspi.Component", "Contains", [.double(1), .double(1), .uint32(0)]) == invalid)
        #expect(errorName(tree, button, "org.freedesktop.DBus.Properties", "Get", [.string("org.a11y.atspi.Accessible")]) == invalid)
        // The right shape still answers.
        #expect(errorName(tree, frame, "org.a11y.atspi.Accessible", "GetChildAtIndex", [.int32(0)]) == nil)
    }

    /// Properties.Set of a property a client may not set is an error (read-only or unknown),
    /// and changes nothing; Application.Id, which the registry sets, is taken.
    @Test func settingAReadOnlyPropertyIsAnError() throws {
        let (_, _, tree) = setUp()
        let button = try path(tree, "Go")
        let set = { (path: String, interface: String, name: String, value: DBusValue) in
            self.errorName(tree, path, "org.freedesktop.DBus.Properties", "Set", [.string(interface), .string(name), .variant(value)])
        }
        #expect(set(button, "org.a11y.atspi.Accessible", "Name", .string("Stop")) == "org.freedesktop.DBus.Error.PropertyReadOnly")
        #expect(set(button, "org.a11y.atspi.Accessible", "Nonsense", .int32(1)) == "org.freedesktop.DBus.Error.UnknownProperty")
        #expect(set(AtspiTree.rootPath, "org.a11y.atspi.Accessible", "Name", .string("Other")) == "org.freedesktop.DBus.Error.PropertyReadOnly")
        #expect(set(AtspiTree.rootPath, "org.a11y.atspi.Application", "Id", .string("7")) == "org.freedesktop.DBus.Error.InvalidArgs")
        guard case .variant(.string("Go"))? = call(tree, button, "org.freedesktop.DBus.Properties", "Get",
                                                   [.string("org.a11y.atspi.Accessible"), .string("Name")]).first else {
            Issue.record("the name changed"); return
        }
        #expect(set(AtspiTree.rootPath, "org.a11y.atspi.Application", "Id", .int32(7)) == nil)
        #expect(tree.applicationID == 7)
    }
}
