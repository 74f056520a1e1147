import CWayland
import CWaylandProtocols
@testable import SegueWayland
import Testing

/// The version each global is bound at: never above what the compositor offers, nor above the
/// interface table libwayland or the generated glue declares (an event newer than the table is
/// a fatal unknown opcode), nor above what Segue handles.
@MainActor
@Suite struct ProtocolVersionsTests {
    @Test func aSeatIsNeverBoundAboveTheLinkedLibwaylandsTable() {
        // libwayland 1.21 (Debian bookworm) declares wl_seat 8; a Debian 13 compositor offers 9.
        #expect(ProtocolVersions.bindVersion("wl_seat", offered: 9, declared: 8) == 8)
        #expect(ProtocolVersions.bindVersion("wl_seat", offered: 7, declared: 8) == 7, "weston 10 offers 7")
        let declared = segue_interface_version(segue_wl_seat_interface())
        let bound = ProtocolVersions.bindVersion("wl_seat", offered: 9, declared: declared)!
        #expect(bound <= declared && bound >= 8, "axis_value120 (v8) where libwayland has it: bound \(bound), table \(declared)")
    }

    @Test func xdgWmBaseReachesTheSuspendedState() {
        // The vendored xdg-shell declares v7; v6 brought `suspended`.
        let declared = segue_interface_version(segue_xdg_wm_base_interface())
        #expect(declared >= 6)
        #expect(ProtocolVersions.bindVersion("xdg_wm_base", offered: 6, declared: declared) == 6)
        #expect(ProtocolVersions.bindVersion("xdg_wm_base", offered: 3, declared: declared) == 3, "weston 10 offers 3")
    }

    @Test func cursorShapesAreBoundWhereOffered() {
        let declared = segue_interface_version(segue_wp_cursor_shape_manager_v1_interface())
        #expect(ProtocolVersions.bindVersion("wp_cursor_shape_manager_v1", offered: 1, declared: declared) == 1)
    }

    @Test func globalsSegueDoesNotUseAreNotBound() {
        #expect(ProtocolVersions.bindVersion("zwp_tablet_manager_v2", offered: 1, declared: 1) == nil)
    }
}
