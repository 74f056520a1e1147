import Segue
import SegueDBus
import SegueProcess

/// Exposes the window to assistive technology over AT-SPI, as GTK 4 does: asks the session bus
/// for the accessibility bus (`org.a11y.Bus.GetAddress`, or `AT_SPI_BUS_ADDRESS`), connects to
/// it, answers for every element under `/org/a11y/atspi/accessible`, embeds the app in the
/// registry's desktop (`Socket.Embed`), and after each turn of the event loop in which no
/// transition runs, takes the window's tree again and emits the events that changed
/// (``AtspiTree``). No bus, no accessibility bus or no registry: nothing happens, silently
/// (one line when `SEGUE_DEBUG` is set), and the app runs as before. `NO_AT_BRIDGE=1` turns
/// it off, as it does GTK's.
///
/// The accessibility services may restart under a running app (a session's at-spi crashed, or
/// was restarted by hand): the registry's name changing owner on the accessibility bus
/// (`NameOwnerChanged` for `org.a11y.atspi.Registry`) and `org.a11y.Bus` changing owner on the
/// session bus are watched, and a dropped connection is noticed (``DBusConnection/onDisconnect``).
/// Each going and each coming back is one line; once back, the app connects and embeds again, so
/// a screen reader finds it without the app restarting.
@MainActor
final class AtspiProvider {
    /// How long a call to the bus or the registry may take before it is given up (seconds).
    static let callTimeout = 5.0

    private weak var window: Window?
    private let loop: EventLoop
    private let tree: AtspiTree
    private let debug: Bool
    /// The accessibility bus, once connected.
    private(set) var connection: DBusConnection?
    /// Whether the registry embedded the app (events flow from then on).
    private(set) var isEmbedded = false
    /// Actions asked for over the bus, run after the reply went out.
    private var pending: [@MainActor () -> Void] = []
    /// The session bus, where `org.a11y.Bus` is asked for the accessibility bus's address.
    private let session: DBusConnection?
    /// Whether the accessibility bus or the registry went away during this session: the next
    /// embedding says that it is back.
    private var lost = false

    init(window: Window, name: String, session: DBusConnection?, loop: EventLoop, environment: [String: String]) {
        self.window = window
        self.loop = loop
        debug = environment["SEGUE_DEBUG"].map { !$0.isEmpty } ?? false
        tree = AtspiTree(applicationName: name)
        self.session = session
        tree.perform = { [weak self] action in self?.pending.append(action) }
        guard environment["NO_AT_BRIDGE"] != "1" else { return }
        if let address = environment["AT_SPI_BUS_ADDRESS"], !address.isEmpty {
            connect(to: address)
        } else if let session {
            // The bus launcher starting again (its bus died with it): ask it for the new bus.
            session.subscribe(sender: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                              member: "NameOwnerChanged") { [weak self] arguments in
                guard let self, arguments.count == 3, arguments[0].string == "org.a11y.Bus",
                      let owner = arguments[2].string, !owner.isEmpty else { return }
                if self.connection != nil { self.disconnected(why: "org.a11y.Bus has a new owner") }
                self.askForAddress()
            }
            askForAddress()
        } else {
            log("no session bus: no accessibility")
        }
        loop.addIdleHandler { [weak self] in self?.idle() }
        // Actions run in a turn of their own, after the reply went out; the window's own idle
        // work (drawing what they changed) follows in the next turn.
        loop.addBackgroundWork(isReady: { [weak self] in self?.pending.isEmpty == false }) { [weak self] in
            guard let self else { return }
            let actions = self.pending
            self.pending = []
            for action in actions { action() }
        }
    }

    private func askForAddress() {
        session?.call(destination: "org.a11y.Bus", path: "/org/a11y/bus", interface: "org.a11y.Bus", member: "GetAddress",
                      timeout: Self.callTimeout) { [weak self] reply in
            guard let self, self.connection == nil else { return }
            switch reply {
            case .success(let values):
                guard let address = values.first?.string, !address.isEmpty else { self.log("org.a11y.Bus gave no address"); return }
                self.connect(to: address)
            case .failure(let error):
                self.log("no accessibility bus: \(error)")
            }
        }
    }

