import CWayland
import CWaylandProtocols

/// The version Segue binds each global at: the highest that the compositor offers, that the
/// linked libwayland's or the generated glue's interface table declares (it cannot decode
/// events of a newer one: an unknown opcode is a fatal client error), and that Segue itself
/// speaks (it handles every event up to that version). docs/PROTOCOLS.md says what each
/// version brings and why a bind stops where it does.
enum ProtocolVersions {
    /// The highest version Segue speaks of each interface it binds.
    static let spoken: [String: UInt32] = [
        // 5: wl_surface.offset; attach must then name (0, 0), which Segue always does. 6 brings
        // preferred_buffer_scale, which Segue does not use (the scale comes from the outputs
        // entered and wp_fractional_scale_v1).
        "wl_compositor": 5,
        // 2 adds wl_shm.release, which libwayland 1.21's header does not have.
        "wl_shm": 1,
        // 8: axis_value120; 9: axis_relative_direction, when the header's listener has it.
        "wl_seat": segue_wl_seat_listener_version(),
        // 4 adds name and description, which the listener takes and ignores.
        "wl_output": 4,
        "wl_subcompositor": 1,
        // 6: the `suspended` state; 7: the `constrained_*` states (ignored, as unknown states).
        "xdg_wm_base": 7,
        "zxdg_decoration_manager_v1": 1,
        // 2: a variable refresh rate may report the fastest rate instead of 0.
        "wp_presentation": 2,
        "wp_viewporter": 1,
        "wp_fractional_scale_manager_v1": 1,
        "zwp_pointer_gestures_v1": 3,
        // 2 adds shapes Segue does not show; no new events.
        "wp_cursor_shape_manager_v1": 2,
    ]

    /// What to bind `interface` at when the compositor offers `offered`: the least of the
    /// offer, the interface table's version (`declared`) and what Segue speaks. nil when Segue
    /// binds no such interface.
    static func bindVersion(_ interface: String, offered: UInt32, declared: UInt32) -> UInt32? {
        guard let spoken = spoken[interface] else { return nil }
        return min(offered, declared, spoken)
    }
}
