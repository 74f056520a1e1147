/// What every listener Segue adds gets as its `data`: a box holding the proxy's owner weakly,
/// so one generic trampoline (``ListenerOwner/dispatch(_:_:)``) finds the owner for every table,
/// and finds nothing once the owner detached or is gone.
///
/// The owner keeps the box and destroys its proxies before it lets the box go (libwayland
/// delivers nothing to a destroyed proxy), so `data` never points at freed memory. Detaching
/// first covers the moment in between: an event dispatched while the owner tears down, or
/// after a `global_remove` told it the object is finished, reaches no one.
@MainActor
final class ListenerOwner<Owner: AnyObject> {
    private weak var owner: Owner?

    init(_ owner: Owner) {
        self.owner = owner
    }

    /// The listener `data` that leads back to this box; valid while the box lives.
    var data: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    /// From now on the listeners reach no one.
    func detach() { owner = nil }

    /// The trampoline of every listener table: on the main actor (libwayland dispatches on the
    /// thread that called `wl_display_dispatch`, which is the main thread), runs `body` with the
    /// owner `data` leads to, unless it detached or is gone. Listener tables stay static and
    /// capture nothing, as C function pointers must: what an event carries goes through `body`.
    nonisolated static func dispatch(_ data: UnsafeMutableRawPointer?, _ body: @MainActor (Owner) -> Void) {
        guard let data else { return }
        let box = Unmanaged<ListenerOwner<Owner>>.fromOpaque(data).takeUnretainedValue()
        MainActor.assumeIsolated {
            guard let owner = box.owner else { return }
            body(owner)
        }
    }
}