    private func connect(to address: String) {
        do {
            let connection = try DBusConnection(address: address)
            self.connection = connection
            loop.add(connection)
            connection.onDisconnect = { [weak self] in self?.disconnected(why: "the connection closed") }
            connection.exportObjects(under: AtspiTree.prefix) { [weak self] call in self?.tree.handle(call) }
            connection.exportObjects(under: AtspiTree.cachePath) { [weak self] call in self?.tree.handle(call) }
            // The registry restarting on the same bus: embed again in its new desktop.
            connection.subscribe(sender: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                                 member: "NameOwnerChanged") { [weak self] arguments in
                guard let self, arguments.count == 3, arguments[0].string == "org.a11y.atspi.Registry",
                      let owner = arguments[2].string else { return }
                if owner.isEmpty {
                    guard self.isEmbedded else { return }
                    self.unembed()
                    OneLine.write("accessibility: the registry went away; the app waits for it to come back")
                } else {
                    self.embed()
                }
            }
            // The bus's greeting comes first: once this answers, the unique name is known.
            connection.call(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                            member: "GetId", timeout: Self.callTimeout) { [weak self] _ in self?.embed() }
        } catch {
            log("the accessibility bus: \(error)")
        }
    }

    private func embed() {
        guard let connection, let name = connection.uniqueName, let window else { return }
        tree.busName = name
        tree.update(window.accessibilityTree())
        connection.call(destination: "org.a11y.atspi.Registry", path: AtspiTree.rootPath, interface: "org.a11y.atspi.Socket",
                        member: "Embed", arguments: [.structure([.string(name), .objectPath(AtspiTree.rootPath)])],
                        timeout: Self.callTimeout) { [weak self] reply in
            guard let self else { return }
            switch reply {
            case .success(let values):
                if case .structure(let fields)? = values.first?.unwrapped, fields.count == 2,
                   let bus = fields[0].string, case .objectPath(let path) = fields[1] {
                    self.tree.desktop = (bus, path)
                }
                self.isEmbedded = true
                self.window?.isAccessibilityActive = true
                if self.lost {
                    self.lost = false
                    OneLine.write("accessibility: the accessibility services are back; embedded again as \(name)")
                } else {
                    self.log("embedded in the registry's desktop as \(name)")
                }
                if let frame = self.tree.topLevel.first, self.window?.state.contains(.activated) == true {
                    self.emit(AtspiTree.Event(path: frame, interface: "Window", member: "Activate", detail: "", detail1: 0,
                                              detail2: 0, data: .string(self.window?.title ?? "")))
                }
            case .failure(let error):
                self.log("no registry: \(error)")
            }
        }
    }

    /// The registry is gone: no events until it embeds the app again.
    private func unembed() {
        isEmbedded = false
        lost = true
        tree.desktop = ("", AtspiTree.nullPath)
        window?.isAccessibilityActive = false
    }

    /// The accessibility bus went away (or is replaced): the connection is dropped, and the
    /// app waits for `org.a11y.Bus` to name a bus again.
    private func disconnected(why: String) {
        guard let connection else { return }
        connection.onDisconnect = nil
        connection.close()
        loop.remove(connection)
        self.connection = nil
        unembed()
        OneLine.write("accessibility: the accessibility bus went away (\(why)); the app waits for it to come back")
    }

    /// After each turn: the tree taken again (unless a transition
    /// runs: the tree follows the model, not the animation) and what changed said.
    private func idle() {
        guard isEmbedded, let window, window.activeTransitions.isEmpty else { return }
        let events = tree.update(window.accessibilityTree())
        // The cache first (as GTK 4's gtkatspicache.c), so a client reading it knows the new
        // elements before the events name them.
        if let connection {
            for path in tree.removed {
                connection.emitSignal(path: AtspiTree.cachePath, interface: "org.a11y.atspi.Cache", member: "RemoveAccessible",
                                      arguments: [tree.childReference(path)])
            }
            for path in tree.added {
                guard let entry = tree.entries[path] else { continue }
                connection.emitSignal(path: AtspiTree.cachePath, interface: "org.a11y.atspi.Cache", member: "AddAccessible",
                                      arguments: [tree.cacheItem(entry)])
            }
        }
        for event in events { emit(event) }
    }

    private func emit(_ event: AtspiTree.Event) {
        guard let connection else { return }
        let data: DBusArgument
        switch event.data {
        case .none: data = .int32(0)
        case .string(let text): data = .string(text)
        case .reference(let path): data = .structure([.string(tree.busName), .objectPath(path)])
        }
        let sent = connection.emitSignal(path: event.path, interface: "org.a11y.atspi.Event." + event.interface, member: event.member,
                                         arguments: [.string(event.detail), .int32(event.detail1), .int32(event.detail2),
                                                     .variant(data), .dictionary(key: "s", value: "v", [])])
        // Only what went out is said (a closed connection sends nothing).
        if debug && sent {
            OneLine.write("accessibility: \(event.interface.lowercased()):\(event.member) \(event.detail) \(event.detail1) \(event.path)")
        }
    }

    private func log(_ message: String) {
        if debug { OneLine.write("accessibility: " + message) }
    }
}
